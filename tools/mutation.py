"""The project's own mutation suite: does the site follow deepagents, sentence by sentence?

    python -m tests.mutation                 # every mutant; exit 1 if any is not caught
    python -m tests.mutation refusal-raises  # only the mutants named

Each mutant is one small behavioural change to deepagents, declared as data
(an exact `old` -> `new` text patch in a file of the installed package). For
each one the installed package is copied into a scratch directory, the patch
is applied there (the real `.venv` is never touched), and both languages of
the site are built strictly against the copy (it comes first on PYTHONPATH;
the facts cache is off, so nothing measured with the real deepagents is
reused). A mutant is *caught* when

a. the strict build fails with a message that names a page, or
b. the build passes, at least one fact the mutant expects to change did
   change, no page of either language still contains a phrase that asserts
   the old behaviour (the mutant's `stale` phrases, which must be present in
   the baseline build), and no sentence quotes a value that is now missing
   (a `None` that the baseline build did not show).

Phrases are looked for in the visible text of each page's article (tags
stripped, entities decoded, whitespace ignored), leaving out what is
attributed by construction: the generated drift report and version matrix,
and the "Changed since the article" callouts, which quote the article's old
values beside the live ones.

The API is meant for other tests too: `build_against(patches, out)` builds the
site against a patched copy of deepagents, `visible_text(site, language, page)`
reads a page as a reader sees it.
"""

from __future__ import annotations

import argparse
import difflib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from sitegen import languages

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = tuple(languages.codes())  # docs/languages.yml
GENERATED = ("drift", "matrix")  # pages written by sitegen/gen_pages.py: article and live values side by side
CACHE = ROOT / ".cache" / "mutants"


def deepagents_version() -> str:
    """The installed deepagents release (the mutants are written against the one pinned in pyproject.toml)."""
    from importlib.metadata import version

    return version("deepagents")


# --------------------------------------------------------------------------- patches and mutants


@dataclass(frozen=True)
class Patch:
    """Replace `old` by `new` in `file` (relative to the deepagents package); `old` must occur exactly once."""

    file: str
    old: str
    new: str


@dataclass(frozen=True)
class Mutant:
    name: str
    section: str  # the experiment / page it is aimed at
    changes: str  # the behaviour it changes, in one line
    patches: tuple[Patch, ...]
    expect: tuple[str, ...]  # claim ids (snippets/article.py) or fact paths ("refusal.message_type") that must change
    stale: dict[str, tuple[str, ...]] = field(default_factory=dict)  # language -> phrases asserting the old behaviour


class MutantNoLongerApplies(RuntimeError):
    """A mutant's `old` text is not in the installed deepagents exactly once."""


def installed_deepagents() -> Path:
    """The directory of the deepagents package this interpreter imports."""
    import importlib.util

    spec = importlib.util.find_spec("deepagents")
    if spec is None or spec.origin is None:
        msg = "deepagents is not installed in this environment: run `make setup`"
        raise RuntimeError(msg)
    return Path(spec.origin).resolve().parent


def scratch_copy(target: Path, source: Path | None = None) -> Path:
    """A copy of the installed deepagents package at <target>/deepagents; returns <target>."""
    source = source or installed_deepagents()
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target / "deepagents", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return target


def apply_patches(package_parent: Path, patches: Iterable[Patch], name: str = "patch") -> None:
    """Apply each patch to <package_parent>/deepagents, or fail naming the mutant, the file and the text."""
    package = package_parent / "deepagents"
    for patch in patches:
        path = package / patch.file
        text = path.read_text(encoding="utf-8") if path.exists() else None
        count = 0 if text is None else text.count(patch.old)
        if count != 1:
            where = f"mutant {name} no longer applies to deepagents {deepagents_version()}: {patch.file}"
            if text is None:
                raise MutantNoLongerApplies(f"{where} does not exist")
            shown = " ⏎ ".join(line.strip() for line in patch.old.strip().splitlines())
            shown = shown if len(shown) <= 120 else shown[:119] + "…"
            found = "no" if count == 0 else f"{count} copies of"
            raise MutantNoLongerApplies(f"{where} has {found} {shown!r}" + (" (it must occur exactly once)" if count > 1 else ""))
        path.write_text(text.replace(patch.old, patch.new), encoding="utf-8")


SUBAGENTS = "middleware/subagents.py"

