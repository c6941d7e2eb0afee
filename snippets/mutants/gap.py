"""Section 6's mutants (its experiment: snippets/gap.py): deepagents, langchain or npm deepagents
with one behaviour changed each, and the claims each must flip (tools/mutation.py builds the site
against each; snippets/registry.py finds MUTANTS here)."""

from __future__ import annotations

from snippets.lab import (
    GRAPH_PY,
    NPM_BUNDLE,
    NPM_DEEPAGENTS,
    SUBAGENTS_PY,
    Mutant,
    Patch,
)

_ISOLATED_MESSAGES = (
    '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
)
_MIDDLEWARE_CLASS = (
    "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n"
)
_RUNNABLE_INHERITS = (
    "                inherited = {key: value for key, value in runtime.state.items() "
    "if key not in _EXCLUDED_STATE_KEYS | private_state_keys}\n"
)
_PROFILE_EXTRA = "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n"
_PROFILE_EXCLUDED = (
    "                subagent_middleware.append(_ToolExclusionMiddleware(excluded=_subagent_profile.excluded_tools))\n"
)
MUTANTS = [
    Mutant(
        "profile-middleware-skipped",
        "a harness profile's extra middleware no longer reaches a declared child",
        (Patch(GRAPH_PY, _PROFILE_EXTRA, ""),),
        flips=("profile-adds-own-task",),
    ),
    Mutant(
        "profile-tool-exclusion-skipped",
        "a harness profile's excluded tools stay with a declared child",
        (Patch(GRAPH_PY, _PROFILE_EXCLUDED, "                pass\n"),),
        flips=("profile-excludes-own-task",),
    ),
    Mutant(
        "fork-keeps-only-inherited-tools",
        "a fork child no longer gets the `tools` its spec names, only the parent's",
        (
            Patch(
                GRAPH_PY,
                '            raw_subagent_tools = spec.get("tools") if "tools" in spec else tools\n',
                '            raw_subagent_tools = tools if is_forked else spec.get("tools", tools)\n',
            ),
        ),
        flips=("gap-agent-tool",),
    ),
    Mutant(
        "isolated-gets-no-tools",
        "a declarative isolated child gets neither the `tools` its spec names nor the parent's",
        (
            Patch(
                GRAPH_PY,
                '            raw_subagent_tools = spec.get("tools") if "tools" in spec else tools\n',
                '            raw_subagent_tools = (spec.get("tools") if "tools" in spec else tools) if is_forked else []\n',
            ),
        ),
        flips=("gap-isolated-agent-tool", "parent-tools-inherited"),
    ),
    Mutant(
        "runnable-fork-flagged",
        "a runnable-form fork also gets the flag (declared by SubAgentMiddleware), so its grandchild is refused",
        (
            Patch(
                SUBAGENTS_PY,
                _MIDDLEWARE_CLASS,
                _MIDDLEWARE_CLASS + "    state_schema = _ForkedContextState\n",
            ),
            Patch(
                SUBAGENTS_PY,
                _RUNNABLE_INHERITS,
                _RUNNABLE_INHERITS
                + "                inherited[_FORKED_CONTEXT_KEY] = True\n",
            ),
        ),
        flips=(
            "gap-runnable",
            "keys-runnable",
            "flag-only-declarative",
            "flag-closes-gate",
            "flag-declarer",
        ),
    ),
    Mutant(
        "opaque-comment-reworded",
        "the source no longer says why a runnable gets no flag (it is opaque)",
        (
            Patch(
                SUBAGENTS_PY,
                "# A compiled runnable is opaque -- it may not declare these",
                "# A compiled runnable may not declare these",
            ),
        ),
        flips=("gap-reason-in-source",),
    ),
    Mutant(
        "every-runnable-flagged",
        "every child in the runnable form gets the flag, with or without mode, so none delegates further",
        (
            Patch(
                SUBAGENTS_PY,
                _MIDDLEWARE_CLASS,
                _MIDDLEWARE_CLASS + "    state_schema = _ForkedContextState\n",
            ),
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                _ISOLATED_MESSAGES + '            if "runnable" in subagent:\n'
                "                subagent_state[_FORKED_CONTEXT_KEY] = True\n",
            ),
        ),
        flips=("gap-runnable-no-mode",),
    ),
    Mutant(
        "fork-own-task-fails",
        "a fork child whose spec holds a SubAgentMiddleware of its own is refused at assembly",
        (
            Patch(
                GRAPH_PY,
                '            raw_subagent_tools = spec.get("tools") if "tools" in spec else tools\n',
                '            raw_subagent_tools = spec.get("tools") if "tools" in spec else tools\n'
                '            if is_forked and any(type(m).__name__ == "SubAgentMiddleware" for m in spec.get("middleware", [])):\n'
                '                raise ValueError("a fork subagent may not hold a task of its own")\n',
            ),
        ),
        flips=("gap-fork-own-task-fails",),
    ),
    Mutant(
        "js-subagents-never-delegate",
        "npm deepagents: `task` refuses in every agent that runs as a sub-agent, runnable ones included",
        (
            Patch(
                NPM_BUNDLE,
                "\t\tif (currentState[FORKED_CONTEXT_KEY]) return FORK_RECURSION_REFUSAL;\n",
                "\t\tif (currentState[FORKED_CONTEXT_KEY] || "
                'config.configurable?.ls_agent_type === "subagent") return FORK_RECURSION_REFUSAL;\n',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("gap-runnable@js", "gap-runnable-no-mode@js"),
    ),
    Mutant(
        "js-fork-drops-own-middleware",
        "npm deepagents: a fork child runs without the middleware its spec names",
        (
            Patch(
                NPM_BUNDLE,
                "const subagentMiddleware = [...defaultSubagentMiddleware, ...agentParams.middleware ?? []];",
                "const subagentMiddleware = [...defaultSubagentMiddleware, "
                "...isForkedSubAgent(agentParams) ? [] : agentParams.middleware ?? []];",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("gap-fork-own-task-fails@js", "gap-fork-own-task-refused@js"),
    ),
    Mutant(
        "js-own-subagent-middleware-dropped",
        "npm deepagents: a declared child's own sub-agent middleware is dropped",
        (
            Patch(
                NPM_BUNDLE,
                "const subagentMiddleware = [...defaultSubagentMiddleware, ...agentParams.middleware ?? []];",
                "const subagentMiddleware = [...defaultSubagentMiddleware, "
                '...(agentParams.middleware ?? []).filter((m) => m.name !== "subAgentMiddleware")];',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("gap-isolated-own-task@js", "nest-one-level@js"),
    ),
    Mutant(
        "js-isolated-gets-no-tools",
        "npm deepagents: a declarative isolated child gets neither the `tools` its spec names nor the parent's",
        (
            Patch(
                NPM_BUNDLE,
                '\t\t\t\tmode: "isolated",\n\t\t\t\tmodel: agentParams.model ?? defaultModel,\n'
                "\t\t\t\ttools: agentParams.tools ?? defaultTools,",
                '\t\t\t\tmode: "isolated",\n\t\t\t\tmodel: agentParams.model ?? defaultModel,\n'
                "\t\t\t\ttools: [],",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("gap-isolated-agent-tool@js",),
    ),
    Mutant(
        "js-fork-keeps-only-inherited-tools",
        "npm deepagents: a fork child no longer gets the `tools` its spec names, only the parent's",
        (
            Patch(
                NPM_BUNDLE,
                "\t\t\t\tmode: void 0,\n\t\t\t\tmodel: agentParams.model ?? defaultModel,\n"
                "\t\t\t\ttools: agentParams.tools ?? defaultTools,",
                "\t\t\t\tmode: void 0,\n\t\t\t\tmodel: agentParams.model ?? defaultModel,\n"
                "\t\t\t\ttools: defaultTools,",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("gap-agent-tool@js",),
    ),
]
