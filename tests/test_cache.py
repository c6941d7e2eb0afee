"""Each experiment runs once per build; results and rendered blocks are reused only for the same code."""

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
    for name in cache.ALSO_READ:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(cache.ROOT / name, tmp_path / name)
    monkeypatch.setattr(cache, "ROOT", tmp_path)
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


@pytest.mark.parametrize("name", cache.ALSO_READ)
def test_an_edited_readme_or_config_gets_another_key(copied_snippets, name):
    before = cache.fingerprint()
    edited = copied_snippets.parent / name
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert cache.fingerprint() != before, f"a block's output depends on {name}"


def test_other_deepagents_files_get_another_key(copied_snippets, tmp_path, monkeypatch):
    before = cache.fingerprint()
    other = tmp_path / "deepagents"
    shutil.copytree(cache._deepagents_dir(), other, ignore=shutil.ignore_patterns("__pycache__"))
    (other / "graph.py").write_text((other / "graph.py").read_text(encoding="utf-8") + "\n# patched\n", encoding="utf-8")
    monkeypatch.setattr(cache, "_deepagents_dir", lambda: other)
    cache._installed.cache_clear()
    try:
        assert cache.fingerprint() != before
    finally:
        monkeypatch.undo()
        cache._installed.cache_clear()


def test_a_block_is_kept_for_the_same_inputs_only(copied_snippets):
    inputs = ("en", "python", "print(1)", "[]")
    cache.save_block(inputs, "<p>1</p>")
    assert cache.load_block(inputs) == "<p>1</p>"
    assert cache.load_block(("zh", *inputs[1:])) is None, "another page language is another block"
    gap = copied_snippets / "gap.py"
    gap.write_text(gap.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert cache.load_block(inputs) is None, "a block is never served for other code"


def test_results_are_stored_as_plain_data(copied_snippets):
    class Text(str):  # like langchain's `.text`, a str subclass from a library
        pass

    cache.save({"refusal:abc": Text("refused")})
    assert type(cache.load()["refusal:abc"]) is str


def test_a_failed_block_is_never_kept(copied_snippets):
    from sitegen import hooks, rendered_blocks

    calls = []

    def failing_render(source, language, css_class, options, md, **kwargs):
        calls.append(source)
        hooks._failed_blocks["count"] += 1  # what markdown-exec's warning does (hooks._NamePlace)
        return "<p>failed</p>"

    render = hooks._remembering(failing_render)
    for _ in range(2):
        render("raise SystemExit", "python", "", {"exec": "on"}, None)
    assert len(calls) == 2, "the failed block was served again instead of re-run"
    assert not any("raise SystemExit" in key for key in rendered_blocks)
    assert not (cache.CACHE_DIR / "blocks").exists()


FULLY_CACHED_BUILD = """
import json, logging, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
logging.disable(logging.WARNING)
config = load_config("mkdocs.yml", site_dir=sys.argv[1])
config.plugins.on_startup(command="build", dirty=False)
build(config)
loaded = {m.split(".")[0] for m in sys.modules} & {"deepagents", "langchain", "langchain_core", "langgraph"}
print(json.dumps(sorted(loaded)))
"""


def test_a_fully_cached_build_loads_no_deepagents_and_changes_nothing(tmp_path):
    from tests.site_build import copy_project

    project = copy_project(tmp_path / "project")  # its own .cache/, and its own snippets on sys.path
    env = {**os.environ, "FACTS_CACHE": "1", "SOURCE_DATE_EPOCH": "1764633600", "PYTHONWARNINGS": "ignore",
           "DISABLE_MKDOCS_2_WARNING": "true"}
    env.pop("CI", None)
    loaded = {}
    for build in ("first", "cached"):
        done = subprocess.run([sys.executable, "-c", FULLY_CACHED_BUILD, str(tmp_path / build)],
                              cwd=project, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        loaded[build] = json.loads(done.stdout.strip().splitlines()[-1])
    assert "deepagents" in loaded["first"], "the first build measures, so it loads deepagents"
    assert loaded["cached"] == [], (
        f"a build with every block and fact cached imported {loaded['cached']}: keep deepagents and "
        "langchain imports inside the functions that run experiments (snippets/lab.py), and store results as plain data")
    files = {build: sorted(p.relative_to(tmp_path / build) for p in (tmp_path / build).rglob("*") if p.is_file())
             for build in loaded}
    assert files["cached"] == files["first"]
    for path in files["first"]:
        assert (tmp_path / "cached" / path).read_bytes() == (tmp_path / "first" / path).read_bytes(), f"{path} differs"


@pytest.mark.parametrize(("variable", "value"), [("CI", "true"), ("FACTS_CACHE", "0")])
def test_cache_can_be_turned_off(copied_snippets, monkeypatch, variable, value):
    cache.save({"x": 1})
    cache.save_block(("en", "python", "print(1)", "[]"), "<p>1</p>")
    monkeypatch.setenv(variable, value)
    if variable == "CI":
        monkeypatch.delenv("FACTS_CACHE", raising=False)
    assert not cache.enabled() and cache.load() == {}
    assert cache.load_block(("en", "python", "print(1)", "[]")) is None, "one switch turns off both stores"
