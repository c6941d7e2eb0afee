"""The mutation suite: does the site follow deepagents, sentence by sentence?

    python -m tools.mutation                      # every mutant, full strict builds (make mutate)
    python -m tools.mutation fork-may-set-skills  # only the mutants named
    python -m tools.mutation --quick              # the quick path that tests/test_mutants.py runs

A mutant is one small change of behaviour in an installed package (deepagents,
or langchain where a claim is about langchain's behaviour), declared as data:
exact `old` -> `new` text patches, and the claims it flips. The package is
copied into a scratch folder, patched there (the real `.venv` is never touched)
and the copy is put first on the path of whatever observes it.

Nothing a page says is copied here. What every page of every language must
show under a mutant follows from the page's own bindings (sitegen/bindings.py)
and the claims' live values. A mutant is *caught* when every claim it declares
does flip, and

a. the strict build stops with a message naming a `page:line` whose sentence
   is bound to a flipped claim, or an experiment failure naming the pages that
   show it; or
b. the build passes, every bound text left on every page of every language
   holds under the new values (no `when(X)` left where X became false, no
   `unless(X)` where it became true, no guard whose claim moved), and no page
   shows a `None` (a quoted value that is now missing) the baseline did not.

Two ways to observe a mutant:

* full (`make mutate`): both languages built strictly against the patched copy
  (`mkdocs build --strict`, exec blocks and all), two builds at a time.
* quick (tests/test_mutants.py): tools/mutation_probe.py measures the facts
  under the patched copy in a forked process and resolves every page of every
  language by the build's own code (bindings and macros, no Markdown), several
  mutants at a time; only the sections a mutant can change are measured again.

Each verdict also says what shows the flip on the pages: sentences bound to a
flipped claim, tables or values that changed. A mutant with none of those
proves nothing about the pages, and the table says so.
"""

from __future__ import annotations

import argparse
import functools
import html
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from snippets import paths

ROOT = paths.ROOT
CACHE = paths.CACHE / "mutants"


# --------------------------------------------------------------------------- patches and mutants


@dataclass(frozen=True)
class Patch:
    """Replace `old` by `new` in `file` (relative to the installed `package`); `old` must occur exactly once."""

    file: str
    old: str
    new: str
    package: str = "deepagents"


@dataclass(frozen=True)
class Mutant:
    name: str
    section: str  # the experiment it is aimed at (snippets/<section>.py)
    changes: str  # the behaviour it changes, in one line
    patches: tuple[Patch, ...]
    flips: tuple[str, ...]  # claim ids whose live value it must change

    @property
    def packages(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(patch.package for patch in self.patches))


class MutantNoLongerApplies(RuntimeError):
    """A mutant's `old` text is not in the installed package exactly once."""


SUBAGENTS = "middleware/subagents.py"
GRAPH = "graph.py"
FACTORY = "agents/factory.py"  # in langchain

_SYNC_TASK = "    def task(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
_ASYNC_TASK = "    async def atask(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
_GATE = "        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            return _FORK_RECURSION_REFUSAL\n"
_LOOKUP = '''        if subagent_type not in subagent_graphs:
            allowed_types = ", ".join([f"`{k}`" for k in subagent_graphs])
            return f"We cannot invoke subagent {subagent_type} because it does not exist, the only allowed types are {allowed_types}"
'''
_RAISE = "        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            raise RuntimeError(_FORK_RECURSION_REFUSAL)\n"
_MODES = 'if mode not in (None, "isolated", "fork"):'
_INVOKE = "        with _subagent_tracing_context():\n            result = subagent.invoke(subagent_state, subagent_config)\n"
_ISOLATED_MESSAGES = '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
_FORK_FLAG = "                inherited[_FORKED_CONTEXT_KEY] = True\n"
_RUNNABLE_INHERITS = ("                inherited = {key: value for key, value in runtime.state.items() "
                      "if key not in _EXCLUDED_STATE_KEYS | private_state_keys}\n")
_MIDDLEWARE_CLASS = "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n"
_GENERAL_PURPOSE = 'if gp_profile.enabled is not False and not any(spec["name"] == GENERAL_PURPOSE_SUBAGENT["name"] for spec in inline_subagents):'

