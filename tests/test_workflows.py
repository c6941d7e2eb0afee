"""The GitHub Actions files pass actionlint and zizmor, offline.

Both linters, and shellcheck (which actionlint runs on every `run:` script),
come from uv.lock: their wheels ship the binaries, installed beside this Python.
actionlint checks workflow syntax, expressions, action inputs and deprecated
action runtimes; zizmor checks security (hash pins, persisted credentials,
permissions, injection) and validates .github/dependabot.yml against its schema.
That covers what the former JSON-schema test checked, so it is gone.
"""

import re
import subprocess
import sys
from pathlib import Path

from snippets import paths

ROOT = paths.ROOT
GITHUB = ROOT / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
BIN = Path(sys.executable).parent  # the environment's bin/, where the wheels put the binaries
# `uses: owner/repo@<40-hex commit> # v1.2.3`
PINNED = re.compile(r"uses: (?P<action>[\w.-]+/[\w./-]+)@(?P<sha>[0-9a-f]{40}) # (?P<version>v\d+\.\d+\.\d+)$", re.M)


def actionlint(*files: Path) -> subprocess.CompletedProcess:
    command = [str(BIN / "actionlint"), "-oneline", "-no-color", "-shellcheck", str(BIN / "shellcheck"),
               "-pyflakes=", *map(str, files)]  # no Python steps to check
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def zizmor(path: Path) -> subprocess.CompletedProcess:
    # --offline: no GitHub API (the online audits need it); --strict-collection:
    # an invalid file (dependabot.yml included) fails instead of being skipped.
    command = [str(BIN / "zizmor"), "--offline", "--strict-collection", "--color=never", str(path)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_actionlint_finds_nothing():
    assert {w.name for w in WORKFLOWS} == {"site.yml", "drift-watch.yml"}
    result = actionlint(*WORKFLOWS)
    assert result.returncode == 0, f"actionlint:\n{result.stdout}{result.stderr}"


def test_zizmor_finds_nothing():
    result = zizmor(GITHUB)
    assert result.returncode == 0, f"zizmor:\n{result.stdout}{result.stderr}"
    assert "dependabot.yml" in result.stderr, "zizmor did not audit .github/dependabot.yml"


def test_every_action_is_pinned_to_a_commit_with_its_version():
    for workflow in WORKFLOWS:
        for number, line in enumerate(workflow.read_text(encoding="utf-8").splitlines(), 1):
            if "uses:" in line:
                assert PINNED.search(line.strip()), (
                    f"{workflow.name}:{number}: want `uses: owner/repo@<commit hash> # vX.Y.Z`, got {line.strip()!r}")


def test_the_pinned_versions_run_on_a_supported_runtime(tmp_path):
    """actionlint knows each release's runtime by tag, not by hash: lint the workflows
    with each hash replaced by its commented major tag, so a hash that points at a
    node20 release (with an honest comment) fails too."""
    for workflow in WORKFLOWS:
        text = workflow.read_text(encoding="utf-8")
        by_tag = PINNED.sub(lambda m: f"uses: {m['action']}@{m['version'].split('.')[0]}", text)
        assert by_tag != text, f"{workflow.name} pins no action"
        (tmp_path / workflow.name).write_text(by_tag, encoding="utf-8")
    result = actionlint(*sorted(tmp_path.glob("*.yml")))
    assert result.returncode == 0, f"actionlint, with the commented versions as tags:\n{result.stdout}{result.stderr}"


def test_every_workflow_runs_a_readme_command():
    for workflow in WORKFLOWS:
        text = workflow.read_text(encoding="utf-8")
        assert "run: make " in text or "run: DEEPAGENTS=" in text, workflow.name


def test_pull_requests_get_the_built_site_of_both_languages():
    text = (GITHUB / "workflows" / "site.yml").read_text(encoding="utf-8")
    build = text.index("run: make build")
    upload = text.index("path: site/", build)  # site/ holds site/zh/
    assert "if: github.event_name == 'pull_request'" in text[text.rindex("- name:", 0, build):upload]


BAD = """\
on: push
jobs:
  test:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - run: echo $GITHUB_REF
      - run: echo "${{ github.event.head_commit.message }}"
"""


def test_each_linter_reports_a_bad_workflow(tmp_path):
    """The linters really run and report (so the tests above are not vacuous)."""
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "bad.yml").write_text(BAD, encoding="utf-8")

    linted = actionlint(workflows / "bad.yml")
    assert linted.returncode == 1, linted.stdout + linted.stderr
    assert 'runtime "node20" is deprecated' in linted.stdout, linted.stdout  # the action runtime
    assert "SC2086" in linted.stdout, linted.stdout  # shellcheck: unquoted $GITHUB_REF

    audited = zizmor(tmp_path / ".github")
    assert audited.returncode != 0, audited.stdout + audited.stderr
    for audit in ("unpinned-uses", "artipacked", "template-injection", "excessive-permissions"):
        assert f"[{audit}]" in audited.stdout, audited.stdout


def test_zizmor_rejects_an_invalid_dependabot_file(tmp_path):
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "dependabot.yml").write_text(
        "version: 2\nupdates:\n  - package-ecosystem: uvv\n    directory: /\n    schedule:\n      interval: weekly\n",
        encoding="utf-8")
    result = zizmor(tmp_path / ".github")
    assert result.returncode != 0 and '"uvv" is not one of' in result.stderr, result.stderr
