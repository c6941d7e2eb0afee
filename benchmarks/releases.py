"""Prints what building every release costs (`make releases`), with a cold and with a warm cache.

    make bench                                              # every release, BENCH_ROUNDS rounds
    python benchmarks/releases.py --rounds 1 --releases 0.7.32   # a tiny set
    python benchmarks/releases.py --rounds 1 --releases 0.7.32 --from-cache DIR   # a smoke run (tests/test_bench_releases.py)

Each figure is a real `python -m tools.releases` run over the same releases, into
a scratch folder (site-releases/ and its caches' contents are not replaced):

* environments: making the release environments that are missing (0 when all exist);
* cold: nothing cached, every experiment runs and every block executes in every
  release (FACTS_CACHE=0: the cache is neither read nor written, as in CI);
* warm: every fact and block read from .cache/ (one untimed run fills it first; a smoke run's is filled already);
* one cached build: the pinned release alone, a single strict build of both languages.

A smoke run (`--from-cache DIR`, a cache a build of this code filled) goes through
every step and prints every figure, but every build, the cold ones included, reads
a copy of that cache: its figures are not what building costs.

Target (issue 23): warm <= 1.3 x (number of releases x one cached build).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from snippets import paths  # the project is installed in the environment (make setup)

ROOT = paths.ROOT
sys.path.insert(0, str(ROOT))  # for tools/, which is not installed as a package of its own
from tools import releases  # noqa: E402

ENV = {**os.environ, **releases.BUILD_ENV}
ENV.pop("CI", None)  # the cache switch is set per run below


def run_all(chosen: list[str], out: Path, cache: bool, jobs: int | None) -> float:
    """Seconds of one `python -m tools.releases` over `chosen`, into `out`."""
    command = [sys.executable, "-m", "tools.releases", "--out", str(out), *chosen]
    if jobs:
        command += ["--jobs", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env={**ENV, "FACTS_CACHE": "1" if cache else "0"},
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"tools.releases failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    return time.perf_counter() - start


def one_cached_build(site: Path) -> float:
    """The pinned release alone: one strict build (both languages), every fact and block cached."""
    latest = releases.pinned()
    start = time.perf_counter()
    built = releases.build(latest, site, releases.DEFAULT_SITE_URL, latest, want_keys=False)
    if built.error:
        raise RuntimeError(f"the build of deepagents {latest} failed:\n{built.error}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per figure (the median is printed)")
    parser.add_argument("--releases", nargs="*", help="these releases (default: every one the matrix measured)")
    parser.add_argument("--jobs", type=int, help="builds at a time (default: tools.releases')")
    parser.add_argument("--from-cache", type=Path, metavar="DIR",
                        help="a smoke run: every build reads a copy of this filled cache (the figures are not costs)")
    options = parser.parse_args()
    os.environ.pop("CI", None)  # the single build below reads the cache
    os.environ["FACTS_CACHE"] = "1"
    smoke = tempfile.TemporaryDirectory(prefix="releases-smoke-") if options.from_cache else None
    if smoke:
        copy = Path(smoke.name) / "cache"
        shutil.copytree(options.from_cache, copy, symlinks=True)
        if not (copy / "envs").exists():  # the release environments stay where this checkout keeps them
            (paths.CACHE / "envs").mkdir(parents=True, exist_ok=True)
            (copy / "envs").symlink_to(paths.CACHE / "envs")
        os.environ["SITEGEN_CACHE_DIR"] = ENV["SITEGEN_CACHE_DIR"] = str(copy)
    chosen = releases.choose(options.releases or [], sample=False, shard=None)
    count = len(chosen)

    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    for release in chosen:
        releases.prepare(release)
    environments = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        if not smoke:  # a smoke run's cache is filled already
            run_all(chosen, scratch / "fill", cache=True, jobs=options.jobs)  # fills the cache for the warm runs
        cold, warm, single = [], [], []
        for i in range(options.rounds):  # one round = one of each, so a busier moment falls on all three
            cold.append(run_all(chosen, scratch / f"cold{i}", cache=bool(smoke), jobs=options.jobs))
            warm.append(run_all(chosen, scratch / f"warm{i}", cache=True, jobs=options.jobs))
            single.append(one_cached_build(scratch / f"single{i}"))
        published = sum(f.stat().st_size for f in (scratch / ("warm0" if smoke else "fill")).rglob("*") if f.is_file())
    cold, warm, single = (statistics.median(figures) for figures in (cold, warm, single))
    ratio = warm / (count * single)

    if smoke:
        smoke.cleanup()
    print(f"rounds: {options.rounds} (medians); {count} releases ({chosen[0]} to {chosen[-1]}); {os.cpu_count()} cores, "
          f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after (other processes make the figures noisier)"
          + (f"; a smoke run: every build read a copy of {options.from_cache}, the figures are not costs" if smoke else ""))
    print(f"environments made (once; 0 when all exist)   {environments:6.1f} s")
    print(f"all releases, cold cache                     {cold:6.1f} s")
    print(f"all releases, warm cache                     {warm:6.1f} s")
    print(f"one cached build (deepagents {releases.pinned()})        {single:6.1f} s")
    print(f"published size                               {published / 1e6:6.1f} MB")
    print(f"{'warm / (releases x one cached build)':<45}{ratio:6.2f}   target <= 1.30  {'ok' if ratio <= 1.3 else 'MISSED'}")


if __name__ == "__main__":
    main()
