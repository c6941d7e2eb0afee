"""The doc-tests (pytest-markdown-docs) collect exactly the site's exec blocks."""

import re
import subprocess
import sys
from pathlib import Path

from snippets import paths

ROOT = paths.ROOT
EXEC_FENCE = re.compile(r'^\s*```python[^\n]*exec="on"', re.M)
# ```python, or ```{.python ...}; an excerpt ({.python .excerpt}) is run whole in the block under it
# (tests/test_copy.py: test_every_excerpt_is_a_named_part_of_the_example_shown_whole_under_it)
PYTHON_FENCE = re.compile(r"^\s*```(?:python|\{\.python(?! \.excerpt\b))", re.M)


def collect(*targets: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-n", "0", *targets],
                          cwd=cwd, capture_output=True, text=True, timeout=120)


def run_pytest(page: Path) -> subprocess.CompletedProcess:
    """Run pytest on one page outside the project, with the project's settings."""
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                           "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(page.parent), str(page)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_collected_fences_equal_exec_blocks():
    pages = sorted((ROOT / "docs").rglob("*.md"))
    exec_blocks = sum(len(EXEC_FENCE.findall(p.read_text(encoding="utf-8"))) for p in pages)
    collected = [line for line in collect("docs").stdout.splitlines() if "::[CodeFence#" in line]
    assert len(collected) == exec_blocks > 0


def test_every_python_fence_runs_on_the_site():
    for page in sorted((ROOT / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        assert len(PYTHON_FENCE.findall(text)) == len(EXEC_FENCE.findall(text)), f"{page}: a Python fence without exec=\"on\""


def test_fences_in_tabs_and_admonitions_are_collected_with_includes(tmp_path):
    page = tmp_path / "nested.md"
    page.write_text(
        '# t\n\n=== "Tab"\n\n    ```python exec="on"\n    --8<-- "snippets/lab.py"\n    assert callable(measure)\n    ```\n\n'
        '!!! note\n\n    ```python exec="on"\n    assert 1 + 1 == 2\n    ```\n',
        encoding="utf-8",
    )
    result = run_pytest(page)
    assert "2 passed" in result.stdout, result.stdout[-2000:]


def test_failing_fence_names_page_and_line(tmp_path):
    page = tmp_path / "broken.md"
    page.write_text('# t\n\ntext\n\n```python exec="on" id="broken"\nraise ValueError("kaput")\n```\n', encoding="utf-8")
    result = run_pytest(page)
    assert result.returncode == 1
    assert "broken.md::[CodeFence#1][line:5]" in result.stdout and "ValueError: kaput" in result.stdout
