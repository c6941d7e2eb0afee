"""Section 1's mutants (its experiment: snippets/modes.py): deepagents, langchain or npm deepagents
with one behaviour changed each, and the claims each must flip (tools/mutation.py builds the site
against each; snippets/registry.py finds MUTANTS here)."""

from __future__ import annotations

from snippets.lab import GRAPH_PY, NPM_BUNDLE, NPM_DEEPAGENTS, SUBAGENTS_PY, Mutant, Patch

_MODES = 'if mode not in (None, "isolated", "fork"):'
_UNKNOWN = (
    '            return f"We cannot invoke subagent {subagent_type} because it does not exist, '
    'the only allowed types are {allowed_types}"\n'
)
_BEFORE_LOOKUP = (
    "        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            return _FORK_RECURSION_REFUSAL\n"
    "        if subagent_type not in subagent_graphs:\n"
    '            allowed_types = ", ".join([f"`{k}`" for k in subagent_graphs])\n'
)
_SYNC_HEAD = "    def task(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
_ASYNC_HEAD = "    async def atask(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
MUTANTS = [
    Mutant(
        "fork-mode-rejected",
        "`mode=\"fork\"` is rejected like any unknown value",
        (Patch(SUBAGENTS_PY, _MODES, 'if mode not in (None, "isolated"):'),),
        flips=("mode-fork",),
    ),
    Mutant(
        "mode-accepts-forked",
        "the mode check also accepts 'forked' (treated as isolated)",
        (
            Patch(
                SUBAGENTS_PY,
                _MODES,
                'if mode not in (None, "isolated", "fork", "forked"):',
            ),
        ),
        flips=("mode-forked", "mode-error", "unknown-modes-rejected"),
    ),
    Mutant(
        "mode-accepts-shared",
        "the mode check also accepts 'shared' and 'inherit'",
        (
            Patch(
                SUBAGENTS_PY,
                _MODES,
                'if mode not in (None, "isolated", "fork", "shared", "inherit"):',
            ),
        ),
        flips=("mode-shared", "mode-inherit", "unknown-modes-rejected"),
    ),
    Mutant(
        "mode-required",
        "a spec without `mode` is rejected: every spec must name one",
        (Patch(SUBAGENTS_PY, _MODES, 'if mode not in ("isolated", "fork"):'),),
        flips=("mode-omitted",),
    ),
    Mutant(
        "isolated-mode-rejected",
        '`mode="isolated"` is rejected (isolated is only the default, never named)',
        (Patch(SUBAGENTS_PY, _MODES, 'if mode not in (None, "fork"):'),),
        flips=("mode-isolated", "isolated-is-default"),
    ),
    Mutant(
        "handoff-is-legacy-alias",
        "'handoff' is accepted again, as the article saw",
        (
            Patch(
                SUBAGENTS_PY,
                _MODES,
                'if mode not in (None, "isolated", "fork", "handoff"):',
            ),
        ),
        flips=("mode-handoff", "mode-handoff-tools", "handoff-is-default"),
    ),
    Mutant(
        "names-need-not-be-unique",
        "the unique-name check is dropped (two specs may share a name)",
        (
            Patch(
                SUBAGENTS_PY,
                "            raise ValueError(msg)\n        seen.add(name)\n",
                "            del msg\n        seen.add(name)\n",
            ),
        ),
        flips=("names-unique", "names-fork-only"),
    ),
    Mutant(
        "names-reason-reworded",
        "the source no longer says why names must be unique ('purely by name')",
        (
            Patch(
                SUBAGENTS_PY,
                "The model selects a subagent purely by name, so a collision has no\n    coherent meaning",
                "A collision has no\n    coherent meaning",
            ),
        ),
        flips=("names-reason-in-source",),
    ),
    Mutant(
        "fork-may-set-skills",
        "a fork spec may set `skills`",
        (
            Patch(
                SUBAGENTS_PY,
                'if mode == "fork" and spec.get("skills"):',
                'if mode == "fork" and spec.get("skills") and False:',
            ),
        ),
        flips=("fork-skills",),
    ),
    Mutant(
        "no-beta-warning",
        "attaching a fork child no longer emits the beta warning",
        (
            Patch(
                SUBAGENTS_PY,
                '            warn_beta(name="forked subagents", obj_type="feature")\n',
                "            pass  # no beta warning\n",
            ),
        ),
        flips=("fork-beta",),
    ),
    Mutant(
        "js-handoff-rejected",
        "npm deepagents: `handoff` is rejected like any unknown mode",
        (
            Patch(
                NPM_BUNDLE,
                'rawMode !== "fork" && rawMode !== "handoff") throw',
                'rawMode !== "fork") throw',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("mode-handoff@js", "handoff-is-default@js"),
    ),
    Mutant(
        "js-any-mode-accepted",
        "npm deepagents: `mode` is not checked, so any value is accepted",
        (
            Patch(
                NPM_BUNDLE,
                'if (rawMode != null && rawMode !== "isolated" && rawMode !== "fork" && rawMode !== "handoff") throw',
                "if (false) throw",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("unknown-modes-rejected@js",),
    ),
    Mutant(
        "system-prompt-required",
        "an isolated spec must set `system_prompt`, as deepagents' docs say (assembly fails without it)",
        (
            Patch(
                GRAPH_PY,
                'processed["system_prompt"] = _apply_profile_prompt(_subagent_profile, spec.get("system_prompt", ""))',
                'processed["system_prompt"] = _apply_profile_prompt(_subagent_profile, spec["system_prompt"])',
            ),
        ),
        flips=("isolated-no-system-prompt",),
    ),
    Mutant(
        "js-system-prompt-required",
        "npm deepagents: an isolated spec must set `systemPrompt` (assembly throws without it)",
        (
            Patch(
                NPM_BUNDLE,
                '\t\t\tconst resolvedSpec = {\n\t\t\t\t...agentParams,\n\t\t\t\tmode: "isolated",',
                '\t\t\tif (agentParams.systemPrompt == null) throw new Error(`SubAgent \'${agentParams.name}\' must set systemPrompt`);\n'
                '\t\t\tconst resolvedSpec = {\n\t\t\t\t...agentParams,\n\t\t\t\tmode: "isolated",',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("isolated-no-system-prompt@js",),
    ),
    Mutant(
        "js-mode-required",
        "npm deepagents: a spec without `mode` is rejected: every spec must name one",
        (
            Patch(
                NPM_BUNDLE,
                'if (rawMode != null && rawMode !== "isolated" && rawMode !== "fork"',
                'if (rawMode !== "isolated" && rawMode !== "fork"',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("mode-omitted@js",),
    ),
    Mutant(
        "js-fork-mode-rejected",
        "npm deepagents: `mode: \"fork\"` is rejected like any unknown value",
        (
            Patch(
                NPM_BUNDLE,
                'rawMode !== "fork" && rawMode !== "handoff") throw',
                'rawMode !== "handoff") throw',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("mode-fork@js",),
    ),
    Mutant(
        "js-fork-may-set-skills",
        "npm deepagents: a fork spec may set `skills`",
        (
            Patch(
                NPM_BUNDLE,
                "if (Array.isArray(rawSkills) && rawSkills.length > 0) throw",
                "if (false) throw",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("fork-skills@js",),
    ),
    Mutant(
        "js-subagents-warn-beta",
        "npm deepagents: attaching any sub-agent warns that sub-agents are in beta",
        (
            Patch(
                NPM_BUNDLE,
                "for (const agentParams of subagents) {\n\t\tconst rawMode = agentParams.mode;\n",
                "for (const agentParams of subagents) {\n\t\tconst rawMode = agentParams.mode;\n"
                '\t\tconsole.warn("Subagents are in beta and may change.");\n',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("fork-beta@js", "isolated-beta@js", "runnable-beta@js"),
    ),
    Mutant(
        "unknown-subagent-raises",
        "a `task` call naming a sub-agent that does not exist raises instead of returning a tool result",
        tuple(
            Patch(
                SUBAGENTS_PY,
                head + _UNKNOWN,
                head + "            raise ValueError(f\"no subagent {subagent_type}\")\n",
            )
            for head in (_SYNC_HEAD + _BEFORE_LOOKUP, _ASYNC_HEAD + _BEFORE_LOOKUP)
        ),
        flips=("unknown-subagent-answered",),
    ),
    Mutant(
        "js-unknown-subagent-answered",
        "npm deepagents: a `task` call naming a sub-agent that does not exist gets a tool result",
        (
            Patch(
                NPM_BUNDLE,
                "throw new Error(`Error: invoked agent of type ${subagent_type}, the only allowed types are ${allowedTypes}`);",
                "return `We cannot invoke subagent ${subagent_type}; the allowed types are ${allowedTypes}`;",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("unknown-subagent-answered@js",),
    ),
]
