"""The bench the experiments stand on: what a section declares, and what its experiment is handed.

A section of the article is one module in snippets/ that declares itself once,
`SECTION = Section(...)`: its name and page, the function that measures it and
the claims it checks; the mutants that must flip them are in
snippets/mutants/<section>.py (snippets/registry.py finds both; everything else
in the project follows from these declarations).

* A scenario (snippets/scenarios/<name>.py) is what a reader copies: plain
  deepagents code that runs beside scripted_model.py.
* An experiment is a function of a `Bench`: `bench.run("name")` runs a
  scenario as a script and returns its variables and what it printed;
  `bench.read("section")` returns another section's result (declared in
  `reads`). It returns one value, its result; what its scenarios printed is
  kept beside it (`Measured`), so a page shows that output without running it
  again. Nothing is kept in module globals: snippets/facts.py gathers it all.
  An experiment that builds its result with `bench.result(Kind, field=lambda:
  ...)` from `bench.runs(...)` can be measured in part: the mutation suite asks
  only for the fields its claims read, and only their scenarios run.
* A `Claim` is one statement about deepagents: its English wording, what the
  article reported (the one thing typed by hand, a quotation; None for a claim
  the site added) and how its value is read from the facts today.
* A `Mutant` is a small patch of the installed deepagents (or langchain) and
  the claims it must flip: tools/mutation.py builds the site against it.
  A section's mutants are `MUTANTS` in snippets/mutants/<section>.py, out of the
  experiment a page publishes.

deepagents and langchain are imported only where a scenario or experiment runs:
a build that finds every result cached never loads them.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import inspect
import io
import re
import runpy
import tokenize
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from claims import model
from claims.model import JS_SUFFIX, RUNTIMES, SAME, Claim, Mutant  # noqa: F401 - the sections import them from here
from snippets.paths import SCENARIOS


# The files of the installed packages that the mutants patch (Patch.file).
SUBAGENTS_PY = "middleware/subagents.py"  # deepagents
GRAPH_PY = "graph.py"  # deepagents
FACTORY_PY = "agents/factory.py"  # langchain
# npm deepagents (Patch.package NPM_DEEPAGENTS): its bundle's file names carry a hash, so a glob.
NPM_DEEPAGENTS = "deepagents-js"
NPM_BUNDLE = "dist/langsmith-*.js"  # the ES module bundle that holds the sub-agent middleware


@dataclass(frozen=True)
class Patch(model.Patch):
    """The engine's text patch (claims.model.Patch), of the installed deepagents unless `package` names
    another (langchain, or NPM_DEEPAGENTS): what most of this site's mutants change."""

    package: str = "deepagents"


@dataclass(frozen=True)
class Section:
    """An experiment, declared once: the registry, the facts, the pages and the tools follow from it."""

    name: str  # the experiment: snippets/<name>.py, facts.<name>; `sections.<name>` in the site's strings
    number: int  # its place in the article
    page: str  # the file name of its page, the same in docs/ for every translation
    title: str  # its title in English (other languages: `sections.<name>.title` in their strings)
    measures: str  # what it measures, in English, for the overview (`sections.<name>.measures`)
    measure: Callable[[Bench], Any]
    claims: list[Claim] = field(default_factory=list)
    scenarios: tuple[str, ...] = ()  # the scenario files it runs and its page shows
    reads: tuple[
        str, ...
    ] = ()  # the sections whose results its experiment reads (bench.read)
    # The JavaScript twin's result (snippets/js/measure.mjs) has the fields of `measure`'s result type, less
    # `python_only` and plus `js_only`, each of the type its field declares (snippets/js.py `unlike_the_schema`
    # checks every JavaScript measurement against it: one schema for both runtimes' results)
    python_only: tuple[str, ...] = ()
    js_only: tuple[str, ...] = ()


class ExperimentFailed(RuntimeError):
    """An experiment could not measure what it measures; the message names it."""

    def __init__(self, message: str, experiment: str | None = None) -> None:
        super().__init__(message)
        self.experiment = experiment


class InternalMoved(ExperimentFailed):
    """deepagents no longer has an internal an experiment reads."""


