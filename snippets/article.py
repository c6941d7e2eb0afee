"""What the article reported, claim by claim, beside what the installed deepagents does.

The article's values are the one thing on the site that is typed by hand: they
are quotations of an older measurement, kept here as data so that every page,
callout and the drift report compare them with the live facts the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from snippets.facts import EXPERIMENTS, Facts, versions

ARTICLE_TITLE = "子 Agent 为什么不能继续往下派"  # as published; each language's rendering is in the strings
REFUSAL_AS_PRINTED = (
    "You are a subagent and cannot delegate to another subagent. "
    "Complete this task yourself instead of calling this tool again."
)
FS_TOOLS = ["ls", "read_file", "write_file", "edit_file", "delete", "glob", "grep"]


@dataclass(frozen=True)
class Claim:
    id: str  # its wording, per language, is under claims.<id> in sitegen/strings/<language>.yml
    section: str  # the experiment (and page) it belongs to
    article: Any  # the value the article reported
    live: Callable[[Facts], Any]
    setup: bool = False  # the value depends on the experiment's setup (why: setup.<id> in the strings)


def _mode(mode: str | None) -> Callable[[Facts], bool]:
    return lambda f: f.modes.outcome(mode).accepted


def _handoff_tools(f: Facts) -> int | None:
    tools = f.modes.outcome("handoff").child_tools
    return None if tools is None else len(tools)


CLAIMS: list[Claim] = [
    # 1. modes
    Claim("mode-omitted", "modes", True, _mode(None)),
    Claim("mode-isolated", "modes", True, _mode("isolated")),
    Claim("mode-fork", "modes", True, _mode("fork")),
    Claim("mode-handoff", "modes", True, _mode("handoff")),
    Claim("mode-handoff-tools", "modes", 7, _handoff_tools),
    Claim("mode-forked", "modes", False, _mode("forked")),
    Claim("mode-shared", "modes", False, _mode("shared")),
    Claim("mode-inherit", "modes", False, _mode("inherit")),
    Claim("mode-error", "modes", "SubAgent 'a1' has invalid mode 'forked'; expected 'isolated' or 'fork'", lambda f: f.modes.outcome("forked").error),
    Claim("fork-skills", "modes", True, lambda f: f.modes.fork_skills_error is not None),
    Claim("names-unique", "modes", True, lambda f: f.modes.duplicate_name_error_fork is not None),
    Claim("names-fork-only", "modes", True, lambda f: f.modes.duplicate_name_error_isolated is None),
    Claim("fork-beta", "modes", True, lambda f: any("beta" in w for w in f.modes.fork_warnings)),
    # 2. tool surfaces
    Claim("isolated-tools", "tool_surfaces", FS_TOOLS, lambda f: f.tool_surfaces.isolated.tools),
    Claim("isolated-has-task", "tool_surfaces", False, lambda f: f.tool_surfaces.isolated.has_task),
    Claim("fork-has-task", "tool_surfaces", True, lambda f: f.tool_surfaces.fork.has_task),
    Claim("fork-task-after-files", "tool_surfaces", True, lambda f: f.tool_surfaces.fork.has_task
          and f.tool_surfaces.fork.tools[: f.tool_surfaces.fork.task_index] == FS_TOOLS),
    Claim("isolated-count", "tool_surfaces", 7, lambda f: len(f.tool_surfaces.isolated.tools)),
    Claim("fork-count", "tool_surfaces", 8, lambda f: len(f.tool_surfaces.fork.tools)),
    Claim("parent-tools", "tool_surfaces", [*FS_TOOLS, "task"], lambda f: f.tool_surfaces.parent.tools),
    # 3. why `task` is kept
    Claim("prefix", "why_kept", 7, lambda f: min(f.why_kept.shared_prefix, 7)),
    Claim("task-same-index", "why_kept", True, lambda f: f.why_kept.task_index_parent == f.why_kept.task_index_fork),
    Claim("task-description-identical", "why_kept", True, lambda f: f.why_kept.task_description_identical),
    Claim("reason-in-source", "why_kept", True, lambda f: f.why_kept.reasons["call time"] is not None),
    Claim("tests-assert-order", "why_kept", True, lambda f: "Tests assert" in (f.why_kept.reasons["tool order"] or "")),
    # 4. refusal
    Claim("refusal-text", "refusal", REFUSAL_AS_PRINTED, lambda f: f.refusal.text),
    Claim("fork-refused", "refusal", True, lambda f: f.refusal.matches_source),
    Claim("refusal-length", "refusal", 123, lambda f: f.refusal.length),
    Claim("refusal-tool-message", "refusal", True, lambda f: f.refusal.message_type == "ToolMessage" and f.refusal.parent_finished),
    Claim("refusal-rounds", "refusal", 3, lambda f: f.refusal.child_rounds),
    Claim("refusal-messages", "refusal", 9, lambda f: f.refusal.child_messages, setup=True),
    Claim("refusal-repeat", "refusal", True, lambda f: f.refusal.refusals_received == 2 and f.refusal.identical),
    Claim("refusal-before-lookup", "refusal", True, lambda f: f.refusal.missing_agent_refused_the_same),
    Claim("refusal-stays-inside", "refusal", True, lambda f: f.refusal.on_parent_side == 0 and f.refusal.parent_finished),
    Claim("refusal-parent", "refusal", 0, lambda f: f.refusal.on_parent_side),
    # 5. flag
    Claim("keys-isolated", "flag", ["files", "messages"], lambda f: f.flag.child("isolated").keys),
    Claim("keys-fork", "flag", ["_deepagents_forked_context", "files", "messages"], lambda f: f.flag.child("fork").keys),
    Claim("keys-runnable", "flag", ["files", "messages"], lambda f: f.flag.child("runnable fork").keys),
    Claim("flag-value", "flag", True, lambda f: f.flag.child("fork").flag),
    Claim("flag-only-declarative", "flag", True, lambda f: [c.flag for c in f.flag.children] == [None, True, None]),
    Claim("flag-closes-gate", "flag", True, lambda f: f.flag.child("fork").flag is True and f.refusal.matches_source
          and f.flag.child("runnable fork").flag is None and not f.gap.chain("runnable").refused),
    Claim("flag-declared", "flag", True, lambda f: f.flag.kept_on_input and not f.flag.kept_on_output),
    Claim("flag-declarer", "flag", True, lambda f: len(f.flag.declared_by) == 1 and "`task`" in (f.flag.declarer_doc or "")),
    Claim("why-declared", "flag", True, lambda f: f.flag.why_declared is not None),
    Claim("preamble-length", "flag", 567, lambda f: len(f.flag.preamble)),
    Claim("preamble-warns", "flag", True, lambda f: "refused" in f.flag.preamble),
    Claim("suffix-length", "flag", 86, lambda f: len(f.flag.suffix)),
    Claim("suffix-silent", "flag", True, lambda f: "delegat" not in f.flag.suffix),
    # 6. gap
    Claim("gap-runnable", "gap", True, lambda f: f.gap.chain("runnable").grandchild_ran),
    Claim("gap-declarative", "gap", False, lambda f: f.gap.chain("declarative").grandchild_ran),
    Claim("gap-reason-in-source", "gap", True, lambda f: f.gap.why_no_flag is not None),
    # 7. guidance
    Claim("guide-isolated", "guidance", False, lambda f: f.guidance.recipe("isolated (default)").child_has_task),
    Claim("guide-fork", "guidance", True, lambda f: f.guidance.recipe("declarative fork").child_saw_parent_conversation),
    Claim("guide-fork-refused", "guidance", True, lambda f: f.guidance.recipe("declarative fork").child_task_result == f.refusal.text and f.refusal.matches_source),
    Claim("guide-own-gate", "guidance", True, lambda f: not f.guidance.recipe("runnable fork + own gate").grandchild_ran),
]


def live_row() -> dict[str, Any]:
    """Every claim's live value under the installed deepagents, for the version matrix.

    Unlike `collect()`, an experiment that fails here does not stop the others:
    the claims that need it get `{"error": ...}` naming what failed, so a matrix
    over old releases still shows everything that can be measured.
    """
    results, errors = {}, {}
    for name, measure in EXPERIMENTS.items():
        try:
            results[name] = measure()
        except Exception as error:  # noqa: BLE001 - recorded, not hidden
            errors[name] = str(error).splitlines()[0]
    available = SimpleNamespace(**results)
    values: dict[str, Any] = {}
    for claim in CLAIMS:
        try:
            values[claim.id] = claim.live(available)
        except Exception as error:  # noqa: BLE001
            values[claim.id] = {"error": errors.get(claim.section) or f"{type(error).__name__}: {error}"}
    return {"versions": versions(), "facts": values}


if __name__ == "__main__":
    print(json.dumps(live_row(), ensure_ascii=False, sort_keys=True))
