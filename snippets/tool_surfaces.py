"""Section 2: the tools each agent is actually bound to."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import experiment, expect

# deepagents and langchain are imported inside the experiment (in the scenario a page
# shows), not here: a build with every result cached never loads them.


@dataclass(frozen=True)
class Surface:
    agent: str
    tools: list[str]  # in the order the model received them
    task_description: str | None  # the `task` tool's description, if it has one

    @property
    def has_task(self) -> bool:
        return "task" in self.tools

    @property
    def task_index(self) -> int | None:
        return self.tools.index("task") if self.has_task else None


@dataclass(frozen=True)
class ToolSurfaces:
    parent: Surface
    isolated: Surface
    fork: Surface
    parent_graph: str  # the parent's LangGraph graph, as Mermaid
    parent_graph_tools: list[str]  # tools registered in the parent graph's tool node


def surface(label: str, model) -> Surface:
    description = model.tool_description("task") if "task" in model.tool_names else None
    return Surface(label, model.tool_names, description)


@experiment("tool_surfaces")
def measure_tool_surfaces() -> ToolSurfaces:
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    # One model per agent; each replays its side of the conversation.
    parent = ScriptedModel(agent="parent", script=[
        delegate("iso", "summarise the notes", "c1"),
        delegate("fk", "summarise the notes", "c2"),
        say("both done"),
    ])
    iso = ScriptedModel(agent="iso", script=[say("isolated summary")])
    fk = ScriptedModel(agent="fk", script=[say("forked summary")])

    agent = create_deep_agent(model=parent, subagents=[
        {"name": "iso", "description": "an isolated helper", "model": iso},
        {"name": "fk", "description": "a forked helper", "mode": "fork", "model": fk},
    ])
    agent.invoke({"messages": [{"role": "user", "content": "summarise the notes, twice"}]})
    print(iso.tool_names, fk.tool_names, sep="\n")  # the tools each child was bound to
    # --8<-- [end:scenario]
    tool_node = getattr(agent.nodes.get("tools"), "bound", None)
    expect(hasattr(tool_node, "tools_by_name"), needed_by="tool_surfaces", looked_for="a `tools` node with tools_by_name in the parent graph")
    return ToolSurfaces(surface("parent", parent), surface("isolated child", iso), surface("fork child", fk),
                        parent_graph=agent.get_graph().draw_mermaid(), parent_graph_tools=list(tool_node.tools_by_name))
