"""The writer's checks: every mistake a writer can make with claims and markers, found before any page
is built, one line each: `file:line: what is wrong: what to do`.

Each check is a pure function of the provider's claims, mutants, pages and translations (no build,
no measurement). `run(provider)` runs them all, then the client's own (`provider.extra_checks()`):
the MkDocs plugin (claims/plugin.py) stops the strict build with that list, `python -m claims check`
prints it.

* `marker_forms`: a marker in a heading or a table, in the middle of a sentence, a narrative
  reason off the allow-list, when()/unless() with other than one claim;
* `unknown_ids`: a marker naming no claim (with the nearest ids);
* `missing_translations`: a claim whose words a language does not translate;
* `marker_order`: a translation whose markers are not the source page's, in the same order (a
  sentence missing, one too many, or another order); a page not translated yet is no problem;
* `unflipped`: a claim (a twin a page binds included) that no mutant flips;
* `readings` (it reads values: the plugin runs it after the others, once every value is measured): a claim
  whose reading raises (named where it is declared), and a marker bound to a claim whose value is not yes
  or no (named where it binds);
* `unscoped` (it reads values: the plugin runs it after the others, once every value is measured): a bound
  text that is false under one of the provider's setups and does not state the scope it holds in. A page
  may state a scope once for all its texts: its front matter declares it (`scopes: [id]`) and one of its
  sentences says its words (else the declaration is the problem).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from claims.markers import NAMED_ERRORS, BindingError, Segment, holds, page_scopes, readable, segments
from claims.model import Claim, Mutant
from claims.provider import Page, Provider


@dataclass(frozen=True, order=True)
class Problem:
    """One thing to fix: where, and what to do."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file} {self.message}"


def _segments(page: Page) -> list[Segment] | None:
    try:
        return segments(page.text, page.file)
    except BindingError:
        return None  # marker_forms names it


def _all(pages: dict[str, dict[str, Page]]) -> Iterable[Page]:
    for by_name in pages.values():
        yield from by_name.values()


def show(segment: Segment) -> str:
    return f"{segment.kind}({', '.join(repr(n) for n in segment.names)})"


# --------------------------------------------------------------------------- the checks


def marker_forms(pages: dict[str, dict[str, Page]]) -> list[Problem]:
    """Markers a page cannot have (claims.markers.segments says which), one per page."""
    found = []
    for page in _all(pages):
        try:
            segments(page.text, page.file)
        except BindingError as error:
            where, _, what = str(error).partition(": ")
            file, _, line = where.rpartition(":")
            found.append(Problem(file, int(line), what))
    return found


def unknown_ids(pages: dict[str, dict[str, Page]], ids: Iterable[str]) -> list[Problem]:
    """Every claim a marker names that no claim is, with the nearest ids."""
    known = sorted(set(ids))
    found = []
    for page in _all(pages):
        for segment in _segments(page) or []:
            for name in segment.claims:
                if name in known:
                    continue
                near = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
                hint = f"did you mean {_either([repr(n) for n in near])}?" if near else \
                    "no claim id is near it: declare the claim, or correct the id"
                found.append(Problem(page.file, segment.line, f"{show(segment)} names no claim {name!r}: {hint}"))
    return found


def missing_translations(provider: Provider) -> list[Problem]:
    """Every declared claim (a twin shares its claim's words) whose words a language lacks."""
    found = []
    source, *others = provider.languages()
    for claim in provider.claims():
        if claim.id != claim.base:
            continue
        for language in others:
            if provider.label(claim.id, language) is None:
                found.append(Problem(provider.translations_file(language), None,
                                     f"has no 'claims.{claim.id}': add its translation of {claim.label!r} "
                                     f"(declared at {provider.declared_at(claim.id)})"))
    return found


def marker_order(pages: dict[str, dict[str, Page]], source: str, skip: Iterable[str] = ()) -> list[Problem]:
    """Each translation of a page has the source page's markers, naming the same claims, in the same order
    (pages whose files are in `skip`, named by another check already, and their translations are left out)."""
    skip = set(skip)
    found = []
    for language, by_name in pages.items():
        if language == source:
            continue
        for name, page in sorted(by_name.items()):
            original = pages.get(source, {}).get(name)
            if original is None:
                continue  # a page with no original: parity says so
            mine, theirs = _segments(original), _segments(page)
            if mine is None or theirs is None or {original.file, page.file} & skip:
                continue
            problem = _first_difference(original, mine, page, theirs)
            if problem:
                found.append(problem)
    return found