MUTANTS: list[Mutant] = [
    # 1. modes
    Mutant("mode-accepts-forked", "modes", "the mode check also accepts 'forked' (treated as isolated)",
           (Patch(SUBAGENTS, _MODES, 'if mode not in (None, "isolated", "fork", "forked"):'),),
           flips=("mode-forked", "mode-error", "unknown-modes-rejected")),
    Mutant("mode-accepts-shared", "modes", "the mode check also accepts 'shared' and 'inherit'",
           (Patch(SUBAGENTS, _MODES, 'if mode not in (None, "isolated", "fork", "shared", "inherit"):'),),
           flips=("mode-shared", "mode-inherit", "unknown-modes-rejected")),
    Mutant("mode-required", "modes", "a spec without `mode` is rejected: every spec must name one",
           (Patch(SUBAGENTS, _MODES, 'if mode not in ("isolated", "fork"):'),),
           flips=("mode-omitted",)),
    Mutant("isolated-mode-rejected", "modes", "`mode=\"isolated\"` is rejected (isolated is only the default, never named)",
           (Patch(SUBAGENTS, _MODES, 'if mode not in (None, "fork"):'),),
           flips=("mode-isolated", "isolated-is-default")),
    Mutant("handoff-is-legacy-alias", "modes", "'handoff' is accepted again, as the article saw",
           (Patch(SUBAGENTS, _MODES, 'if mode not in (None, "isolated", "fork", "handoff"):'),),
           flips=("mode-handoff", "mode-handoff-tools", "handoff-is-default")),
    Mutant("names-need-not-be-unique", "modes", "the unique-name check is dropped (two specs may share a name)",
           (Patch(SUBAGENTS, "            raise ValueError(msg)\n        seen.add(name)\n",
                  "            del msg\n        seen.add(name)\n"),),
           flips=("names-unique", "names-fork-only")),
    Mutant("names-reason-reworded", "modes", "the source no longer says why names must be unique ('purely by name')",
           (Patch(SUBAGENTS, "The model selects a subagent purely by name, so a collision has no\n    coherent meaning",
                  "A collision has no\n    coherent meaning"),),
           flips=("names-reason-in-source",)),
    Mutant("fork-may-set-skills", "modes", "a fork spec may set `skills`",
           (Patch(SUBAGENTS, 'if mode == "fork" and spec.get("skills"):', 'if mode == "fork" and spec.get("skills") and False:'),),
           flips=("fork-skills",)),
    Mutant("no-beta-warning", "modes", "attaching a fork child no longer emits the beta warning",
           (Patch(SUBAGENTS, '            warn_beta(name="forked subagents", obj_type="feature")\n', "            pass  # no beta warning\n"),),
           flips=("fork-beta",)),
    Mutant("beta-for-every-child", "guidance", "attaching any sub-agent emits the beta warning, not only a fork",
           (Patch(SUBAGENTS, "        if any(_is_forked_subagent(spec) or _is_forked_compiled_subagent(spec) for spec in subagents):\n",
                  "        if subagents:\n"),),
           flips=("isolated-beta", "runnable-beta")),
    Mutant("runnable-gets-the-conversation", "guidance", "your own agent handed over without `mode` gets the parent's conversation",
           (Patch(SUBAGENTS, '            subagent_state["messages"] = [HumanMessage(content=description)]\n',
                  '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
                  '            if _is_compiled_subagent(subagent):\n'
                  '                subagent_state["messages"] = [*runtime.state.get("messages", [])[:-1], *subagent_state["messages"]]\n'),),
           flips=("runnable-starts-from-task",)),
    # 2. tool surfaces
    Mutant("isolated-child-gets-task", "tool_surfaces", "an isolated child is given `task` too (unguarded: it is not a fork)",
           (Patch(SUBAGENTS, "        if not _is_forked_subagent(spec):\n            return spec\n",
                  '        if "runnable" in spec:\n            return spec\n'),),
           flips=("isolated-has-task", "isolated-tools", "isolated-count")),
    Mutant("isolated-child-has-no-tools", "tool_surfaces", "an isolated child gets no filesystem tools: only what its spec names",
           (Patch(GRAPH, "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n",
                  "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n"
                  "            if not is_forked:\n"
                  "                subagent_middleware = [m for m in subagent_middleware if not isinstance(m, FilesystemMiddleware)]\n"),),
           flips=("isolated-tools-from-spec", "isolated-tools", "isolated-count")),
    Mutant("fork-has-no-task", "tool_surfaces", "a fork child is not given `task` at all",
           (Patch(SUBAGENTS, "        fork_middleware.insert(fs_index + 1, _ForkTaskToolMiddleware(fork_task_tool))\n",
                  "        del fs_index  # no `task` for the fork\n"),),
           flips=("fork-has-task",)),
    Mutant("no-default-subagent", "tool_surfaces", "a deep agent given no sub-agents gets no general-purpose one, so no `task`",
           (Patch(GRAPH, _GENERAL_PURPOSE, "if subagents and " + _GENERAL_PURPOSE.removeprefix("if ")),),
           flips=("runnable-has-task", "deep-agent-always-has-task")),
    Mutant("general-purpose-only-alone", "tool_surfaces", "general-purpose is added only when the caller names no sub-agent",
           (Patch(GRAPH, _GENERAL_PURPOSE, "if not subagents and " + _GENERAL_PURPOSE.removeprefix("if ")),),
           flips=("general-purpose-added",)),
    # 3. why `task` is kept
    Mutant("fork-task-moved-first", "why_kept", "the fork child's `task` is put first, before the file tools",
           (Patch(SUBAGENTS, "fork_middleware.insert(fs_index + 1, _ForkTaskToolMiddleware(fork_task_tool))",
                  "fork_middleware.insert(0, _ForkTaskToolMiddleware(fork_task_tool))"),),
           flips=("task-same-index", "prefix", "same-surface", "fork-task-after-files")),
    Mutant("fork-task-description-differs", "why_kept", "the fork child's `task` description differs from the parent's",
           (Patch(SUBAGENTS, "            coroutine=atask,\n            description=description,\n            infer_schema=False,\n"
                  "            args_schema=TaskToolSchema,\n        )\n        fork_middleware = ",
                  '            coroutine=atask,\n            description=description + " (fork copy)",\n            infer_schema=False,\n'
                  "            args_schema=TaskToolSchema,\n        )\n        fork_middleware = "),),
           flips=("task-description-identical", "same-surface")),
    Mutant("fork-gets-extra-tool", "why_kept", "the fork child is offered one tool more than its parent, after `task`",
           (Patch(SUBAGENTS, "    def __init__(self, task_tool: BaseTool) -> None:\n        self.tools = [task_tool]\n",
                  "    def __init__(self, task_tool: BaseTool) -> None:\n"
                  '        self.tools = [task_tool, StructuredTool.from_function(lambda: "", name="fork_note", '
                  'description="A tool only the fork has.")]\n'),),
           flips=("same-surface", "fork-count")),
    Mutant("call-time-docstring-reworded", "why_kept", "the flag's docstring no longer says `task` is refused instead of omitted",
           (Patch(SUBAGENTS, "refuse recursive delegation at call time instead of\nomitting the tool -- see",
                  "refuse recursive delegation -- see"),),
           flips=("reason-call-time",)),
    Mutant("tests-comment-dropped", "why_kept", "the source comment no longer says that deepagents' tests assert the tool order",
           (Patch(SUBAGENTS, "        # position keeps both tools blocks in the same order. Tests assert that tool\n        # order matches.\n",
                  "        # position keeps both tools blocks in the same order.\n"),),
           flips=("tests-assert-order",)),
    Mutant("tool-order-comment-reworded", "why_kept", "the comment on the fork's `task` position no longer speaks of the same order",
           (Patch(SUBAGENTS, "position keeps both tools blocks in the same order.", "position is what the tests check."),),
           flips=("reason-tool-order",)),
    Mutant("cache-comment-reworded", "why_kept", "the comment on the `task` description no longer speaks of cache hits",
           (Patch(SUBAGENTS, "# this exact string for cache hits.", "# this exact string."),),
           flips=("reason-cache",)),
    Mutant("cache-reuse-undocumented", "why_kept", "the docs of `SubAgent.middleware` no longer mention prompt-cache reuse",
           (Patch(SUBAGENTS, "shared prompt-cache reuse and potentially higher model costs", "higher model costs"),),
           flips=("cache-reuse-documented",)),
    Mutant("graph-shape-comment-reworded", "why_kept", "the comment on a fork's private state no longer speaks of the same graph shape",
           (Patch(SUBAGENTS, "# A declarative fork runs the same graph shape as its parent, so",
                  "# A declarative fork is built like its parent, so"),),
           flips=("graph-shape-is-about-state",)),
    Mutant("fork-middleware-docstring-changed", "why_kept", "the docstring of _ForkTaskToolMiddleware changes (nobody has read the new one)",
           (Patch(SUBAGENTS, '"""Gives a forked subagent the real `task` tool, guarded against recursion."""',
                  '"""Keeps `task` on a forked subagent so that its tools match the parent\'s, for prompt caching."""'),),
           flips=("source-gives-reasons",)),
    # 4. the refusal
    Mutant("refusal-raises", "refusal", "a fork child's `task` call raises instead of returning the refusal",
           (Patch(SUBAGENTS, _SYNC_TASK + _GATE, _SYNC_TASK + _RAISE), Patch(SUBAGENTS, _ASYNC_TASK + _GATE, _ASYNC_TASK + _RAISE)),
           flips=("refusal-tool-message",)),
    Mutant("refusal-text-changed", "refusal", "the refusal says something else",
           (Patch(SUBAGENTS, '"You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again."',
                  '"Delegation is disabled inside a forked subagent; answer the task yourself."'),),
           flips=("refusal-text", "refusal-length")),
    Mutant("lookup-before-refusal", "refusal", 'the sub-agent lookup comes before the refusal, so `ghost` gets "does not exist"',
           (Patch(SUBAGENTS, _SYNC_TASK + _GATE + _LOOKUP, _SYNC_TASK + _LOOKUP + _GATE),
            Patch(SUBAGENTS, _ASYNC_TASK + _GATE + _LOOKUP, _ASYNC_TASK + _LOOKUP + _GATE)),
           flips=("refusal-before-lookup", "refusal-repeat")),
    Mutant("refusal-passed-up", "refusal", "a fork child that was refused hands the refusal up to its parent as its answer",
           (Patch(SUBAGENTS, '        structured = result.get("structured_response")\n        if structured is not None:\n',
                  '        structured = result.get("structured_response")\n'
                  "        if any(isinstance(m, ToolMessage) and m.content == _FORK_RECURSION_REFUSAL for m in result[\"messages\"]):\n"
                  "            content = _FORK_RECURSION_REFUSAL\n"
                  "        elif structured is not None:\n"),),
           flips=("refusal-streamed-in-child-namespace", "refusal-stays-inside", "refusal-parent")),
    # 5. the flag
    Mutant("flag-not-set", "flag", "a declarative fork child's state no longer gets the flag (its `task` really delegates)",
           (Patch(SUBAGENTS, _FORK_FLAG, "                pass  # no flag\n"),),
           flips=("keys-fork", "flag-value", "gap-declarative", "fork-refused", "flag-only-declarative", "nest-one-level")),
    Mutant("flag-dropped-on-input", "flag", "the flag's channel is declared as omitted on input",
           (Patch(SUBAGENTS, "OmitFromSchema(input=False, output=True)", "OmitFromSchema(input=True, output=True)"),),
           flips=("flag-kept-on-input", "flag-value", "flag-only-declarative")),
    Mutant("flag-kept-on-output", "flag", "the flag's channel is declared as kept on output",
           (Patch(SUBAGENTS, "OmitFromSchema(input=False, output=True)", "OmitFromSchema(input=False, output=False)"),),
           flips=("flag-omitted-on-output",)),
    Mutant("flag-not-excluded-from-updates", "flag", "the flag is no longer among the keys a child never hands back",
           (Patch(SUBAGENTS, "    _SKILL_TOOLS_DISCLOSED_KEY,\n    _FORKED_CONTEXT_KEY,\n    _RUBRIC_KEY,\n",
                  "    _SKILL_TOOLS_DISCLOSED_KEY,\n    _RUBRIC_KEY,\n"),),
           flips=("flag-excluded-from-updates",)),
    Mutant("why-declared-reworded", "flag", "the flag's state schema no longer says why the key must be declared",
           (Patch(SUBAGENTS, "The key needs a declared schema: an undeclared key", "An undeclared key"),),
           flips=("why-declared",)),
    Mutant("preamble-silent", "flag", "the fork preamble no longer warns that delegating will be refused",
           (Patch(SUBAGENTS, '    "asked to delegate further. If you try to delegate to another subagent "\n'
                  '    "yourself, it will be refused — complete this task directly. Use the "',
                  '    "asked to delegate further. Complete this task directly. Use the "'),),
           flips=("preamble-warns", "preamble-length")),
    Mutant("preamble-own-message", "flag", "the fork preamble comes as a message of its own, before the task",
           (Patch(SUBAGENTS, "    return [*effective, HumanMessage(content=preamble + description)]\n",
                  "    return [*effective, HumanMessage(content=preamble), HumanMessage(content=description)]\n"),),
           flips=("preamble-heads-task-message",)),
    Mutant("runnable-fork-without-preamble", "flag", "a fork in the `runnable` form gets its task without the preamble",
           (Patch(SUBAGENTS, """                    runtime.state.get(SUMMARIZATION_EVENT_KEY),
                    description,
                ),""", """                    runtime.state.get(SUMMARIZATION_EVENT_KEY),
                    description,
                    preamble=_FORK_TASK_PREAMBLE if _is_forked_subagent(subagent) else "",
                ),"""),),
           flips=("runnable-fork-told-refused",)),
    Mutant("fork-drops-user-messages", "flag", "a fork child inherits the parent's conversation without the user's messages",
           (Patch(SUBAGENTS, "    return [*effective, HumanMessage(content=preamble + description)]\n",
                  "    effective = [m for m in effective if not isinstance(m, HumanMessage)]\n"
                  "    return [*effective, HumanMessage(content=preamble + description)]\n"),),
           flips=("preamble-in-first-message",)),
    Mutant("suffix-mentions-delegation", "flag", "the fork line of the parent's `task` description says the child cannot delegate",
           (Patch(SUBAGENTS, '" (inherits your full conversation and system prompt — no need to restate context here)"',
                  '" (inherits your full conversation and system prompt — it cannot delegate further)"'),),
           flips=("suffix-silent", "suffix-length")),
    # 6. the gap
    Mutant("runnable-fork-flagged", "gap", "a runnable-form fork also gets the flag (declared by SubAgentMiddleware), so its grandchild is refused",
           (Patch(SUBAGENTS, _MIDDLEWARE_CLASS, _MIDDLEWARE_CLASS + "    state_schema = _ForkedContextState\n"),
            Patch(SUBAGENTS, _RUNNABLE_INHERITS, _RUNNABLE_INHERITS + "                inherited[_FORKED_CONTEXT_KEY] = True\n")),
           flips=("gap-runnable", "keys-runnable", "flag-only-declarative", "flag-closes-gate", "flag-declarer")),
    Mutant("opaque-comment-reworded", "gap", "the source no longer says why a runnable gets no flag (it is opaque)",
           (Patch(SUBAGENTS, "# A compiled runnable is opaque -- it may not declare these", "# A compiled runnable may not declare these"),),
           flips=("gap-reason-in-source",)),
    Mutant("every-runnable-flagged", "gap", "every child in the runnable form gets the flag, with or without mode, so none delegates further",
           (Patch(SUBAGENTS, _MIDDLEWARE_CLASS, _MIDDLEWARE_CLASS + "    state_schema = _ForkedContextState\n"),
            Patch(SUBAGENTS, _ISOLATED_MESSAGES, _ISOLATED_MESSAGES + '            if "runnable" in subagent:\n'
                  "                subagent_state[_FORKED_CONTEXT_KEY] = True\n")),
           flips=("gap-runnable-no-mode", "nest-one-level")),
    # 7. guidance
    Mutant("fork-forgets-conversation", "guidance", "a declarative fork no longer receives the parent's conversation, only its task",
           (Patch(SUBAGENTS, "    return [*effective, HumanMessage(content=preamble + description)]\n",
                  "    return [HumanMessage(content=preamble + description)]\n"),),
           flips=("guide-fork",)),
    Mutant("isolated-sees-conversation", "guidance", "an isolated child is handed the parent's conversation before its task",
           (Patch(SUBAGENTS, _ISOLATED_MESSAGES, '            subagent_state["messages"] = [*runtime.state.get("messages", [])[:-1], '
                  "HumanMessage(content=description)]\n"),),
           flips=("guide-fork", "fork-carries-more")),
    Mutant("isolated-gets-a-preface", "guidance", "an isolated child starts from two messages: a preface, then its task",
           (Patch(SUBAGENTS, _ISOLATED_MESSAGES, '            subagent_state["messages"] = [HumanMessage(content="You are a sub-agent."), '
                  "HumanMessage(content=description)]\n"),),
           flips=("fork-carries-more",)),
    Mutant("sync-skips-tool-guards", "guidance", "langchain: under invoke, no middleware wraps a tool call",
           (Patch(FACTORY, "        wrap_tool_call_wrapper = _chain_tool_call_wrappers(wrappers)\n",
                  "        wrap_tool_call_wrapper = lambda request, execute: execute(request)  # middleware skipped\n",
                  package="langchain"),),
           flips=("guide-own-gate",)),
    Mutant("async-skips-tool-guards", "guidance", "langchain: under ainvoke, no middleware wraps a tool call",
           (Patch(FACTORY, "        awrap_tool_call_wrapper = _chain_async_tool_call_wrappers(async_wrappers)\n",
                  "        awrap_tool_call_wrapper = lambda request, execute: execute(request)  # middleware skipped\n",
                  package="langchain"),),
           flips=("guard-async", "sync-guard-fails-async")),
    Mutant("sync-guard-skipped-async", "guidance", "langchain: under ainvoke, a middleware with only wrap_tool_call is skipped, not an error",
           (Patch(FACTORY, "        if m.__class__.awrap_tool_call is not AgentMiddleware.awrap_tool_call\n"
                  "        or m.__class__.wrap_tool_call is not AgentMiddleware.wrap_tool_call\n",
                  "        if m.__class__.awrap_tool_call is not AgentMiddleware.awrap_tool_call\n", package="langchain"),),
           flips=("sync-guard-fails-async",)),
    Mutant("step-limit-answered", "guidance", "a sub-agent that hits its step limit makes `task` return a message instead of raising",
           (Patch(SUBAGENTS, _INVOKE, "        with _subagent_tracing_context():\n            try:\n"
                  "                result = subagent.invoke(subagent_state, subagent_config)\n"
                  "            except Exception as error:\n"
                  '                if type(error).__name__ != "GraphRecursionError":\n                    raise\n'
                  '                return f"The subagent {subagent_type} stopped at its step limit."\n'),),
           flips=("step-limit-raises",)),
    Mutant("step-limit-rewrapped", "guidance", "a sub-agent's exhausted step limit reaches the parent as a RuntimeError, past a handler of GraphRecursionError",
           (Patch(SUBAGENTS, _INVOKE, "        with _subagent_tracing_context():\n            try:\n"
                  "                result = subagent.invoke(subagent_state, subagent_config)\n"
                  "            except Exception as error:\n"
                  '                if type(error).__name__ == "GraphRecursionError":\n'
                  '                    raise RuntimeError(f"subagent {subagent_type} hit its step limit") from error\n'
                  "                raise\n"),),
           flips=("step-limit-reported",)),
    Mutant("lower-default-limit", "guidance", "a deep agent's own recursion limit is 1000, not 9999",
           (Patch(GRAPH, '            "recursion_limit": 9_999,\n', '            "recursion_limit": 1_000,\n'),),
           flips=("default-recursion-limit",)),
    Mutant("no-own-limit", "guidance", "a deep agent sets no recursion limit of its own (neither deepagents nor langchain's create_agent)",
           (Patch(GRAPH, '            "recursion_limit": 9_999,\n', ""),
            Patch(FACTORY, '    config: RunnableConfig = {"recursion_limit": 9_999}\n', "    config: RunnableConfig = {}\n", package="langchain")),
           flips=("own-limit-is-set", "default-recursion-limit")),
    Mutant("spec-has-step-limit", "guidance", "a declarative spec gains a `recursion_limit` key",
           (Patch(SUBAGENTS, '    system_prompt: NotRequired[str]\n    """Instructions for the subagent.',
                  '    recursion_limit: NotRequired[int]\n    """Step limit of the subagent\'s own run."""\n\n'
                  '    system_prompt: NotRequired[str]\n    """Instructions for the subagent.'),),
           flips=("no-spec-step-limit",)),
    Mutant("task-only-with-own-subagents", "guidance", "`task` is added only when the caller names sub-agents (general-purpose alone gets none)",
           (Patch(GRAPH, "    if inline_subagents:\n        sub_agent_middleware = SubAgentMiddleware(",
                  "    if inline_subagents and subagents:\n        sub_agent_middleware = SubAgentMiddleware("),),
           flips=("deep-agent-always-has-task", "runnable-has-task")),
    Mutant("every-agent-gets-task", "guidance", "langchain: create_agent gives every agent a `task` tool of its own",
           (Patch(FACTORY, '    middleware_tools = [t for m in middleware for t in getattr(m, "tools", [])]\n',
                  '    middleware_tools = [t for m in middleware for t in getattr(m, "tools", [])]\n'
                  '    if not any(getattr(t, "name", None) == "task" for t in [*tools, *middleware_tools]):\n'
                  "        from langchain_core.tools import StructuredTool\n\n"
                  "        def task(description: str, subagent_type: str) -> str:\n"
                  '            """Delegate a task."""\n'
                  '            return "no sub-agents here"\n\n'
                  "        middleware_tools.append(StructuredTool.from_function(task))\n", package="langchain"),),
           flips=("plain-agent-has-no-task",)),
]


