"""Every experiment, run once, gathered into one value: the site's single source of truth.

    >>> from snippets.facts import collect
    >>> collect().refusal.length

Pages, generated pages, tools and tests all read `collect()`: it returns what
the experiments measured (their results, and what their scenarios printed) as
one `Facts` value. `python -m snippets.facts` prints every claim's live value
as JSON: one row of the version matrix (tools/matrix.py runs it under each release).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from typing import Any

from snippets import cache, lab, paths, registry


@dataclasses.dataclass(frozen=True)
class Facts:
    versions: dict[str, str]
    results: dict[str, Any]  # section name -> its experiment's result
    printed: dict[str, str]  # scenario -> what it printed when its experiment ran it
    deep_agents: dict[
        str, list[list[str]]
    ]  # scenario -> the sub-agents each deep agent it made lists
    measured: tuple[
        str, ...
    ] = ()  # the sections this process measured (the others came from the cache)
    failed: dict[str, str] = dataclasses.field(
        default_factory=dict
    )  # gather(tolerant=True): section -> why

    def __getattr__(self, name: str) -> Any:  # facts.refusal, facts.modes, ...
        try:
            return self.results[name]
        except KeyError:
            raise AttributeError(name) from None

    def output_of(self, source: str) -> str | None:
        """What the scenario whose file holds exactly `source` printed, or None (not a scenario)."""
        for scenario, printed in self.printed.items():
            path = paths.SCENARIOS / f"{scenario}.py"
            if path.read_text(encoding="utf-8").strip() == source.strip():
                return printed
        return None

    def live(self, claim_id: str) -> Any:
        return registry.claim(claim_id).live(self)


def gather(
    reuse: dict[str, lab.Measured] | None = None, tolerant: bool = False
) -> tuple[Facts, dict[str, lab.Measured]]:
    """Run every experiment (or read its result from the cache, or take it from `reuse`), each once,
    a section after the sections it reads. With `tolerant`, an experiment that fails is noted in
    `Facts.failed` instead of stopping the others."""
    done: dict[str, lab.Measured] = {}
    keys: dict[str, str] = {}
    measured, failed = [], {}

    def get(section: lab.Section) -> None:
        if section.name in done or section.name in failed:
            return
        for name in section.reads:
            get(registry.section(name))
        if reuse and section.name in reuse:
            done[section.name] = reuse[section.name]
            return
        missing = [name for name in section.reads if name not in done]
        if missing:
            failed[section.name] = f"it reads {', '.join(missing)}, which failed"
            return
        key = (
            cache.key(section, {name: keys.get(name, "") for name in section.reads})
            if cache.enabled()
            else ""
        )
        keys[section.name] = key
        found = cache.load(section.name, key)
        if found is None:
            try:
                found = lab.measure(
                    section, {name: done[name].result for name in section.reads}
                )
            except Exception as error:
                if not tolerant:
                    raise
                failed[section.name] = str(error).splitlines()[0]
                return
            measured.append(section.name)
            cache.save(section.name, key, found)
        done[section.name] = found

    for section in registry.sections():
        get(section)
    facts = Facts(
        cache.versions(),
        {name: m.result for name, m in done.items()},
        {s: out for m in done.values() for s, out in m.printed.items()},
        {s: listed for m in done.values() for s, listed in m.listed.items()},
        tuple(measured),
        failed,
    )
    return facts, done


@functools.cache
def collect() -> Facts:
    """Every experiment once per process, or its result from the cache when nothing it runs changed."""
    return gather()[0]


def live_row(facts: Facts | None = None) -> dict[str, Any]:
    """Every claim's live value: a row of the version matrix.

    An experiment that fails does not stop the others: the claims that need it
    get `{"error": ...}` naming what failed, so a matrix over old releases shows
    everything that can be measured there.
    """
    facts = facts or gather(tolerant=True)[0]
    values: dict[str, Any] = {}
    for section in registry.sections():
        for claim in section.claims:
            try:
                values[claim.id] = claim.live(facts)
            except Exception as error:  # noqa: BLE001 - recorded, not hidden
                failed = [
                    why
                    for name, why in facts.failed.items()
                    if name in (section.name, str(error))
                ]
                values[claim.id] = {
                    "error": failed[0] if failed else f"{type(error).__name__}: {error}"
                }
    return {"versions": facts.versions, "facts": values}


if __name__ == "__main__":
    json.dump(live_row(), sys.stdout, ensure_ascii=False, sort_keys=True, default=str)
    print()
