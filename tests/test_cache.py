"""Each experiment runs once per build, and results are reused only for the same code."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from snippets import cache

ROOT = Path(__file__).resolve().parent.parent

BUILD_AND_COUNT = """
import json, logging
from mkdocs.commands.build import build
from mkdocs.config import load_config
logging.disable(logging.WARNING)
config = load_config("mkdocs.yml", site_dir={site!r})
config.plugins.on_startup(command="build", dirty=False)
build(config)
from snippets import lab
print(json.dumps(lab.runs))
"""


def test_a_build_of_both_languages_runs_each_experiment_once(tmp_path):
    env = {**os.environ, "FACTS_CACHE": "0", "PYTHONWARNINGS": "ignore", "DISABLE_MKDOCS_2_WARNING": "true"}
    done = subprocess.run([sys.executable, "-c", BUILD_AND_COUNT.format(site=str(tmp_path / "site"))],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    runs = json.loads(done.stdout.strip().splitlines()[-1])
    from snippets.facts import EXPERIMENTS

    assert runs == {name: 1 for name in EXPERIMENTS}
    assert (tmp_path / "site" / "zh" / "refusal" / "index.html").exists()  # both languages were built


@pytest.fixture
def copied_snippets(tmp_path, monkeypatch):
    copy = tmp_path / "snippets"
    shutil.copytree(cache.SNIPPETS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "SNIPPETS", copy)
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setenv("FACTS_CACHE", "1")
    monkeypatch.delenv("CI", raising=False)
    return copy


def test_edited_snippet_gets_another_key_and_prose_does_not_matter(copied_snippets):
    before = cache.fingerprint()
    cache.save({"refusal:abc": "recorded"})
    assert cache.load() == {"refusal:abc": "recorded"}
    (copied_snippets.parent / "some-page.md").write_text("a prose edit", encoding="utf-8")
    assert cache.fingerprint() == before and cache.load() == {"refusal:abc": "recorded"}
    gap = copied_snippets / "gap.py"
    gap.write_text(gap.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert cache.fingerprint() != before
    assert cache.load() == {}, "a result is never served for other code"


def test_other_deepagents_files_get_another_key(copied_snippets, tmp_path, monkeypatch):
    import deepagents

    before = cache.fingerprint()
    other = tmp_path / "deepagents"
    shutil.copytree(Path(deepagents.__file__).parent, other, ignore=shutil.ignore_patterns("__pycache__"))
    (other / "graph.py").write_text((other / "graph.py").read_text(encoding="utf-8") + "\n# patched\n", encoding="utf-8")
    monkeypatch.setattr(deepagents, "__file__", str(other / "__init__.py"))
    cache._installed.cache_clear()
    try:
        assert cache.fingerprint() != before
    finally:
        monkeypatch.undo()
        cache._installed.cache_clear()


@pytest.mark.parametrize(("variable", "value"), [("CI", "true"), ("FACTS_CACHE", "0")])
def test_cache_can_be_turned_off(copied_snippets, monkeypatch, variable, value):
    cache.save({"x": 1})
    monkeypatch.setenv(variable, value)
    if variable == "CI":
        monkeypatch.delenv("FACTS_CACHE", raising=False)
    assert not cache.enabled() and cache.load() == {}
