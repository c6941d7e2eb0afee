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

from snippets.facts import EXPERIMENTS, Facts, collect, versions

ARTICLE = {"title_zh": "子 Agent 为什么不能继续往下派", "title_en": "Why a sub-agent cannot delegate further"}
REFUSAL_AS_PRINTED = (
    "You are a subagent and cannot delegate to another subagent. "
    "Complete this task yourself instead of calling this tool again."
)
FS_TOOLS = ["ls", "read_file", "write_file", "edit_file", "delete", "glob", "grep"]


@dataclass(frozen=True)
class Claim:
    id: str
    section: str  # the page (and experiment) it belongs to
    en: str
    zh: str
    article: Any  # the value the article reported
    live: Callable[[Facts], Any]
    setup: dict[str, str] | None = None  # {"en": ..., "zh": ...}: why the value depends on the setup

    def status(self, facts: Facts) -> str:
        if self.live(facts) == self.article:
            return "holds"
        return "depends on setup" if self.setup else "changed"


def _mode(mode: str | None) -> Callable[[Facts], bool]:
    return lambda f: f.modes.outcome(mode).accepted


def _handoff_tools(f: Facts) -> int | None:
    tools = f.modes.outcome("handoff").child_tools
    return None if tools is None else len(tools)


CLAIMS: list[Claim] = [
    # 1. modes
    Claim("mode-omitted", "modes", "A spec without `mode` is accepted", "不写 `mode` 的规格能通过", True, _mode(None)),
    Claim("mode-isolated", "modes", "`mode='isolated'` is accepted", "`mode='isolated'` 能通过", True, _mode("isolated")),
    Claim("mode-fork", "modes", "`mode='fork'` is accepted", "`mode='fork'` 能通过", True, _mode("fork")),
    Claim("mode-handoff", "modes", "`mode='handoff'` is accepted (a legacy name for isolated)",
          "`mode='handoff'` 能通过（isolated 的旧名字）", True, _mode("handoff")),
    Claim("mode-handoff-tools", "modes", "A `handoff` child is bound to this many tools",
          "`handoff` 子绑到的工具数", 7, _handoff_tools),
    Claim("mode-forked", "modes", "`mode='forked'` is accepted", "`mode='forked'` 能通过", False, _mode("forked")),
    Claim("mode-shared", "modes", "`mode='shared'` is accepted", "`mode='shared'` 能通过", False, _mode("shared")),
    Claim("mode-inherit", "modes", "`mode='inherit'` is accepted", "`mode='inherit'` 能通过", False, _mode("inherit")),
    Claim("mode-error", "modes", "The error for `mode='forked'`", "`mode='forked'` 的报错",
          "SubAgent 'a1' has invalid mode 'forked'; expected 'isolated' or 'fork'",
          lambda f: f.modes.outcome("forked").error),
    Claim("fork-skills", "modes", "A fork spec may not set `skills`", "fork 规格不能写 `skills`", True,
          lambda f: f.modes.fork_skills_error is not None),
    Claim("names-unique", "modes", "Two sub-agents may not share a name", "子 Agent 之间不能重名", True,
          lambda f: f.modes.duplicate_name_error_fork is not None),
    Claim("names-fork-only", "modes", "The unique-name rule is a fork-only restriction",
          "子 Agent 不能重名是 fork 独有的限制", True, lambda f: f.modes.duplicate_name_error_isolated is None),
    Claim("fork-beta", "modes", "Attaching one fork child emits a beta warning", "挂一个 fork 子就有 beta 告警", True,
          lambda f: any("beta" in w for w in f.modes.fork_warnings)),
    # 2. tool surfaces
    Claim("isolated-tools", "tool_surfaces", "Tools of an isolated child", "isolated 子的工具", FS_TOOLS,
          lambda f: f.tool_surfaces.isolated.tools),
    Claim("isolated-has-task", "tool_surfaces", "An isolated child is given `task`", "isolated 子拿到了 `task`", False,
          lambda f: f.tool_surfaces.isolated.has_task),
    Claim("fork-has-task", "tool_surfaces", "A fork child is given `task`", "fork 子拿到了 `task`", True,
          lambda f: f.tool_surfaces.fork.has_task),
    Claim("fork-task-after-files", "tool_surfaces", "A fork child's `task` comes right after its file tools",
          "fork 子的 `task` 紧跟在文件工具后面", True,
          lambda f: f.tool_surfaces.fork.has_task
          and f.tool_surfaces.fork.tools[: f.tool_surfaces.fork.task_index] == FS_TOOLS),
    Claim("isolated-count", "tool_surfaces", "Number of tools of an isolated child", "isolated 子的工具数", 7,
          lambda f: len(f.tool_surfaces.isolated.tools)),
    Claim("fork-count", "tool_surfaces", "Number of tools of a fork child", "fork 子的工具数", 8,
          lambda f: len(f.tool_surfaces.fork.tools)),
    Claim("parent-tools", "tool_surfaces", "The parent's tools: the file tools, then `task`", "父的工具：文件工具加 `task`",
          [*FS_TOOLS, "task"], lambda f: f.tool_surfaces.parent.tools),
    # 3. alignment
    Claim("prefix", "alignment", "Leading positions where parent and fork child agree (at least)",
          "父与 fork 子开头逐位相同的位置数（至少）", 7, lambda f: min(f.alignment.shared_prefix, 7)),
    Claim("task-same-index", "alignment", "`task` sits at the same index in both", "`task` 在两边同一位", True,
          lambda f: f.alignment.task_index_parent == f.alignment.task_index_fork),
    Claim("task-description-identical", "alignment", "The `task` description is identical in both",
          "`task` 描述两边逐字相同", True, lambda f: f.alignment.task_description_identical),
    Claim("reason-in-source", "alignment", "deepagents' source says why `task` is kept and refused at call time",
          "deepagents 源码里有一句说明为什么留着 `task`、调用时再拒", True,
          lambda f: f.alignment.reasons["call time"] is not None),
    Claim("tests-assert-order", "alignment", "A source comment says deepagents' tests assert the tool order",
          "源码注释说 deepagents 的测试断言工具顺序", True,
          lambda f: "Tests assert" in (f.alignment.reasons["tool order"] or "")),
    # 4. refusal
    Claim("refusal-text", "refusal", "The refusal text", "拒绝语原文", REFUSAL_AS_PRINTED, lambda f: f.refusal.text),
    Claim("fork-refused", "refusal", "A fork child's `task` call gets deepagents' refusal", "fork 子调 `task` 拿回 deepagents 的拒绝语",
          True, lambda f: f.refusal.matches_source),
    Claim("refusal-length", "refusal", "The refusal's length in characters", "拒绝语的字符数", 123,
          lambda f: f.refusal.length),
    Claim("refusal-tool-message", "refusal", "It arrives as a tool result, not an exception", "它以工具回执送达，不是异常",
          True, lambda f: f.refusal.message_type == "ToolMessage" and f.refusal.parent_finished),
    Claim("refusal-rounds", "refusal", "Model calls the child makes before it finishes", "子收尾前调用模型的轮数", 3,
          lambda f: f.refusal.child_rounds),
    Claim("refusal-messages", "refusal", "Messages in the child's conversation at the end", "子结束时的消息数", 9,
          lambda f: f.refusal.child_messages,
          setup={"en": "the count includes the parent's conversation, which the fork inherits; ours holds one user message",
                 "zh": "这个数包含 fork 子继承的父对话；我们的父对话只有一条用户消息"}),
    Claim("refusal-repeat", "refusal", "Two calls give two identical refusals", "连调 2 次得到 2 条相同拒绝", True,
          lambda f: f.refusal.refusals_received == 2 and f.refusal.identical),
    Claim("refusal-before-lookup", "refusal", "A call naming a missing sub-agent gets the same refusal",
          "调不存在的子 Agent 也得到递归拒绝", True, lambda f: f.refusal.missing_agent_refused_the_same),
    Claim("refusal-stays-inside", "refusal", "The refusal stays inside the child; the parent finishes normally",
          "拒绝只留在子内部，父照常收尾", True, lambda f: f.refusal.on_parent_side == 0 and f.refusal.parent_finished),
    Claim("refusal-parent", "refusal", "Times the refusal appears on the parent's side", "父这边出现拒绝的次数", 0,
          lambda f: f.refusal.on_parent_side),
    # 5. flag
    Claim("keys-isolated", "flag", "State keys of an isolated child", "isolated 子 state 里的键", ["files", "messages"],
          lambda f: f.flag.child("isolated").keys),
    Claim("keys-fork", "flag", "State keys of a declarative fork child", "声明式 fork 子 state 里的键",
          ["_deepagents_forked_context", "files", "messages"], lambda f: f.flag.child("fork").keys),
    Claim("keys-runnable", "flag", "State keys of a `runnable`-form fork child", "runnable 形态 fork 子 state 里的键",
          ["files", "messages"], lambda f: f.flag.child("runnable fork").keys),
    Claim("flag-value", "flag", "The flag's value in a declarative fork", "声明式 fork 子里标记的值", True,
          lambda f: f.flag.child("fork").flag),
    Claim("flag-only-declarative", "flag", "Only a declarative fork child carries the flag", "只有声明式 fork 子带着标记", True,
          lambda f: [c.flag for c in f.flag.children] == [None, True, None]),
    Claim("flag-closes-gate", "flag", "The refusal is decided by the flag in the child's own state",
          "拒绝与否由子自己 state 里的标记决定", True,
          lambda f: f.flag.child("fork").flag is True and f.refusal.matches_source
          and f.flag.child("runnable fork").flag is None and not f.gap.chain("runnable").refused),
    Claim("flag-declared", "flag", "The flag is kept on input and omitted from output", "标记保留输入、省略输出", True,
          lambda f: f.flag.kept_on_input and not f.flag.kept_on_output),
    Claim("flag-declarer", "flag", "The middleware that gives a fork child `task` declares the flag",
          "给 fork 子装 `task` 的中间件声明了这个标记", True,
          lambda f: len(f.flag.declared_by) == 1 and "`task`" in (f.flag.declarer_doc or "")),
    Claim("why-declared", "flag", "A source comment: an undeclared key would be invisible to `runtime.state.get()`",
          "源码注释：不声明的键 `runtime.state.get()` 读不到", True, lambda f: f.flag.why_declared is not None),
    Claim("preamble-length", "flag", "Characters of the preamble before the fork's task", "fork 子任务前预告的字符数", 567,
          lambda f: len(f.flag.preamble)),
    Claim("preamble-warns", "flag", "The preamble says delegating will be refused", "预告里说再派会被拒绝", True,
          lambda f: "refused" in f.flag.preamble),
    Claim("suffix-length", "flag", "Characters the fork line adds to the parent's `task` description",
          "父的 `task` 描述里 fork 子那行多出的字符数", 86, lambda f: len(f.flag.suffix)),
    Claim("suffix-silent", "flag", "That suffix says nothing about delegating", "这段后缀只字未提派活", True,
          lambda f: "delegat" not in f.flag.suffix),
    # 6. gap
    Claim("gap-runnable", "gap", "A `runnable`-form fork's grandchild runs", "runnable 形态 fork 的孙辈跑起来", True,
          lambda f: f.gap.chain("runnable").grandchild_ran),
    Claim("gap-declarative", "gap", "A declarative fork's grandchild runs", "声明式 fork 的孙辈跑起来", False,
          lambda f: f.gap.chain("declarative").grandchild_ran),
    Claim("gap-reason-in-source", "gap", "deepagents' source says why the `runnable` form gets no flag",
          "deepagents 源码说明了 runnable 形态为什么不写标记", True, lambda f: f.gap.why_no_flag is not None),
    # 7. guidance
    Claim("guide-isolated", "guidance", "The default (isolated) child is given `task`", "默认的 isolated 子拿到了 `task`", False,
          lambda f: f.guidance.recipe("isolated (default)").child_has_task),
    Claim("guide-fork", "guidance", "A declarative fork continues the parent's conversation", "声明式 fork 接着父的对话走",
          True, lambda f: f.guidance.recipe("declarative fork").child_saw_parent_conversation),
    Claim("guide-fork-refused", "guidance", "A declarative fork's own `task` call is refused", "声明式 fork 自己调 `task` 被拒",
          True, lambda f: f.guidance.recipe("declarative fork").child_task_result == f.refusal.text and f.refusal.matches_source),
    Claim("guide-own-gate", "guidance", "A gate of your own stops a `runnable` fork's grandchild",
          "自己加的闸挡住了 runnable fork 的孙辈", True,
          lambda f: not f.guidance.recipe("runnable fork + own gate").grandchild_ran),
]


def changed(section: str, facts: Facts | None = None) -> list[Claim]:
    """Claims of a section whose live value is not what the article saw."""
    facts = facts or collect()
    return [c for c in CLAIMS if c.section == section and c.status(facts) != "holds"]


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
