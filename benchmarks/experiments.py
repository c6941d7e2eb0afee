"""Prints what the experiments cost: importing deepagents, then all experiments once.

Target (issue 2): all experiments together at most 2 s beyond the import.
Run: make bench
"""

import os
import resource
import time

os.environ["FACTS_CACHE"] = "0"  # measure the experiments, not the cache

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
print(f"run all experiments once     {t3 - t2:6.2f} s   (target <= 2.00 s)")
print(f"peak memory                  {peak_mib:6.0f} MiB")
