"""What the test suite costs: pytest's wall time beside its target (issue 50: within 180 s on 2 quiet cores),
and where the time goes, per test file, summed over the workers.

    python benchmarks/suite.py                      # the whole suite, as `make test` runs it (make bench-suite)
    python benchmarks/suite.py claims/tests         # a smoke run on a few tests (tests/test_bench.py)

It runs pytest as pyproject.toml configures it (two workers, a random order), with `--durations=0` to read
each test's time; the load average before and after says whether the machine was quiet.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import time

from snippets import paths

TARGET = 180.0  # seconds of pytest wall time on 2 quiet cores
SUMMARY = re.compile(r"\d+ (?:passed|failed)")
DURATION = re.compile(r"^\s*([\d.]+)s (?:call|setup|teardown)\s+(\S+?)::")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="test paths (default: the whole suite)")
    parser.add_argument("--files", type=int, default=12, help="how many of the costliest files to list")
    options = parser.parse_args()
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    workers = ["-n", "0"] if options.paths else []  # a smoke run: no workers to start
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "--durations=0", "--durations-min=0", *workers,
                           *options.paths],
                          cwd=paths.ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - started
    summary = next((line for line in reversed(done.stdout.splitlines()) if SUMMARY.search(line)), "")
    per_file: dict[str, float] = collections.Counter()
    for line in done.stdout.splitlines():
        found = DURATION.match(line)
        if found:
            per_file[found.group(2)] += float(found.group(1))
    whole = not options.paths
    print(f"pytest: {summary.strip('= ') or 'no summary (exit ' + str(done.returncode) + ')'}")
    print(f"pytest wall time  {wall:7.1f} s" + (f"  (target <= {TARGET:.0f} s on 2 quiet cores "
                                                  f"{'ok' if wall <= TARGET else 'MISSED'})" if whole else
                                                  "  (a smoke run on a few tests: no target)"))
    print(f"test time, every worker  {sum(per_file.values()):7.1f} s")
    print(f"load average  {load_before:.2f} before, {os.getloadavg()[0]:.2f} after (2 cores: above 2 is not quiet)")
    for file, seconds in per_file.most_common(options.files):
        print(f"  {seconds:6.1f} s  {file}")
    failed = [line for line in done.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    if failed:  # which tests, so that a failed run is not a second run to find out
        print("\n".join(["failed:", *failed]))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
