"""Setups as data: the ways a reader's project differs from the site's examples, each one measured.

The site measures with a scripted chat model that no harness profile of
deepagents matches. A reader's model may match one: deepagents ships harness
profiles for some models and picks one by the provider and model name the chat
model reports (`_harness_profile_for_model`: the provider from
`_get_ls_params()["ls_provider"]`, the name from `model_name`). Each profile
can add middleware (and with it tools) and a system-prompt suffix to every
agent that runs such a model, children included.

So beside the site's own setup (`model=unmatched`) there is one setup per
harness profile deepagents registers, read from deepagents itself when measured
(the keys whose profiles are equal are one family; its first key names it): under
each, the experiments of `DIMENSIONS["model"]` run again with the scripted model
reporting that provider and model name, and so do their JavaScript twins (npm
deepagents picks a harness profile by the model's name too: measure.mjs with
DEEPAGENTS_JS_SETUPS, every setup in one node process, `_JavaScript`).

A reader may also run the parent another way than the examples do: one setup per
way of `lab.RUNS` but the site's own (`run=ainvoke`, `run=stream`,
`run=astream`). Under each, the experiments of `DIMENSIONS["run"]` (what a child
gets when it calls `task`) run again inside `lab.running(run)`: the outermost
`invoke` or `stream` call of each scenario and experiment runs that way, the
scenario files untouched. JavaScript has no such setups: npm's LangGraph has one
way of running, asynchronous, and its `invoke` is its `stream` (streamMode
"values") read to the end (`Pregel.invoke` in @langchain/langgraph).

A reader's parent may carry what the examples' parents do not (`PARENTS`):
`parent=interrupt-task` (a human approves each `task` call: `interrupt_on`
with a checkpointer; the outermost run is resumed, every call approved, until it
ends), `parent=own-tool` (a tool of its own, which every child whose spec
names no `tools` inherits), `parent=async-subagent` (an `AsyncSubAgent`
spec beside the synchronous ones, whose `*_async_task` tools no example
calls) and `parent=own-middleware` (a middleware of its own that adds a tool,
which a fork child inherits with the middleware). `carrying(parent)` gives it
to every deep agent made with sub-agents; the experiments of
`DIMENSIONS["parent"]` run again, and their JavaScript twins (measure.mjs
carries the same through snippets/js/deepagents_under.mjs, and resumes an
interrupted run as `lab.running` does).

A child's model may send `task` arguments its schema does not accept (`lab.MALFORMED`):
`args=unknown-key` (an invented key beside the two it defines, which
deepagents' `TaskToolSchema` says models do) and `args=no-description`.
`lab.sending(args)` rewrites every `task` call a child's scripted model makes
(a model called inside another agent's tool), the parents' calls as written;
the experiments of `DIMENSIONS["args"]` run again, and their JavaScript twins
(measure.mjs rewrites a child's `task` calls the same way).

A reader's child may set a key of its spec that the examples' children leave out:
one setup per key `tool_surfaces.spec_values()` has a value for (`child=skills`,
`child=interrupt-on`, ...: every key deepagents' `SubAgent` declares besides
the ones that name the child, give it tools or middleware, or pick its mode or
model; a key deepagents adds without a value stops the build there).
`declaring(key)` sets it on every declarative child a deep agent is made with
that does not set it already; the experiments of `DIMENSIONS["child"]` run again,
and their JavaScript twins (measure.mjs sets npm's name of the key).

The setups are measured side by side, a forked process per core, and each
section's result under each setup is cached under .cache/facts like an
experiment's, keyed by what it runs (that section's own key, deepagents' files
included; the JavaScript part by its own key): an edit of one experiment
measures again only that experiment, under the setups whose dimension holds it.
`facts_under(facts)` gives every setup's facts: the site's own, with its
experiments' results replaced.

`SCOPES` are the scopes a page's sentence may state, each with its English
words (other languages translate them under `scopes.<id>`): a claim whose value
differs across setups is bound only where the sentence says where it holds
(the claims engine's check, claims/checks.py `unscoped`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from snippets import cache, js, lab, registry, your_setup

# Dimension -> the experiments measured again under each of its setups: those whose claims can depend on it.
DIMENSIONS = {
    # the tools a profile adds, and what a child's `task` call gets under it (modes: none differ, 2.5 s more)
    "model": ("tool_surfaces", "refusal", "flag", "gap"),
    # what happens when a child calls `task`, however the reader runs the parent (lab.running)
    "run": ("refusal", "flag", "gap"),
    # what the children are offered (beside the parent's tools, position by position) and what a child's `task`
    # call gets, under what a reader's parent carries
    "parent": ("tool_surfaces", "why_kept", "refusal"),
    # what a child's `task` call gets when its model sends arguments the tool's schema does not accept
    "args": ("refusal", "flag", "gap"),
    # what a child is offered and what its `task` call gets when its spec sets a key the examples' children leave out
    "child": ("tool_surfaces", "refusal", "flag", "gap"),
}
PARENTS = {  # what a reader's parent may carry that the examples' parents do not: its key in a setup's id
    "interrupt-task": "a human approves each `task` call (`interrupt_on={\"task\": True}`, with a checkpointer)",
    "own-tool": "a tool of its own (`tools=[...]`)",
    "async-subagent": "an async sub-agent (an `AsyncSubAgent` spec: a graph on an Agent Protocol server)",
    "own-middleware": "a middleware of its own that adds a tool (`middleware=[...]`)",
}
# The async sub-agent of `parent=async-subagent`: deepagents reaches its server only when a model starts a task.
REMOTE = {"name": "remote", "description": "a helper on another server", "graph_id": "agent", "url": "http://127.0.0.1:9"}
SECTIONS = tuple(dict.fromkeys(name for names in DIMENSIONS.values() for name in names))  # measured under some setup
WORKERS = 4  # processes measuring setups side by side, at most one per core
DEFAULT = "model=unmatched"  # the site's own setup: the scripted model, which no profile matches, run as written


@dataclass(frozen=True)
class Setup:
    id: str  # "model=unmatched", "model=openai:gpt-5.1-codex", "run=ainvoke"
    model: str | None = None  # the provider:model the scripted model reports; None: the site's own model
    family: tuple[str, ...] = ()  # every key deepagents registers the same (an equal) harness profile under
    run: str = "invoke"  # how the scenarios' agents run (lab.RUNS; "invoke": as each is written)
    parent: str | None = None  # what every parent the scenarios make carries besides their own (PARENTS)
    args: str | None = None  # what every child's `task` call sends instead of well-formed arguments (lab.MALFORMED)
    child: str | None = None  # the spec key every declarative child sets (tool_surfaces.spec_values())

    @property
    def dimension(self) -> str:
        return self.id.partition("=")[0]

    @property
    def sections(self) -> tuple[str, ...]:
        """The experiments measured under it (the site's own: none, its facts are the pages')."""
        return () if self.id == DEFAULT else DIMENSIONS[self.dimension]

    @property
    def js_sections(self) -> tuple[str, ...]:
        """The experiments measured under it in JavaScript too, those of its sections that have a JavaScript twin:
        under a model (npm deepagents picks a harness profile by the model's name as well), a child's malformed
        `task` arguments, what a reader's parent carries and a key a reader's child sets. None under a way of
        running (npm's `invoke` is its `stream`)."""
        measured = self.model or self.args or self.child or self.parent
        return tuple(name for name in self.sections if name in _js_sections()) if measured else ()

    @property
    def in_javascript(self) -> str:
        """How measure.mjs is told to measure under it (js.start's setups): a model setup names its family."""
        return f"model={'|'.join(self.family)}" if self.model else self.id

    @property
    def parts(self) -> tuple[str, ...]:
        """What is kept of it in the cache, each under a key of its own: its sections, then JS (the JavaScript
        sections, measured in one node process) if any."""
        return (*self.sections, *((JS,) if self.js_sections else ()))


JS = js.NAME  # a setup's JavaScript results: section -> what measure.mjs measured there
_js_sections = functools.cache(js.sections)


@dataclass(frozen=True)
class Scope:
    """A scope a sentence may state: the setups it covers, and its words (English; `scopes.<id>` translates)."""

    id: str
    words: str
    covers: Callable[[Setup], bool]


SCOPES = (
    Scope("model-unmatched", "with a model no harness profile matches", lambda setup: setup.model is None),
    Scope("parent-toolless", "a parent without tools or middleware of its own",
          lambda setup: setup.parent not in ("own-tool", "own-middleware")),
    Scope("parent-no-async", "a parent with no async sub-agent", lambda setup: setup.parent != "async-subagent"),
    Scope("args-valid", "with well-formed arguments", lambda setup: setup.args is None),
    Scope("child-own-interrupt-on", "with no `interrupt_on` of its own", lambda setup: setup.child != "interrupt_on"),
)


def run_setups() -> tuple[Setup, ...]:
    """One per way a reader runs the parent but the site's own (`invoke`, as each scenario is written)."""
    return tuple(Setup(f"run={run}", run=run) for run in lab.RUNS if run != "invoke")


def parent_setups() -> tuple[Setup, ...]:
    """One per thing a reader's parent may carry (PARENTS)."""
    return tuple(Setup(f"parent={parent}", parent=parent) for parent in PARENTS)


def args_setups() -> tuple[Setup, ...]:
    """One per kind of malformed arguments a child's model may send to `task` (lab.MALFORMED)."""
    return tuple(Setup(f"args={args}", args=args) for args in lab.MALFORMED)


def child_setups() -> tuple[Setup, ...]:
    """One per key of a declarative spec that a reader's child may set and the examples' children leave out."""
    from snippets.tool_surfaces import spec_values

    return tuple(Setup(f"child={key.replace('_', '-')}", child=key)
                 for key, value in spec_values().items() if value is not None)


def all_setups() -> tuple[Setup, ...]:
    """The site's own setup first, then every model, run, parent, arguments and child setup."""
    return (*model_setups(), *run_setups(), *parent_setups(), *args_setups(), *child_setups())


@contextlib.contextmanager
def making(rewrite: Callable[[dict], dict]):
    """While inside, every deep agent is made with its keyword arguments rewritten (scenarios import
    `create_deep_agent` from deepagents when they run, so they get this one too)."""
    import deepagents

    make = deepagents.create_deep_agent

    def create_deep_agent(*args, **kwargs):
        return make(*args, **rewrite(kwargs))

    deepagents.create_deep_agent = create_deep_agent
    try:
        yield
    finally:
        deepagents.create_deep_agent = make


@contextlib.contextmanager
def declaring(key: str | None):
    """While inside, every declarative child (a dict spec: neither a `runnable` nor an async one) that a deep
    agent is made with sets `key` too, to the value tool_surfaces.spec_values() gives it, unless it sets it or
    deepagents' own check of a spec's mode refuses it there (`skills` on a fork child: section 1 shows that
    refusal)."""
    if key is None:
        yield
        return
    from snippets.tool_surfaces import spec_values

    value = spec_values()[key]
    allowed = lab.internal("deepagents.middleware.subagents", "_validate_subagent_mode",
                           meaning="deepagents' check of what a spec may set under its mode")

    def declared(spec):
        if not isinstance(spec, dict) or {"runnable", "graph_id"} & set(spec) or key in spec:
            return spec
        try:
            allowed({**spec, key: value})
        except ValueError:
            return spec
        return {**spec, key: value}

    with making(lambda kwargs: {**kwargs, "subagents": [declared(s) for s in kwargs["subagents"]]}
                if kwargs.get("subagents") else kwargs):
        yield


@contextlib.contextmanager
def carrying(parent: str | None):
    """While inside, every deep agent made with sub-agents (a parent: the scenarios' and the experiments')
    carries `parent` too (PARENTS); its outermost run approves every `task` call under "interrupt-task"
    (lab.running)."""
    if parent is None:
        yield
        return
    from langchain.agents.middleware import AgentMiddleware
    from langchain_core.tools import tool

    @tool("parent_note")
    def parent_note(text: str) -> str:
        """Note a line in the reader's own log."""
        return "noted"

    class ParentsMiddleware(AgentMiddleware):  # a reader's own middleware, with a tool of its own
        tools = [parent_note]

    def carried(kwargs):
        if kwargs.get("subagents"):
            if parent == "interrupt-task":
                from langgraph.checkpoint.memory import InMemorySaver

                kwargs = {**kwargs, "interrupt_on": {**(kwargs.get("interrupt_on") or {}), "task": True}}
                kwargs.setdefault("checkpointer", InMemorySaver())
            elif parent == "own-tool":
                kwargs = {**kwargs, "tools": [*(kwargs.get("tools") or []), parent_note]}
            elif parent == "async-subagent":  # never started: no model of the examples calls its tools
                kwargs = {**kwargs, "subagents": [*kwargs["subagents"], REMOTE]}
            elif parent == "own-middleware":
                kwargs = {**kwargs, "middleware": [*(kwargs.get("middleware") or []), ParentsMiddleware()]}
        return kwargs

    with making(carried):
        yield


@dataclass(frozen=True)
class Measured:
    setups: tuple[Setup, ...]  # the site's own first
    results: dict[str, dict[str, Any]]  # setup id -> section -> its experiment's result (not the site's own)
    # setup id -> scenario -> the sub-agents each deep agent it made lists (what `general-purpose-added` reads)
    listed: dict[str, dict[str, list[list[str]]]] = dataclasses.field(default_factory=dict)


def model_setups() -> tuple[Setup, ...]:
    """The site's own setup, then one per harness profile the installed deepagents registers (imports it). Keys
    whose profiles are equal (deepagents registers Sonnet 4.6's and Haiku 4.5's alike) are one family: one
    setup, measured once."""
    module = "deepagents.profiles.harness.harness_profiles"
    registered = lab.internal(module, "_HARNESS_PROFILES", meaning="the registry of harness profiles")
    lab.internal("deepagents.profiles._builtin_profiles", "_ensure_builtin_profiles_loaded",
                 meaning="what registers the built-in profiles")()
    families: list[tuple[Any, list[str]]] = []
    for key, profile in registered.items():
        family = next((keys for known, keys in families if known is profile or known == profile), None)
        if family is None:
            families.append((profile, [key]))
        else:
            family.append(key)
    return (Setup(DEFAULT, None), *(Setup(f"model={keys[0]}", keys[0], tuple(keys)) for _, keys in families))


@contextlib.contextmanager
def reporting(model: str | None):
    """While inside, every ScriptedModel reports `model` ("provider:name") as its provider and model name; a
    subclass of it, which an experiment makes to be a model of a provider of its own (gap's "adder"), keeps
    reporting that provider."""
    from scripted_model import ScriptedModel

    if model is None:
        yield
        return
    provider, _, name = model.partition(":")
    own = ScriptedModel._get_ls_params

    def ls_params(self, stop=None, **kwargs):
        params = own(self, stop=stop, **kwargs)
        return {**params, "ls_provider": provider, "ls_model_name": name} if type(self) is ScriptedModel else params

    ScriptedModel._get_ls_params, ScriptedModel.model_name = ls_params, name
    try:
        yield
    finally:
        ScriptedModel._get_ls_params = own
        del ScriptedModel.model_name


def profile_matched(setup: Setup) -> bool:
    """Whether deepagents resolves, for a scripted model under `setup`, the profile of its family (the site's
    own setup: no profile at all): the measurement really is under that profile."""
    from scripted_model import ScriptedModel

    module = "deepagents.profiles.harness.harness_profiles"
    resolve = lab.internal(module, "_harness_profile_for_model", meaning="how a model's harness profile is chosen")
    with reporting(setup.model):
        found = resolve(ScriptedModel(script=[]), None)
    if setup.model is None:
        return found == lab.internal(module, "HarnessProfile", meaning="the profile type")()
    return found is lab.internal(module, "_HARNESS_PROFILES", meaning="the registry of harness profiles")[setup.model]


def shown_carries(setup: Setup) -> tuple[str, ...]:
    """What "Your setup" shows a child carrying under a setup (snippets/your_setup.py measures those only): under
    a shipped profile's model, everything but a profile of the reader's own; under the other setups, nothing."""
    return tuple(carries for carries in your_setup.CARRIES if carries != "profile") if setup.model else ()


def measure_setup(setup: Setup, own: dict[str, Any], keys: dict[str, str] | None = None) \
        -> tuple[dict[str, Any], dict[str, list[list[str]]]]:
    """(section -> its result, scenario -> what each deep agent it made lists) under one setup: the experiments
    of its dimension, one after the sections it reads, with the scripted model reporting its model and the agents
    run its way. `own`: the site's own results, for the sections an experiment reads that its setup does not
    measure again. `keys`: section -> the key of its result under this setup (`keys()`): a section whose result is
    kept under it is read, not measured, so an edit of one experiment measures only that one again."""
    if setup.model is not None:
        lab.expect(profile_matched(setup), looked_for=f"the harness profile of {setup.model} for a model that reports it")
    found: dict[str, Any] = {}
    listed: dict[str, list[list[str]]] = {}
    with reporting(setup.model), carrying(setup.parent), \
            lab.running(setup.run, approve=setup.parent == "interrupt-task"), \
            lab.sending(setup.args), declaring(setup.child), your_setup.wanted(shown_carries(setup)):
        for name in setup.sections:
            kept = cache.load(_entry(setup.id, name), keys[name]) if keys else None
            if kept is None:
                section = registry.section(name)
                try:
                    measured = lab.measure(section, {read: found.get(read, own.get(read)) for read in section.reads})
                except lab.ExperimentFailed as error:  # named with the setup: it may hold under the site's own
                    raise lab.ExperimentFailed(f"{error} (under {setup.id})", error.experiment) from error
                kept = (measured.result, measured.listed)
                if keys:
                    cache.save(_entry(setup.id, name), keys[name], kept)
            found[name] = kept[0]
            listed.update(kept[1])
    return found, listed


def _measure_in_parallel(setups: list[Setup], own: dict[str, Any],
                         keys: dict[str, dict[str, str]] | None = None) -> dict[str, tuple[dict, dict]]:
    """Setup id -> measure_setup(setup, own, its keys), for every setup: a forked child per core (at most WORKERS) takes
    its share of them, this process the first share. A failure is raised here, as measured, naming the setup."""
    workers = min(len(setups), os.cpu_count() or 1, WORKERS)
    shares = [setups[i::workers] for i in range(workers)]
    children = {}
    with tempfile.TemporaryDirectory(prefix="setups-") as folder:
        for number, share in enumerate(shares[1:], 1):
            out = Path(folder) / f"{number}.pickle"
            pid = os.fork()
            if pid == 0:  # the child: measure its share, write it, leave without running the parent's exit code
                try:
                    found = {setup.id: measure_setup(setup, own, (keys or {}).get(setup.id)) for setup in share}
                except Exception as error:  # noqa: BLE001 - handed to the parent, which raises it
                    message = str(error) if isinstance(error, lab.ExperimentFailed) else f"{type(error).__name__}: {error}"
                    found = {"failed": (message, getattr(error, "experiment", None))}
                finally:
                    try:
                        cache.write_atomically(out, cache.plain(found))
                    finally:
                        os._exit(0)
            children[pid] = out
        try:
            mine = {setup.id: measure_setup(setup, own, (keys or {}).get(setup.id)) for setup in shares[0]}
        finally:
            for pid in children:
                os.waitpid(pid, 0)
        for out in children.values():
            if not out.exists():
                raise lab.ExperimentFailed(f"a process measuring setups left no result ({out.name})")
            theirs = pickle.loads(out.read_bytes())
            if "failed" in theirs:
                raise lab.ExperimentFailed(*theirs["failed"])
            mine.update(theirs)
    return mine


def _code() -> bytes:
    """The code every setup's measurement runs beside its sections' own: this module's, as reached."""
    digest = hashlib.sha256(cache.installed())
    for name in ("measure_setup", "all_setups"):
        for part in cache.reached("snippets.setups", name):
            digest.update(part.encode())
    return digest.digest()


def listed() -> tuple[Setup, ...]:
    """all_setups(), kept under the key of the code alone: a process that finds every setup's result cached
    imports no deepagents (deepagents registers the profiles)."""
    code = _code().hex()[:20]
    found = cache.load("setups", code)
    if found is None:
        found = all_setups()
        cache.save("setups", code, found)
    return found


def keys(setups: tuple[Setup, ...]) -> dict[str, dict[str, str]]:
    """Setup id -> section -> the key of its result under that setup: the code every setup runs, the setup and
    the section's own key (which holds the keys of the sections it reads), so that an edit of one experiment
    measures again only that experiment, under the setups whose dimension holds it."""
    code = _code()
    section_keys: dict[str, str] = {}

    def section_key(name: str) -> str:  # a section's key, and those of the sections it reads
        if name not in section_keys:
            section = registry.section(name)
            section_keys[name] = cache.key(section, {read: section_key(read) for read in section.reads})
        return section_keys[name]

    def part_key(setup: Setup, name: str) -> str:
        own = js.key(list(setup.js_sections)) if name == JS else section_key(name)
        return hashlib.sha256(code + setup.id.encode() + own.encode()).hexdigest()[:20]

    return {setup.id: {name: part_key(setup, name) for name in setup.parts} for setup in setups}


def _entry(setup_id: str, section: str) -> str:
    """The name a section's result under a setup is kept under in the cache (a setup's id holds ':' and '/')."""
    return f"setup-{hashlib.sha256(setup_id.encode()).hexdigest()[:12]}-{section}"


def _kept(setup: Setup, keys: dict[str, str]) -> tuple[dict[str, Any], dict[str, list[list[str]]]] | None:
    """What measure_setup would give, read from the cache if every section of the setup is kept there, else None."""
    kept = [cache.load(_entry(setup.id, name), keys[name]) for name in setup.parts]
    if any(part is None for part in kept):
        return None
    return ({name: result for name, (result, _) in zip(setup.parts, kept)},
            {scenario: lists for _, listed in kept for scenario, lists in listed.items()})


def measured(own: dict[str, Any] | None = None) -> Measured:
    """The setups' results: each read from the cache when nothing it runs changed, the others measured side
    by side (_measure_in_parallel), each section of them only if its own result is not kept. `own`: the site's
    own results (measure_setup); None: collected when needed."""
    setups = listed()
    found_keys = keys(setups) if cache.enabled() else {}
    found = {setup.id: _kept(setup, found_keys[setup.id]) if found_keys else None for setup in setups[1:]}
    missing = [setup for setup in setups[1:] if found[setup.id] is None]
    if missing:
        if own is None:
            from snippets.facts import collect

            own = collect().results
        lab.expect(profile_matched(setups[0]), looked_for="no harness profile for the scripted model")
        javascript = _JavaScript(missing, found_keys)  # its node process runs beside the Python setups
        try:
            found.update(_measure_in_parallel(missing, own, found_keys))
        finally:
            javascript.finish(found)
    return Measured(setups, {setup_id: results for setup_id, (results, _) in found.items()},
                    {setup_id: listed for setup_id, (_, listed) in found.items() if listed})


class _JavaScript:
    """The JavaScript part of the setups that have one (Setup.js_sections): what the cache keeps, and the
    rest measured in ONE node process (js.start with setups: every setup in turn), started here, read by `finish`."""

    def __init__(self, setups: list[Setup], keys: dict[str, dict[str, str]]) -> None:
        self.keys = keys
        self.kept = {setup.id: cache.load(_entry(setup.id, JS), keys[setup.id][JS]) if keys else None
                     for setup in setups if setup.js_sections}
        self.todo = [setup for setup in setups if setup.js_sections and self.kept[setup.id] is None]
        self.wanted = list(dict.fromkeys(name for setup in self.todo for name in setup.js_sections))
        self.process = js.start(self.wanted, [setup.in_javascript for setup in self.todo]) if self.todo else None

    def finish(self, found: dict[str, Any]) -> None:
        """Put each setup's JavaScript results among its results (`found`: setup id -> (results, listed))."""
        if self.process is not None:
            if any(found.get(setup.id) is None for setup in self.todo):  # the Python side failed: stop node
                self.process.kill()
                self.process.communicate()
                return
            by_setup = js.finish_under(self.process, self.wanted)
            for setup in self.todo:
                self.kept[setup.id] = ({name: by_setup[setup.id][name] for name in setup.js_sections}, {})
                if self.keys:
                    cache.save(_entry(setup.id, JS), self.keys[setup.id][JS], self.kept[setup.id])
        for setup_id, (results, _) in self.kept.items():
            found[setup_id][0][JS] = results


def facts_under(facts: Any, found: Measured | None = None) -> dict[str, Any]:
    """Setup id -> the facts under it: the site's own facts, with SECTIONS' results measured under that setup."""
    found = found or measured(facts.results)
    def under(setup: Setup) -> Any:
        results = found.results[setup.id]
        javascript = js.merged(facts.js, results.get(JS, {}))
        return dataclasses.replace(facts, results={**facts.results, **{k: v for k, v in results.items() if k != JS}},
                                   deep_agents={**facts.deep_agents, **found.listed.get(setup.id, {})}, js=javascript)

    return {setup.id: facts if setup.id == DEFAULT else under(setup) for setup in found.setups}


@functools.cache
def measured_claims(setup: Setup) -> frozenset[str]:
    """The claims measured under a setup: the Python claims of its sections and the JavaScript claims of its
    JavaScript sections."""
    return frozenset(claim.id for name in setup.sections for claim in registry.claims_of(registry.section(name))
                     if claim.runtime == "python" or name in setup.js_sections)  # general-purpose-added (tool_surfaces) reads their scenarios' listings

