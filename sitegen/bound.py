"""The pages' bindings, page by page: which sentence of which page is bound to which claim, what the build
makes of every page under given claim values, and which sentences speak of deepagents unbound.

The build binds one page at a time (sitegen/bindings.py, called by the macros); the tools that
reason about every page at once read them here: the mutation suite (`resolve`, `claims_at`), the
drift watch (`bound_to`) and the sentence register and its lint (`unbound`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from snippets import paths

from sitegen import bindings, languages
from sitegen.strings import word

SENTENCE = re.compile(r"(?<=[.!?:;])\s+(?=[A-Z`*\[(“\"])|(?<=[。！？；：])")
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


@functools.cache
def page_sources() -> dict[str, Path]:
    """"<language>/<page>" -> the Markdown file a build uses for it (a translation, or the page it falls back to)."""
    return {f"{code}/{page}": path for code in languages.codes() for page, path in languages.page_sources(code).items()}


@functools.cache
def markers(source: Path) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Line -> (kind, names as written) for every marker of a page source."""
    return {s.line: (s.kind, s.names) for s in bindings.segments(source.read_text(encoding="utf-8"), paths.shown(source))}


def claims_at(source: str, line: int) -> set[str]:
    """The claims the marker at `source:line` is bound to (none for a narrative or no marker)."""
    kind, names = markers(paths.ROOT / source).get(line, ("narrative", ()))
    return set() if kind == "narrative" else {name.lstrip("!") for name in names}


def bound_to(claims: Iterable[str]) -> list[str]:
    """`page:line` of every sentence bound to one of these claims, on every page source."""
    wanted = set(claims)
    sources = sorted({paths.shown(path) for path in page_sources().values()})
    return [f"{s}:{line}" for s in sources for line in markers(paths.ROOT / s) if claims_at(s, line) & wanted]


def resolve(live: dict[str, Any]) -> tuple[list[str], dict[str, list[list[str]]]]:
    """What the build makes of every page's bindings under these values, by the build's own function:
    (the messages that stop it, "<language>/<page>" -> the spans each page keeps)."""
    from sitegen.macros import describe

    def truth(claim_id: str) -> Any:
        if claim_id not in live:
            raise KeyError(f"no claim {claim_id!r}")
        return live[claim_id]

    stops, pages = [], {}
    for page, source in page_sources().items():
        try:
            _, found = bindings.apply(source.read_text(encoding="utf-8"), truth, paths.shown(source), describe)
        except (bindings.StaleSentence, bindings.BindingError) as error:
            stops.append(str(error))
            continue
        pages[page] = [[s.kind, " ".join(s.names), str(s.line)] for s in found if s.shown]
    return stops, pages


def behaviour_words(language: str) -> list[str]:
    return [w.lower() for w in word(language, "behaviour_words")]


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.split(" ".join(text.split())) if s.strip()]


def unbound(markdown: str, words: list[str], attributions: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    """(line, sentence) for each sentence of a page's prose that holds a behaviour word and no binding.

    Bound text is what a marker closes; the rest of a paragraph or list item, after its
    last marker, is unbound. A text marked `narrative` is read too, since narrative is for
    text that says nothing about deepagents in the site's own voice: one that holds a
    behaviour word must be a question (`question`), or begin by naming what it reports, the
    article, the example or a tracker thread (`article`, `setup`, `context`: one of the
    language's `attributions`, or a link to a thread); `reading` may hold none; `site` speaks
    of the site. Headings, tables, code and lines that are one macro call are not prose."""
    found = []
    segments = bindings.segments(markdown)
    for block in bindings.blocks(markdown):
        if not block.is_prose(markdown):
            continue
        mine = [s for s in segments if block.start <= s.marker_start < block.end]
        rest_start = mine[-1].marker_end if mine else block.content_start(markdown)
        texts = [(s.start, markdown[s.start:s.marker_start], s.names[0]) for s in mine if s.kind == "narrative"]
        for start, text, reason in [*texts, (rest_start, markdown[rest_start:block.end], None)]:
            if reason == "site" or (reason and _reported(text, reason, attributions)):
                continue
            line = markdown.count("\n", 0, start) + 1
            found += [(line, sentence) for sentence in sentences(TEMPLATE.sub(" ", text)) if _speaks(sentence, words)]
    return found


def _speaks(sentence: str, words: list[str]) -> bool:
    """Whether a sentence holds one of the language's behaviour words (each a regular expression)."""
    plain = re.sub(r"[`*_]", "", sentence).lower()
    return any(re.search(w, plain) for w in words)


def _reported(text: str, reason: str, attributions: tuple[str, ...]) -> bool:
    """A narrative text that is a question, or that begins by naming what it reports."""
    plain = " ".join(re.sub(r"[`*_]", "", TEMPLATE.sub(" ", text)).lower().split())
    if reason == "question":
        return plain.endswith(("?", "？"))
    return reason in ("article", "setup", "context") and plain.lstrip("[( ").startswith(("#", *attributions))


def attributions(language: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in word(language, "attributions"))
