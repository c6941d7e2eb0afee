"""Section 2: the tools each agent's model is offered, for every kind of child."""

from __future__ import annotations

from dataclasses import dataclass, field

from snippets.lab import Bench, Claim, SAME, Section, expect, internal, listed_subagents
from snippets.your_setup import measure_combinations

FS_TOOLS = [
    "ls",
    "read_file",
    "write_file",
    "edit_file",
    "delete",
    "glob",
    "grep",
]  # as the article listed them


@dataclass(frozen=True)
class Surface:
    agent: str
    tools: list[str]  # in the order the model is offered them
    task_description: str | None  # the `task` tool's description, if it has one

    @property
    def has_task(self) -> bool:
        return "task" in self.tools

    @property
    def task_index(self) -> int | None:
        return self.tools.index("task") if self.has_task else None


@dataclass(frozen=True)
class ToolSurfaces:
    printed: str
    parent: Surface
    isolated: Surface  # a declarative spec without `mode` (isolated is the default)
    fork: Surface  # a declarative spec with mode="fork"
    runnable: Surface  # a compiled deep agent handed over in the `runnable` form, without `mode`
    listed: list[str]  # the sub-agents the parent's `task` description lists, in order
    # spec key -> the tools an isolated child whose spec sets that key is offered
    by_spec_key: dict[str, list[str]]
    # kind of child (isolated, fork) -> the names it is offered of a parent's own tool
    # ("parent tool") and of a tool a parent's middleware adds ("middleware tool")
    inherited: dict[str, list[str]]
    # "parent", "general-purpose" -> the tools each is offered, in order, under a parent with a tool of its own, a
    # middleware that adds one and a declared sub-agent (offered_to_general_purpose); None: it never ran
    general_purpose: dict[str, list[str] | None]
    filesystem: list[str]  # the tools deepagents' filesystem middleware can offer (`execute` only with a sandbox)
    # every kind of child with everything it may carry: what it is offered, what its `task` call gets (your_setup.py)
    combinations: list = field(default_factory=list)

    @property
    def children(self) -> list[Surface]:
        return [self.isolated, self.fork, self.runnable]


def surface(agent: str, tools: list) -> Surface:
    task = next((tool for tool in tools if tool.name == "task"), None)
    return Surface(
        agent, [tool.name for tool in tools], task.description if task else None
    )


# A value for every key a declarative spec may set, besides the ones that are yours to fill
# with tools or middleware (or that name it): each is set on an isolated child, one at a time.
YOURS = {"name", "description", "mode", "tools", "middleware"}


def spec_values() -> dict[str, object]:
    from deepagents import FilesystemPermission
    from pydantic import BaseModel

    class Answer(BaseModel):
        text: str

    return {
        "system_prompt": "Be brief.",
        "model": None,  # every child below has one
        "skills": ["/skills/"],
        "interrupt_on": {"ls": True},
        "permissions": [FilesystemPermission(operations=["read"], paths=["/**"])],
        "response_format": Answer,
    }


def offered_by_spec_key() -> dict[str, list[str]]:
    """Spec key -> what an isolated child whose spec sets it (and nothing of YOURS) is offered: one child per
    key, all under one parent that delegates to each of them in one turn."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, say

    from snippets.lab import delegating_to_each, internal, tools_watch

    spec_type = internal("deepagents.middleware.subagents", "SubAgent", meaning="the spec's type")
    values, offered = spec_values(), {}
    unknown = sorted(set(spec_type.__annotations__) - YOURS - set(values))
    expect(not unknown, looked_for=f"a value to try for every spec key (none for {unknown})")
    children = []
    for key, value in values.items():
        reply = say('{"text": "done"}' if key == "response_format" else "done")
        child = {"name": f"child-{key}", "description": "a child", "model": ScriptedModel(script=[reply])}
        child |= {key: value} if value is not None else {}
        child["middleware"] = [tools_watch(offered)(key)]
        children.append(child)
    parent = ScriptedModel(script=[delegating_to_each([child["name"] for child in children], "go"), say("parent done")])
    create_deep_agent(model=parent, subagents=children).invoke(
        {"messages": [{"role": "user", "content": "go"}]}
    )
    return {key: [tool.name for tool in offered[key]] for key in values if key in offered}


def parent_extras():
    """(a tool of the parent's own, "parent tool"; a middleware of the parent's that adds "middleware tool")."""
    from langchain.agents.middleware import AgentMiddleware
    from langchain_core.tools import tool

    @tool("parent tool")
    def parent_tool() -> str:
        """A tool the parent is given."""
        return ""

    @tool("middleware tool")
    def middleware_tool() -> str:
        """A tool the parent's middleware adds."""
        return ""

    class Adds(AgentMiddleware):
        tools = [middleware_tool]

    return parent_tool, Adds()


