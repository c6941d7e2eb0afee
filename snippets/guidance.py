"""Section 7: the three recommendations, each run."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import experiment


# deepagents and langchain are imported where an experiment runs, not here: a build
# with every result cached never loads them (tests/test_cache.py checks).

CODENAME = "BLUE-HERON"


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



def try_recipe(advice: str, child, spec: dict, grandchild) -> Recipe:
    """The parent delegates to `helper` (spec), next to a plain sub-agent `gc` it could reach."""
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    parent = ScriptedModel(agent="parent", script=[delegate("helper", "finish the report", "p1"), say("report finished")])
    agent = create_deep_agent(model=parent, subagents=[spec, {"name": "gc", "description": "grandchild", "model": grandchild}])
    final = agent.invoke({"messages": [{"role": "user", "content": f"The codename is {CODENAME}. Write the report."}]})
    return read_recipe(advice, child, final, grandchild)


def read_recipe(advice: str, child, final: dict, *grandchildren) -> Recipe:
    """What a recipe's child was given and saw, and whether any grandchild ran."""
    from langchain_core.messages import HumanMessage, ToolMessage

    task_results = [m.text for m in child.calls[-1] if isinstance(m, ToolMessage)]
    return Recipe(
        advice=advice,
        child_has_task="task" in child.tool_names,
        child_saw_parent_conversation=any(CODENAME in m.text for m in child.calls[0] if isinstance(m, HumanMessage)),
        child_task_result=task_results[0] if task_results else None,
        grandchild_ran=any(g.calls for g in grandchildren),
        parent_answer=final["messages"][-1].text,
    )


@experiment("guidance")
def measure_guidance() -> Guidance:
    from snippets.scripted import ScriptedModel, delegate, say

    def models(first_move: list):
        return (ScriptedModel(agent="helper", script=[*first_move, say("report written")]),
                ScriptedModel(agent="gc", script=[say("grandchild wrote it")]))

    # 1. The default: an isolated child. No `task`, so nothing to refuse.
    child, gc = models([])
    isolated = try_recipe("isolated (default)", child, {"name": "helper", "description": "writer", "model": child}, gc)

    # 2. A declarative fork continues the conversation; its `task` is refused.
    child, gc = models([delegate("gc", "write it", "h1")])
    fork = try_recipe("declarative fork", child, {"name": "helper", "description": "writer", "mode": "fork", "model": child}, gc)

    # 3. A `runnable` fork guards its own boundary with a gate of your own.
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.depth_guard import NoDeeperThanThis
    from snippets.scripted import ScriptedModel, delegate, say

    # Your own agent may call `task`; NoDeeperThanThis answers the call with a refusal.
    helper = ScriptedModel(agent="helper", script=[delegate("gc", "write it", "h1"), say("report written")])
    own_gc = ScriptedModel(agent="own gc", script=[say("never")])
    guarded = create_deep_agent(model=helper, middleware=[NoDeeperThanThis()],
                                subagents=[{"name": "gc", "description": "grandchild", "model": own_gc}])

    parent = ScriptedModel(agent="parent", script=[delegate("helper", "finish the report", "p1"), say("report finished")])
    agent = create_deep_agent(model=parent, subagents=[
        {"name": "helper", "description": "writer", "mode": "fork", "runnable": guarded},
    ])
    final = agent.invoke({"messages": [{"role": "user", "content": "The codename is BLUE-HERON. Write the report."}]})
    print("grandchild ran:", bool(own_gc.calls))
    # --8<-- [end:scenario]
    runnable = read_recipe("runnable fork + own gate", helper, final, own_gc)
    return Guidance([isolated, fork, runnable])
