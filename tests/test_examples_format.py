"""The examples readers copy read without scrolling sideways: within 88 columns, as ruff formats them.

88 is ruff's (and black's) default: what a reader's own formatter produces, and what
a code block of the site shows at 1280 px without a scroll bar (tests/test_browser.py).
"""

import subprocess
import sys

from snippets import paths

COLUMNS = 88


def test_every_example_is_within_88_columns():
    wide = [f"{example.name}:{number}" for example in sorted(paths.SCENARIOS.glob("*.py"))
            for number, line in enumerate(example.read_text(encoding="utf-8").splitlines(), 1) if len(line) > COLUMNS]
    assert wide == [], "lines wider than 88 columns (reflow the comment, docstring or string by hand)"


def test_every_example_is_formatted_by_ruff():
    check = subprocess.run([sys.executable, "-m", "ruff", "format", "--check", "--diff", "--no-cache",
                            f"--line-length={COLUMNS}", str(paths.SCENARIOS)],
                           capture_output=True, text=True, timeout=60, check=False)
    assert check.returncode == 0, f"run `ruff format --line-length {COLUMNS} snippets/scenarios`:\n{check.stdout[-3000:]}"


def test_every_example_as_published_is_formatted_by_ruff(tmp_path):
    """What a reader copies or downloads (the file without the lines marking its excerpts, snippets/paths.py)
    is as ruff formats it too: a marker never holds a call open or leaves blank lines behind."""
    for example in paths.SCENARIOS.glob("*.py"):
        (tmp_path / example.name).write_text(paths.published(example), encoding="utf-8")
    check = subprocess.run([sys.executable, "-m", "ruff", "format", "--check", "--diff", "--no-cache",
                            f"--line-length={COLUMNS}", str(tmp_path)],
                           capture_output=True, text=True, timeout=60, check=False)
    assert check.returncode == 0, f"move the excerpt markers:\n{check.stdout[-3000:]}"