@dataclass(frozen=True)
class Run:
    """A scenario after it ran: its variables, what it printed, and what each deep agent it made lists."""

    variables: dict[str, Any]
    printed: str
    listed: list[
        list[str]
    ]  # for each create_deep_agent() call, the sub-agents its `task` description lists

    def __getitem__(self, name: str) -> Any:
        return self.variables[name]


@dataclass(frozen=True)
class Measured:
    """What one experiment gave: its result, and what its scenarios printed and listed."""

    result: Any
    printed: dict[
        str, str
    ]  # scenario -> what it printed, as a reader's terminal shows it
    listed: dict[str, list[list[str]]]  # scenario -> what each deep agent it made lists


class Bench:
    """What an experiment is handed: its scenarios to run, and the results of the sections it reads."""

    def __init__(self, section: Section, results: dict[str, Any], wanted: frozenset[str] | None = None,
                 previous: Any = None) -> None:
        self.section = section
        self._results = results  # section name -> result, for the sections it `reads`
        self.printed: dict[str, str] = {}
        self.listed: dict[str, list[list[str]]] = {}
        # Measured in part (the mutation suite): only these fields of the result; the others are `previous`'s.
        self.wanted, self.previous = wanted, previous

    def runs(self, scenarios: tuple[str, ...]) -> LazyRuns:
        """Each of these scenarios, run when first looked up (then kept): a result measured in part runs only
        the scenarios its wanted fields read."""
        return LazyRuns(self, scenarios)

    def result(self, kind: Callable[..., Any], **fields: Callable[[], Any]) -> Any:
        """kind(**{name: make()}), each field made by its function; measured in part, only the wanted fields
        are made and the others are kept from the previous result."""
        return kind(**{name: make() if self.wanted is None or name in self.wanted else getattr(self.previous, name)
                       for name, make in fields.items()})

    def run(self, scenario: str) -> Run:
        """Run snippets/scenarios/<scenario>.py as a reader would (`python <scenario>.py`), beside scripted_model.py."""
        if scenario not in self.section.scenarios:
            msg = f"snippets/{self.section.name}.py runs scenario {scenario!r}: add it to its SECTION's scenarios"
            raise ValueError(msg)
        printed, listed = io.StringIO(), []
        try:  # `from scripted_model import ...` works: see snippets/__init__.py
            with contextlib.redirect_stdout(printed), _listing_subagents(listed):
                variables = runpy.run_path(
                    str(SCENARIOS / f"{scenario}.py"), run_name="__main__"
                )
        except Exception as error:
            msg = f"scenario snippets/scenarios/{scenario}.py raised {type(error).__name__}: {error}"
            raise ExperimentFailed(msg) from error
        self.printed[scenario], self.listed[scenario] = printed.getvalue(), listed
        return Run(variables, printed.getvalue(), listed)

    def read(self, section: str) -> Any:
        """The result of another section's experiment (it must be among this section's `reads`)."""
        if section not in self._results:
            msg = f"snippets/{self.section.name}.py reads section {section!r}: add it to its SECTION's reads"
            raise ValueError(msg)
        return self._results[section]


class LazyRuns(dict):
    """scenario -> its Run, each run on first lookup (Bench.runs)."""

    def __init__(self, bench: Bench, scenarios: tuple[str, ...]) -> None:
        super().__init__()
        self.bench, self.scenarios = bench, scenarios

    def __missing__(self, scenario: str) -> Run:
        if scenario not in self.scenarios:
            raise KeyError(scenario)
        self[scenario] = self.bench.run(scenario)
        return self[scenario]