_TASK_GATE = '''    ) -> str | Command:
        if runtime.state.get(_FORKED_CONTEXT_KEY):
            return _FORK_RECURSION_REFUSAL
        if subagent_type not in subagent_graphs:
            allowed_types = ", ".join([f"`{k}`" for k in subagent_graphs])
            return f"We cannot invoke subagent {subagent_type} because it does not exist, the only allowed types are {allowed_types}"
'''
_LOOKUP_FIRST = '''    ) -> str | Command:
        if subagent_type not in subagent_graphs:
            allowed_types = ", ".join([f"`{k}`" for k in subagent_graphs])
            return f"We cannot invoke subagent {subagent_type} because it does not exist, the only allowed types are {allowed_types}"
        if runtime.state.get(_FORKED_CONTEXT_KEY):
            return _FORK_RECURSION_REFUSAL
'''
_SYNC_TASK = "    def task(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n"
_ASYNC_TASK = "    async def atask(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n"
_SYNC_REFUSAL = _SYNC_TASK + "    ) -> str | Command:\n        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            return _FORK_RECURSION_REFUSAL\n"
_ASYNC_REFUSAL = _ASYNC_TASK + "    ) -> str | Command:\n        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            return _FORK_RECURSION_REFUSAL\n"
_RAISE = "            raise RuntimeError(_FORK_RECURSION_REFUSAL)\n"

