"""Every experiment, run once, gathered into one structure: the site's single source of truth.

    >>> from snippets.facts import collect
    >>> collect().refusal.length

Pages, prose variables, generated pages and tests all read `collect()`.
`python -m sitegen.tables` (make facts) prints every table.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from snippets import cache, lab
from snippets.flag import Flag, measure_flag
from snippets.gap import Gap, measure_gap
from snippets.guidance import Guidance, measure_guidance
from snippets.modes import Modes, measure_modes
from snippets.refusal import Refusal, measure_refusal
from snippets.tool_surfaces import ToolSurfaces, measure_tool_surfaces
from snippets.why_kept import WhyKept, measure_why_kept

EXPERIMENTS = {  # in article order
    "modes": measure_modes,
    "tool_surfaces": measure_tool_surfaces,
    "why_kept": measure_why_kept,
    "refusal": measure_refusal,
    "flag": measure_flag,
    "gap": measure_gap,
    "guidance": measure_guidance,
}


@dataclass(frozen=True)
class Facts:
    versions: dict[str, str]
    modes: Modes
    tool_surfaces: ToolSurfaces
    why_kept: WhyKept
    refusal: Refusal
    flag: Flag
    gap: Gap
    guidance: Guidance

    @property
    def sections(self) -> dict[str, object]:
        """The experiments' results in article order, by name."""
        return {name: getattr(self, name) for name in EXPERIMENTS}


@functools.cache
def collect() -> Facts:
    """Run every experiment once per process (see `snippets.lab.experiment`),
    or read their results from the cache when nothing they depend on changed."""
    recorded = cache.load()
    lab.remember(recorded)
    facts = Facts(versions=cache.versions(), **{name: measure() for name, measure in EXPERIMENTS.items()})
    if lab.results() != recorded:
        cache.save(lab.results())
    return facts


def versions() -> dict[str, str]:
    return cache.versions()
