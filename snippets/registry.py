"""Every section, found once: each experiment module of snippets/ that declares `SECTION = Section(...)`.

Adding a section is one experiment file here (with its SECTION), one page per
language and the site's strings for it; the facts, the claims, the overview's
section table, the matrix, the drift report and the tools follow from this list.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

import snippets
from snippets.lab import Claim, Section


@functools.cache
def sections() -> tuple[Section, ...]:
    """The sections in article order."""
    found = []
    for module in pkgutil.iter_modules(snippets.__path__):
        section = getattr(importlib.import_module(f"snippets.{module.name}"), "SECTION", None)
        if isinstance(section, Section):
            found.append(section)
    numbers = [s.number for s in found]
    if len(set(numbers)) != len(numbers):
        msg = f"two sections share a number: {sorted((s.number, s.name) for s in found)}"
        raise ValueError(msg)
    return tuple(sorted(found, key=lambda s: s.number))


def section(name: str) -> Section:
    by_name = {s.name: s for s in sections()}
    if name not in by_name:
        msg = f"no section {name!r}; the sections are {', '.join(by_name)} (snippets/<name>.py declares SECTION)"
        raise KeyError(msg)
    return by_name[name]


@functools.cache
def claims() -> tuple[Claim, ...]:
    """Every claim, section by section, in the order they are declared."""
    found = [claim for s in sections() for claim in s.claims]
    ids = [c.id for c in found]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        msg = f"claim ids must be unique; declared twice: {', '.join(duplicates)}"
        raise ValueError(msg)
    return tuple(found)


def claim(claim_id: str) -> Claim:
    by_id = {c.id: c for c in claims()}
    if claim_id not in by_id:
        msg = f"no claim {claim_id!r} (the claims are declared in each snippets/<section>.py)"
        raise KeyError(msg)
    return by_id[claim_id]


def section_of(claim_id: str) -> Section:
    return next(s for s in sections() if any(c.id == claim_id for c in s.claims))
