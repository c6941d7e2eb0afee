"""The bench the experiments stand on: build an agent, run it, report clearly.

`@experiment` gives every experiment two promises:

* it runs once per process: a page that executes the same code again (the
  site shows each experiment file and runs it) gets the recorded result, keyed
  by a fingerprint of the code, so identical code is never measured twice;
* when it fails, the error names the experiment, and a missing deepagents
  internal names what was looked for.

deepagents and langchain are imported only where an experiment runs (here in
`build`, and inside the experiments' functions): a build that has every result
cached never loads them.
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
import tokenize
import warnings
from collections.abc import Callable, Sequence
from types import CodeType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from snippets.scripted import ScriptedModel

T = TypeVar("T")

_results: dict[str, Any] = {}
runs: dict[str, int] = {}  # how often each experiment really ran in this process


class ExperimentFailed(RuntimeError):
    """An experiment could not measure what it measures."""

    def __init__(self, message: str, experiment: str | None = None) -> None:
        super().__init__(message)
        self.experiment = experiment


class InternalMoved(ExperimentFailed):
    """deepagents no longer has an internal an experiment reads."""


def _fingerprint(code: CodeType) -> str:
    """Identity of a function's code, independent of the file it was read from."""
    parts = [code.co_name, code.co_code.hex(), repr(code.co_names), repr(code.co_varnames)]
    for const in code.co_consts:
        parts.append(_fingerprint(const) if isinstance(const, CodeType) else repr(const))
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


def experiment(name: str) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """Mark a zero-argument function as the experiment `name` (see module doc)."""

    def decorate(measure: Callable[[], T]) -> Callable[[], T]:
        key = f"{name}:{_fingerprint(measure.__code__)}"

        @functools.wraps(measure)
        def run() -> T:
            if key not in _results:
                runs[name] = runs.get(name, 0) + 1
                try:
                    # What a scenario prints, and the warnings it raises, are for its page and its
                    # reader; an experiment that measures a warning records it itself (modes).
                    # (record=True, not "ignore": langchain adds its own filter when first imported)
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
        msg = (
            f"experiment {needed_by!r}: deepagents {version('deepagents')} has no "
            f"{module}.{attribute} ({meaning}); the experiment must be updated for this release"
        )
        raise InternalMoved(msg, needed_by) from error


def expect(condition: bool, *, needed_by: str, looked_for: str) -> None:
    """Fail with a message naming the experiment when behaviour it relies on is gone."""
    if not condition:
        msg = f"experiment {needed_by!r}: looked for {looked_for}, and deepagents {version('deepagents')} did not show it"
        raise ExperimentFailed(msg, needed_by)


def source_note(module: str, phrase: str) -> str | None:
    """The comment or docstring of the installed deepagents source that contains `phrase`.

    Some of what the site says comes from reading deepagents, not from running
    it (why `task` is kept, why the flag is declared). Those reasons are quoted
    from the installed files, so they follow the release; None when no comment
    or docstring says it any more.
    """
    source = inspect.getsource(importlib.import_module(module))
    notes = [" ".join(block) for block in _comment_blocks(source)]
    notes += [" ".join(node.value.value.split()) for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)]
    return next((note for note in notes if phrase in note), None)


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


def build(parent: ScriptedModel, subagents: Sequence[dict]) -> tuple[Any, list[str]]:
    """`create_deep_agent` with the warnings it emits while assembling."""
    from deepagents import create_deep_agent

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        agent = create_deep_agent(model=parent, subagents=list(subagents))
    return agent, [str(w.message) for w in caught]


def ask(agent: Any, text: str) -> dict[str, Any]:
    """One user turn; returns the final state."""
    return agent.invoke({"messages": [{"role": "user", "content": text}]})