# --------------------------------------------------------------------------- scratch copies


def installed(package: str) -> Path:
    """Where an importable package lives, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        msg = f"{package} is not installed in this environment: run `make setup`"
        raise RuntimeError(msg)
    return Path(next(iter(spec.submodule_search_locations))).resolve()


@functools.cache
def distribution(package: str) -> str:
    """The distribution that installs an importable package (langchain_core -> langchain-core; for a
    namespace several do: the one named like it)."""
    names = importlib.metadata.packages_distributions().get(package, [package])
    return next((name for name in names if re.sub(r"[-_.]+", "_", name).lower() == package), names[0])


def release(package: str) -> str:
    return f"{distribution(package)} {importlib.metadata.version(distribution(package))}"


def scratch_copy(target: Path, packages: Iterable[str] = ("deepagents",), patches: Iterable[Patch] = ()) -> Path:
    """A copy of each installed package in <target>/<package>, ready for these patches; returns <target>.

    A copy is made of symbolic links to the installed files and folders: only the folders
    on the way to a patched file are real, so that apply_patches can replace the file (and
    drop its compiled module) without ever writing through a link. Making one costs next to nothing.
    """
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for package in packages:
        _mirror(installed(package), target / package, {Path(p.file) for p in patches if p.package == package})
    return target


def _mirror(source: Path, target: Path, patched: set[Path]) -> None:
    """`target` as a link to `source`, or, when a patched file lies below, a folder of links."""
    if not patched:
        target.symlink_to(source, target_is_directory=True)
        return
    target.mkdir()
    here = {path.stem for path in patched if len(path.parts) == 1}  # patched modules of this folder
    for entry in sorted(source.iterdir()):
        below = {path.relative_to(entry.name) for path in patched if len(path.parts) > 1 and path.parts[0] == entry.name}
        if entry.is_dir() and below:
            _mirror(entry, target / entry.name, below)
        elif entry.name == "__pycache__" and here:  # the compiled modules, but not the patched ones'
            (target / entry.name).mkdir()
            for compiled in entry.iterdir():
                if compiled.name.split(".", 1)[0] not in here:
                    (target / entry.name / compiled.name).symlink_to(compiled)
        else:
            (target / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())


def apply_patches(scratch: Path, patches: Iterable[Patch], name: str = "patch") -> None:
    """Apply each patch to the copies in `scratch`, or fail naming the mutant, the release, the file and the text."""
    for patch in patches:
        path = scratch / patch.package / patch.file
        text = path.read_text(encoding="utf-8") if path.exists() else None
        count = 0 if text is None else text.count(patch.old)
        if count != 1:
            where = f"mutant {name} no longer applies to {release(patch.package)}: {patch.file}"
            if text is None:
                raise MutantNoLongerApplies(f"{where} does not exist")
            shown = " ⏎ ".join(line.strip() for line in patch.old.strip().splitlines())
            shown = shown if len(shown) <= 120 else shown[:119] + "…"
            found = "no" if count == 0 else f"{count} copies of"
            raise MutantNoLongerApplies(f"{where} has {found} {shown!r}" + (" (it must occur exactly once)" if count > 1 else ""))
        if any(folder.is_symlink() for folder in path.parents if folder.is_relative_to(scratch)):
            msg = f"{path} lies in a link to the installed package (scratch_copy makes real folders for the patches it is given)"
            raise RuntimeError(msg)
        path.unlink()  # a link to the installed file: replaced, never written through
        path.write_text(text.replace(patch.old, patch.new), encoding="utf-8")


def prepare(mutant: Mutant, folder: Path) -> Path:
    """The mutant's patched copies in <folder>/scratch; raises MutantNoLongerApplies."""
    scratch = scratch_copy(folder / "scratch", mutant.packages or ("deepagents",), mutant.patches)
    apply_patches(scratch, mutant.patches, mutant.name)
    return scratch


