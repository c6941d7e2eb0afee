"""Section 3's mutants (its experiment: snippets/why_kept.py): deepagents, langchain or npm deepagents
with one behaviour changed each, and the claims each must flip (tools/mutation.py builds the site
against each; snippets/registry.py finds MUTANTS here)."""

from __future__ import annotations

from snippets.lab import NPM_BUNDLE, NPM_DEEPAGENTS, SUBAGENTS_PY, Mutant, Patch

MUTANTS = [
    Mutant(
        "fork-task-moved-first",
        "the fork child's `task` is put first, before the file tools",
        (
            Patch(
                SUBAGENTS_PY,
                "fork_middleware.insert(fs_index + 1, _ForkTaskToolMiddleware(fork_task_tool))",
                "fork_middleware.insert(0, _ForkTaskToolMiddleware(fork_task_tool))",
            ),
        ),
        flips=("task-same-index", "prefix", "same-surface", "fork-task-after-files"),
    ),
    Mutant(
        "fork-task-description-differs",
        "the fork child's `task` description differs from the parent's",
        (
            Patch(
                SUBAGENTS_PY,
                "            coroutine=atask,\n            description=description,\n            infer_schema=False,\n"
                "            args_schema=TaskToolSchema,\n        )\n        fork_middleware = ",
                '            coroutine=atask,\n            description=description + " (fork copy)",\n            infer_schema=False,\n'
                "            args_schema=TaskToolSchema,\n        )\n        fork_middleware = ",
            ),
        ),
        flips=("task-description-identical", "same-surface"),
    ),
    Mutant(
        "fork-gets-extra-tool",
        "the fork child is offered one tool more than its parent, after `task`",
        (
            Patch(
                SUBAGENTS_PY,
                "    def __init__(self, task_tool: BaseTool) -> None:\n        self.tools = [task_tool]\n",
                "    def __init__(self, task_tool: BaseTool) -> None:\n"
                '        self.tools = [task_tool, StructuredTool.from_function(lambda: "", name="fork_note", '
                'description="A tool only the fork has.")]\n',
            ),
        ),
        flips=("same-surface", "fork-count"),
    ),
    Mutant(
        "call-time-docstring-reworded",
        "the flag's docstring no longer says `task` is refused instead of omitted",
        (
            Patch(
                SUBAGENTS_PY,
                "refuse recursive delegation at call time instead of\nomitting the tool -- see",
                "refuse recursive delegation -- see",
            ),
        ),
        flips=("reason-call-time",),
    ),
    Mutant(
        "tests-comment-dropped",
        "the source comment no longer says that deepagents' tests assert the tool order",
        (
            Patch(
                SUBAGENTS_PY,
                "        # position keeps both tools blocks in the same order. Tests assert that tool\n        # order matches.\n",
                "        # position keeps both tools blocks in the same order.\n",
            ),
        ),
        flips=("tests-assert-order",),
    ),
    Mutant(
        "tool-order-comment-reworded",
        "the comment on the fork's `task` position no longer speaks of the same order",
        (
            Patch(
                SUBAGENTS_PY,
                "position keeps both tools blocks in the same order.",
                "position is what the tests check.",
            ),
        ),
        flips=("reason-tool-order",),
    ),
    Mutant(
        "cache-comment-reworded",
        "the comment on the `task` description no longer speaks of cache hits",
        (
            Patch(
                SUBAGENTS_PY,
                "# this exact string for cache hits.",
                "# this exact string.",
            ),
        ),
        flips=("reason-cache",),
    ),
    Mutant(
        "cache-reuse-undocumented",
        "the docs of `SubAgent.middleware` no longer mention prompt-cache reuse",
        (
            Patch(
                SUBAGENTS_PY,
                "shared prompt-cache reuse and potentially higher model costs",
                "higher model costs",
            ),
        ),
        flips=("cache-reuse-documented",),
    ),
    Mutant(
        "graph-shape-comment-reworded",
        "the comment on a fork's private state no longer speaks of the same graph shape",
        (
            Patch(
                SUBAGENTS_PY,
                "# A declarative fork runs the same graph shape as its parent, so",
                "# A declarative fork is built like its parent, so",
            ),
        ),
        flips=("graph-shape-is-about-state",),
    ),
    Mutant(
        "fork-middleware-docstring-changed",
        "the docstring of _ForkTaskToolMiddleware changes (nobody has read the new one)",
        (
            Patch(
                SUBAGENTS_PY,
                '"""Gives a forked subagent the real `task` tool, guarded against recursion."""',
                '"""Keeps `task` on a forked subagent so that its tools match the parent\'s, for prompt caching."""',
            ),
        ),
        flips=("source-gives-reasons",),
    ),
    Mutant(
        "js-fork-task-not-mirrored",
        "npm deepagents: a fork child's `task` is its own tool, described otherwise than the parent's",
        (
            Patch(
                NPM_BUNDLE,
                '\t\tmirroredTaskTool: tool(runTask, {\n\t\t\tname: "task",\n\t\t\tdescription: finalTaskDescription,\n',
                '\t\tmirroredTaskTool: tool(runTask, {\n\t\t\tname: "task",\n\t\t\tdescription: "Delegate a task.",\n',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("task-description-identical@js", "same-surface@js"),
    ),
    Mutant(
        "js-fork-task-first",
        "npm deepagents: a fork child's `task` comes first, not where the parent's is",
        (
            Patch(
                NPM_BUNDLE,
                "subagentMiddleware.splice(fsIndex + 1, 0, createForkTaskToolMiddleware(mirroredTaskTool));",
                "subagentMiddleware.unshift(createForkTaskToolMiddleware(mirroredTaskTool));",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("task-same-index@js", "same-surface@js", "fork-task-after-files@js"),
    ),
]