def measure(section: Section, results: dict[str, Any], wanted: frozenset[str] | None = None,
            previous: Measured | None = None) -> Measured:
    """Run one section's experiment; any failure names the experiment, in one line of its own. With `wanted`,
    only those fields of its result are measured again (where the experiment builds it with `bench.result`),
    the rest and the output of the scenarios not run again are kept from `previous`."""
    bench = Bench(section, results, wanted, previous.result if previous else None)
    try:
        # What a scenario prints and warns is for its page and its reader; an experiment that
        # measures a warning records it itself. (record=True, not "ignore": langchain adds its
        # own filter when it is first imported.)
        with (
            contextlib.redirect_stdout(io.StringIO()),
            warnings.catch_warnings(record=True),
        ):
            result = section.measure(bench)
    except Exception as error:
        known = isinstance(error, ExperimentFailed)  # says what it looked for: keep its words and its kind
        detail = str(error) if known else f"{type(error).__name__}: {error}"
        detail = " ".join(detail.split())  # one line, whatever the error's message spans
        where = f"experiment {section.name!r} (snippets/{section.name}.py)"
        kind = type(error) if known else ExperimentFailed
        raise kind(f"{where} failed: {detail}", section.name) from error
    if previous is not None:
        return Measured(result, {**previous.printed, **bench.printed}, {**previous.listed, **bench.listed})
    return Measured(result, bench.printed, bench.listed)


# What a child's model may send to `task` instead of well-formed arguments: an invented key beside the two the
# schema defines (what deepagents' TaskToolSchema says models do), or no `description`.
MALFORMED = ("unknown-key", "no-description")


@contextlib.contextmanager
def sending(args: str | None):
    """While inside, every `task` call a child's ScriptedModel makes (a model called inside another agent's
    tool: a nested graph namespace) sends `args` (one of MALFORMED) instead of its well-formed arguments;
    the parents' calls stay as written, so every child still runs. The scenarios' code is untouched."""
    if args is None:
        yield
        return
    if args not in MALFORMED:
        raise ValueError(f"arguments {args!r} are none of {MALFORMED}")
    from langchain_core.messages import AIMessage
    from langgraph.config import get_config
    from scripted_model import ScriptedModel

    own = getattr(ScriptedModel._generate, "written", ScriptedModel._generate)  # nested: the one the file defines

    def malformed(call: dict) -> dict:
        given = call["args"]
        sent = {**given, "prompt": given.get("description", "")} if args == "unknown-key" else \
            {key: value for key, value in given.items() if key != "description"}
        return {**call, "args": sent}

    def generate(self, messages, stop=None, run_manager=None, **kwargs):
        result = own(self, messages, stop, run_manager, **kwargs)
        try:
            namespace = get_config().get("metadata", {}).get("langgraph_checkpoint_ns", "")
        except RuntimeError:  # called outside any graph: no agent's call to rewrite
            return result
        if "|" not in namespace:
            return result  # the outermost agent's model
        message = result.generations[0].message
        calls = [malformed(call) if call["name"] == "task" else call for call in message.tool_calls]
        result.generations[0].message = AIMessage(content=message.content, tool_calls=calls, id=message.id)
        return result

    generate.written = own
    saved, ScriptedModel._generate = ScriptedModel._generate, generate
    try:
        yield
    finally:
        ScriptedModel._generate = saved


# How a reader runs an agent. "invoke" is the site's own: every scenario and experiment runs its agent as
# written (`agent.invoke(...)`, or `agent.stream(...)` where its page streams). Under `running(mode)` the
# outermost call each of them makes runs that way instead, and gives back what the call written expects.
RUNS = ("invoke", "ainvoke", "stream", "astream")
_RUN = {"mode": "invoke", "inside": False}