def base_env(scratch: Path | None = None) -> dict[str, str]:
    """The environment of an observation: the scratch copy first on PYTHONPATH, nothing cached, a fixed date."""
    env = {**os.environ, "FACTS_CACHE": "0", "SOURCE_DATE_EPOCH": "1764633600", "DISABLE_MKDOCS_2_WARNING": "true",
           "NO_MKDOCS_2_WARNING": "1", "PYTHONWARNINGS": "ignore::SyntaxWarning"}
    if scratch is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(scratch), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


# --------------------------------------------------------------------------- observations


@dataclass
class Observation:
    """What the site says under one copy of the packages."""

    live: dict[str, Any] = field(default_factory=dict)  # claim id -> live value ({"error": ...} when unmeasurable)
    pages: dict[str, dict] = field(default_factory=dict)  # "<language>/<page>" -> {"regions": {...}, "spans": [...]}
    stops: list[str] = field(default_factory=list)  # what stops the strict build, naming page:line
    failure: str | None = None  # an experiment that failed, naming the pages that show it
    imported: dict[str, str] = field(default_factory=dict)  # package -> where the observation imported it from
    seconds: float = 0.0
    error: str | None = None  # it could not be observed at all (a patch no longer applies, a crash)

    @classmethod
    def read(cls, data: dict) -> Observation:
        if "error" in data and data["error"]:
            return cls(error=data["error"])
        return cls(**{key: data[key] for key in cls.__dataclass_fields__ if key in data})

    @property
    def stopped(self) -> bool:
        return bool(self.stops or self.failure)