def _first_difference(original: Page, mine: list[Segment], page: Page, theirs: list[Segment]) -> Problem | None:
    key = lambda s: (s.kind, s.names)  # noqa: E731
    a, b = [key(s) for s in mine], [key(s) for s in theirs]
    if a == b:
        return None
    at = next(i for i in range(max(len(a), len(b)) + 1) if a[i:i + 1] != b[i:i + 1])
    last = theirs[-1].line if theirs else 1
    if at < len(a) and b[at:] == a[at + 1:]:  # the translation lacks one
        missing = mine[at]
        where = f"before the one this line binds, {show(theirs[at])}" if at < len(theirs) else "after this line's"
        return Problem(page.file, theirs[at].line if at < len(theirs) else last,
                       f"the sentence bound by {show(missing)} ({original.file}:{missing.line}) is missing {where}: "
                       "translate it, ending with the same marker")
    if at < len(b) and b[at + 1:] == a[at:]:  # the translation has one more
        extra = theirs[at]
        return Problem(page.file, extra.line, f"{show(extra)} is not in {original.file} at this place: remove it, or "
                                              "add its sentence to every language at the same place")
    if at >= len(b):
        return Problem(page.file, last, f"ends after {_count(len(b))}; {original.file} has {len(a)} (the next is "
                                        f"{show(mine[at])} at line {mine[at].line}): translate the sentences they bind")
    there = f"{original.file}:{mine[at].line} has {show(mine[at])}" if at < len(a) else f"{original.file} has no more markers"
    return Problem(page.file, theirs[at].line, f"marker {at + 1} is {show(theirs[at])}, {there}: give every language "
                                               f"the same markers in the same order")


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _count(n: int) -> str:
    return f"{n} marker" + ("" if n == 1 else "s")


def unflipped(claims: Iterable[Claim], mutants: Iterable[Mutant], pages: dict[str, dict[str, Page]],
              declared_at) -> list[Problem]:
    """Every declared claim, and every twin (`<id>@js`) a page binds, is flipped by at least one mutant."""
    flipped = {c for m in mutants for c in m.flips}
    bound: dict[str, str] = {}
    for page in _all(pages):
        for segment in _segments(page) or []:
            for name in segment.claims:
                bound.setdefault(name, f"{page.file}:{segment.line}")
    found = []
    for claim in claims:
        twin = claim.id != claim.base
        if claim.id in flipped or (twin and claim.id not in bound):
            continue
        file, _, line = declared_at(claim.id).rpartition(":")
        what = f"the twin {claim.id!r} (bound at {bound[claim.id]})" if twin else f"claim {claim.id!r}"
        found.append(Problem(file, int(line) if line.isdigit() else None,
                             f"{what} has no mutant that flips it: add a Mutant whose flips name {claim.id!r}"))
    return found


def readings(provider: Provider) -> list[Problem]:
    """Every claim whose reading raises, one line where it is declared (a twin read the same way is the same
    mistake); then every claim bound by a marker whose value is not yes or no, one line where it first binds.
    An error the client names itself (a failed experiment: `BindingError`'s base, MkDocs' PluginError)
    goes through as it is."""
    found, values, raised = [], {}, set()
    for claim in provider.claims():
        try:
            values[claim.id] = provider.value(claim.id)
        except NAMED_ERRORS:
            raise
        except Exception as error:  # noqa: BLE001 - any error of a writer's reading is named, in one line
            if claim.base in raised:
                continue
            raised.add(claim.base)
            file, _, line = provider.declared_at(claim.id).rpartition(":")
            message = " ".join(str(error).split())
            found.append(Problem(file, int(line) if line.isdigit() else None,
                                 f"claim {claim.id!r}: its reading raised {type(error).__name__}"
                                 f"{': ' + _clip(message) if message else ''}: correct how it reads the values"))
    if found:
        return found
    bound: dict[str, list[tuple[Page, Segment]]] = {}
    for page in _all(provider.pages()):
        for segment in _segments(page) or []:
            for name in segment.claims:
                if name in values and not isinstance(values[name], bool):
                    bound.setdefault(name, []).append((page, segment))
    for name, places in bound.items():
        (page, segment), more = places[0], len(places) - 1
        found.append(Problem(page.file, segment.line,
                             f"{show(segment)} binds a sentence to claim {name!r}, whose value is "
                             f"{_clip(repr(values[name]))}, not yes or no"
                             f"{f' (so do {more} more marker' + 's' * (more > 1) + ')' if more else ''}: bind it to a claim that is "
                             "true or false (a table or `{{ facts... }}` shows other values)"))
    return found


