"""Every section, found once: each experiment module of snippets/ that declares `SECTION = Section(...)`,
and its mutants, `MUTANTS` in snippets/mutants/<section>.py.

Adding a section is one experiment file here (with its SECTION: its claims
included), its mutants' file, one page per language and its titles in the
site's strings; the facts, the overview's section table, the matrix, the drift
report, the mutation suite and the tools follow from this list.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

import snippets
import snippets.mutants
from snippets.lab import JS_SUFFIX, Claim, Mutant, Section


@functools.cache
def sections() -> tuple[Section, ...]:
    """The sections in article order."""
    found = []
    for module in pkgutil.iter_modules(snippets.__path__):
        section = getattr(
            importlib.import_module(f"snippets.{module.name}"), "SECTION", None
        )
        if isinstance(section, Section):
            found.append(section)
    numbers = [s.number for s in found]
    if len(set(numbers)) != len(numbers):
        msg = (
            f"two sections share a number: {sorted((s.number, s.name) for s in found)}"
        )
        raise ValueError(msg)
    names = {s.name for s in found}
    for s in found:
        unknown = sorted(set(s.reads) - names)
        if unknown:
            raise ValueError(
                f"snippets/{s.name}.py reads no such section: {', '.join(unknown)}"
            )
    return tuple(sorted(found, key=lambda s: s.number))


def section(name: str) -> Section:
    by_name = {s.name: s for s in sections()}
    if name not in by_name:
        msg = f"no section {name!r}; the sections are {', '.join(by_name)} (snippets/<name>.py declares SECTION)"
        raise KeyError(msg)
    return by_name[name]


def claims_of(section: Section) -> tuple[Claim, ...]:
    """A section's claims in the order declared, each followed by its JavaScript twin (`<id>@js`) if it has one."""
    return _claims_by_section()[section.name]


@functools.cache
def _claims_by_section() -> dict[str, tuple[Claim, ...]]:
    """Section name -> its claims: found once, as the build's checks ask for them per claim and setup."""
    return {s.name: tuple(c for c in claims() if _sections_by_claim()[c.id] is s) for s in sections()}


@functools.cache
def claims(runtime: str | None = None) -> tuple[Claim, ...]:
    """Every claim, section by section, in the order they are declared, each followed by its JavaScript
    twin; `runtime="python"` or `"js"`: only the claims that speak of that runtime."""
    if runtime is not None:
        return tuple(c for c in claims() if c.runtime == runtime)
    found = [c for s in sections() for c, _ in _declared(s)]
    _unique("claim ids", [c.id for c in found])
    return tuple(found)


def _declared(section: Section) -> list[tuple[Claim, Section]]:
    return [(found, section) for c in section.claims for found in (c, c.twin()) if found is not None]


def claim(claim_id: str) -> Claim:
    by_id = _by_id()
    if claim_id not in by_id:
        msg = f"no claim {claim_id!r} (the claims are declared in each snippets/<section>.py"
        if claim_id.endswith(JS_SUFFIX):
            msg += f"; <id>{JS_SUFFIX} is the JavaScript twin of a claim declared with a `js=` reading"
        raise KeyError(msg + ")")
    return by_id[claim_id]


@functools.cache
def _by_id() -> dict[str, Claim]:
    return {c.id: c for c in claims()}


def section_of(claim_id: str) -> Section:
    return _sections_by_claim()[claim(claim_id).id]


@functools.cache
def _sections_by_claim() -> dict[str, Section]:
    return {c.id: s for c in claims() for s in sections() if c.base in {d.id for d in s.claims}}


@functools.cache
def mutants() -> tuple[Mutant, ...]:
    """Every mutant, section by section; each flips claims that exist."""
    found = [m for s in sections() for m in mutants_of(s)]
    _unique("mutant names", [m.name for m in found])
    ids = {c.id for c in claims()}
    for s in sections():
        for m in mutants_of(s):
            unknown = [c for c in m.flips if c not in ids]
            if unknown or not m.flips:
                raise ValueError(
                    f"{mutants_file(s)}: mutant {m.name!r} flips no such claim: {', '.join(unknown) or '(none)'}"
                )
    return tuple(found)


def mutants_file(section: Section) -> str:
    """Where a section's mutants are declared (`MUTANTS`), as messages name it."""
    return f"snippets/mutants/{section.name}.py"


def mutants_of(section: Section) -> tuple[Mutant, ...]:
    """A section's mutants: MUTANTS in snippets/mutants/<section>.py (none without that file)."""
    return _mutants_by_section()[section.name]


@functools.cache
def _mutants_by_section() -> dict[str, tuple[Mutant, ...]]:
    names = {s.name for s in sections()}
    strays = sorted(m.name for m in pkgutil.iter_modules(snippets.mutants.__path__) if m.name not in names)
    if strays:
        raise ValueError(f"snippets/mutants/{strays[0]}.py: no section {strays[0]!r} (its mutants belong "
                         f"in snippets/mutants/<section>.py; the sections are {', '.join(sorted(names))})")
    found = {}
    for s in sections():
        try:
            module = importlib.import_module(f"snippets.mutants.{s.name}")
        except ModuleNotFoundError as error:
            if error.name != f"snippets.mutants.{s.name}":
                raise
            module = None
        found[s.name] = tuple(getattr(module, "MUTANTS", ()))
    return found


def home_of(mutant: Mutant) -> Section:
    """The section whose mutant it is (its MUTANTS in snippets/mutants/<section>.py)."""
    return next(s for s in sections() if mutant in mutants_of(s))


def _unique(what: str, values: list[str]) -> None:
    duplicates = sorted({v for v in values if values.count(v) > 1})
    if duplicates:
        raise ValueError(
            f"{what} must be unique; declared twice: {', '.join(duplicates)}"
        )
