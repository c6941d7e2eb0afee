"""`make bench` also runs benchmarks/releases.py: on one release and one round it prints every figure
(timings are not checked here; the target is printed beside the ratio). A smoke run (`--from-cache`): every
build, the cold one included, reads a copy of the cache the run's own build filled (tests/conftest.py)."""

import os
import re
import subprocess
import sys

from snippets import paths
from tools.releases import pinned

ROOT = paths.ROOT
FIGURES = ["environments made", "all releases, cold cache", "all releases, warm cache",
           "one cached build", "published size", "warm / (releases x one cached build)"]


def test_the_releases_benchmark_prints_every_figure_for_a_tiny_set(site, build_cache):
    done = subprocess.run([sys.executable, "benchmarks/releases.py", "--rounds", "1", "--releases", pinned(),
                           "--from-cache", str(build_cache)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert done.returncode == 0, f"benchmarks/releases.py failed:\n{done.stderr[-3000:]}"
    lines = done.stdout.splitlines()
    assert lines[0].startswith("rounds: 1") and "1 releases" in lines[0] and "smoke run" in lines[0], done.stdout
    for figure in FIGURES:
        line = next((line for line in lines if line.startswith(figure)), None)
        assert line is not None, f"no line for {figure!r}:\n{done.stdout}"
        assert re.search(r"\s\d+\.\d+\s", line[len(figure):] + " "), f"no number for {figure!r}: {line!r}"
    assert re.search(r"target <= 1\.30\s+(ok|MISSED)$", lines[-1]), lines[-1]
