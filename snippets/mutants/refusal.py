"""Section 4's mutants (its experiment: snippets/refusal.py): deepagents, langchain or npm deepagents
with one behaviour changed each, and the claims each must flip (tools/mutation.py builds the site
against each; snippets/registry.py finds MUTANTS here)."""

from __future__ import annotations

from snippets.lab import GRAPH_PY, NPM_BUNDLE, NPM_DEEPAGENTS, SUBAGENTS_PY, Mutant, Patch

_ASYNC_TASK = "    async def atask(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
_GATE = "        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            return _FORK_RECURSION_REFUSAL\n"
_LOOKUP = """        if subagent_type not in subagent_graphs:
            allowed_types = ", ".join([f"`{k}`" for k in subagent_graphs])
            return f"We cannot invoke subagent {subagent_type} because it does not exist, the only allowed types are {allowed_types}"
"""
_RAISE = "        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            raise RuntimeError(_FORK_RECURSION_REFUSAL)\n"
_SYNC_TASK = "    def task(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
MUTANTS = [
    Mutant(
        "unknown-task-arguments-ignored",
        "`task` ignores an argument its schema does not define, instead of rejecting the call",
        (Patch(SUBAGENTS_PY, "            if unknown:\n", "            if False:\n"),),
        flips=("unknown-task-argument-rejected",),
    ),
    Mutant(
        "task-takes-the-docs-keys",
        "`task` takes `name` and `task` for `subagent_type` and `description`, as deepagents' docs write its call",
        (Patch(SUBAGENTS_PY, "        if isinstance(data, dict):\n            arguments =",
               "        if isinstance(data, dict) and {\"name\", \"task\"} <= data.keys():\n"
               "            data = {**{k: v for k, v in data.items() if k not in (\"name\", \"task\")},\n"
               "                    \"subagent_type\": data[\"name\"], \"description\": data[\"task\"]}\n"
               "        if isinstance(data, dict):\n            arguments ="),),
        flips=("docs-example-call-rejected",),
    ),
    Mutant(
        "js-task-takes-the-docs-keys",
        "npm deepagents: `task` takes `name` and `task` for `subagent_type` and `description`, as deepagents' docs "
        "write its call",
        (Patch(NPM_BUNDLE, "\tconst taskToolSchema = z.object({\n",
               "\tconst taskToolSchema = z.preprocess((a) => a && a.name !== undefined && a.task !== undefined ? "
               "{ subagent_type: a.name, description: a.task } : a, z.object({\n", NPM_DEEPAGENTS),
         Patch(NPM_BUNDLE, "\t});\n\tconst taskTool = tool(runTask, {", "\t}));\n\tconst taskTool = tool(runTask, {",
               NPM_DEEPAGENTS)),
        flips=("docs-example-call-rejected@js",),
    ),
    Mutant(
        "refusal-raises",
        "a fork child's `task` call raises instead of returning the refusal",
        (
            Patch(SUBAGENTS_PY, _SYNC_TASK + _GATE, _SYNC_TASK + _RAISE),
            Patch(SUBAGENTS_PY, _ASYNC_TASK + _GATE, _ASYNC_TASK + _RAISE),
        ),
        flips=("refusal-tool-message", "refusal-rounds"),
    ),
    Mutant(
        "refusal-text-changed",
        "the refusal says something else",
        (
            Patch(
                SUBAGENTS_PY,
                '"You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again."',
                '"Delegation is disabled inside a forked subagent; answer the task yourself."',
            ),
        ),
        flips=("refusal-text", "refusal-length"),
    ),
    Mutant(
        "lookup-before-refusal",
        'the sub-agent lookup comes before the refusal, so `ghost` gets "does not exist"',
        (
            Patch(
                SUBAGENTS_PY, _SYNC_TASK + _GATE + _LOOKUP, _SYNC_TASK + _LOOKUP + _GATE
            ),
            Patch(
                SUBAGENTS_PY,
                _ASYNC_TASK + _GATE + _LOOKUP,
                _ASYNC_TASK + _LOOKUP + _GATE,
            ),
        ),
        flips=("refusal-before-lookup", "refusal-repeat"),
    ),
    Mutant(
        "refusal-passed-up",
        "a fork child that was refused hands the refusal up to its parent as its answer",
        (
            Patch(
                SUBAGENTS_PY,
                '        structured = result.get("structured_response")\n        if structured is not None:\n',
                '        structured = result.get("structured_response")\n'
                '        if any(isinstance(m, ToolMessage) and m.content == _FORK_RECURSION_REFUSAL for m in result["messages"]):\n'
                "            content = _FORK_RECURSION_REFUSAL\n"
                "        elif structured is not None:\n",
            ),
        ),
        flips=(
            "refusal-streamed-in-child-namespace",
            "refusal-stays-inside",
            "refusal-parent",
        ),
    ),
    Mutant(
        "js-refusal-text-changed",
        "npm deepagents: the refusal says something else",
        (
            Patch(
                NPM_BUNDLE,
                'const FORK_RECURSION_REFUSAL = "You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again.";',
                'const FORK_RECURSION_REFUSAL = "Delegation is disabled inside a forked subagent; answer the task yourself.";',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("refusal-text@js", "refusal-length@js"),
    ),
    Mutant(
        "js-flag-check-removed",
        "npm deepagents: `task` no longer checks the flag, so a fork child's call runs its sub-agent",
        (
            Patch(
                NPM_BUNDLE,
                "\t\tif (currentState[FORKED_CONTEXT_KEY]) return FORK_RECURSION_REFUSAL;\n",
                "",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=(
            "fork-refused@js",
            "refusal-tool-message@js",
            "refusal-repeat@js",
            "refusal-before-lookup@js",
            "refusal-streamed-in-child-namespace@js",
            "refusal-stays-inside@js",
            "flag-closes-gate@js",
        ),
    ),
    Mutant(
        "child-interrupt-not-inherited",
        "a declared child no longer inherits the parent's `interrupt_on`",
        (
            Patch(
                GRAPH_PY,
                'subagent_interrupt_on = spec.get("interrupt_on", interrupt_on)',
                'subagent_interrupt_on = spec.get("interrupt_on")',
            ),
        ),
        flips=("refusal-reviewed",),
    ),
]
