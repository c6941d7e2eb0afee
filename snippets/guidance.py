"""Section 7: the three recommendations, each run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from snippets.lab import ask, build, experiment, table

if TYPE_CHECKING:
    from snippets.scripted import ScriptedModel

# deepagents and langchain are imported where an experiment runs, not here: a build
# with every result cached never loads them (tests/test_cache.py checks).

CODENAME = "BLUE-HERON"
GATE_REFUSAL = "This agent runs as a sub-agent; it may not delegate. Do the task yourself."


def no_deeper_than_this():
    """Your own gate for a `runnable` fork: this agent answers, it never delegates."""
    from langchain.agents.middleware import AgentMiddleware
    from langchain_core.messages import ToolMessage

    class NoDeeperThanThis(AgentMiddleware):
        def wrap_tool_call(self, request, handler):
            if request.tool_call["name"] == "task":
                return ToolMessage(GATE_REFUSAL, tool_call_id=request.tool_call["id"], status="error")
            return handler(request)

    return NoDeeperThanThis()


@dataclass(frozen=True)
class Recipe:
    advice: str
    child_has_task: bool
    child_saw_parent_conversation: bool
    child_task_result: str | None  # what the child's own `task` call returned, if it made one
    grandchild_ran: bool
    parent_answer: str


@dataclass(frozen=True)
class Guidance:
    recipes: list[Recipe]

    def recipe(self, advice: str) -> Recipe:
        return next(r for r in self.recipes if r.advice == advice)

    def table(self) -> str:
        header = ["recipe", "child has `task`", "child saw the parent's conversation", "child's `task` call returned", "grandchild ran"]
        return table(header, [[r.advice, r.child_has_task, r.child_saw_parent_conversation, r.child_task_result, r.grandchild_ran]
                              for r in self.recipes])


def try_recipe(advice: str, child: ScriptedModel, spec: dict, grandchild: ScriptedModel, *others: ScriptedModel) -> Recipe:
    """Parent delegates to `helper` (spec); `gc` and `others` are every grandchild it could reach."""
    from langchain_core.messages import HumanMessage, ToolMessage

    from snippets.scripted import ScriptedModel, delegate, say

    parent = ScriptedModel(agent="parent", script=[delegate("helper", "finish the report", "p1"), say("report finished")])
    agent, _ = build(parent, [spec, {"name": "gc", "description": "grandchild", "model": grandchild}])
    final = ask(agent, f"The codename is {CODENAME}. Write the report.")
    first = child.calls[0]
    task_results = [m.text for m in child.calls[-1] if isinstance(m, ToolMessage)]
    return Recipe(
        advice=advice,
        child_has_task="task" in child.tool_names,
        child_saw_parent_conversation=any(CODENAME in m.text for m in first if isinstance(m, HumanMessage)),
        child_task_result=task_results[0] if task_results else None,
        grandchild_ran=any(g.calls for g in (grandchild, *others)),
        parent_answer=final["messages"][-1].text,
    )


@experiment("guidance")
def measure_guidance() -> Guidance:
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    def models(first_move: list) -> tuple[ScriptedModel, ScriptedModel]:
        return (ScriptedModel(agent="helper", script=[*first_move, say("report written")]),
                ScriptedModel(agent="gc", script=[say("grandchild wrote it")]))

    # 1. The default: an isolated child. No `task`, so nothing to refuse.
    child, gc = models([])
    isolated = try_recipe("isolated (default)", child, {"name": "helper", "description": "writer", "model": child}, gc)

    # 2. A declarative fork continues the conversation; its `task` is refused.
    child, gc = models([delegate("gc", "write it", "h1")])
    fork = try_recipe("declarative fork", child, {"name": "helper", "description": "writer", "mode": "fork", "model": child}, gc)

    # 3. A `runnable` fork guards its own boundary with a gate of your own.
    child, gc = models([delegate("gc", "write it", "h1")])
    own_gc = ScriptedModel(agent="own gc", script=[say("never")])
    guarded = create_deep_agent(model=child, middleware=[no_deeper_than_this()],
                                subagents=[{"name": "gc", "description": "grandchild", "model": own_gc}])
    runnable = try_recipe("runnable fork + own gate", child,
                          {"name": "helper", "description": "writer", "mode": "fork", "runnable": guarded}, gc, own_gc)
    return Guidance([isolated, fork, runnable])