def offered_from_the_parent() -> dict[str, list[str]]:
    """Kind of child -> which of the parent's own tool and its middleware's tool it is offered."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    from snippets.lab import tools_watch

    parent_tool, adds = parent_extras()
    offered: dict[str, list] = {}
    watch = tools_watch(offered)
    children = [
        {"name": kind, "description": kind, "model": ScriptedModel(script=[say("done")]),
         "middleware": [watch(kind)], **({"mode": "fork"} if kind == "fork" else {})}
        for kind in ("isolated", "fork")
    ]
    script = [delegate("isolated", "go", "c1"), delegate("fork", "go", "c2"), say("done")]
    agent = create_deep_agent(model=ScriptedModel(script=script), tools=[parent_tool],
                              middleware=[adds], subagents=children)
    agent.invoke({"messages": [{"role": "user", "content": "go"}]})
    names = {"parent tool", "middleware tool"}
    return {kind: [t.name for t in tools if t.name in names] for kind, tools in offered.items()}


def offered_to_general_purpose() -> dict[str, list[str]]:
    """The tools the parent's model is offered ("parent") and those the general-purpose sub-agent's model is
    ("general-purpose"), in order, under a parent with a tool of its own, a middleware that adds one and a declared
    sub-agent. The general-purpose sub-agent has the parent's model: what the model is bound to at each of its three
    calls (parent, general-purpose, parent) is recorded."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    bound: list[list[str]] = []

    class Recording(ScriptedModel):
        def bind_tools(self, tools, **kwargs):
            bound.append([tool["name"] if isinstance(tool, dict) else tool.name for tool in tools])
            return super().bind_tools(tools, **kwargs)

    parent_tool, adds = parent_extras()
    model = Recording(script=[delegate("general-purpose", "go"), say("general-purpose done"), say("parent done")])
    helper = {"name": "helper", "description": "a helper", "model": ScriptedModel(script=[say("never")])}
    create_deep_agent(model=model, tools=[parent_tool], middleware=[adds], subagents=[helper]).invoke(
        {"messages": [{"role": "user", "content": "go"}]})
    # Two calls: no general-purpose sub-agent ran (the parent answered after its `task` call), so it was offered nothing.
    return {"parent": bound[0], "general-purpose": bound[1] if len(bound) == 3 else None}


def filesystem_tools() -> list[str]:
    """The names of the tools deepagents' filesystem middleware offers, read from that middleware."""
    middleware = internal("deepagents.middleware.filesystem", "FilesystemMiddleware",
                          meaning="the middleware that gives every agent its filesystem tools")
    return [tool.name for tool in middleware().tools]


def measure_tool_surfaces(bench: Bench) -> ToolSurfaces:
    run = bench.run("tool_surfaces")
    offered = run["offered"]
    expect(
        set(offered) == {"parent", "iso", "fk", "compiled"},
        looked_for="a model call by the parent and by each of its three children",
    )
    parent = surface("parent", offered["parent"])
    return ToolSurfaces(
        run.printed,
        parent,
        surface("iso", offered["iso"]),
        surface("fk", offered["fk"]),
        surface("compiled", offered["compiled"]),
        listed_subagents(parent.task_description or ""),
        offered_by_spec_key(),
        offered_from_the_parent(),
        offered_to_general_purpose(),
        filesystem_tools(),
        measure_combinations(),
    )


def _fork_task_after_files(facts) -> bool:
    """What the sentence says: the tools before the fork child's `task` are exactly its filesystem tools
    (whatever a harness profile adds after them, `write_todos` under Codex, is not among them)."""
    surfaces = facts.tool_surfaces
    fork, filesystem = surfaces.fork, set(surfaces.filesystem)
    before = fork.tools[: fork.task_index] if fork.has_task else []
    return bool(before) and before == [tool for tool in fork.tools if tool in filesystem]


def _general_purpose_without_task(offered: dict[str, list[str]]) -> bool:
    """The parent holds `task`; the general-purpose sub-agent holds the parent's own tool but neither `task` nor
    the tool the parent's middleware adds (offered_to_general_purpose)."""
    parent, general_purpose = offered["parent"], offered["general-purpose"]
    return (general_purpose is not None and {"task", "middleware tool"} <= set(parent)
            and "parent tool" in general_purpose and not {"task", "middleware tool"} & set(general_purpose))


