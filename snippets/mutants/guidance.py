"""Section 7's mutants (its experiment: snippets/guidance.py): deepagents, langchain or npm deepagents
with one behaviour changed each, and the claims each must flip (tools/mutation.py builds the site
against each; snippets/registry.py finds MUTANTS here)."""

from __future__ import annotations

from snippets.lab import (
    FACTORY_PY,
    GRAPH_PY,
    NPM_BUNDLE,
    NPM_DEEPAGENTS,
    SUBAGENTS_PY,
    Mutant,
    Patch,
)

_INVOKE = "        with _subagent_tracing_context():\n            result = subagent.invoke(subagent_state, subagent_config)\n"
_CHILD_CONFIG = '        subagent_config: RunnableConfig = {"configurable": {"ls_agent_type": "subagent"}}\n'
_AINVOKE = "        with _subagent_tracing_context():\n            result = await subagent.ainvoke(subagent_state, subagent_config)\n"
_ISOLATED_MESSAGES = (
    '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
)
MUTANTS = [
    Mutant(
        "every-declared-child-flagged",
        "every declared sub-agent carries the flag, isolated ones too, so any `task` it holds is refused",
        (
            Patch(
                SUBAGENTS_PY,
                "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n",
                "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n"
                "    state_schema = _ForkedContextState\n",
            ),
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                _ISOLATED_MESSAGES + '            if "runnable" not in subagent:\n'
                "                subagent_state[_FORKED_CONTEXT_KEY] = True\n",
            ),
        ),
        flips=("nest-one-level", "gap-isolated-own-task"),
    ),
    Mutant(
        "model-call-limit-off-by-one",
        "langchain: a run may make one model call more than its `run_limit`",
        (
            Patch(
                "agents/middleware/model_call_limit.py",
                "        run_limit_exceeded = self.run_limit is not None and run_count >= self.run_limit\n",
                "        run_limit_exceeded = self.run_limit is not None and run_count > self.run_limit\n",
                package="langchain",
            ),
        ),
        flips=("spec-limit-ends-run",),
    ),
    Mutant(
        "parent-limit-wins",
        "a sub-agent runs with the parent's step limit, whatever its own (as deepagents for JavaScript does)",
        (
            Patch(
                SUBAGENTS_PY,
                _INVOKE,
                _INVOKE.replace(
                    "subagent.invoke(subagent_state, subagent_config)",
                    'subagent.invoke(subagent_state, {**subagent_config, "recursion_limit": 10_000})',
                ),
            ),
        ),
        flips=("recursion-limit-counts-steps", "step-limit-raises"),
    ),
    Mutant(
        "general-purpose-always",
        "a harness profile can no longer turn `general-purpose` off",
        (
            Patch(
                GRAPH_PY,
                "if gp_profile.enabled is not False and not any(",
                "if not any(",
            ),
        ),
        flips=("general-purpose-can-be-disabled",),
    ),
    Mutant(
        "beta-for-every-child",
        "attaching any sub-agent emits the beta warning, not only a fork",
        (
            Patch(
                SUBAGENTS_PY,
                "        if any(_is_forked_subagent(spec) or _is_forked_compiled_subagent(spec) for spec in subagents):\n",
                "        if subagents:\n",
            ),
        ),
        flips=("isolated-beta", "runnable-beta"),
    ),
    Mutant(
        "runnable-gets-the-conversation",
        "your own agent handed over without `mode` gets the parent's conversation",
        (
            Patch(
                SUBAGENTS_PY,
                '            subagent_state["messages"] = [HumanMessage(content=description)]\n',
                '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
                "            if _is_compiled_subagent(subagent):\n"
                '                subagent_state["messages"] = [*runtime.state.get("messages", [])[:-1], *subagent_state["messages"]]\n',
            ),
        ),
        flips=("runnable-starts-from-task",),
    ),
    Mutant(
        "fork-forgets-conversation",
        "a declarative fork no longer receives the parent's conversation, only its task",
        (
            Patch(
                SUBAGENTS_PY,
                "    return [*effective, HumanMessage(content=preamble + description)]\n",
                "    return [HumanMessage(content=preamble + description)]\n",
            ),
        ),
        flips=("guide-fork",),
    ),
    Mutant(
        "isolated-sees-conversation",
        "an isolated child is handed the parent's conversation before its task",
        (
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                '            subagent_state["messages"] = [*runtime.state.get("messages", [])[:-1], '
                "HumanMessage(content=description)]\n",
            ),
        ),
        flips=("guide-fork", "fork-carries-more"),
    ),
    Mutant(
        "isolated-gets-a-preface",
        "an isolated child starts from two messages: a preface, then its task",
        (
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                '            subagent_state["messages"] = [HumanMessage(content="You are a sub-agent."), '
                "HumanMessage(content=description)]\n",
            ),
        ),
        flips=("fork-carries-more",),
    ),
    Mutant(
        "task-limit-ignored",
        "langchain: ToolCallLimitMiddleware counts and blocks no tool call",
        (
            Patch(
                "agents/middleware/tool_call_limit.py",
                '                `ToolMessage` for any other pending tool calls, and an AI message.\n'
                '\n        Raises:\n            ToolCallLimitExceededError: If limits are exceeded and `exit_behavior`\n'
                "                is `'error'`.\n        \"\"\"\n        # Get the last AIMessage",
                '                `ToolMessage` for any other pending tool calls, and an AI message.\n'
                '\n        Raises:\n            ToolCallLimitExceededError: If limits are exceeded and `exit_behavior`\n'
                "                is `'error'`.\n        \"\"\"\n        return None\n        # Get the last AIMessage",
                package="langchain",
            ),
        ),
        flips=("guide-own-gate", "guard-async"),
    ),
    Mutant(
        "task-limit-ignored-async",
        "langchain: under ainvoke, ToolCallLimitMiddleware counts and blocks no tool call",
        (
            Patch(
                "agents/middleware/tool_call_limit.py",
                "        return self.after_model(state, runtime)\n",
                "        return None\n",
                package="langchain",
            ),
        ),
        flips=("guard-async",),
    ),
    Mutant(
        "async-skips-tool-guards",
        "langchain: under ainvoke, no middleware wraps a tool call",
        (
            Patch(
                FACTORY_PY,
                "        awrap_tool_call_wrapper = _chain_async_tool_call_wrappers(async_wrappers)\n",
                "        awrap_tool_call_wrapper = lambda request, execute: execute(request)  # middleware skipped\n",
                package="langchain",
            ),
        ),
        flips=("sync-guard-fails-async",),
    ),
    Mutant(
        "sync-guard-skipped-async",
        "langchain: under ainvoke, a middleware with only wrap_tool_call is skipped, not an error",
        (
            Patch(
                FACTORY_PY,
                "        if m.__class__.awrap_tool_call is not AgentMiddleware.awrap_tool_call\n"
                "        or m.__class__.wrap_tool_call is not AgentMiddleware.wrap_tool_call\n",
                "        if m.__class__.awrap_tool_call is not AgentMiddleware.awrap_tool_call\n",
                package="langchain",
            ),
        ),
        flips=("sync-guard-fails-async",),
    ),
    Mutant(
        "step-limit-answered",
        "a sub-agent that hits its step limit makes `task` return a message instead of raising",
        (
            Patch(
                SUBAGENTS_PY,
                _INVOKE,
                "        with _subagent_tracing_context():\n            try:\n"
                "                result = subagent.invoke(subagent_state, subagent_config)\n"
                "            except Exception as error:\n"
                '                if type(error).__name__ != "GraphRecursionError":\n                    raise\n'
                '                return f"The subagent {subagent_type} stopped at its step limit."\n',
            ),
        ),
        flips=("step-limit-raises", "with-config-limit"),
    ),
    Mutant(
        "step-limit-rewrapped",
        "a sub-agent's exhausted step limit reaches the parent as a RuntimeError, past a handler of GraphRecursionError",
        (
            Patch(
                SUBAGENTS_PY,
                _INVOKE,
                "        with _subagent_tracing_context():\n            try:\n"
                "                result = subagent.invoke(subagent_state, subagent_config)\n"
                "            except Exception as error:\n"
                '                if type(error).__name__ == "GraphRecursionError":\n'
                '                    raise RuntimeError(f"subagent {subagent_type} hit its step limit") from error\n'
                "                raise\n",
            ),
        ),
        flips=("step-limit-reported",),
    ),
    Mutant(
        "lower-default-limit",
        "a deep agent's own recursion limit is 1000, not 9999",
        (
            Patch(
                GRAPH_PY,
                '            "recursion_limit": 9_999,\n',
                '            "recursion_limit": 1_000,\n',
            ),
        ),
        flips=("default-recursion-limit",),
    ),
    Mutant(
        "no-own-limit",
        "a deep agent sets no recursion limit of its own (neither deepagents nor langchain's create_agent)",
        (
            Patch(GRAPH_PY, '            "recursion_limit": 9_999,\n', ""),
            Patch(
                FACTORY_PY,
                '    config: RunnableConfig = {"recursion_limit": 9_999}\n',
                "    config: RunnableConfig = {}\n",
                package="langchain",
            ),
        ),
        flips=("own-limit-is-set", "default-recursion-limit"),
    ),
    Mutant(
        "spec-has-step-limit",
        "a declarative spec gains a `recursion_limit` key",
        (
            Patch(
                SUBAGENTS_PY,
                '    system_prompt: NotRequired[str]\n    """Instructions for the subagent.',
                '    recursion_limit: NotRequired[int]\n    """Step limit of the subagent\'s own run."""\n\n'
                '    system_prompt: NotRequired[str]\n    """Instructions for the subagent.',
            ),
        ),
        flips=("no-spec-step-limit",),
    ),
    Mutant(
        "task-only-with-own-subagents",
        "`task` is added only when the caller names sub-agents (general-purpose alone gets none)",
        (
            Patch(
                GRAPH_PY,
                "    if inline_subagents:\n        sub_agent_middleware = SubAgentMiddleware(",
                "    if inline_subagents and subagents:\n        sub_agent_middleware = SubAgentMiddleware(",
            ),
        ),
        flips=("deep-agent-always-has-task", "runnable-has-task"),
    ),
    Mutant(
        "every-agent-gets-task",
        "langchain: create_agent gives every agent a `task` tool of its own",
        (
            Patch(
                FACTORY_PY,
                '    middleware_tools = [t for m in middleware for t in getattr(m, "tools", [])]\n',
                '    middleware_tools = [t for m in middleware for t in getattr(m, "tools", [])]\n'
                '    if not any(getattr(t, "name", None) == "task" for t in [*tools, *middleware_tools]):\n'
                "        from langchain_core.tools import StructuredTool\n\n"
                "        def task(description: str, subagent_type: str) -> str:\n"
                '            """Delegate a task."""\n'
                '            return "no sub-agents here"\n\n'
                "        middleware_tools.append(StructuredTool.from_function(task))\n",
                package="langchain",
            ),
        ),
        flips=("plain-agent-has-no-task",),
    ),
    Mutant(
        "js-fork-starts-fresh",
        "npm deepagents: a fork child starts from its task alone, not from the parent's conversation",
        (
            Patch(
                NPM_BUNDLE,
                "if (shouldFork) subagentState.messages = [...getEffectiveMessages("
                "stripInFlightAIMessage(currentState.messages ?? []), currentState), ",
                "if (shouldFork) subagentState.messages = [",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("guide-fork@js", "fork-carries-more@js"),
    ),
    Mutant(
        "js-no-own-limit",
        "npm deepagents: a deep agent sets no step limit of its own",
        (Patch(NPM_BUNDLE, "\t\trecursionLimit: 1e4,\n", "", NPM_DEEPAGENTS),),
        flips=("own-limit-is-set@js", "default-recursion-limit@js"),
    ),
    Mutant(
        "js-step-limit-answered",
        "npm deepagents: a sub-agent that hits its step limit makes `task` return a message",
        (
            Patch(
                NPM_BUNDLE,
                "const result = await subagent.invoke(subagentState, subagentConfig);",
                "let result;\n\t\ttry {\n\t\t\tresult = await subagent.invoke(subagentState, subagentConfig);\n"
                '\t\t} catch (error) {\n\t\t\tif (error?.name !== "GraphRecursionError") throw error;\n'
                "\t\t\treturn `The subagent ${subagent_type} stopped at its step limit.`;\n\t\t}",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("step-limit-raises@js", "step-limit-reported@js"),
    ),
    Mutant(
        "js-with-config-limit-kept",
        "npm deepagents: `task` keeps the step limit a runnable child was bound with",
        (
            Patch(
                NPM_BUNDLE,
                "\t\tconst subagentConfig = {\n\t\t\t...config,\n",
                "\t\tconst subagentConfig = {\n"
                '\t\t\t...Object.fromEntries(Object.entries(config).filter(([key]) => key !== "recursionLimit")),\n',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("with-config-limit@js",),
    ),
    Mutant(
        "js-tool-call-limit-dropped",
        "npm deepagents: `createDeepAgent` drops a ToolCallLimitMiddleware it is given",
        (
            Patch(
                NPM_BUNDLE,
                "customMiddleware.filter((entry) => !knownMiddlewareNames.has(entry.name));",
                "customMiddleware.filter((entry) => !knownMiddlewareNames.has(entry.name)"
                ' && !String(entry.name).startsWith("ToolCallLimitMiddleware"));',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("guard-async@js",),
    ),
    Mutant(
        "js-spec-has-step-limit",
        "npm deepagents: a declarative spec gains a `recursionLimit` key",
        (
            Patch(
                "dist/agent-*.d.ts",
                "interface SubAgent {\n  /** Identifier used to select this subagent in the task tool */\n",
                "interface SubAgent {\n  /** Step limit of the subagent's own run */\n  recursionLimit?: number;\n"
                "  /** Identifier used to select this subagent in the task tool */\n",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("no-spec-step-limit@js",),
    ),
    Mutant(
        "js-task-only-with-own-subagents",
        "npm deepagents: `task` is added only when the caller names sub-agents (general-purpose alone gets none)",
        (
            Patch(
                NPM_BUNDLE,
                "\t\tfsMiddleware,\n\t\tsubagentMiddleware,\n",
                "\t\tfsMiddleware,\n\t\t...subagents.length > 0 ? [subagentMiddleware] : [],\n",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("deep-agent-always-has-task@js", "runnable-has-task@js"),
    ),
    Mutant(
        "js-spec-call-limit-dropped",
        "npm deepagents: a declarative sub-agent drops the ModelCallLimitMiddleware its spec names",
        (
            Patch(
                NPM_BUNDLE,
                "const subagentMiddleware = [...defaultSubagentMiddleware, ...agentParams.middleware ?? []];",
                "const subagentMiddleware = [...defaultSubagentMiddleware, ...(agentParams.middleware ?? [])"
                '.filter((m) => m.name !== "ModelCallLimitMiddleware")];',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("spec-limit-ends-run@js",),
    ),
    Mutant(
        "js-runnable-given-task",
        "npm deepagents: an agent made with createAgent and handed over as a runnable is rebuilt with "
        "the fork child's `task` middleware",
        (
            Patch(
                NPM_BUNDLE,
                "\t\t\tagents[agentParams.name] = agentParams.runnable;\n",
                "\t\t\tconst own = agentParams.runnable;\n"
                "\t\t\tconst ownMiddleware = own.options?.middleware ?? [];\n"
                "\t\t\tagents[agentParams.name] = own.options "
                "&& !ownMiddleware.some((m) => (m.tools ?? []).some((t) => t.name === \"task\"))\n"
                "\t\t\t\t? new own.constructor({ ...own.options, "
                "middleware: [...ownMiddleware, createForkTaskToolMiddleware(mirroredTaskTool)] })\n"
                "\t\t\t\t: own;\n",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("plain-agent-has-no-task@js",),
    ),
    # What the depth guard counts from (depth_limit.py): the namespace a `task` call runs its sub-agent under.
    Mutant(
        "task-starts-child-at-the-root",
        "`task` runs each sub-agent at the root of the namespace, not one step below its caller's run",
        (
            Patch(
                SUBAGENTS_PY,
                _CHILD_CONFIG + _INVOKE,
                _CHILD_CONFIG.replace('"subagent"}', '"subagent", "checkpoint_ns": ""}') + _INVOKE,
            ),
            Patch(
                SUBAGENTS_PY,
                _CHILD_CONFIG + _AINVOKE,
                _CHILD_CONFIG.replace('"subagent"}', '"subagent", "checkpoint_ns": ""}') + _AINVOKE,
            ),
        ),
        flips=("depth-limit-holds", "depth-counts-tool-levels"),
    ),
    Mutant(
        "general-purpose-drops-parent-tools",
        "the general-purpose sub-agent is not given the parent's own tools",
        (Patch(GRAPH_PY, '            "tools": _tools or [],\n            "middleware": gp_middleware,\n',
               '            "tools": [],\n            "middleware": gp_middleware,\n'),),
        flips=("depth-counts-tool-levels", "depth-guard-task-only", "general-purpose-no-task"),
    ),
    Mutant(
        "every-spec-inherits-parent-middleware",
        "every declared sub-agent takes the parent's middleware, as only a fork does",
        (Patch(GRAPH_PY, "            if is_forked and middleware:\n", "            if middleware:\n"),),
        flips=("depth-guard-top-only",),
    ),
    Mutant(
        "js-task-starts-child-at-the-root",
        "npm deepagents: `task` runs each sub-agent at the root of the namespace",
        (
            Patch(
                NPM_BUNDLE,
                "const result = await subagent.invoke(subagentState, subagentConfig);",
                "const result = await subagent.invoke(subagentState, { ...subagentConfig, configurable: "
                '{ ...subagentConfig.configurable, checkpoint_ns: "" } });',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("depth-limit-holds@js", "depth-counts-tool-levels@js"),
    ),
    Mutant(
        "js-general-purpose-drops-parent-tools",
        "npm deepagents: the general-purpose sub-agent is not given the parent's own tools",
        (Patch(NPM_BUNDLE, "\t\t\ttools: effectiveTools\n\t\t});\n\t\tgeneralPurposeSpec.middleware",
               "\t\t\ttools: []\n\t\t});\n\t\tgeneralPurposeSpec.middleware", NPM_DEEPAGENTS),),
        flips=("depth-counts-tool-levels@js", "depth-guard-task-only@js", "general-purpose-no-task@js"),
    ),
    Mutant(
        "js-every-spec-inherits-parent-middleware",
        "npm deepagents: every declared sub-agent takes the parent's middleware, as only a fork does",
        (
            Patch(
                NPM_BUNDLE,
                "forked && customMiddleware.length > 0 ? mergeMiddleware$1(customMiddleware, input.middleware ?? [])",
                "customMiddleware.length > 0 ? mergeMiddleware$1(customMiddleware, input.middleware ?? [])",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("depth-guard-top-only@js",),
    ),
]
