"""Section 5's mutants (its experiment: snippets/flag.py): deepagents, langchain or npm deepagents
with one behaviour changed each, and the claims each must flip (tools/mutation.py builds the site
against each; snippets/registry.py finds MUTANTS here)."""

from __future__ import annotations

from snippets.lab import NPM_BUNDLE, NPM_DEEPAGENTS, SUBAGENTS_PY, Mutant, Patch

_FORK_FLAG = "                inherited[_FORKED_CONTEXT_KEY] = True\n"
MUTANTS = [
    Mutant(
        "flag-not-set",
        "a declarative fork child's state no longer gets the flag (its `task` really delegates)",
        (Patch(SUBAGENTS_PY, _FORK_FLAG, "                pass  # no flag\n"),),
        flips=(
            "keys-fork",
            "flag-value",
            "gap-declarative",
            "fork-refused",
            "flag-only-declarative",
            "nest-one-level", "gap-fork-own-task-refused"),
    ),
    Mutant(
        "flag-dropped-on-input",
        "the flag's channel is declared as omitted on input",
        (
            Patch(
                SUBAGENTS_PY,
                "OmitFromSchema(input=False, output=True)",
                "OmitFromSchema(input=True, output=True)",
            ),
        ),
        flips=("flag-kept-on-input", "flag-value", "flag-only-declarative"),
    ),
    Mutant(
        "flag-kept-on-output",
        "the flag's channel is declared as kept on output",
        (
            Patch(
                SUBAGENTS_PY,
                "OmitFromSchema(input=False, output=True)",
                "OmitFromSchema(input=False, output=False)",
            ),
        ),
        flips=("flag-omitted-on-output",),
    ),
    Mutant(
        "flag-not-excluded-from-updates",
        "the flag is no longer among the keys a child never hands back",
        (
            Patch(
                SUBAGENTS_PY,
                "    _SKILL_TOOLS_DISCLOSED_KEY,\n    _FORKED_CONTEXT_KEY,\n    _RUBRIC_KEY,\n",
                "    _SKILL_TOOLS_DISCLOSED_KEY,\n    _RUBRIC_KEY,\n",
            ),
        ),
        flips=("flag-excluded-from-updates",),
    ),
    Mutant(
        "why-declared-reworded",
        "the flag's state schema no longer says why the key must be declared",
        (
            Patch(
                SUBAGENTS_PY,
                "The key needs a declared schema: an undeclared key",
                "An undeclared key",
            ),
        ),
        flips=("why-declared",),
    ),
    Mutant(
        "preamble-silent",
        "the fork preamble no longer warns that delegating will be refused",
        (
            Patch(
                SUBAGENTS_PY,
                '    "asked to delegate further. If you try to delegate to another subagent "\n'
                '    "yourself, it will be refused — complete this task directly. Use the "',
                '    "asked to delegate further. Complete this task directly. Use the "',
            ),
        ),
        flips=("preamble-warns", "preamble-length"),
    ),
    Mutant(
        "preamble-own-message",
        "the fork preamble comes as a message of its own, before the task",
        (
            Patch(
                SUBAGENTS_PY,
                "    return [*effective, HumanMessage(content=preamble + description)]\n",
                "    return [*effective, HumanMessage(content=preamble), HumanMessage(content=description)]\n",
            ),
        ),
        flips=("preamble-heads-task-message",),
    ),
    Mutant(
        "js-preamble-silent",
        "npm deepagents: the fork preamble no longer warns that delegating will be refused",
        (
            Patch(
                NPM_BUNDLE,
                "If you try to delegate to another subagent yourself, it will be refused — complete this task directly.",
                "Complete this task directly.",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("preamble-warns@js", "preamble-length@js"),
    ),
    Mutant(
        "js-preamble-own-message",
        "npm deepagents: the fork preamble comes as a message of its own, before the task",
        (
            Patch(
                NPM_BUNDLE,
                "new HumanMessage$1({ content: FORK_TASK_PREAMBLE + description })];",
                "new HumanMessage$1({ content: FORK_TASK_PREAMBLE }), new HumanMessage$1({ content: description })];",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("preamble-heads-task-message@js",),
    ),
    Mutant(
        "runnable-fork-without-preamble",
        "a fork in the `runnable` form gets its task without the preamble",
        (
            Patch(
                SUBAGENTS_PY,
                "                    runtime.state.get(SUMMARIZATION_EVENT_KEY),\n"
                "                    description,\n"
                "                ),",
                "                    runtime.state.get(SUMMARIZATION_EVENT_KEY),\n"
                "                    description,\n"
                '                    preamble=_FORK_TASK_PREAMBLE if _is_forked_subagent(subagent) else "",\n'
                "                ),",
            ),
        ),
        flips=("runnable-fork-told-refused",),
    ),
    Mutant(
        "fork-drops-user-messages",
        "a fork child inherits the parent's conversation without the user's messages",
        (
            Patch(
                SUBAGENTS_PY,
                "    return [*effective, HumanMessage(content=preamble + description)]\n",
                "    effective = [m for m in effective if not isinstance(m, HumanMessage)]\n"
                "    return [*effective, HumanMessage(content=preamble + description)]\n",
            ),
        ),
        flips=("preamble-in-first-message", "refusal-messages"),
    ),
    Mutant(
        "suffix-mentions-delegation",
        "the fork line of the parent's `task` description says the child cannot delegate",
        (
            Patch(
                SUBAGENTS_PY,
                '" (inherits your full conversation and system prompt — no need to restate context here)"',
                '" (inherits your full conversation and system prompt — it cannot delegate further)"',
            ),
        ),
        flips=("suffix-silent", "suffix-length"),
    ),
    Mutant(
        "js-flag-never-set",
        "npm deepagents: a fork child's own middleware no longer sets the flag",
        (
            Patch(
                NPM_BUNDLE,
                "beforeAgent: () => ({ [FORKED_CONTEXT_KEY]: true })",
                "beforeAgent: () => ({})",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=(
            "flag-value@js",
            "keys-fork@js",
            "flag-only-declarative@js",
            "flag-closes-gate@js",
            "fork-refused@js",
            "gap-declarative@js",
        ),
    ),
]
