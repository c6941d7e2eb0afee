"""Section 3: why the fork child keeps a `task` tool it may not use."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import experiment, source_note

# The comments in which deepagents explains keeping `task` (found by a phrase of each).
REASONS = {
    "call time": "instead of omitting the tool",
    "tool order": "same order",
    "graph shape": "same graph shape",
    "cache": "cache hits",
}


@dataclass(frozen=True)
class WhyKept:
    shared_prefix: int  # leading positions where parent and fork child list the same tool
    parent_count: int
    fork_count: int
    task_index_parent: int | None
    task_index_fork: int | None
    task_description_identical: bool  # byte for byte, as each model received it
    task_description_length: int
    reasons: dict[str, str | None]  # each of REASONS as the installed source words it; None if gone


def index_of_task(tools: list[str]) -> int | None:
    return tools.index("task") if "task" in tools else None


@experiment("why_kept")
def measure_why_kept() -> WhyKept:
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    parent = ScriptedModel(agent="parent", script=[delegate("fk", "summarise the notes", "c1"), say("done")])
    fk = ScriptedModel(agent="fk", script=[say("forked summary")])
    agent = create_deep_agent(model=parent, subagents=[
        {"name": "fk", "description": "a forked helper", "mode": "fork", "model": fk},
    ])
    agent.invoke({"messages": [{"role": "user", "content": "summarise the notes"}]})

    print(parent.tool_names)
    print(fk.tool_names)
    print(parent.tool_description("task") == fk.tool_description("task"))
    # --8<-- [end:scenario]
    prefix = 0
    for mine, theirs in zip(parent.tool_names, fk.tool_names):
        if mine != theirs:
            break
        prefix += 1
    descriptions = [m.tool_description("task") if "task" in m.tool_names else None for m in (parent, fk)]
    return WhyKept(
        shared_prefix=prefix,
        parent_count=len(parent.tool_names),
        fork_count=len(fk.tool_names),
        task_index_parent=index_of_task(parent.tool_names),
        task_index_fork=index_of_task(fk.tool_names),
        task_description_identical=descriptions[0] == descriptions[1],
        task_description_length=len(descriptions[0] or ""),
        reasons={name: source_note("deepagents.middleware.subagents", phrase) for name, phrase in REASONS.items()},
    )
