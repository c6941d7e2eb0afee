"""Section 3: why the fork child keeps a `task` tool it may not use."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import experiment, source_note, table
from snippets.tool_surfaces import measure_tool_surfaces


# The comments in which deepagents explains keeping `task` (found by a phrase of each).
REASONS = {
    "call time": "instead of omitting the tool",
    "tool order": "same order",
    "graph shape": "same graph shape",
    "cache": "cache hits",
}


@dataclass(frozen=True)
class Alignment:
    shared_prefix: int  # leading positions where parent and fork child list the same tool
    parent_count: int
    fork_count: int
    task_index_parent: int | None
    task_index_fork: int | None
    task_description_identical: bool  # byte for byte, as each model received it
    task_description_length: int
    reasons: dict[str, str | None]  # each of REASONS as the installed source words it; None if gone

    def table(self) -> str:
        return table(["check", "parent", "fork child", "same?"], [
            ["tools", self.parent_count, self.fork_count, self.parent_count == self.fork_count],
            ["identical leading positions", self.shared_prefix, self.shared_prefix, True],
            ["`task` at index", self.task_index_parent, self.task_index_fork, self.task_index_parent == self.task_index_fork],
            ["`task` description (chars)", self.task_description_length, self.task_description_length if self.task_description_identical else "differs", self.task_description_identical],
        ])


@experiment("alignment")
def measure_alignment() -> Alignment:
    surfaces = measure_tool_surfaces()  # the same run as section 2: nothing is measured twice
    parent, fork = surfaces.parent, surfaces.fork
    prefix = 0
    for mine, theirs in zip(parent.tools, fork.tools):
        if mine != theirs:
            break
        prefix += 1
    return Alignment(
        shared_prefix=prefix,
        parent_count=len(parent.tools),
        fork_count=len(fork.tools),
        task_index_parent=parent.task_index,
        task_index_fork=fork.task_index,
        task_description_identical=parent.task_description == fork.task_description,
        task_description_length=len(parent.task_description or ""),
        reasons={name: source_note("deepagents.middleware.subagents", phrase) for name, phrase in REASONS.items()},
    )
