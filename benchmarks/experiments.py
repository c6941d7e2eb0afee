"""Prints what the experiments cost: importing deepagents, then all experiments once; and what the
JavaScript measurement of npm deepagents costs (one node process, cold), and that a run that finds
everything cached starts no node process.

Target (issue 2): all experiments together at most 2 s beyond the import. A cached run: 0 node processes.
Run: make bench

    python benchmarks/experiments.py --from-cache DIR   # a smoke run (tests/test_bench.py)

A smoke run starts from a copy of a cache that a build of this code filled: the experiments are read from
it, so "run all experiments once" is not what they cost; every other step runs as in `make bench`.
"""

import argparse
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--from-cache", type=Path, metavar="DIR",
                    help="a smoke run: start from a copy of this filled cache (the figures are not costs)")
seed = parser.parse_args().from_cache

# Measure the experiments, not the cache: an empty cache of its own, which the run fills for the
# cached run at the end.
os.environ["FACTS_CACHE"] = "1"
os.environ.pop("CI", None)
os.environ["SITEGEN_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-facts-")
if seed:
    shutil.copytree(seed, os.environ["SITEGEN_CACHE_DIR"], symlinks=True, dirs_exist_ok=True)
    print(f"smoke run: the experiments are read from a copy of {seed}; the figures are not what they cost")

t0 = time.perf_counter()
import deepagents  # noqa: E402,F401

t1 = time.perf_counter()
from snippets.facts import collect  # noqa: E402

t2 = time.perf_counter()
facts = collect()
t3 = time.perf_counter()

peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"deepagents {facts.versions['deepagents']}")
print(f"import deepagents            {t1 - t0:6.2f} s")
print(f"import the experiments       {t2 - t1:6.2f} s")
print(f"run all experiments once     {t3 - t2:6.2f} s   (target <= 2.00 s {'ok' if t3 - t2 <= 2 else 'MISSED'})")
print(f"peak memory                  {peak_mib:6.0f} MiB")

# The JavaScript twins: one node process measures every section (it runs beside the Python experiments
# in collect(), so the figure above holds it too); a run that finds everything cached starts none.
import subprocess  # noqa: E402

from snippets import js  # noqa: E402
from snippets.facts import gather  # noqa: E402

t4 = time.perf_counter()
js.measure(js.sections())
t5 = time.perf_counter()
started = []
_popen = subprocess.Popen.__init__
subprocess.Popen.__init__ = lambda self, args, *a, **k: started.append(args) or _popen(self, args, *a, **k)
t6 = time.perf_counter()
gather()  # everything collect() measured, from the cache it filled
t7 = time.perf_counter()
subprocess.Popen.__init__ = _popen
node = sum("node" in Path(str(args[0])).name for args in started)
print(f"JavaScript measurement, cold  {t5 - t4:6.2f} s   (one node process: {len(js.sections())} sections, "
      f"npm deepagents {facts.versions[js.VERSION_KEY]})")
print(f"every fact from the cache     {t7 - t6:6.2f} s")
print(f"node processes, cached run    {node:6d}     (target 0 {'ok' if node == 0 else 'MISSED'})")
