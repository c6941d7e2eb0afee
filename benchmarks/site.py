"""Prints what building the site costs, measured in one run on this machine.

    make bench

* strict build, cold: every experiment runs (FACTS_CACHE=0, as in CI);
* strict build, warm: the same pages with every result read from the cache;
* the experiments alone (one `collect()`, beyond imports);
* `mkdocs serve` rebuilds after a prose-only edit and after a snippet edit,
  and the same prose rebuild of a copy of the site with no exec blocks at all;
* the ratios the targets are about, and the peak memory of a cold build.

Targets (issue 7): cold ≤ 1.3 × (warm + experiments once); prose rebuild
≤ 1.2 × the same rebuild without exec blocks.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.site_build import copy_project  # noqa: E402

ENV = {**os.environ, "DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1",
       "PYTHONWARNINGS": "ignore::SyntaxWarning", "SOURCE_DATE_EPOCH": "1764633600"}
ROUNDS = 3


def build(project: Path, site: Path, cache: bool) -> float:
    env = {**ENV, "FACTS_CACHE": "1" if cache else "0"}
    env.pop("CI", None)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
                   cwd=project, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def experiments_alone() -> float:
    code = ("import time, snippets.facts as f; t = time.perf_counter(); f.collect(); "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**ENV, "FACTS_CACHE": "0"},
                         check=True, capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


class Serve:
    """A real `mkdocs serve`; rebuild times are read from its own log."""

    BUILT = re.compile(r"Documentation built in ([\d.]+) seconds")

    def __init__(self, project: Path, port: int) -> None:
        self.log = project / "serve.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--livereload", "-a", f"127.0.0.1:{port}"],
            cwd=project, env={**ENV, "FACTS_CACHE": "1"}, stdout=self.log.open("w"), stderr=subprocess.STDOUT)
        self.wait_builds(2)  # the English build reports after the Chinese one inside it

    def builds(self) -> list[float]:
        return [float(x) for x in self.BUILT.findall(self.log.read_text(encoding="utf-8"))]

    def wait_builds(self, count: int, timeout: float = 180) -> list[float]:
        deadline = time.monotonic() + timeout
        while len(self.builds()) < count:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"mkdocs serve did not rebuild; log:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.1)
        return self.builds()

    def rebuild_after(self, edit) -> float:
        """Seconds of the full (both languages) rebuild that follows one edit."""
        before = len(self.builds())
        edit()
        return self.wait_builds(before + 2)[-1]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def append(path: Path, text: str):
    return lambda: path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def strip_exec_blocks(project: Path) -> None:
    for page in (project / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r'^```python exec="on".*?^```\n', "", text, flags=re.M | re.S), encoding="utf-8")


def serve_rebuilds(project: Path, port: int, snippet_edit: bool) -> tuple[float, float | None]:
    serve = Serve(project, port)
    try:
        page = project / "docs" / "en" / "refusal.md"
        prose = statistics.median(serve.rebuild_after(append(page, f"\nA prose edit, round {i}.\n")) for i in range(ROUNDS))
        snippet = None
        if snippet_edit:
            gap = project / "snippets" / "gap.py"
            snippet = serve.rebuild_after(append(gap, "\n# an edit to the experiment code\n"))
        return prose, snippet
    finally:
        serve.stop()


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        project = copy_project(scratch / "project")
        cold = statistics.median(build(project, scratch / f"cold{i}", cache=False) for i in range(ROUNDS))
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        build(project, scratch / "prime", cache=True)  # fills the cache for the warm builds
        warm = statistics.median(build(project, scratch / f"warm{i}", cache=True) for i in range(ROUNDS))
        alone = statistics.median(experiments_alone() for _ in range(ROUNDS))
        prose, snippet = serve_rebuilds(project, 8931, snippet_edit=True)
        bare = copy_project(scratch / "bare")
        strip_exec_blocks(bare)
        bare_prose, _ = serve_rebuilds(bare, 8932, snippet_edit=False)
        shutil.rmtree(project / ".cache", ignore_errors=True)

    print(f"strict build, cold (every experiment runs)   {cold:6.2f} s")
    print(f"strict build, warm (results from the cache)  {warm:6.2f} s")
    print(f"experiments alone, once                      {alone:6.2f} s")
    print(f"serve rebuild after a prose edit             {prose:6.2f} s")
    print(f"serve rebuild after a snippet edit           {snippet:6.2f} s")
    print(f"serve rebuild after a prose edit, no exec    {bare_prose:6.2f} s")
    print(f"peak memory of a cold build                  {peak:6.0f} MiB")
    ratio_build = cold / (warm + alone)
    ratio_prose = prose / bare_prose
    print(f"cold / (warm + experiments)                  {ratio_build:6.2f}   target <= 1.30  {'ok' if ratio_build <= 1.3 else 'MISSED'}")
    print(f"prose rebuild / same without exec blocks     {ratio_prose:6.2f}   target <= 1.20  {'ok' if ratio_prose <= 1.2 else 'MISSED'}")


if __name__ == "__main__":
    main()