@contextlib.contextmanager
def running(mode: str, approve: bool = False):
    """While inside, the outermost `invoke` or `stream` call a scenario or experiment makes on an agent (a
    LangGraph graph) runs under `mode`, one of RUNS: `invoke(x)` as `ainvoke(x)`, or as `stream(x,
    stream_mode="values")` / `astream` keeping the last state (and any interrupt); `stream(x, ...)` as
    `astream(x, ...)` under ainvoke and astream (under invoke and stream, a call that streams runs as
    written). With `approve`, that call (unless it names its own thread: its caller answers) runs on a thread
    of its own and, while the agent waits for a human decision, is resumed with every pending tool call approved (a `stream` call yields the chunks of every
    resumption after those of the first). The calls deepagents makes inside (a child run by `task`) are its
    own. The scenarios' code is untouched: what a reader copies stays what the page shows."""
    if mode not in RUNS:
        raise ValueError(f"run {mode!r} is none of {RUNS}")
    if mode == "invoke" and not approve:
        yield
        return
    import asyncio
    import uuid

    from langgraph.pregel import Pregel
    from langgraph.types import Command

    own_invoke, own_stream = Pregel.invoke, Pregel.stream

    @contextlib.contextmanager
    def outermost():
        _RUN["inside"] = True
        try:
            yield
        finally:
            _RUN["inside"] = False

    async def collect(graph, input, config, kwargs) -> list:
        return [chunk async for chunk in graph.astream(input, config, **kwargs)]

    def threaded(config):
        config = dict(config or {})
        configurable = dict(config.get("configurable") or {})
        configurable.setdefault("thread_id", f"approved-{uuid.uuid4().hex}")
        return {**config, "configurable": configurable}

    def approvals(graph, config):  # what resumes every pending interrupt, each of its tool calls approved
        pending = graph.get_state(config).interrupts
        answers = {i.id: {"decisions": [{"type": "approve"} for _ in i.value["action_requests"]]} for i in pending}
        return Command(resume=answers) if answers else None

    def invoke_once(self, input, config, kwargs):
        if mode == "invoke":
            return own_invoke(self, input, config, **kwargs)
        if mode == "ainvoke":
            return asyncio.run(self.ainvoke(input, config, **kwargs))
        kwargs = {**kwargs, "stream_mode": "values"}
        chunks = asyncio.run(collect(self, input, config, kwargs)) if mode == "astream" \
            else list(own_stream(self, input, config, **kwargs))
        states = [c for c in chunks if set(c) != {"__interrupt__"}]
        interrupts = [i for c in chunks if set(c) == {"__interrupt__"} for i in c["__interrupt__"]]
        state = dict(states[-1]) if states else {}
        return {**state, "__interrupt__": interrupts} if interrupts else state

    def stream_once(self, input, config, kwargs) -> list:
        if mode in ("invoke", "stream"):
            return list(own_stream(self, input, config, **kwargs))
        return asyncio.run(collect(self, input, config, kwargs))

    def approving(config) -> bool:  # a caller that brings its own thread answers its interrupts itself
        return approve and not ((config or {}).get("configurable") or {}).get("thread_id")

    def invoke(self, input, config=None, **kwargs):
        if _RUN["inside"]:
            return own_invoke(self, input, config, **kwargs)
        answer = approving(config)
        config = threaded(config) if answer else config
        with outermost():
            result = invoke_once(self, input, config, kwargs)
            while answer and (resume := approvals(self, config)) is not None:
                result = invoke_once(self, resume, config, kwargs)
        return result

    def streaming(chunks):  # a call that streams as written: what deepagents runs inside stays its own
        with outermost():
            yield from chunks

    def stream(self, input, config=None, **kwargs):
        if _RUN["inside"]:
            return own_stream(self, input, config, **kwargs)
        answer = approving(config)
        if mode == "stream" and not answer:
            return streaming(own_stream(self, input, config, **kwargs))
        config = threaded(config) if answer else config
        with outermost():
            chunks = stream_once(self, input, config, kwargs)
            while answer and (resume := approvals(self, config)) is not None:
                chunks += stream_once(self, resume, config, kwargs)
        return iter(chunks)

    Pregel.invoke, Pregel.stream = invoke, stream
    try:
        yield
    finally:
        Pregel.invoke, Pregel.stream = own_invoke, own_stream


def listed_subagents(description: str) -> list[str]:
    """The names a `task` description lists: its first run of `- name: description` lines, up to a blank line
    (as measure.mjs reads it). The usage notes after it are bullets too, one with a colon ("- Each invocation
    is stateless by default: ..."), and no sub-agent."""
    lines = [line.strip() for line in description.splitlines()]
    start = next((at for at, line in enumerate(lines) if line.startswith("- ")), len(lines))
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return [line[2:].split(":", 1)[0] for line in lines[start:end] if line.startswith("- ") and ":" in line]


