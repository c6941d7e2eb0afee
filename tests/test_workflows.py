"""The GitHub Actions workflows are valid, checked offline against GitHub's workflow schema.

check-jsonschema ships the schema (SchemaStore's github-workflow); actionlint,
the first choice, could not be installed here: its PyPI wrapper downloads the
binary from GitHub at install time.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def check(*files: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", *map(str, files)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_workflows_are_valid():
    assert {w.name for w in WORKFLOWS} == {"site.yml", "drift-watch.yml"}
    result = check(*WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_workflow_runs_a_readme_command():
    for workflow in WORKFLOWS:
        assert "run: make " in workflow.read_text(encoding="utf-8") or "run: DEEPAGENTS=" in workflow.read_text(encoding="utf-8")


def test_a_broken_workflow_is_named(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("name: x\non: push\njobs:\n  test:\n    steps:\n      - run: make test\n", encoding="utf-8")
    result = check(broken)
    assert result.returncode != 0 and "broken.yml" in result.stdout + result.stderr
