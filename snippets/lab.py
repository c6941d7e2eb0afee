"""The bench the experiments stand on: run a scenario, measure it, declare what it shows.

A section of the article is one experiment module in snippets/ that declares
itself once, with `SECTION = Section(...)`: its name, its page, the function
that measures it and the claims it checks (snippets/registry.py finds them).

* A scenario (snippets/scenarios/<name>.py) is what a reader copies: plain
  deepagents code that runs beside scripted_model.py. `run_scenario()` runs it
  as a script and hands the experiment its variables and what it printed.
* `@experiment` runs a measurement once per process (keyed by a fingerprint of
  its code, so identical code is never measured twice) and makes a failure
  name the experiment; `internal()` and `expect()` name what moved in deepagents.
* A `Claim` is one thing the article said: its value then (typed by hand, a
  quotation) and a function that reads the value now from the facts.

deepagents and langchain are imported only where a scenario or experiment runs:
a build that finds every result cached never loads them.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import importlib
import inspect
import io
import re
import runpy
import tokenize
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from types import CodeType
from typing import Any, TypeVar

from snippets.paths import SCENARIOS

T = TypeVar("T")


@dataclass(frozen=True)
class Claim:
    """One claim, by id. Its wording is `claims.<id>` in the site's strings.

    Most are the article's: `article` is the value it reported, the one thing typed by
    hand (a quotation). A claim the article never made, measured because a sentence
    of the site needs it, has `article=None`. A sentence can be bound to a claim
    whose live value is yes or no.
    """

    id: str
    article: Any  # the value the article reported; None: the article did not say
    live: Callable[[Any], Any]  # the value today, read from the facts (snippets.facts.Facts)
    setup: bool = False  # the value depends on how the experiment is set up (why: `setup.<id>` in the strings)

    @property
    def from_article(self) -> bool:
        return self.article is not None


@dataclass(frozen=True)
class Section:
    """An experiment, declared once: the registry, the facts, the pages and the tools follow from it."""

    name: str  # the experiment: snippets/<name>.py, facts.<name>; `sections.<name>` in the site's strings
    number: int  # its place in the article
    page: str  # the file name of its page, the same in docs/ for every translation
    measure: Callable[[], Any]
    claims: list[Claim] = field(default_factory=list)
    scenarios: tuple[str, ...] = ()  # the scenario files its page shows (snippets/scenarios/<name>.py)


class ExperimentFailed(RuntimeError):
    """An experiment could not measure what it measures."""

    def __init__(self, message: str, experiment: str | None = None) -> None:
        super().__init__(message)
        self.experiment = experiment


class InternalMoved(ExperimentFailed):
    """deepagents no longer has an internal an experiment reads."""


@dataclass(frozen=True)
class Run:
    """A scenario after it ran: its variables, what it printed, and the sub-agents each deep agent it made lists."""

    variables: dict[str, Any]
    printed: str
    listed: list[list[str]]  # for each create_deep_agent() call, the sub-agents its `task` description lists

    def __getitem__(self, name: str) -> Any:
        return self.variables[name]


def run_scenario(name: str, *, needed_by: str) -> Run:
    """Run snippets/scenarios/<name>.py as a reader would (`python <name>.py`), beside scripted_model.py."""
    path = SCENARIOS / f"{name}.py"  # its `from scripted_model import ...` works: see snippets/__init__.py
    printed, listed = io.StringIO(), []
    try:
        with contextlib.redirect_stdout(printed), _listing_subagents(listed):
            variables = runpy.run_path(str(path), run_name="__main__")
    except Exception as error:
        msg = f"experiment {needed_by!r}: scenario snippets/scenarios/{name}.py raised {type(error).__name__}: {error}"
        raise ExperimentFailed(msg, needed_by) from error
    source = path.read_text(encoding="utf-8")
    _results[_output_key(source)] = printed.getvalue()
    _results[f"listed:{name}"] = listed
    return Run(variables, printed.getvalue(), listed)


def listed_subagents(description: str) -> list[str]:
    """The names a `task` description lists, one `- name: description` line each."""
    return [line[2:].split(":", 1)[0] for line in description.splitlines() if line.startswith("- ") and ":" in line]


def listings() -> dict[str, list[list[str]]]:
    """Scenario -> what each deep agent it made lists in its `task` description (recorded by run_scenario)."""
    return {key.removeprefix("listed:"): value for key, value in _results.items() if key.startswith("listed:")}


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


def _output_key(source: str) -> str:
    return "output:" + hashlib.sha256(source.strip().encode()).hexdigest()


def recorded_output(source: str) -> str | None:
    """What a scenario with exactly this source printed when an experiment ran it (in this process, or
    recorded with the results in the cache), so a page shows it without running the scenario again."""
    return _results.get(_output_key(source))


_results: dict[str, Any] = {}
runs: dict[str, int] = {}  # how often each experiment really ran in this process


def _fingerprint(code: CodeType) -> str:
    """Identity of a function's code, independent of the file it was read from."""
    parts = [code.co_name, code.co_code.hex(), repr(code.co_names), repr(code.co_varnames)]
    for const in code.co_consts:
        if isinstance(const, CodeType):
            parts.append(_fingerprint(const))
        elif isinstance(const, frozenset):  # a set literal: its order changes with the process's hash seed
            parts.append(repr(sorted(const, key=repr)))
        else:
            parts.append(repr(const))
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