# --------------------------------------------------------------------------- the pages' bindings


@functools.cache
def bound_segments(source: str) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Line -> (kind, names as written: "id", "!id" or a reason) for every marker of a page source
    (a path relative to the repository)."""
    from sitegen import bindings

    text = (ROOT / source).read_text(encoding="utf-8")
    return {s.line: (s.kind, s.names) for s in bindings.segments(text, source)}


def claims_at(source: str, line: int) -> set[str]:
    """The claims the marker at `source:line` is bound to (none for a narrative or no marker)."""
    kind, names = bound_segments(source).get(line, ("narrative", ()))
    return set() if kind == "narrative" else {name.lstrip("!") for name in names}


def page_sources() -> list[str]:
    """Every page source some language's site is built from (translations and the pages they fall back to)."""
    from sitegen import languages
    from tools.mutation_probe import page_sources as sources_of

    return sorted({paths.shown(path) for code in languages.codes() for path in sources_of(code).values()})


def page_source_of() -> dict[str, str]:
    """"<language>/<page>" -> the page source it is built from, for every page of every language."""
    from sitegen import languages
    from tools.mutation_probe import page_sources as sources_of

    return {f"{code}/{page}": paths.shown(path) for code in languages.codes() for page, path in sources_of(code).items()}


def bound_to(claims: Iterable[str]) -> list[str]:
    """`page:line` of every sentence bound to one of these claims, on every page source."""
    wanted = set(claims)
    return [f"{source}:{line}" for source in page_sources() for line in bound_segments(source) if claims_at(source, line) & wanted]


def holds(kind: str, names: Sequence[str], live: dict[str, Any]) -> bool:
    """Whether a kept span's text is true under these values (sitegen/bindings.py: what each kind means)."""
    if kind == "narrative":
        return True
    if kind == "guard":
        return all(live.get(name.lstrip("!")) is (not name.startswith("!")) for name in names)
    return live.get(names[0]) is (kind == "when")


def named_places(message: str) -> list[tuple[str, int]]:
    """The (page source, line) pairs a build message names."""
    return [(path, int(line)) for path, line in re.findall(r"(docs/[\w./-]+\.md):(\d+)", message)]


# --------------------------------------------------------------------------- verdicts


