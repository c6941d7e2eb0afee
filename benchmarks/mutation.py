"""Prints what the mutation suite costs: the quick path (what tests/test_mutants.py runs) and one full strict build.

Target (issue 19): the mutation tests a small share of the 3 minutes of `make test` on 2 quiet
cores, at most 30 s: the quick path and one full build, side by side, as the tests run them. As
there, the full build reads what its patch leaves unchanged from a copy of a filled cache, which
one untimed strict build of the unpatched site fills first; "one full strict build" is that build.
`make mutate` builds every mutant in full, measuring everything; it prints its own time.

    python benchmarks/mutation.py                                   # every mutant (make bench)
    python benchmarks/mutation.py --from-cache DIR --mutants 2      # a smoke run (tests/test_bench.py)

A smoke run starts from a copy of a cache a build of this code filled (no filling build), takes the
quick path on a few mutants besides the one built in full, and builds the unpatched site in its place
(everything read from the cache: a second of work where the mutant's build measures npm deepagents again):
its figures are not what the suite costs.
"""

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from snippets import cache as facts_cache
from snippets import paths  # the project is installed in the environment (make setup)

sys.path.insert(0, str(paths.ROOT))

from tests.site_build import copy_cache  # noqa: E402
from tools import mutation  # noqa: E402

FULL_BUILD = "js-fork-may-set-skills"  # the one tests/test_mutants.py builds (FULL_BUILD there)

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--from-cache", type=Path, metavar="DIR",
                    help="a smoke run: start from a copy of this filled cache (the figures are not costs)")
parser.add_argument("--mutants", type=int, metavar="N", help="the quick path on the first N mutants only (a smoke run)")
arguments = parser.parse_args()


def cpu() -> float:
    """Seconds of CPU used by this process and the processes it waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


from snippets import registry  # noqa: E402

mutants = list(registry.mutants())
mutant = next(m for m in mutants if m.name == FULL_BUILD)
built = None if arguments.from_cache else mutant  # None: the unpatched site (mutation.build_against)
if arguments.mutants is not None:
    mutants = [*[m for m in mutants if m is not mutant][:arguments.mutants], mutant]
    print(f"smoke run: the quick path on {len(mutants)} of the mutants; the figures are not what the suite costs")
with tempfile.TemporaryDirectory(prefix="mutants-bench-") as scratch:
    root = Path(scratch)
    filled = root / "filled"
    if arguments.from_cache:
        copy_cache(arguments.from_cache, filled)
    else:  # untimed: the cache the run's own build fills before tests/test_mutants.py starts
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(root / "site")],
                       cwd=paths.ROOT, env={**mutation.base_env(), **facts_cache.environment(filled)},
                       check=True, capture_output=True)

    started, used = time.perf_counter(), cpu()
    build = mutation.build_against(built, root / "alone", cache=copy_cache(filled, root / "alone-cache"))
    build_wall, build_cpu = time.perf_counter() - started, cpu() - used

    started, used = time.perf_counter(), cpu()
    baseline, seen = mutation.quick(mutants, root / "quick", say=lambda line: None, cache=filled)
    verdicts = [mutation.judge(m, baseline, seen[m.name]) for m in mutants]
    quick_wall, quick_cpu = time.perf_counter() - started, cpu() - used

    started, used = time.perf_counter(), cpu()
    with ThreadPoolExecutor(max_workers=1) as pool:
        side = pool.submit(mutation.build_against, built, root / "side", cache=copy_cache(filled, root / "side-cache"))
        mutation.quick(mutants, root / "together", say=lambda line: None, cache=filled)
        side.result()
    both_wall, both_cpu = time.perf_counter() - started, cpu() - used
    shutil.rmtree(root, ignore_errors=True)  # mutants' copies of the packages: many small files

count = len(verdicts)
print(f"mutants                                  {count:6d}")
print(f"quick path, every mutant                 {quick_wall:6.1f} s wall {quick_cpu:6.1f} s CPU")
print(f"quick path, per mutant                   {quick_wall / count:6.2f} s wall {quick_cpu / count:6.2f} s CPU")
if built is None:
    outcome = "the unpatched site: a smoke run" + ("" if not build.error and not build.stops else ", and it FAILED")
else:
    outcome = f"{FULL_BUILD}, {'stopped' if not build.error and build.stops else 'NOT stopped'} as it must"
print(f"one full strict build (both languages)   {build_wall:6.1f} s wall {build_cpu:6.1f} s CPU   ({outcome})")
print(f"both, as tests/test_mutants.py runs them {both_wall:6.1f} s wall {both_cpu:6.1f} s CPU   "
      f"(target <= 30 s wall {'ok' if both_wall <= 30 else 'MISSED'})")
print(f"caught                                   {sum(v.caught for v in verdicts):6d} of {count}")
# What tests/test_mutants.py reads instead of observing (make mutants): the figures above observe every mutant, as
# the suite does when data/mutants.json was kept for other code; with it current, the suite observes AGAIN of them.
found, why = mutation.kept(registry.mutants(), baseline.live)
print(f"kept for this code and stack             {len(found):6d} of {len(registry.mutants())}   "
      f"({paths.shown(mutation.KEPT)}{': ' + why if why else ''}; the suite observes the others)")