MUTANTS: list[Mutant] = [
    # 1. modes
    Mutant(
        "mode-accepts-forked", "modes", "the mode check also accepts 'forked' (treated as isolated)",
        (Patch(SUBAGENTS, 'if mode not in (None, "isolated", "fork"):', 'if mode not in (None, "isolated", "fork", "forked"):'),),
        expect=("mode-forked", "mode-error"),
        stale={"en": ("a rejected value makes create_deep_agent raise a ValueError, for example",),
               "zh": ("被挡的值会让 create_deep_agent 直接抛 ValueError，例如",)},
    ),
    Mutant(
        "handoff-is-legacy-alias", "modes", "'handoff' is accepted again, as the article saw (a legacy name for isolated)",
        (Patch(SUBAGENTS, 'if mode not in (None, "isolated", "fork"):', 'if mode not in (None, "isolated", "fork", "handoff"):'),),
        expect=("mode-handoff", "mode-handoff-tools"),
        stale={"en": ("is now rejected like any unknown value",),
               "zh": ("现在它和其他未知值一样被挡下",)},
    ),
    Mutant(
        "names-need-not-be-unique", "modes", "the unique-name check is dropped (two specs may share a name)",
        (Patch(SUBAGENTS, """            msg = f"Duplicate subagent name '{name}'; each subagent must have a unique name."
            raise ValueError(msg)""", """            msg = f"Duplicate subagent name '{name}'; each subagent must have a unique name."
            del msg"""),),
        expect=("names-unique",),
        stale={"en": ("Sub-agent names must be unique",),
               "zh": ("子 Agent 不能重名",)},
    ),
    Mutant(
        "fork-may-set-skills", "modes", "a fork spec may set `skills`",
        (Patch(SUBAGENTS, 'if mode == "fork" and spec.get("skills"):', 'if mode == "fork" and spec.get("skills") and False:'),),
        expect=("fork-skills",),
        stale={"en": ("A fork spec may not set skills",),
               "zh": ("fork 规格不能写 skills",)},
    ),
    Mutant(
        "no-beta-warning", "modes", "attaching a fork child no longer emits the beta warning",
        (Patch(SUBAGENTS, '            warn_beta(name="forked subagents", obj_type="feature")\n',
               '            pass  # no beta warning\n'),),
        expect=("fork-beta",),
        stale={"en": ("Attaching a single fork child already emits a beta warning",),
               "zh": ("只挂一个 fork 子，装配时就会收到 beta 告警",)},
    ),
    # 2. tool surfaces
    Mutant(
        "isolated-child-gets-task", "tool_surfaces", "an isolated child is given `task` too (unguarded: it is not a fork)",
        (Patch(SUBAGENTS, "        if not _is_forked_subagent(spec):\n            return spec\n",
               '        if "runnable" in spec:\n            return spec\n'),),
        expect=("isolated-tools", "isolated-count", "guide-isolated"),
        stale={"en": ("is never given task at all", "none of them delegates", "task is not among them",
                      "an isolated child cannot even try to delegate", "no tool to call",
                      "an isolated child cannot delegate", "no task tool"),
               "zh": ("从来拿不到 task", "没有一个能派活", "task 不在其中", "isolated 子连尝试派活都做不到", "没有工具可调",
                      "isolated 子不能往下派", "没有 task 工具")},
    ),
    # 3. why `task` is kept
    Mutant(
        "fork-task-moved-first", "why_kept", "the fork child's `task` is put first, before the file tools",
        (Patch(SUBAGENTS, "fork_middleware.insert(fs_index + 1, _ForkTaskToolMiddleware(fork_task_tool))",
               "fork_middleware.insert(0, _ForkTaskToolMiddleware(fork_task_tool))"),),
        expect=("task-same-index", "prefix"),
        stale={"en": ("then task, inserted by deepagents right after them, at the index it has in the parent",
                      "So the fork child looks like its parent wherever the comments say it must"),
               "zh": ("后面跟着 task", "位置和父一致", "所以凡是注释要求对齐的地方，fork 子都和父长得一样", "在两边都排第")},
    ),
    Mutant(
        "fork-task-description-differs", "why_kept", "the fork child's `task` description differs from the parent's",
        (Patch(SUBAGENTS, """            coroutine=atask,
            description=description,
            infer_schema=False,
            args_schema=TaskToolSchema,
        )
        fork_middleware = """, """            coroutine=atask,
            description=description + " (fork copy)",
            infer_schema=False,
            args_schema=TaskToolSchema,
        )
        fork_middleware = """),),
        expect=("task-description-identical",),
        stale={"en": ("byte-for-byte identical", "So the fork child looks like its parent wherever the comments say it must"),
               "zh": ("逐字节相同", "所以凡是注释要求对齐的地方，fork 子都和父长得一样")},
    ),
    Mutant(
        "tests-comment-dropped", "why_kept", "the source comment no longer says that deepagents' tests assert the tool order",
        (Patch(SUBAGENTS, "        # position keeps both tools blocks in the same order. Tests assert that tool\n        # order matches.\n",
               "        # position keeps both tools blocks in the same order.\n"),),
        expect=("tests-assert-order",),
        stale={"en": ("The first comment also says that deepagents' tests assert the tool order",),
               "zh": ("第一条注释还说 deepagents 的测试断言了工具顺序",)},
    ),
    # 4. the refusal
    Mutant(
        "refusal-raises", "refusal", "a fork child's `task` call raises instead of returning the refusal",
        (Patch(SUBAGENTS, _SYNC_REFUSAL, _SYNC_TASK + "    ) -> str | Command:\n        if runtime.state.get(_FORKED_CONTEXT_KEY):\n" + _RAISE),
         Patch(SUBAGENTS, _ASYNC_REFUSAL, _ASYNC_TASK + "    ) -> str | Command:\n        if runtime.state.get(_FORKED_CONTEXT_KEY):\n" + _RAISE)),
        expect=("refusal-tool-message",),
        stale={"en": ("It is not an exception.", "the graph goes on, and the child finishes normally"),
               "zh": ("它不是异常。", "图照常往下走")},
    ),
    Mutant(
        "refusal-text-changed", "refusal", "the refusal says something else",
        (Patch(SUBAGENTS, '"You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again."',
               '"Delegation is disabled inside a forked subagent; answer the task yourself."'),),
        expect=("refusal-text", "refusal-length"),
        stale={"en": ("You are a subagent and cannot delegate to another subagent.",),
               "zh": ("You are a subagent and cannot delegate to another subagent.",)},
    ),
    Mutant(
        "lookup-before-refusal", "refusal", "the sub-agent lookup comes before the refusal, so `ghost` gets \"does not exist\"",
        (Patch(SUBAGENTS, _SYNC_TASK + _TASK_GATE, _SYNC_TASK + _LOOKUP_FIRST),
         Patch(SUBAGENTS, _ASYNC_TASK + _TASK_GATE, _ASYNC_TASK + _LOOKUP_FIRST)),
        expect=("refusal-before-lookup", "refusal-repeat"),
        stale={"en": ("The gate comes before the lookup", "still gets the recursion refusal", "identical to the character"),
               "zh": ("这道闸排在查找之前", "拿回的仍是递归拒绝", "逐字符相同")},
    ),
    # 5. the flag
    Mutant(
        "flag-not-set", "flag", "a declarative fork child's state no longer gets the flag (its `task` really delegates)",
        (Patch(SUBAGENTS, "                inherited[_FORKED_CONTEXT_KEY] = True\n", "                pass  # no flag\n"),),
        expect=("keys-fork", "flag-value", "gap-declarative"),
        stale={"en": ("every call is answered with a refusal", "Only the declarative fork carries the flag",
                      "For a declarative fork deepagents writes True into the child's state",
                      "It holds task, and its calls are refused.", "In all three recipes no grandchild ran"),
               "zh": ("每调一次，都收到一句", "只有声明式 fork 子带着这个标记", "对声明式 fork，deepagents 会往子的 state 里写上 True",
                      "它手上有 task，调用时会被拒", "三种做法里都没有孙辈跑起来")},
    ),
    Mutant(
        "flag-kept-on-output", "flag", "the flag's channel is declared as kept on output",
        (Patch(SUBAGENTS, "OmitFromSchema(input=False, output=True)", "OmitFromSchema(input=False, output=False)"),),
        expect=("flag-declared",),
        stale={"en": ("omitted from output, so it never flows back",),
               "zh": ("输出时省略，它就不会流回去",)},
    ),
    Mutant(
        "preamble-silent", "flag", "the fork preamble no longer warns that delegating will be refused",
        (Patch(SUBAGENTS, '''    "asked to delegate further. If you try to delegate to another subagent "
    "yourself, it will be refused — complete this task directly. Use the "''', '''    "asked to delegate further. Complete this task directly. Use the "'''),),
        expect=("preamble-warns", "preamble-length"),
        stale={"en": ("Two gates: a preamble, then the refusal", "Before the runtime refuses anything, the prompt already warns."),
               "zh": ("两道闸：先预告，再拒绝", "运行时拒绝之前，提示词已经先说了一遍")},
    ),
    Mutant(
        "suffix-mentions-delegation", "flag", "the fork line of the parent's `task` description says the child cannot delegate",
        (Patch(SUBAGENTS, '" (inherits your full conversation and system prompt — no need to restate context here)"',
               '" (inherits your full conversation and system prompt — it cannot delegate further)"'),),
        expect=("suffix-silent", "suffix-length"),
        stale={"en": ("says nothing about the child being unable to delegate",),
               "zh": ("只字未提子派不出去",)},
    ),
    # 6. the gap
    Mutant(
        "runnable-fork-flagged", "gap", "a runnable-form fork also gets the flag (declared by SubAgentMiddleware), so its grandchild is refused",
        (Patch(SUBAGENTS, "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n",
               "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n    state_schema = _ForkedContextState\n"),
         Patch(SUBAGENTS, "                inherited = {key: value for key, value in runtime.state.items() if key not in _EXCLUDED_STATE_KEYS | private_state_keys}\n",
               "                inherited = {key: value for key, value in runtime.state.items() if key not in _EXCLUDED_STATE_KEYS | private_state_keys}\n"
               "                inherited[_FORKED_CONTEXT_KEY] = True\n")),
        expect=("gap-runnable", "keys-runnable"),
        stale={"en": ("A fork handed over in the runnable form gets no such boolean",
                      "its own task really does reach a grandchild",
                      "The runnable-form fork does not: that is the gap of section 6.",
                      "for the runnable form it writes none",
                      "who guards the boundary deepagents you"),
               "zh": ("以 runnable 形态交进去的 fork 子拿不到这个布尔值", "它自己的 task 真能把孙辈叫起来",
                      "runnable 形态的 fork 子没有：这就是第 6 节的缺口", "对 runnable 形态，它不写",
                      "边界谁来守 deepagents 你自己")},
    ),
    # 7. guidance
    Mutant(
        "fork-forgets-conversation", "guidance", "a declarative fork no longer receives the parent's conversation, only its task",
        (Patch(SUBAGENTS, "    return [*effective, HumanMessage(content=preamble + description)]\n",
               "    return [HumanMessage(content=preamble + description)]\n"),),
        expect=("guide-fork",),
        stale={"en": ("To let a child continue your conversation, use a declarative fork.",
                      "The declarative fork saw the parent's conversation"),
               "zh": ("想让子接着你的对话往下走，用声明式 fork", "声明式 fork 子看得到父的对话")},
    ),
]


