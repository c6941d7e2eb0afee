"""Section 2's mutants (its experiment: snippets/tool_surfaces.py): deepagents, langchain or npm deepagents
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

_GENERAL_PURPOSE = 'if gp_profile.enabled is not False and not any(spec["name"] == GENERAL_PURPOSE_SUBAGENT["name"] for spec in inline_subagents):'
_TODOS = '__import__("langchain.agents.middleware").agents.middleware.TodoListMiddleware()'
MUTANTS = [
    Mutant(
        "general-purpose-takes-parent-middleware",
        "the general-purpose sub-agent runs every middleware of its parent's, and is offered the tools they add",
        (Patch(GRAPH_PY, "_gp_inheritable = [m for m in (middleware or []) if m.name in _gp_original_name_to_index]",
               "_gp_inheritable = list(middleware or [])"),),
        flips=("general-purpose-no-task",),
    ),
    Mutant(
        "children-unlisted",
        "the `task` description no longer lists the sub-agents it reaches",
        (
            Patch(
                SUBAGENTS_PY,
                '    return f"- {name}: {description}{suffix}"\n',
                '    return ""\n',
            ),
        ),
        flips=("parent-has-task",),
    ),
    Mutant(
        "parent-tools-not-inherited",
        "a spec that names no `tools` no longer gets the parent's",
        (
            Patch(
                GRAPH_PY,
                '            raw_subagent_tools = spec.get("tools") if "tools" in spec else tools\n',
                '            raw_subagent_tools = spec.get("tools", [])\n',
            ),
        ),
        flips=("parent-tools-inherited",),
    ),
    Mutant(
        "isolated-inherits-middleware",
        "an isolated child inherits the parent's `middleware` too, as a fork does",
        (
            Patch(
                GRAPH_PY,
                "            if is_forked and middleware:\n",
                "            if middleware:\n",
            ),
        ),
        flips=("parent-middleware-fork-only",),
    ),
    Mutant(
        "parent-gets-todos",
        "a deep agent itself is also given langchain's `write_todos`, after `task`",
        (
            Patch(
                GRAPH_PY,
                "        deepagent_middleware.append(sub_agent_middleware)\n",
                "        deepagent_middleware.append(sub_agent_middleware)\n"
                f"        deepagent_middleware.append({_TODOS})\n",
            ),
        ),
        flips=("parent-tools",),
    ),
    Mutant(
        "isolated-child-gets-task",
        "an isolated child is given `task` too (unguarded: it is not a fork)",
        (
            Patch(
                SUBAGENTS_PY,
                "        if not _is_forked_subagent(spec):\n            return spec\n",
                '        if "runnable" in spec:\n            return spec\n',
            ),
        ),
        flips=("isolated-has-task", "isolated-tools", "isolated-count", "isolated-no-task-from-spec-keys"),
    ),
    Mutant(
        "isolated-child-has-no-tools",
        "an isolated child gets no filesystem tools: only what its spec names",
        (
            Patch(
                GRAPH_PY,
                "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n",
                "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n"
                "            if not is_forked:\n"
                "                subagent_middleware = [m for m in subagent_middleware if not isinstance(m, FilesystemMiddleware)]\n",
            ),
        ),
        flips=("isolated-tools-from-spec", "isolated-tools", "isolated-count", "keys-isolated"),
    ),
    Mutant(
        "fork-has-no-task",
        "a fork child is not given `task` at all",
        (
            Patch(
                SUBAGENTS_PY,
                "        fork_middleware.insert(fs_index + 1, _ForkTaskToolMiddleware(fork_task_tool))\n",
                "        del fs_index  # no `task` for the fork\n",
            ),
        ),
        flips=("fork-has-task",),
    ),
    Mutant(
        "no-default-subagent",
        "a deep agent given no sub-agents gets no general-purpose one, so no `task`",
        (
            Patch(
                GRAPH_PY,
                _GENERAL_PURPOSE,
                "if subagents and " + _GENERAL_PURPOSE.removeprefix("if "),
            ),
        ),
        flips=("runnable-has-task", "deep-agent-always-has-task"),
    ),
    Mutant(
        "general-purpose-only-alone",
        "general-purpose is added only when the caller names no sub-agent",
        (
            Patch(
                GRAPH_PY,
                _GENERAL_PURPOSE,
                "if not subagents and " + _GENERAL_PURPOSE.removeprefix("if "),
            ),
        ),
        flips=("general-purpose-added",),
    ),
    Mutant(
        "js-isolated-gets-task",
        "npm deepagents: an isolated child is given the fork child's `task` as well",
        (
            Patch(
                NPM_BUNDLE,
                '\t\t\t\tmode: "isolated",\n\t\t\t\tmodel: agentParams.model ?? defaultModel,\n'
                "\t\t\t\ttools: agentParams.tools ?? defaultTools,\n\t\t\t\tmiddleware: subagentMiddleware,",
                '\t\t\t\tmode: "isolated",\n\t\t\t\tmodel: agentParams.model ?? defaultModel,\n'
                "\t\t\t\ttools: agentParams.tools ?? defaultTools,\n"
                "\t\t\t\tmiddleware: [...subagentMiddleware, createForkTaskToolMiddleware(mirroredTaskTool)],",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("isolated-has-task@js",),
    ),
    Mutant(
        "js-fork-has-no-task",
        "npm deepagents: a fork child is not given `task` at all",
        (
            Patch(
                NPM_BUNDLE,
                "\t\t\tsubagentMiddleware.splice(fsIndex + 1, 0, createForkTaskToolMiddleware(mirroredTaskTool));\n",
                "\t\t\tvoid fsIndex; // no `task` for the fork\n",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("fork-has-task@js",),
    ),
]