@dataclass
class Verdict:
    mutant: Mutant
    caught: bool
    followed: str  # one line for the table
    details: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)  # what shows the flip on the pages; empty: proves nothing
    seconds: float = 0.0

    def __repr__(self) -> str:  # short, for assertion messages
        return f"Verdict({self.mutant.name}, caught={self.caught})"

    @property
    def proves_nothing(self) -> bool:
        return self.caught and not self.evidence

    def row(self) -> str:
        mark = "caught" if self.caught else "NOT CAUGHT"
        if self.proves_nothing:
            mark += " (proves nothing: the flip shows on no page)"
        return f"| {self.mutant.name} | {self.mutant.section} | {self.followed} | {mark} |"

    def report(self) -> str:
        lines = [self.row(), f"  changes: {self.mutant.changes}" + (f" ({self.seconds:.1f} s)" if self.seconds else "")]
        lines += [f"  {line}" for line in self.details]
        lines += [f"  shown by: {', '.join(self.evidence) or 'nothing'}"]
        return "\n".join(lines)


def _short(value: Any, limit: int = 50) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _first_line(message: str, limit: int = 170) -> str:
    line = next((line.strip() for line in message.splitlines() if line.strip()), "")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _nones(regions: dict[str, str]) -> int:
    """How often a page shows `None` outside the callouts (which quote the article's old values on purpose)."""
    return len(re.findall(r"\bNone\b", html.unescape(regions.get("prose", "") + regions.get("table", ""))))


def changed_regions(baseline: Observation, seen: Observation) -> dict[str, list[str]]:
    """Region ("prose", "table", "callout") -> the pages where it reads differently from the baseline."""
    changed: dict[str, list[str]] = {}
    for page, data in seen.pages.items():
        before = baseline.pages.get(page)
        if before is None:
            continue
        for region, text in data["regions"].items():
            if text != before["regions"].get(region):
                changed.setdefault(region, []).append(page)
    return changed


def flipped_claims(baseline: Observation, seen: Observation) -> dict[str, tuple[Any, Any]]:
    """Claim -> (value before, value now) for every claim whose live value moved (an error counts)."""
    return {claim: (baseline.live.get(claim), value) for claim, value in seen.live.items() if value != baseline.live.get(claim)}


def stop_problems(seen: Observation, flipped: dict) -> tuple[list[str], list[str]]:
    """(problems, the places named) of a build that stops: it must name a page:line bound to a flipped
    claim, or an experiment failure naming the pages that show it."""
    hits = list(dict.fromkeys(f"{source}:{line}" for message in seen.stops for source, line in named_places(message)
                              if claims_at(source, line) & set(flipped)))
    failure_pages = (re.findall(r"docs/[\w./-]+\.md", seen.failure.split("pages that show it:", 1)[-1])
                     if seen.failure and "pages that show it:" in seen.failure else [])
    problems = []
    if seen.failure and not failure_pages:
        problems.append("an experiment failed without naming the pages that show it")
    if not hits and not failure_pages:
        problems.append("the build stops, but names no page:line bound to a flipped claim")
    return problems, hits or failure_pages


def page_problems(baseline: Observation, seen: Observation, flipped: dict) -> list[str]:
    """What a page that built still says wrong: of the texts its source binds to a flipped claim, exactly
    those that hold now must be shown (their spans present, the others gone), and no `None` may appear
    that the baseline did not show. Spans are matched by binding, not by line: a page can be shown
    under a notice that moves its lines (an untranslated page)."""
    from collections import Counter

    sources = page_source_of()
    problems = []
    for page, data in seen.pages.items():
        source = sources[page]
        touched = [(kind, names) for line, (kind, names) in bound_segments(source).items() if claims_at(source, line) & set(flipped)]
        expected = Counter((kind, " ".join(names)) for kind, names in touched if holds(kind, names, seen.live))
        shown = Counter((kind, names) for kind, names, _ in data["spans"] if (kind, tuple(names.split())) in set(touched))
        for (kind, names), count in (shown - expected).items():
            problems.append(f"{page} still shows {count} {kind}({names}) text{'s' * (count > 1)} of {source}")
        for (kind, names), count in (expected - shown).items():
            problems.append(f"{page} does not show {count} {kind}({names}) text{'s' * (count > 1)} of {source}, which hold now")
        before = baseline.pages.get(page)
        if before is not None and _nones(data["regions"]) > _nones(before["regions"]):
            problems.append(f"{page} shows a missing value as `None`")
    return problems


def judge(mutant: Mutant, baseline: Observation, seen: Observation) -> Verdict:
    """Was the mutant caught? (see the module doc)"""
    if seen.error:
        return Verdict(mutant, False, f"not observed: {_first_line(seen.error, 300)}", [seen.error])
    problems = []
    for package in mutant.packages:
        origin = seen.imported.get(package)
        if origin is None or Path(origin).is_relative_to(installed(package)):
            problems.append(f"it imported {package} from {origin}, not from the patched copy")
    flipped = flipped_claims(baseline, seen)
    problems += [f"{claim} did not flip (it stays {_short(seen.live.get(claim, '<no such claim>'))})"
                 for claim in mutant.flips if claim not in flipped]
    details = [f"{claim}: {_short(before)} -> {_short(after)}" + ("" if claim in mutant.flips else "  (not declared)")
               for claim, (before, after) in flipped.items()]
    bound, changed = bound_to(flipped), changed_regions(baseline, seen)
    evidence = ([f"{len(bound)} bound sentence{'s' * (len(bound) != 1)}"] if bound else []) + \
               [f"{region} on {', '.join(pages)}" for region, pages in changed.items() if region in ("prose", "table")]
    if seen.stopped:
        messages = list(dict.fromkeys(seen.stops + ([seen.failure] if seen.failure else [])))
        found, places = stop_problems(seen, flipped)
        problems += found
        if places:
            evidence.insert(0, f"the build stops at {', '.join(places)}")
        details += [f"stops: {_first_line(message, 300)}" for message in messages]
        followed = f"build stops: {_first_line(messages[0])}" + (f" (and {len(messages) - 1} more)" if len(messages) > 1 else "")
    else:
        problems += page_problems(baseline, seen, flipped)
        forms = sorted({f"{kind}({names})" for data in seen.pages.values() for kind, names, _ in data["spans"]
                        if kind in ("when", "unless") and set(names.split()) & set(flipped)})
        followed = "build passes; " + (f"forms shown: {', '.join(forms)}; " if forms else "") + \
                   ("changed: " + "; ".join(f"{region} on {len(pages)} page{'s' * (len(pages) != 1)}"
                                            for region, pages in changed.items()) if changed else "no page changed")
    flips = ", ".join(f"{claim} {_short(before, 20)}→{_short(after, 20)}" for claim, (before, after) in flipped.items()
                      if claim in mutant.flips)
    followed = (f"{flips}; " if flips else "") + followed + (" — " + "; ".join(problems) if problems else "")
    return Verdict(mutant, not problems, followed, details, evidence, seen.seconds)


# --------------------------------------------------------------------------- reading a built site