# --------------------------------------------------------------------------- building


@dataclass
class Build:
    ok: bool  # the strict build of both languages passed
    log: str  # mkdocs' output (stdout and stderr)
    site_dir: Path
    live: dict[str, Any] | None = None  # claim id -> live value, measured by the build's own process
    facts: dict[str, Any] | None = None  # snippets.facts.collect() as plain data, when every experiment ran
    deepagents: str | None = None  # the deepagents the build imported
    seconds: float = 0.0

    def __repr__(self) -> str:  # short, for assertion messages
        return f"Build(ok={self.ok}, site_dir={str(self.site_dir)!r})"

    def errors(self) -> list[str]:
        """What failed: each warning or error of the log with its continuation lines, or the log's tail."""
        records: list[list[str]] = []
        for line in self.log.splitlines():
            if re.match(r"(INFO|DEBUG|WARNING|ERROR|CRITICAL)\b|Aborted|Traceback", line) or not records:
                records.append([line])
            elif line.strip():
                records[-1].append(line)
        picked = ["\n".join(r[:14]) for r in records if re.match(r"WARNING|ERROR|CRITICAL|Aborted|Traceback", r[0])]
        return picked or self.log.splitlines()[-5:]


# Runs inside the build's own process: `mkdocs build`, then the facts that build
# measured (recorded in-process by snippets.lab, so nothing is measured twice).
_RUNNER = r"""
import dataclasses, json, runpy, sys
out = sys.argv[1]
sys.argv = ["mkdocs", *sys.argv[2:]]
code = 0
try:
    runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
report = {"code": code}
try:
    import deepagents
    report["deepagents"] = deepagents.__file__
    from snippets.article import live_row
    report["live"] = live_row()["facts"]
    from snippets.facts import collect
    report["facts"] = dataclasses.asdict(collect())
except BaseException as error:  # recorded: the verdict says what could not be measured
    report["facts_error"] = f"{type(error).__name__}: {error}"
with open(out, "w", encoding="utf-8") as handle:
    json.dump(report, handle, default=repr, ensure_ascii=False)
sys.exit(code)
"""