def _clip(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


EXPRESSION = re.compile(r"\{\{-?\s*(.+?)\s*-?\}\}", re.S)  # a template expression in a bound text


def unscoped(provider: Provider) -> list[Problem]:
    """Every bound text shown on a page that is false under one of the provider's setups (`setups()`, the
    pages' own first) and states no scope, or states one that covers that setup: one line each, naming the
    setups. A text states a scope by containing its words (`scopes(language)`; several: it speaks of the
    setups every one of them covers), or by standing on a page that states it for all its texts
    (`_page_scopes`); it is false under a setup
    when its marker does not hold with the claims' values there (`value_in`), or a value it shows differs
    (`shown_in`). What a setup does not measure counts as the pages' own value."""
    setups = provider.setups()
    if len(setups) < 2:
        return []
    own, found = setups[0], []
    for page in _all(provider.pages()):
        scopes, texts = provider.scopes(page.language), _segments(page) or []
        page_wide, problems = _page_scopes(page, scopes, texts)
        found += problems
        for segment in texts:
            if segment.kind == "narrative" or not holds(segment.kind, segment.names, provider.value):
                continue  # says nothing about the library, or a form the page does not show
            false = {setup: why for setup in setups[1:] if (why := _false_in(provider, segment, setup, own))}
            words = " ".join(readable(segment.text).split()).lower()
            stated = [s for s in scopes if _says(words, s) or s in page_wide]
            # a text that states several scopes speaks of the setups every one of them covers
            wrong = [setup for setup in false if all(setup in s.setups for s in stated)]
            if not wrong:
                continue
            thing, there, here = false[wrong[0]]
            why = f"{thing} is {there} under {wrong[0]}, {here} under {own}"
            if not stated:
                fits = [s for s in scopes if not set(false) & s.setups]
                where = (f" ({_either([repr(s.words) for s in fits])}) in it, or once for its page (front matter "
                         f"`scopes: [{fits[0].id}]`)") if fits else ""
                what = (f"states no scope, yet is false under {', '.join(wrong)} ({why}): state where it holds"
                        f"{where}, or bind it to what holds under every setup")
            else:
                more = [repr(s.words) for s in scopes if s not in stated and not set(wrong) & s.setups]
                what = (f"states its scope, {' and '.join(repr(s.words) for s in stated)}, yet is false under "
                        f"{', '.join(wrong)}, which that covers ({why}): rewrite it"
                        f"{f', or state {_either(more)} too' if more else ''}")
            found.append(Problem(page.file, segment.line, what))
    return found


def _says(words: str, scope) -> bool:
    return " ".join(scope.words.split()).lower() in words


def _page_scopes(page: Page, scopes: list, texts: list[Segment]) -> tuple[list, list[Problem]]:
    """(the scopes the page states for all its texts, what is wrong with its declaration): a scope its front
    matter declares (`scopes: [id]`) that one of its sentences states in words, for the reader."""
    ids, line = page_scopes(page.text)
    known = {scope.id: scope for scope in scopes}
    problems = [Problem(page.file, line, f"its front matter declares scope {name!r}, which is none of "
                                         f"{', '.join(map(repr, known)) or '(no scope)'}") for name in ids if name not in known]
    said = [" ".join(readable(segment.text).split()).lower() for segment in texts]
    stated = []
    for scope in (known[name] for name in ids if name in known):
        if any(_says(words, scope) for words in said):
            stated.append(scope)
        else:
            problems.append(Problem(page.file, line, f"its front matter declares scope {scope.id!r} for the whole page, "
                                                     f"but none of its sentences says {scope.words!r}: say it once, "
                                                     "near the top, for the reader"))
    return stated, problems


def holding_under(provider: Provider, segment: Segment) -> list[str]:
    """The setups under which a bound text shown on a page holds (every one of `provider.setups()` but those
    where a claim it names or a value it shows differs): what the sentence register lists."""
    setups = provider.setups()
    return [setup for i, setup in enumerate(setups) if i == 0 or not _false_in(provider, segment, setup, setups[0])]


def _false_in(provider: Provider, segment: Segment, setup: str, own: str) -> tuple[str, str, str] | None:
    """Why a shown text is false under a setup: (what differs, its value there, its value under `own`)."""
    def value(claim_id: str):
        try:
            return provider.value_in(claim_id, setup)
        except KeyError:  # not measured under that setup
            return provider.value(claim_id)

    if not holds(segment.kind, segment.names, value):
        changed = next(c for c in segment.claims if value(c) != provider.value(c))
        return changed, repr(value(changed)), repr(provider.value(changed))
    for expression in EXPRESSION.findall(segment.text):
        try:
            there, here = provider.shown_in(expression, setup), provider.shown_in(expression, own)
        except KeyError:  # it does not depend on the setup
            continue
        if there != here:
            return f"{{{{ {expression} }}}}", repr(there), repr(here)
    return None


def run(provider: Provider) -> list[str]:
    """Every writer's check, then the client's own: one line per problem (empty: the build may go on)."""
    pages = provider.pages()
    claims = list(provider.claims())
    unknown = unknown_ids(pages, (c.id for c in claims))
    found = [*marker_forms(pages), *unknown, *missing_translations(provider),
             *marker_order(pages, provider.languages()[0], skip={p.file for p in unknown}),
             *unflipped(claims, provider.mutants(), pages, provider.declared_at)]
    return [str(p) for p in found] + list(provider.extra_checks())


def measured(provider: Provider) -> list[str]:
    """The checks that read values, once the others found nothing: every claim's reading, then the scopes."""
    return [str(p) for p in readings(provider) or unscoped(provider)]