@contextlib.contextmanager
def _listing_subagents(listed: list[list[str]]):
    """While a scenario runs, note what every deep agent it makes lists in its `task` description: the
    harness sees each of them (the parents and the compiled children alike), the scenario's code is untouched."""
    import deepagents

    make = deepagents.create_deep_agent

    def create_deep_agent(*args, **kwargs):
        agent = make(*args, **kwargs)
        tools = getattr(agent.nodes.get("tools"), "bound", None)
        task = getattr(tools, "tools_by_name", {}).get("task")
        listed.append(listed_subagents(task.description if task else ""))
        return agent

    deepagents.create_deep_agent = create_deep_agent
    try:
        yield
    finally:
        deepagents.create_deep_agent = make


def internal(module: str, attribute: str, *, meaning: str) -> Any:
    """Read a deepagents internal, or say exactly what moved."""
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        msg = (
            f"deepagents {version('deepagents')} has no {module}.{attribute} ({meaning}); "
            "the experiment must be updated for this release"
        )
        raise InternalMoved(msg) from error


def expect(condition: bool, *, looked_for: str) -> None:
    """Fail with a message saying what behaviour an experiment relies on is gone."""
    if not condition:
        raise ExperimentFailed(
            f"looked for {looked_for}, and deepagents {version('deepagents')} did not show it"
        )


def source_note(module: str, phrase: str) -> str | None:
    """The sentence of the installed deepagents source (a comment or a docstring) that contains `phrase`.

    What the site says from reading deepagents rather than running it is quoted
    from the installed files, so it follows the release; None when no comment or
    docstring says it any more.
    """
    source = inspect.getsource(importlib.import_module(module))
    notes = [" ".join(block) for block in _comment_blocks(source)]
    notes += [
        " ".join(node.value.value.split())
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ]
    sentences = [
        sentence
        for note in notes
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", note)
    ]
    return next((sentence for sentence in sentences if phrase in sentence), None)


def attribute_docstring(module: str, cls: str, attribute: str) -> str | None:
    """The docstring written under `attribute` in class `cls` of the installed `module`, whitespace collapsed."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for this, following in zip(node.body, node.body[1:]):
                if (
                    isinstance(this, ast.AnnAssign)
                    and getattr(this.target, "id", None) == attribute
                    and isinstance(following, ast.Expr)
                    and isinstance(following.value, ast.Constant)
                ):
                    return " ".join(str(following.value.value).split())
    return None


def _comment_blocks(source: str) -> list[list[str]]:
    """Runs of `#` comments on consecutive lines, each as its lines' text."""
    blocks: list[list[str]] = []
    last_line = -2
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            if token.start[0] == last_line + 1 and blocks:
                blocks[-1].append(text)
            else:
                blocks.append([text])
            last_line = token.start[0]
    return blocks


@functools.cache
def version(package: str) -> str:
    from importlib.metadata import version as dist_version

    return dist_version(package)


@contextlib.contextmanager
def own_harness_profiles():
    """For the harness: the harness profiles an experiment registers (keyed by its own model classes) are
    removed when it leaves, so what deepagents ships is what a later measurement reads (snippets/setups.py)."""
    module = "deepagents.profiles.harness.harness_profiles"
    internal("deepagents.profiles._builtin_profiles", "_ensure_builtin_profiles_loaded",
             meaning="what registers the built-in profiles")()
    registered = internal(module, "_HARNESS_PROFILES", meaning="the registry of harness profiles")
    before = dict(registered)
    try:
        yield
    finally:
        registered.clear()
        registered.update(before)


def delegating_to_each(names: list[str], task: str) -> Any:
    """For the harness: a parent's reply that hands `task` to each of these sub-agents at once (one tool call
    each, in one turn), so that one run measures them all."""
    from langchain_core.messages import AIMessage
    from scripted_model import delegate

    calls = [call for n, name in enumerate(names) for call in delegate(name, task, f"c{n}").tool_calls]
    return AIMessage(content="", tool_calls=calls)


def tools_watch(record: dict[str, list]) -> Callable[[str], Any]:
    """For the harness: a middleware factory recording, per agent, the tools its model is offered."""
    from langchain.agents.middleware import wrap_model_call

    def watch(agent: str):
        @wrap_model_call(name="harness_watch")
        def offered(request, handler):
            record[agent] = list(request.tools)
            return handler(request)

        return offered

    return watch
