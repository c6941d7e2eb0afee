"""The pages' bindings as this site builds them: which page source each language's page is built from
(a translation, or the page it falls back to), handed to the claims engine's judge (claims/judge.py)
for the tools that reason about every page at once: the mutation suite (`resolve`, `claims_at`) and
the drift watch (`bound_to`); and the words of each language the sentence register's lint reads
(claims/register.py, `unbound`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from snippets import paths

from claims import judge
from claims.register import unbound  # noqa: F401 - the lint's old home
from sitegen import languages
from sitegen.strings import word


@functools.cache
def page_sources() -> dict[str, Path]:
    """"<language>/<page>" -> the Markdown file a build uses for it (a translation, or the page it falls back to)."""
    return {f"{code}/{page}": path for code in languages.codes() for page, path in languages.page_sources(code).items()}


@functools.cache
def sources() -> judge.Sources:
    """"<language>/<page>" -> (the file as messages name it, its Markdown), as the judge reads them."""
    return {page: (paths.shown(path), path.read_text(encoding="utf-8")) for page, path in page_sources().items()}


def markers(source: Path) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Line -> (kind, names as written) for every marker of a page source."""
    return judge.markers(Path(source).read_text(encoding="utf-8"), paths.shown(source))


def claims_at(source: str, line: int) -> set[str]:
    """The claims the marker at `source:line` is bound to (none for a narrative or no marker)."""
    return judge.claims_at(sources(), source, line)


def bound_to(claims: Iterable[str]) -> list[str]:
    """`page:line` of every sentence bound to one of these claims, on every page source."""
    return judge.bound_to(sources(), claims)


def resolve(live: dict[str, Any]) -> tuple[list[str], dict[str, list[list[str]]]]:
    """What the build makes of every page's bindings under these values, by the build's own function:
    (the messages that stop it, "<language>/<page>" -> the spans each page keeps)."""
    from sitegen.provider import provider

    return judge.resolve(sources(), live, provider.describe, provider.measured_under)


def behaviour_words(language: str) -> list[str]:
    return [w.lower() for w in word(language, "behaviour_words")]


def attributions(language: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in word(language, "attributions"))
