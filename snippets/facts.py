"""Every experiment, run once, gathered into one structure: the site's single source of truth.

    >>> from snippets.facts import collect
    >>> collect().refusal.length

Pages, generated pages, tools and tests all read `collect()`.
`python -m snippets.facts` prints every claim's live value as JSON: one row of
the version matrix (tools/matrix.py runs it under each release).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from types import SimpleNamespace
from typing import Any

from snippets import cache, lab, registry


@dataclasses.dataclass(frozen=True)
class Facts:
    versions: dict[str, str]
    results: dict[str, Any]  # section name -> its experiment's result
    deep_agents: dict[str, list[list[str]]]  # scenario -> the sub-agents each deep agent it made lists

    def __getattr__(self, name: str) -> Any:  # facts.refusal, facts.modes, ...
        try:
            return self.results[name]
        except KeyError:
            raise AttributeError(name) from None

    def plain(self) -> dict[str, Any]:
        """Every result as plain data (dicts and lists), for JSON."""
        return {"versions": self.versions, "deep_agents": self.deep_agents,
                **{name: dataclasses.asdict(r) for name, r in self.results.items()}}


@functools.cache
def collect() -> Facts:
    """Run every experiment once per process (snippets.lab.experiment), or read their
    results from the cache when nothing they depend on changed."""
    recorded = cache.load()
    lab.remember(recorded)
    results = {s.name: s.measure() for s in registry.sections()}
    facts = Facts(cache.versions(), results, lab.listings())
    if lab.results() != recorded:
        cache.save(lab.results())
    return facts


def live_row() -> dict[str, Any]:
    """Every claim's live value under the installed deepagents: a row of the version matrix.

    Unlike `collect()`, an experiment that fails does not stop the others: the
    claims that need it get `{"error": ...}` naming what failed, so a matrix over
    old releases shows everything that can be measured there.
    """
    results, errors = {}, {}
    for section in registry.sections():
        try:
            results[section.name] = section.measure()
        except Exception as error:  # noqa: BLE001 - recorded, not hidden
            errors[section.name] = str(error).splitlines()[0]
    available = SimpleNamespace(**results, deep_agents=lab.listings())
    values: dict[str, Any] = {}
    for section in registry.sections():
        for claim in section.claims:
            try:
                values[claim.id] = claim.live(available)
            except Exception as error:  # noqa: BLE001
                values[claim.id] = {"error": errors.get(section.name) or f"{type(error).__name__}: {error}"}
    return {"versions": cache.versions(), "facts": values}


if __name__ == "__main__":
    json.dump(live_row(), sys.stdout, ensure_ascii=False, sort_keys=True, default=str)
    print()
