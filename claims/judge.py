"""The mutation judge: given what a site showed under a mutant of the library, was the mutant caught?

A client changes one behaviour of the library it documents (a `Mutant`), measures its claims again
and builds (or resolves) its pages: that is an `Observation`. The mutant is *caught* when every
claim it declares flips, and either

a. the strict build stops at a `page:line` whose sentence is bound to a claim that flipped, or
   names the experiment that failed and the pages showing it; or
b. the build passes and every page of every language shows exactly the bound texts that hold
   under the new values (`claims.markers.holds` decides, for the build and for this judge alike).

`resolve` is (b)'s expectation: what the build makes of every page's markers under given values,
by the build's own function (`claims.markers.apply`), without Markdown. Pages are handed in as
`Sources`: "<language>/<page>" -> (how messages name the file, its Markdown): the page sources a
build uses, a translation's fallbacks included.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from claims.markers import BindingError, StaleSentence, apply, segments
from claims.model import Mutant

Sources = dict[str, tuple[str, str]]  # "<language>/<page>" -> (file as messages name it, Markdown)
PLACE = re.compile(r"([\w./-]+\.(?:md|markdown)):(\d+)")  # a page source's file:line, wherever the pages are


@functools.lru_cache(maxsize=1024)
def markers(text: str, file: str) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Line -> (kind, names as written) for every marker of a page source."""
    return {s.line: (s.kind, s.names) for s in segments(text, file)}


def claims_at(sources: Sources, file: str, line: int) -> set[str]:
    """The claims the marker at `file:line` is bound to (none for a narrative or no marker)."""
    text = next((text for shown, text in sources.values() if shown == file), "")
    kind, names = markers(text, file).get(line, ("narrative", ()))
    return set() if kind == "narrative" else {name.lstrip("!") for name in names}


def bound_to(sources: Sources, claims: Iterable[str]) -> list[str]:
    """`file:line` of every sentence bound to one of these claims, on every page source (each file once)."""
    wanted, found = set(claims), []
    for file, text in sorted(set(sources.values())):
        found += [f"{file}:{line}" for line, (kind, names) in markers(text, file).items()
                  if kind != "narrative" and {n.lstrip("!") for n in names} & wanted]
    return found


def resolve(sources: Sources, live: dict[str, Any], describe: Callable[[str], str] = str,
            under: Callable[[list[str]], str] | None = None) -> tuple[list[str], dict[str, list[list[str]]]]:
    """What the build makes of every page's markers under these values: (the messages that stop it,
    "<language>/<page>" -> the spans each page keeps, [kind, names, line])."""
    def truth(claim_id: str) -> Any:
        if claim_id not in live:
            raise KeyError(f"no claim {claim_id!r}")
        return live[claim_id]

    stops, pages = [], {}
    for page, (file, text) in sources.items():
        try:
            _, found = apply(text, truth, file, describe, under)
        except (StaleSentence, BindingError) as error:
            stops.append(str(error))
            continue
        pages[page] = [[s.kind, " ".join(s.names), str(s.line)] for s in found if s.shown]
    return stops, pages


@dataclass
class Observation:
    """What the site says under one copy of the library."""

    live: dict[str, Any] = field(default_factory=dict)  # claim id -> live value ({"error": ...} when unmeasurable)
    spans: dict[str, list[list[str]]] = field(default_factory=dict)  # "<language>/<page>" -> the bound spans it shows
    text: dict[str, str] = field(default_factory=dict)  # "<language>/<page>" -> what a reader reads (full path)
    stops: list[str] = field(default_factory=list)  # what stops the strict build, naming page:line
    failure: str | None = None  # an experiment that failed, naming the pages that show it
    imported: dict[str, str] = field(default_factory=dict)  # package -> where it was imported from
    seconds: float = 0.0
    error: str | None = None  # it could not be observed at all (a patch no longer applies, a crash)

    @classmethod
    def read(cls, data: dict) -> Observation:
        return cls(**{key: data[key] for key in cls.__dataclass_fields__ if key in data})


@dataclass
class Verdict:
    mutant: Mutant
    caught: bool
    followed: str  # one line for the table
    details: list[str] = field(default_factory=list)
    home: str = "—"  # where the mutant is declared (its section)

    def row(self) -> str:
        return f"| {self.mutant.name} | {self.home} | {self.followed} | {'caught' if self.caught else 'NOT CAUGHT'} |"

    def report(self) -> str:
        return "\n".join([self.row(), f"  changes: {self.mutant.changes}", *(f"  {line}" for line in self.details)])


def judge(mutant: Mutant, baseline: Observation, seen: Observation, sources: Sources, *,
          describe: Callable[[str], str] = str, under: Callable[[list[str]], str] | None = None,
          problems: Iterable[str] = (), home: str = "—") -> Verdict:
    """Was the mutant caught? (see the module doc). `problems`: what the client found wrong with the
    observation itself (e.g. the library was not loaded from the patched copy)."""
    if seen.error:
        return Verdict(mutant, False, f"not observed: {cut(seen.error, 300)}", [seen.error], home)
    problems = list(problems)
    flipped = {c: (baseline.live.get(c), v) for c, v in seen.live.items() if v != baseline.live.get(c)}
    problems += [f"{c} did not flip (it stays {cut(_json(seen.live.get(c, '<no such claim>')), 50)})"
                 for c in mutant.flips if c not in flipped]
    details = [f"{c}: {cut(_json(a), 50)} -> {cut(_json(b), 50)}" + ("" if c in mutant.flips else "  (not declared)")
               for c, (a, b) in flipped.items()]
    if seen.stops or seen.failure:
        named = {f"{s}:{line}" for message in seen.stops for s, line in PLACE.findall(message)
                 if claims_at(sources, s, int(line)) & set(flipped)}
        failing_pages = re.findall(r"[\w./-]+\.(?:md|markdown)", (seen.failure or "").partition("pages that show it")[2])
        if not named and not failing_pages:
            problems.append("the build stops, but names no page:line bound to a flipped claim, nor the pages of a failed experiment")
        messages = seen.stops + ([seen.failure] if seen.failure else [])
        details += [f"stops: {cut(message, 300)}" for message in messages]
        followed = f"build stops at {', '.join(sorted(named)) or 'the pages of the failed experiment'}"
    else:
        _, expected = resolve(sources, seen.live, describe, under)
        for page in sorted(set(expected) | set(seen.spans)):
            shown, wanted = Counter(map(tuple, seen.spans.get(page, []))), Counter(map(tuple, expected.get(page, [])))
            problems += [f"{page} shows {kind}({names}) of line {line}, which no longer holds" for kind, names, line in shown - wanted]
            problems += [f"{page} does not show {kind}({names}) of line {line}, which holds now" for kind, names, line in wanted - shown]
        sentences = bound_to(sources, flipped)
        changed = sorted(page for page, text in seen.text.items() if baseline.text.get(page) not in (None, text))
        followed = f"build passes; {len(sentences)} bound sentences follow" + \
                   (f"; text changed on {len(changed)} pages" if seen.text else "")
        details += [f"bound sentences: {', '.join(sentences) or 'none'}"] + ([f"text changed on: {', '.join(changed)}"] * bool(changed))
    flips = ", ".join(f"{c} {cut(_json(a), 20)}→{cut(_json(b), 20)}" for c, (a, b) in flipped.items() if c in mutant.flips)
    followed = (f"{flips}; " if flips else "") + followed + (" — " + "; ".join(problems) if problems else "")
    return Verdict(mutant, not problems, followed, details, home)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def cut(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