def experiment(name: str) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """Mark a zero-argument function as the experiment `name` (see the module doc)."""

    def decorate(measure: Callable[[], T]) -> Callable[[], T]:
        key = f"{name}:{_fingerprint(measure.__code__)}"

        @functools.wraps(measure)
        def run() -> T:
            if key not in _results:
                runs[name] = runs.get(name, 0) + 1
                try:
                    # What a scenario prints and warns is for its page and its reader; an experiment
                    # that measures a warning records it itself. (record=True, not "ignore": langchain
                    # adds its own filter when it is first imported.)
                    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings(record=True):
                        _results[key] = measure()
                except ExperimentFailed:
                    raise
                except Exception as error:
                    msg = f"experiment {name!r} failed: {type(error).__name__}: {error}"
                    raise ExperimentFailed(msg, name) from error
            return _results[key]

        return run

    return decorate


def results() -> dict[str, Any]:
    """Every result recorded so far, by experiment name and code fingerprint."""
    return dict(_results)


def remember(recorded: dict[str, Any]) -> None:
    """Take results recorded earlier (snippets.cache) for the same code."""
    _results.update(recorded)


def forget() -> None:
    """Drop every recorded result, so the next call measures again (tests use it)."""
    _results.clear()


def internal(module: str, attribute: str, *, needed_by: str, meaning: str) -> Any:
    """Read a deepagents internal, or say exactly what moved."""
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        msg = (f"experiment {needed_by!r}: deepagents {version('deepagents')} has no {module}.{attribute} "
               f"({meaning}); the experiment must be updated for this release")
        raise InternalMoved(msg, needed_by) from error


def expect(condition: bool, *, needed_by: str, looked_for: str) -> None:
    """Fail with a message naming the experiment when behaviour it relies on is gone."""
    if not condition:
        msg = f"experiment {needed_by!r}: looked for {looked_for}, and deepagents {version('deepagents')} did not show it"
        raise ExperimentFailed(msg, needed_by)


def source_note(module: str, phrase: str) -> str | None:
    """The sentence of the installed deepagents source (a comment or a docstring) that contains `phrase`.

    What the site says from reading deepagents rather than running it is quoted
    from the installed files, so it follows the release; None when no comment or
    docstring says it any more.
    """
    source = inspect.getsource(importlib.import_module(module))
    notes = [" ".join(block) for block in _comment_blocks(source)]
    notes += [" ".join(node.value.value.split()) for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)]
    sentences = [sentence for note in notes for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", note)]
    return next((sentence for sentence in sentences if phrase in sentence), None)


def attribute_docstring(module: str, cls: str, attribute: str) -> str | None:
    """The docstring written under `attribute` in class `cls` of the installed `module`, whitespace collapsed."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for this, following in zip(node.body, node.body[1:]):
                if (isinstance(this, ast.AnnAssign) and getattr(this.target, "id", None) == attribute
                        and isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)):
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