def build_env(scratch: Path | None, extra_env: dict[str, str] | None = None, pycache: Path | None = None) -> dict[str, str]:
    """The environment of a build against a scratch deepagents: it first on PYTHONPATH, the facts cache off.

    With `pycache`, compiled modules are written there (PYTHONPYCACHEPREFIX), never into `.venv`, so
    builds after the first skip compiling langchain and friends (each scratch copy has its own
    paths, so nothing compiled from another deepagents can be reused).
    """
    env = {**os.environ, "FACTS_CACHE": "0", "SOURCE_DATE_EPOCH": "1764633600", "DISABLE_MKDOCS_2_WARNING": "true",
           "NO_MKDOCS_2_WARNING": "1", "PYTHONWARNINGS": "ignore::SyntaxWarning"}
    if scratch is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(scratch), *filter(None, [os.environ.get("PYTHONPATH")])])
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    env.update(extra_env or {})
    return env


def build_against(patches: Sequence[Patch], out: Path, *, name: str = "patched", project: Path = ROOT,
                  extra_env: dict[str, str] | None = None, pycache: Path | None = None, timeout: int = 300) -> Build:
    """Build both languages strictly against a copy of the installed deepagents with `patches` applied.

    Layout under `out`: `scratch/deepagents/` (the patched copy, first on the build's PYTHONPATH),
    `site/` (the site; Chinese in `site/zh/`), `report.json` (what the build measured: every claim's
    live value and the facts, from the build's own process). Raises MutantNoLongerApplies when a
    patch does not apply. `Build.ok` is whether the strict build passed; `Build.errors()` says why not.
    """
    out.mkdir(parents=True, exist_ok=True)
    scratch = out / "scratch"
    scratch_copy(scratch)
    apply_patches(scratch, patches, name)
    site_dir, report_path = out / "site", out / "report.json"
    report_path.unlink(missing_ok=True)
    started = time.monotonic()
    command = [sys.executable, "-c", _RUNNER, str(report_path),
               "build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(site_dir)]
    try:
        result = subprocess.run(command, cwd=project, env=build_env(scratch, extra_env, pycache), capture_output=True,
                                text=True, timeout=timeout)
        log, code = result.stdout + result.stderr, result.returncode
    except subprocess.TimeoutExpired as error:
        log, code = f"build of {name} timed out after {timeout} s\n{error.stdout or ''}{error.stderr or ''}", -1
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.exists() else {}
    if report.get("facts_error"):
        log += f"\n(facts after the build: {report['facts_error']})"
    return Build(ok=code == 0, log=log, site_dir=site_dir, live=report.get("live"), facts=report.get("facts"),
                 deepagents=report.get("deepagents"), seconds=time.monotonic() - started)


# --------------------------------------------------------------------------- reading pages


def pages() -> list[str]:
    """Every page of the site: the docs' pages, then the generated ones."""
    return sorted(p.stem for p in (DOCS / "en").glob("*.md")) + list(GENERATED)


def page_path(site_dir: Path, language: str, page: str) -> Path:
    folder = site_dir / languages.folder(language)
    return folder / "index.html" if page == "index" else folder / page / "index.html"


def callout_titles() -> set[str]:
    """Titles of the callouts that quote the article's old values, in every language (sitegen/strings)."""
    from sitegen.strings import STRINGS, word

    return {word(path.stem, "callout.title") for path in STRINGS.glob("*.yml")}


_BLOCKS = {"p", "li", "td", "th", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "div", "br",
           "ul", "ol", "table", "details", "summary", "figure", "figcaption", "label", "dt", "dd"}
_VOID = {"br", "img", "hr", "input", "meta", "link", "source", "wbr", "col", "area", "base", "embed", "track"}


class _Text(HTMLParser):
    """The text a reader sees inside <article>: no scripts, styles or permalink marks; blocks end lines."""

    def __init__(self, skip_callouts: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.titles = callout_titles() if skip_callouts else set()
        self.parts: list[str] = []
        self.articles = 0  # depth of <article>
        self.stack: list[tuple[str, int, bool, bool]] = []  # (tag, output position, hides its content, is a callout)

    def _hidden(self) -> bool:
        return any(hides for _, _, hides, _ in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.articles += 1
            return
        if not self.articles:
            return
        if tag in _VOID:
            if tag == "br":
                self.parts.append("\n")
            return
        classes = (dict(attrs).get("class") or "").split()
        hides = tag in ("script", "style", "template") or "headerlink" in classes
        callout = tag == "div" and "admonition" in classes
        if tag in _BLOCKS:
            self.parts.append("\n")
        self.stack.append((tag, len(self.parts), hides, callout))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.articles -= 1
            return
        if not self.articles or tag in _VOID or all(open_tag != tag for open_tag, *_ in self.stack):
            return
        while self.stack:
            open_tag, start, _, callout = self.stack.pop()
            if callout and self.titles and "".join(self.parts[start:]).lstrip().startswith(tuple(self.titles)):
                del self.parts[start:]
            if open_tag == tag:
                break
        if tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.articles and not self._hidden():
            in_code_block = any(tag == "pre" for tag, *_ in self.stack)
            self.parts.append(data if in_code_block else data.replace("\n", " "))

    def text(self) -> str:
        lines = (re.sub(r"[ \t\r\f\v\u200b]+", " ", line).strip() for line in "".join(self.parts).split("\n"))
        return "\n".join(line for line in lines if line)


def visible_text(site_dir: Path, language: str, page: str, *, skip_callouts: bool = False) -> str:
    """What a reader sees in the page's article, one block per line, whitespace collapsed.

    With `skip_callouts`, the "Changed since the article" callouts (which quote the
    article's old values on purpose) are left out.
    """
    parser = _Text(skip_callouts)
    parser.feed(page_path(site_dir, language, page).read_text(encoding="utf-8"))
    parser.close()
    return parser.text()


def _squeeze(text: str) -> str:
    """Text without whitespace: phrases match across line breaks, in English and Chinese alike."""
    return re.sub(r"\s+", "", html.unescape(text))


def contains(text: str, phrase: str) -> bool:
    """Whether `phrase` is in `text`, ignoring whitespace (Markdown line breaks, table cells)."""
    return _squeeze(phrase) in _squeeze(text)


def claiming_pages(site_dir: Path, language: str) -> dict[str, str]:
    """Page -> visible text, for the pages that state things in their own voice (not the generated
    comparisons, not the callouts that quote the article)."""
    return {page: visible_text(site_dir, language, page, skip_callouts=True)
            for page in pages() if page not in GENERATED and page_path(site_dir, language, page).exists()}


def stale_phrases(site_dir: Path, stale: dict[str, Sequence[str]]) -> dict[str, list[tuple[str, str]]]:
    """language -> [(page, phrase)] for every phrase found on a claiming page of that language."""
    found: dict[str, list[tuple[str, str]]] = {}
    for language, phrases in stale.items():
        texts = claiming_pages(site_dir, language)
        found[language] = [(page, phrase) for phrase in phrases for page, text in texts.items() if contains(text, phrase)]
    return found


def hollow_values(baseline: Path, mutant: Path) -> dict[str, list[str]]:
    """language -> pages that show `None` (a quoted value that no longer exists) more often than the baseline."""
    found: dict[str, list[str]] = {}
    for language in LANGUAGES:
        before, after = claiming_pages(baseline, language), claiming_pages(mutant, language)
        found[language] = [page for page, text in after.items()
                           if len(re.findall(r"\bNone\b", text)) > len(re.findall(r"\bNone\b", before.get(page, "")))]
    return found


def sentences(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        out += [s.strip() for s in re.split(r"(?<=[.!?])\s+|(?<=[。！？；])\s*", line) if s.strip()]
    return out


def changed_sentences(baseline: Path, mutant: Path, language: str) -> dict[str, tuple[list[str], list[str]]]:
    """page -> (sentences only in the baseline, sentences only under the mutant), pages that changed."""
    changes = {}
    for page in pages():
        before_path, after_path = page_path(baseline, language, page), page_path(mutant, language, page)
        if not (before_path.exists() and after_path.exists()):
            continue
        before, after = sentences(visible_text(baseline, language, page)), sentences(visible_text(mutant, language, page))
        if before == after:
            continue
        gone, new = [], []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
            if tag != "equal":
                gone += before[i1:i2]
                new += after[j1:j2]
        changes[page] = (gone, new)
    return changes


# --------------------------------------------------------------------------- verdicts


@dataclass
class Verdict:
    mutant: Mutant
    caught: bool
    followed: str  # one line for the table
    details: list[str]  # what changed, sentence by sentence
    remaining: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # stale phrases left, per language
    seconds: float = 0.0

    def __repr__(self) -> str:  # short, for assertion messages
        return f"Verdict({self.mutant.name}, caught={self.caught})"

    def row(self) -> str:
        mark = "caught" if self.caught else "NOT CAUGHT"
        return f"| {self.mutant.name} | {self.mutant.section} | {mark} | {self.followed} |"

    def report(self) -> str:
        lines = [self.row(), f"  changes: {self.mutant.changes}" + (f" (build: {self.seconds:.0f} s)" if self.seconds else "")]
        lines += [f"  {line}" for line in self.details]
        return "\n".join(lines)


def _pages_named(text: str) -> list[str]:
    """The site's pages that a build message names (`docs/en/modes.md`, `drift.md (generated)`, `modes.md:12`…)."""
    names = "|".join(re.escape(page) for page in pages())
    return list(dict.fromkeys(m.group(0) for m in re.finditer(rf"(?<![\w-])(?:docs/(?:en|zh)/)?(?:{names})\.md\b", text)))


def _value(facts: dict | None, live: dict | None, key: str) -> Any:
    """A claim's live value, or a fact path like `refusal.message_type`."""
    if "." not in key:
        return (live or {}).get(key, "<no such claim>")
    value: Any = facts
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return "<no such fact>"
        value = value[part]
    return value


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clip(text: str, limit: int = 150) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def judge(mutant: Mutant, baseline: Build, build: Build | Exception) -> Verdict:
    """Was the mutant caught? (module doc: a named build failure, or changed facts and no stale sentence)."""
    if isinstance(build, Exception):
        return Verdict(mutant, False, f"FAILED: {build}", [])
    details: list[str] = []
    problems: list[str] = []
    # The declaration itself: every stale phrase must be on today's pages, in the baseline build.
    today = {language: claiming_pages(baseline.site_dir, language) for language in mutant.stale}
    missing = {language: [phrase for phrase in phrases if not any(contains(text, phrase) for text in today[language].values())]
               for language, phrases in mutant.stale.items()}
    for language, phrases in missing.items():
        for phrase in phrases:
            problems.append(f"declaration wrong: stale phrase {phrase!r} ({language}) is not on any page of the baseline build")
    if build.deepagents and not build.deepagents.startswith(str(build.site_dir.parent)):
        problems.append(f"the build imported {build.deepagents}, not the patched copy")

    if not build.ok:
        errors = build.errors()
        named = _pages_named("\n".join(errors))
        lines = [line.strip() for record in errors for line in record.splitlines()]
        stale = next((line for line in lines if "no longer true" in line), None)  # a guarded sentence (guard())
        first = stale or next((r for r in errors if r.startswith("ERROR")), errors[0] if errors else "(empty log)").splitlines()[0]
        details += [f"build log: {_clip(' ⏎ '.join(record.splitlines()), 400)}" for record in errors[:6]]
        if not named:
            problems.append("the strict build failed without naming a page")
            followed = f"build failed, naming no page: {_clip(first)}"
        else:
            followed = f"strict build failed: {_clip(first, 200)} (names {', '.join(named)})"
        if problems:
            followed += " — " + "; ".join(problems)
        return Verdict(mutant, not problems, followed, details, seconds=build.seconds)

    changed_facts = sorted(k for k in (build.live or {}) if (build.live or {}).get(k) != (baseline.live or {}).get(k))
    expected_changed = [k for k in mutant.expect if _value(build.facts, build.live, k) != _value(baseline.facts, baseline.live, k)]
    for key in mutant.expect:
        before, after = _value(baseline.facts, baseline.live, key), _value(build.facts, build.live, key)
        note = "  (unchanged)" if before == after else ""
        if isinstance(before, list) and isinstance(after, list) and before != after:
            note = f"  (added {[v for v in after if v not in before]}, removed {[v for v in before if v not in after]})"
        details.append(f"fact {key}: {_short(before)} -> {_short(after)}{note}")
    if not expected_changed:
        problems.append(f"no expected fact changed ({', '.join(mutant.expect)})")
    remaining = stale_phrases(build.site_dir, {lang: [p for p in phrases if p not in missing.get(lang, [])]
                                               for lang, phrases in mutant.stale.items()})
    for language in LANGUAGES:
        for page, phrase in remaining.get(language, []):
            problems.append(f"{language}/{page} still says {phrase!r}")
    hollow = hollow_values(baseline.site_dir, build.site_dir)
    for language in LANGUAGES:
        for page in hollow.get(language, []):
            problems.append(f"{language}/{page} quotes a missing value as `None`")

    per_language = []
    for language in LANGUAGES:
        changes = changed_sentences(baseline.site_dir, build.site_dir, language)
        per_language.append(f"{language}: " + (", ".join(f"{page} ({len(gone)}→{len(new)})" for page, (gone, new) in changes.items()) or "no page changed"))
        for page, (gone, new) in changes.items():
            details += [f"{language}/{page} - {_clip(s)}" for s in gone[:8]] + [f"{language}/{page} + {_clip(s)}" for s in new[:8]]
    facts_note = f"facts changed: {', '.join(changed_facts) or 'none'}"
    followed = f"build passed; {facts_note}; pages changed (sentences before→after) {'; '.join(per_language)}"
    if problems:
        followed += " — " + "; ".join(problems)
    return Verdict(mutant, not problems, followed, details, remaining=remaining, seconds=build.seconds)


# --------------------------------------------------------------------------- the suite


@dataclass
class Suite:
    baseline: Build
    verdicts: list[Verdict]
    seconds: float

    @property
    def ok(self) -> bool:
        return self.baseline.ok and all(v.caught for v in self.verdicts)

    def table(self) -> str:
        lines = ["| mutant | section | verdict | what followed |", "|---|---|---|---|"]
        lines += [v.row() for v in self.verdicts]
        caught = sum(v.caught for v in self.verdicts)
        lines.append("")
        lines.append(f"{caught} of {len(self.verdicts)} mutants caught; {self.seconds:.0f} s in all "
                     f"(baseline build {self.baseline.seconds:.0f} s)")
        return "\n".join(lines)

    def report(self) -> str:
        return self.table() + "\n\nDetails:\n\n" + "\n\n".join(v.report() for v in self.verdicts)


def _run_one(mutant: Mutant | None, out: Path) -> Build | Exception:
    try:
        return build_against(mutant.patches if mutant else (), out / (mutant.name if mutant else "baseline"),
                             name=mutant.name if mutant else "baseline", pycache=out / "pycache")
    except MutantNoLongerApplies as error:
        return error


def run_suite(mutants: Sequence[Mutant] = MUTANTS, out: Path = CACHE, workers: int | None = None) -> Suite:
    """Build the baseline (an unpatched copy) and every mutant, `workers` at a time, and judge each."""
    started = time.monotonic()
    workers = workers or min(2, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        baseline_job = pool.submit(_run_one, None, out)
        jobs = [pool.submit(_run_one, mutant, out) for mutant in mutants]
        baseline = baseline_job.result()
        builds = [job.result() for job in jobs]
    if isinstance(baseline, Exception) or not baseline.ok:
        log = str(baseline) if isinstance(baseline, Exception) else "\n".join(baseline.errors())
        msg = f"the baseline build (an unpatched copy of deepagents) failed:\n{log}"
        raise RuntimeError(msg)
    verdicts = [judge(mutant, baseline, build) for mutant, build in zip(mutants, builds)]
    return Suite(baseline, verdicts, time.monotonic() - started)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="only these mutants (default: all)")
    parser.add_argument("--workers", type=int, default=None, help="builds at a time (default: 2, or 1 on one core)")
    parser.add_argument("--out", type=Path, default=None, help="scratch folder (default: a temporary one; "
                        ".cache/mutants with --keep)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies and sites in .cache/mutants")
    args = parser.parse_args(argv)
    known = {m.name: m for m in MUTANTS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no mutant named {', '.join(unknown)}; known: {', '.join(known)}")
    chosen = [known[n] for n in args.names] or MUTANTS
    if args.out or args.keep:
        suite = run_suite(chosen, args.out or CACHE, args.workers)
    else:
        with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
            suite = run_suite(chosen, Path(scratch), args.workers)
    print(suite.report())
    return 0 if suite.ok else 1


if __name__ == "__main__":
    sys.exit(main())