def _general_purpose_everywhere(facts) -> bool:
    """Every deep agent the examples make and that holds `task` lists `general-purpose`: parents and compiled children."""
    holding_task = [
        listed for made in facts.deep_agents.values() for listed in made if listed
    ]
    return bool(holding_task) and all(
        "general-purpose" in listed for listed in holding_task
    )


SECTION = Section(
    "tool_surfaces",
    2,
    "tool-surfaces.md",
    "Which tools each child gets",
    "the tools each kind of child is offered",
    measure_tool_surfaces,
    scenarios=("tool_surfaces",),
    claims=[
        Claim(
            "parent-has-task",
            "A deep agent given sub-agents holds `task`, whose description lists each of them",
            None,
            lambda facts: facts.tool_surfaces.parent.has_task
            and {"iso", "fk", "compiled"} <= set(facts.tool_surfaces.listed),
        ),
        Claim(
            "isolated-no-task-from-spec-keys",
            "No key of a spec besides `tools` and `middleware` gives an isolated child `task`",
            None,
            lambda facts: bool(facts.tool_surfaces.by_spec_key)
            and not any("task" in t for t in facts.tool_surfaces.by_spec_key.values()),
        ),
        Claim(
            "parent-tools-inherited",
            "A spec that names no `tools` is given the parent's own tools, in either mode",
            None,
            lambda facts: all("parent tool" in facts.tool_surfaces.inherited[kind]
                              for kind in ("isolated", "fork")),
        ),
        Claim(
            "parent-middleware-fork-only",
            "A fork child inherits the parent's `middleware`; an isolated child does not",
            None,
            lambda facts: "middleware tool" in facts.tool_surfaces.inherited["fork"]
            and "middleware tool" not in facts.tool_surfaces.inherited["isolated"],
        ),
        Claim(
            "isolated-tools",
            "Tools of an isolated child",
            FS_TOOLS,
            lambda facts: facts.tool_surfaces.isolated.tools,
            js=SAME,
        ),
        Claim(
            "isolated-count",
            "Number of tools of an isolated child",
            7,
            lambda facts: len(facts.tool_surfaces.isolated.tools),
            js=SAME,
        ),
        Claim(
            "fork-count",
            "Number of tools of a fork child",
            8,
            lambda facts: len(facts.tool_surfaces.fork.tools),
            js=SAME,
        ),
        Claim(
            "parent-tools",
            "The parent's tools: the filesystem tools, then `task`",
            [*FS_TOOLS, "task"],
            lambda facts: facts.tool_surfaces.parent.tools,
            js=SAME,
        ),
        Claim(
            "isolated-has-task",
            "A declarative isolated child is given `task`",
            False,
            lambda facts: facts.tool_surfaces.isolated.has_task,
            js=SAME,
        ),
        Claim(
            "fork-has-task",
            "A declarative fork child is given `task`",
            True,
            lambda facts: facts.tool_surfaces.fork.has_task,
            js=SAME,
        ),
        Claim(
            "fork-task-after-files",
            "Before a fork child's `task` come its filesystem tools, and nothing else",
            True,
            _fork_task_after_files,
            js=SAME,
        ),
        # The article: "those 7 are exactly the ones you wrote in the spec; the framework adds none". The spec
        # names no tool at all: every one of them is added by deepagents (its filesystem middleware).
        Claim(
            "isolated-tools-from-spec",
            "An isolated child's tools are exactly the ones its spec names",
            True,
            lambda facts: not facts.tool_surfaces.isolated.tools,
            js=SAME,
        ),
        Claim(
            "runnable-has-task",
            "A deep agent you compiled, handed over in the `runnable` form without `mode`, holds `task`",
            None,
            lambda facts: facts.tool_surfaces.runnable.has_task,
            js=SAME,
        ),
        # deepagents' docs say the general-purpose sub-agent "Has access to all the same tools" (data/docs_quotes.yml).
        Claim(
            "general-purpose-no-task",
            "The general-purpose sub-agent is offered its parent's own tools, but neither `task` nor a tool its "
            "parent's middleware adds, though its parent holds both",
            None,
            lambda facts: _general_purpose_without_task(facts.tool_surfaces.general_purpose),
            js=lambda facts: _general_purpose_without_task(facts.js.tool_surfaces.general_purpose),
        ),
        Claim(
            "general-purpose-added",
            "Every deep agent the examples make lists a `general-purpose` sub-agent it was not given",
            None,
            _general_purpose_everywhere,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("general_purpose_everywhere",),
    python_only=("by_spec_key", "inherited", "combinations"),
)