class _Regions(HTMLParser):
    """The text a reader sees in a page's <article>, by region: prose, table or callout (code is left out).

    A callout is an admonition whose title is one of the callout titles (they quote the article's old values)."""

    VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "source"}

    def __init__(self, callout_titles: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.titles = callout_titles
        self.parts: dict[str, list[str]] = {"prose": [], "table": [], "callout": [], "code": []}
        self.stack: list[list[str]] = []  # [tag, region it opens or ""]
        self.depth = 0  # of <article>

    def region(self) -> str:
        return next((region for _, region in reversed(self.stack) if region in self.parts), "prose")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.depth += tag == "article"
        if not self.depth or tag in self.VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        region = ("table" if tag == "table" else "code" if tag in ("pre", "script", "style") or "headerlink" in classes
                  else "admonition" if tag == "div" and "admonition" in classes else "")
        self.stack.append([tag, region])

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "article"
        if any(open_tag == tag for open_tag, _ in self.stack):
            while self.stack.pop()[0] != tag:
                pass
        if self.depth:
            self.parts[self.region()].append("\n")

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        if data.strip() in self.titles:  # a callout's title: the admonition it heads is a callout
            admonition = next((entry for entry in reversed(self.stack) if entry[1] == "admonition"), None)
            if admonition is not None:
                admonition[1] = "callout"
        self.parts[self.region()].append(data)

    def text(self) -> dict[str, str]:
        return {region: "\n".join(" ".join(line.split()) for line in "".join(parts).splitlines() if line.strip())
                for region, parts in self.parts.items() if region != "code"}


def callout_titles() -> set[str]:
    """The titles of the callouts that quote the article's old values, in every language (sitegen/strings)."""
    from sitegen import languages
    from sitegen.strings import word

    return {title for code in languages.codes() for title in word(code, "callout.titles").values()}


def page_html(site: Path, language: str, page: str) -> Path:
    from sitegen import languages

    return languages.page_html(site, language, page)


def read_site(site: Path) -> dict[str, dict]:
    """"<language>/<page>" -> {"regions", "spans"} for every page of every language of a built site."""
    from sitegen import languages
    from tools.mutation_probe import SPAN, page_sources as sources_of

    titles = callout_titles()
    pages = {}
    for code in languages.codes():
        for page in sources_of(code):
            path = page_html(site, code, page)
            if not path.exists():
                continue
            text = path.read_text(encoding="utf-8")
            parser = _Regions(titles)
            parser.feed(text)
            parser.close()
            article = text[text.find("<article"): text.rfind("</article>")]
            pages[f"{code}/{page}"] = {"regions": parser.text(), "spans": [list(m.groups()) for m in SPAN.finditer(article)]}
    return pages


# --------------------------------------------------------------------------- the full path: strict builds


# Runs in the build's own process: `mkdocs build`, then every claim's live value as that build
# measured it (recorded in-process by snippets.lab, so nothing is measured twice).
_RUNNER = r"""
import json, os, runpy, sys
out = sys.argv[1]
sys.argv = ["mkdocs", *sys.argv[2:]]
code = 0
try:
    runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
except BaseException:  # an error mkdocs does not catch: its traceback is the log
    import traceback
    traceback.print_exc()
    code = 1
report = {"code": code}
try:
    from tools.mutation_probe import origins
    report["imported"] = origins(os.environ.get("MUTATION_PACKAGES", "deepagents").split(","))
    from snippets.facts import live_row
    report["live"] = live_row()["facts"]
except BaseException as error:
    report["facts_error"] = f"{type(error).__name__}: {error}"
with open(out, "w", encoding="utf-8") as handle:
    json.dump(report, handle, default=str, ensure_ascii=False)
sys.exit(code)
"""


def stops_in_log(log: str) -> tuple[list[str], str | None]:
    """(messages naming a page:line, an experiment failure naming pages) found in a failed build's log."""
    records: list[list[str]] = []
    for line in log.splitlines():
        if re.match(r"(INFO|DEBUG|WARNING|ERROR|CRITICAL)\b|Aborted|Traceback|\S+Error:|\S+Sentence:", line) or not records:
            records.append([line])
        elif line.strip():
            records[-1].append(line)
    texts = ["\n".join(record) for record in records]
    stops, places = [], set()
    for text in texts:  # one message per page:line (the log names it in the error and in the traceback)
        named = set(named_places(text))
        if named and not named <= places:
            stops.append(re.sub(r"^(ERROR|WARNING|CRITICAL)\s+-\s+", "", text))
            places |= named
    failure = next((t for t in texts if "pages that show it:" in t), None)
    return stops, failure


def build_against(mutant: Mutant | None, folder: Path, timeout: int = 600) -> Observation:
    """Build both languages strictly against the mutant's patched copy (an unpatched copy for None)."""
    started = time.monotonic()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        scratch = prepare(mutant, folder) if mutant else scratch_copy(folder / "scratch")
    except MutantNoLongerApplies as error:
        return Observation(error=str(error))
    site, report_path = folder / "site", folder / "report.json"
    report_path.unlink(missing_ok=True)
    env = base_env(scratch)
    env["MUTATION_PACKAGES"] = ",".join(mutant.packages if mutant and mutant.packages else ("deepagents",))
    command = [sys.executable, "-c", _RUNNER, str(report_path), "build", "--strict", "-f", str(paths.MKDOCS_YML), "-d", str(site)]
    try:
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
        log, code = result.stdout + result.stderr, result.returncode
    except subprocess.TimeoutExpired as error:
        return Observation(error=f"the build timed out after {timeout} s: {str(error.stderr or '')[-500:]}")
    (folder / "build.log").write_text(log, encoding="utf-8")
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.exists() else {}
    seen = Observation(live=report.get("live") or {}, imported=report.get("imported") or {}, seconds=time.monotonic() - started)
    if code == 0:
        seen.pages = read_site(site)
    else:
        seen.stops, seen.failure = stops_in_log(log)
        if not seen.stops and not seen.failure:  # judged as a stop that names no page
            seen.stops = ["the build failed without naming a page: " + " ⏎ ".join(log.strip().splitlines()[-6:])]
    if not seen.live:
        seen.error = f"the build of {folder.name} measured nothing: {report.get('facts_error') or _first_line(log[-2000:])}"
    return seen


# --------------------------------------------------------------------------- the quick path: the probe


@dataclass
class Suite:
    baseline: Observation
    verdicts: list[Verdict]
    seconds: float
    way: str  # "full" or "quick"
    control: Observation | None = None  # quick: an unpatched copy observed like a mutant
    observations: dict[str, Observation] = field(default_factory=dict)  # mutant -> what was observed

    @property
    def ok(self) -> bool:
        return not self.baseline.error and not self.baseline.stopped and all(v.caught for v in self.verdicts) \
            and not self.control_differs()

    def control_differs(self) -> list[str]:
        """Where an unpatched copy, observed like a mutant, reads differently from the baseline (it must not)."""
        if self.control is None:
            return []
        if self.control.error or self.control.stopped:
            return [self.control.error or "; ".join(self.control.stops) or str(self.control.failure)]
        live = [f"{c}: {_short(v)} -> {_short(self.control.live.get(c))}" for c, v in self.baseline.live.items() if self.control.live.get(c) != v]
        pages = [f"{region} of {page}" for region, pages in changed_regions(self.baseline, self.control).items() for page in pages]
        return live + pages

    def table(self) -> str:
        lines = ["| mutant | section | what followed | verdict |", "|---|---|---|---|"]
        lines += [v.row() for v in self.verdicts]
        caught = sum(v.caught for v in self.verdicts)
        lines.append("")
        lines.append(f"{caught} of {len(self.verdicts)} mutants caught ({self.way} path); {self.seconds:.0f} s in all"
                     + (f" (baseline {self.baseline.seconds:.0f} s)" if self.baseline.seconds else ""))
        nothing = [v.mutant.name for v in self.verdicts if v.proves_nothing]
        if nothing:
            lines.append(f"Proving nothing about the pages (their flips show on no page): {', '.join(nothing)}")
        if self.control_differs():
            lines.append("An unpatched copy read differently from the baseline: " + "; ".join(self.control_differs()))
        return "\n".join(lines)

    def report(self) -> str:
        return self.table() + "\n\nDetails:\n\n" + "\n\n".join(v.report() for v in self.verdicts)


CONTROL = Mutant("_control", "modes", "an unpatched copy, observed like a mutant: it must read as the baseline", (), ())


def plan(mutants: Sequence[Mutant], out: Path) -> tuple[list[dict], dict[str, Observation]]:
    """(the probe's jobs: each mutant's patched copy and what it flips; the mutants that could not be
    prepared, each with the error that names it)."""
    jobs, unobserved = [], {}
    for mutant in mutants:
        try:
            scratch = prepare(mutant, out / mutant.name)
        except MutantNoLongerApplies as error:
            unobserved[mutant.name] = Observation(error=str(error))
            continue
        jobs.append({"name": mutant.name, "scratch": str(scratch), "packages": list(mutant.packages or ("deepagents",)),
                     "flips": list(mutant.flips), "section": mutant.section, "everything": mutant is CONTROL})
    return jobs, unobserved


def quick_suite(mutants: Sequence[Mutant] = MUTANTS, out: Path = CACHE / "quick", workers: int | None = None,
                progress: Callable[[str], None] | None = None) -> Suite:
    """Every mutant observed by tools/mutation_probe.py (see the module doc), and judged."""
    started = time.monotonic()
    if out.exists():
        shutil.rmtree(out)
    results = out / "results"
    results.mkdir(parents=True)
    jobs, unobserved = plan([CONTROL, *mutants], out)
    plan_file = out / "plan.json"
    plan_file.write_text(json.dumps({"workers": workers or min(2, os.cpu_count() or 1), "jobs": jobs}, indent=1), encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "tools.mutation_probe", str(plan_file), str(results)], cwd=ROOT,
                               env=base_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    log = []
    for line in process.stderr:
        log.append(line)
        if progress:
            progress(line.rstrip())
    process.wait()
    baseline_file = results / "_baseline.json"
    if process.returncode != 0 or not baseline_file.exists():
        msg = f"the probe failed (exit {process.returncode}):\n{''.join(log)[-3000:]}"
        raise RuntimeError(msg)
    baseline = Observation.read(json.loads(baseline_file.read_text(encoding="utf-8")))
    if baseline.error or baseline.stopped:
        msg = f"today's pages do not resolve under the installed packages: {baseline.error or baseline.stops or baseline.failure}"
        raise RuntimeError(msg)

    def observed(name: str) -> Observation:
        if name in unobserved:
            return unobserved[name]
        path = results / f"{name}.json"
        return Observation.read(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else \
            Observation(error=f"the probe left no result for {name}")

    observations = {mutant.name: observed(mutant.name) for mutant in mutants}
    verdicts = [judge(mutant, baseline, observations[mutant.name]) for mutant in mutants]
    return Suite(baseline, verdicts, time.monotonic() - started, "quick", control=observed(CONTROL.name),
                 observations=observations)


def full_suite(mutants: Sequence[Mutant] = MUTANTS, out: Path = CACHE / "full", workers: int | None = None,
               progress: Callable[[str], None] | None = None) -> Suite:
    """Build the baseline (an unpatched copy) and every mutant strictly, `workers` at a time, and judge each."""
    started = time.monotonic()
    workers = workers or min(2, os.cpu_count() or 1)
    if out.exists():
        shutil.rmtree(out)
    say = progress or (lambda line: None)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        baseline_job = pool.submit(build_against, None, out / "_baseline")
        jobs = {pool.submit(build_against, mutant, out / mutant.name): mutant for mutant in mutants}
        baseline = baseline_job.result()
        if baseline.error or baseline.stopped:
            pool.shutdown(cancel_futures=True)
            msg = f"the baseline build (an unpatched copy) failed: {baseline.error or baseline.stops or baseline.failure}"
            raise RuntimeError(msg)
        say(f"baseline built in {baseline.seconds:.0f} s")
        verdicts, observations = {}, {}
        for count, job in enumerate(as_completed(jobs), 1):
            mutant = jobs[job]
            observations[mutant.name] = job.result()
            verdicts[mutant.name] = verdict = judge(mutant, baseline, observations[mutant.name])
            say(f"[{count}/{len(mutants)}] {mutant.name}: {'caught' if verdict.caught else 'NOT CAUGHT'} "
                f"({verdict.seconds:.0f} s){'' if verdict.caught else ' — ' + verdict.followed}")
    return Suite(baseline, [verdicts[m.name] for m in mutants], time.monotonic() - started, "full",
                 observations={m.name: observations[m.name] for m in mutants})


# --------------------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="only these mutants (default: all)")
    parser.add_argument("--quick", action="store_true", help="the quick path (no build; what tests/test_mutants.py runs)")
    parser.add_argument("--workers", type=int, default=None, help="mutants at a time (default: 2, or 1 on one core)")
    parser.add_argument("--out", type=Path, default=None, help=f"scratch folder, kept (default: a temporary one; {paths.shown(CACHE)} with --keep)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies, sites and logs")
    args = parser.parse_args(argv)
    known = {m.name: m for m in MUTANTS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no mutant named {', '.join(unknown)}; known: {', '.join(known)}")
    chosen = [known[n] for n in args.names] or MUTANTS
    run = quick_suite if args.quick else full_suite
    way = "quick" if args.quick else "full"
    print(f"{len(chosen)} mutants, {way} path" + ("" if args.quick else ": both languages built strictly for each"), flush=True)

    def progress(line: str) -> None:
        print(line, flush=True)

    if args.out or args.keep:
        suite = run(chosen, (args.out or CACHE) / way, args.workers, progress)
    else:
        with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
            suite = run(chosen, Path(scratch) / way, args.workers, progress)
    print()
    print(suite.report())
    return 0 if suite.ok else 1


if __name__ == "__main__":
    sys.exit(main())
