"""The engine's own mutation runner, for a client with no runner of its own (no `mutate:` option): each mutant's
patches applied to scratch copies of the installed packages (claims/patching.py), the site built strictly
against them, and the judge's verdict (claims/judge.py).

    python -m claims mutate [name ...]   # every mutant, or those named; exit 1 if one is not caught

For each mutant, a process with the copies first on its path measures every claim (`python -m claims values`)
and `mkdocs build --strict` builds the site; the judge reads both beside the values of the unpatched
library. A build that stops must name a page:line bound to a claim the mutant flipped (its one line is
printed under the verdict); a build that passes must show the forms the new values choose on every page.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from claims import judge
from claims.judge import Observation
from claims.patching import Packages, PatchNoLongerApplies
from claims.provider import Provider

SPAN = re.compile(r'<span class="bound" data-kind="(\w+)" data-names="([^"]*)" data-line="(\d+)"></span>')


def values(provider: Provider) -> dict:
    """Every claim's live value (an error, as {"error": ...}, for a claim that cannot be read)."""
    found = {}
    for claim in provider.claims():
        try:
            found[claim.id] = provider.value(claim.id)
        except Exception as error:  # noqa: BLE001 - a claim the mutant made unreadable is an observation too
            found[claim.id] = {"error": f"{type(error).__name__}: {error}"}
    return found


def sources(provider: Provider) -> judge.Sources:
    """The page sources of every language, as the judge reads them."""
    return {f"{code}/{name}": (page.file, page.text) for code, pages in provider.pages().items() for name, page in pages.items()}


def observe(provider: Provider, config: Path, env: dict[str, str] | None, folder: Path) -> Observation:
    """What the site says under the environment `env` (None: this process's): the values, and the strict build."""
    command = [sys.executable, "-m", "claims", "-f", str(config)]
    measured = subprocess.run([*command, "values"], capture_output=True, text=True, env=env, cwd=config.parent)
    if measured.returncode != 0:
        return Observation(error=(measured.stderr.strip().splitlines() or ["no output"])[-1])
    site = folder / "site"
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(site)],
                           capture_output=True, text=True, env=env, cwd=config.parent)
    seen = Observation(live=json.loads(measured.stdout))
    if built.returncode != 0:
        seen.stops = [line for line in built.stderr.splitlines() if judge.PLACE.search(line)] or \
                     [(built.stderr.strip().splitlines() or ["the build failed, saying nothing"])[-1]]
        return seen
    for code, pages in provider.pages().items():
        for name in pages:
            page = provider.page_html(site, code, name.removesuffix(".md"))
            text = page.read_text(encoding="utf-8") if page.exists() else ""
            seen.spans[f"{code}/{name}"] = [[kind, names, line] for kind, names, line in SPAN.findall(text)]
    return seen


def main(provider: Provider, config: Path, names: list[str], packages: Packages | None = None) -> int:
    packages = packages or Packages()
    mutants = [m for m in provider.mutants() if not names or m.name in names]
    unknown = sorted(set(names) - {m.name for m in mutants})
    if unknown:
        print(f"no mutant named {', '.join(unknown)}: the mutants are {', '.join(m.name for m in provider.mutants())}")
        return 1
    baseline = Observation(live=json.loads(json.dumps(values(provider), ensure_ascii=False, default=str)))  # as a process reports them
    pages, missed = sources(provider), 0
    print("| mutant | declared at | what followed | verdict |\n|---|---|---|---|")
    for mutant in mutants:
        with tempfile.TemporaryDirectory(prefix=f"mutant-{mutant.name}-") as folder:
            try:
                scratch = packages.prepare(mutant, Path(folder))
                seen = observe(provider, config, packages.environment(scratch), Path(folder))
            except PatchNoLongerApplies as error:
                seen = Observation(error=str(error))
        verdict = judge.judge(mutant, baseline, seen, pages, describe=provider.describe, under=provider.measured_under,
                              home=provider.mutant_declared_at(mutant.name))
        missed += not verdict.caught
        print(verdict.row())
        for line in seen.stops:
            print(f"  the build stops: {line}")
    print(f"{len(mutants) - missed} of {len(mutants)} mutants caught")
    return 1 if missed else 0
