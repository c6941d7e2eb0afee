"""Prints what the mutation suite costs: the quick path (what tests/test_mutants.py runs) and one full strict build.

Target (issue 19): the mutation tests a small share of the 3 minutes of `make test` on 2 quiet
cores, at most 30 s: the quick path and one full build, side by side, as the tests run them.
`make mutate` builds every mutant in full; it prints its own time.
Run: python benchmarks/mutation.py
"""

import resource
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from snippets import paths  # the project is installed in the environment (make setup)

sys.path.insert(0, str(paths.ROOT))

from tools import mutation  # noqa: E402

FULL_BUILD = "js-fork-may-set-skills"  # the one tests/test_mutants.py builds (there, reading a filled cache)


def cpu() -> float:
    """Seconds of CPU used by this process and the processes it waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


from snippets import registry  # noqa: E402

mutants = list(registry.mutants())
with tempfile.TemporaryDirectory(prefix="mutants-bench-") as scratch:
    root = Path(scratch)
    mutant = next(m for m in mutants if m.name == FULL_BUILD)
    started, used = time.perf_counter(), cpu()
    build = mutation.build_against(mutant, root / "alone")
    build_wall, build_cpu = time.perf_counter() - started, cpu() - used

    started, used = time.perf_counter(), cpu()
    baseline, seen = mutation.quick(mutants, root / "quick", say=lambda line: None)
    verdicts = [mutation.judge(m, baseline, seen[m.name]) for m in mutants]
    quick_wall, quick_cpu = time.perf_counter() - started, cpu() - used

    started, used = time.perf_counter(), cpu()
    with ThreadPoolExecutor(max_workers=1) as pool:
        side = pool.submit(mutation.build_against, mutant, root / "side")
        mutation.quick(mutants, root / "together", say=lambda line: None)
        side.result()
    both_wall, both_cpu = time.perf_counter() - started, cpu() - used

count = len(verdicts)
print(f"mutants                                  {count:6d}")
print(f"quick path, every mutant                 {quick_wall:6.1f} s wall {quick_cpu:6.1f} s CPU")
print(f"quick path, per mutant                   {quick_wall / count:6.2f} s wall {quick_cpu / count:6.2f} s CPU")
print(f"one full strict build (both languages)   {build_wall:6.1f} s wall {build_cpu:6.1f} s CPU")
print(f"both, as tests/test_mutants.py runs them {both_wall:6.1f} s wall {both_cpu:6.1f} s CPU   (target <= 30 s wall)")
print(f"caught                                   {sum(v.caught for v in verdicts):6d} of {count}")
