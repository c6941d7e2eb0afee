"""Each experiment runs once per build; results and rendered blocks are reused only for the same code."""

import json
import pickle
import os
import shutil

import pytest

from snippets import cache, js, paths
from tests.site_build import LANGUAGES, ROOT, copy_cache, mkdocs_build


def build_and_count(project, site, cache_dir) -> dict:
    """A strict build of `project` reading and filling `cache_dir`: what it did (tests/site_build.py COUNTING)."""
    counts = site.with_name(f"{site.name}.counts.json")
    done = mkdocs_build(site, project, cache=cache_dir, counts=counts)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(counts.read_text(encoding="utf-8"))


STALE = "0" * 32  # a rendered block no page has any more, left in the cache between the two builds


@pytest.fixture(scope="module")
def cached_builds(tmp_path_factory, site, build_cache, cold_build_counts):
    """The run's own build (the first: it measured into an empty cache) and a second build of the same code
    reading a copy of the cache the first filled; a stale block is left in that copy, for the second build
    to prune. Returns (the copy of the cache, {build: its folder}, {build: what it did})."""
    root = tmp_path_factory.mktemp("cached")
    cache_dir = root / "cache"
    copy_cache(build_cache, cache_dir)
    folders = list((cache_dir / "blocks").iterdir())
    assert len(folders) == 1, "one folder per deepagents release"
    (folders[0] / STALE).write_text("<p>a block of code that no page has any more</p>", encoding="utf-8")
    counted = {"first": cold_build_counts, "cached": build_and_count(ROOT, root / "cached", cache_dir)}
    return cache_dir, {"first": site, "cached": root / "cached"}, counted


def test_a_build_of_every_language_runs_each_experiment_once(cached_builds):
    from snippets import registry

    _, built, counted = cached_builds
    assert counted["first"]["measured"] == [section.name for section in registry.sections()] + [js.NAME]
    # one node process measures the JavaScript twins, one more measures them under every model setup
    assert counted["first"]["node"] == 2, "the JavaScript twins are measured in one node process, and again in one"
    assert counted["cached"]["measured"] == []
    for code in LANGUAGES[1:]:
        assert (built["first"] / code / "refusal" / "index.html").exists()


def test_a_fully_cached_build_loads_no_deepagents_and_changes_nothing(cached_builds):
    _, _, counted = cached_builds
    assert "deepagents" in counted["first"]["loaded"], "the first build measures, so it loads deepagents"
    assert counted["cached"]["loaded"] == [], (
        f"a build with every block and fact cached imported {counted['cached']['loaded']}: keep deepagents and "
        "langchain imports inside the functions that run experiments, and store results as plain data")
    assert counted["cached"]["node"] == 0, "a build with every JavaScript fact and block cached starts no node process"
    assert counted["first"]["browser"] == 1, "the first build draws its diagrams in one browser session"
    assert counted["cached"]["browser"] == 0, "a build with every diagram cached starts no browser"
    _, built, _ = cached_builds
    files = {build: sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file()) for build, folder in built.items()}
    assert files["cached"] == files["first"]
    for path in files["first"]:
        assert (built["cached"] / path).read_bytes() == (built["first"] / path).read_bytes(), f"{path} differs"


def test_stale_blocks_are_pruned_after_a_build(cached_builds):
    """The blocks folder of a release holds what its latest build used, nothing older."""
    cache_dir, _, _ = cached_builds
    folder = next((cache_dir / "blocks").iterdir())
    assert not (folder / STALE).exists()
    assert any(folder.iterdir()), "the blocks the build used stay"


@pytest.fixture
def copied_snippets(tmp_path, monkeypatch):
    copy = tmp_path / "snippets"
    shutil.copytree(paths.SNIPPETS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(paths, "SNIPPETS", copy)
    monkeypatch.setattr(paths, "SCENARIOS", copy / "scenarios")
    monkeypatch.setattr(paths, "SCRIPTED_MODEL", copy / "scenarios" / "scripted_model.py")
    monkeypatch.setattr(paths, "CACHE", tmp_path / "cache")
    monkeypatch.setenv("FACTS_CACHE", "1")
    monkeypatch.delenv("CI", raising=False)
    cache._definitions.cache_clear()
    yield copy
    cache._definitions.cache_clear()


def keys() -> dict[str, str]:
    """Every section's key, as snippets.facts.gather computes them (a section after those it reads)."""
    from snippets import registry

    cache._definitions.cache_clear()
    found: dict[str, str] = {}
    for section in sorted(registry.sections(), key=lambda s: len(s.reads)):
        found[section.name] = cache.key(section, {name: found[name] for name in section.reads})
    return found


def append(path, text: str, after: str | None = None) -> None:
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace(after, after + text, 1) if after else source + text, encoding="utf-8")


def test_a_claim_a_label_or_a_mutant_added_beside_an_experiment_measures_nothing_again(copied_snippets):
    before = keys()
    experiment = copied_snippets / "refusal.py"
    append(experiment, "\n\ndef _new_reading(facts):\n    return facts.refusal.length > 0\n")
    append(experiment, '        Claim("a-new-claim", "A new claim", None, _new_reading),\n', after="    claims=[\n")
    append(copied_snippets / "mutants" / "refusal.py", '    Mutant("a-new-mutant", "changes nothing", (), ("a-new-claim",)),\n',
           after="MUTANTS = [\n")
    (copied_snippets.parent / "some-page.md").write_text("a prose edit", encoding="utf-8")
    assert keys() == before


def test_what_an_experiment_runs_changes_its_key_and_the_keys_of_its_readers(copied_snippets):
    before = keys()
    append(copied_snippets / "scenarios" / "refusal.py", "\n# edited\n")
    after = keys()
    assert {name for name in before if after[name] != before[name]} == {"refusal", "gap"}, "gap reads refusal's result"
    append(copied_snippets / "modes.py", "    # edited\n", after="def assemble(*specs: dict) -> tuple[str | None, list[str]]:\n")
    again = keys()
    assert {name for name in after if again[name] != after[name]} == {"modes", "guidance"}, "guidance calls modes.assemble"


def test_a_result_is_served_for_its_key_only(copied_snippets):
    cache.save("refusal", "abc", "recorded")
    assert cache.load("refusal", "abc") == "recorded" and cache.load("refusal", "abd") is None


def test_other_deepagents_files_get_another_key(copied_snippets, tmp_path, monkeypatch):
    before = keys()
    other = tmp_path / "deepagents"
    shutil.copytree(cache.deepagents_dir(), other, ignore=shutil.ignore_patterns("__pycache__"))
    (other / "graph.py").write_text((other / "graph.py").read_text(encoding="utf-8") + "\n# patched\n", encoding="utf-8")
    monkeypatch.setattr(cache, "deepagents_dir", lambda: other)
    cache.installed.cache_clear()
    try:
        assert all(keys()[name] != key for name, key in before.items())
    finally:
        monkeypatch.undo()
        cache.installed.cache_clear()


def test_results_are_stored_as_plain_data(copied_snippets):
    class Text(str):  # like langchain's `.text`, a str subclass from a library
        pass

    cache.save("refusal", "abc", {"text": Text("refused")})
    assert type(cache.load("refusal", "abc")["text"]) is str


def test_only_the_newest_results_are_kept_even_when_another_build_deletes_one_meanwhile(copied_snippets, monkeypatch):
    monkeypatch.setattr(cache, "KEPT", 2)
    for key in "abc":
        cache.save("x", key, key)
        os.utime(cache.directory() / f"x-{key}", ns=(0, "abc".index(key)))  # in this order, whatever the clock says
    assert sorted(p.name for p in cache.directory().glob("x-*")) == ["x-b", "x-c"]
    gone = cache.directory() / "x-deleted-meanwhile"  # listed, then deleted by another build before it was read
    cache.keep_newest([gone, *cache.directory().glob("x-*")], 1)
    assert [p.name for p in cache.directory().glob("x-*")] == ["x-c"]


def test_a_failed_block_is_never_kept(copied_snippets):
    from sitegen.blocks import BlocksPlugin

    plugin, calls = BlocksPlugin(), []

    def failing_render(source, language, css_class, options, md, **kwargs):
        calls.append(source)
        plugin.failures += 1  # what markdown-exec's warning does, through the plugin's log filter
        return "<p>failed</p>"

    render = plugin._remembering(failing_render)
    for _ in range(2):
        render("raise SystemExit", "python", "", {"exec": "on"}, None)
    assert len(calls) == 2, "the failed block was served again instead of re-run"
    assert plugin.memory == {} and not (paths.CACHE / "blocks").exists()


@pytest.mark.parametrize(("variable", "value"), [("CI", "true"), ("FACTS_CACHE", "0")])
def test_the_cache_can_be_turned_off(copied_snippets, monkeypatch, variable, value):
    cache.save("x", "k", 1)
    monkeypatch.setenv(variable, value)
    if variable == "CI":
        monkeypatch.delenv("FACTS_CACHE", raising=False)
    assert not cache.enabled() and cache.load("x", "k") is None


@pytest.fixture
def copied_js(copied_snippets, monkeypatch):
    """The copied snippets/ with its JavaScript harness (snippets/js/) where the key reads it."""
    monkeypatch.setattr(paths, "JS", copied_snippets / "js")
    return copied_snippets


def test_the_javascript_key_follows_what_the_measurement_runs_and_nothing_else(copied_js, tmp_path, monkeypatch):
    before = js.key()
    append(copied_js / "refusal.py", "\n# a claim or a mutant added beside the experiment\n")
    append(copied_js / "mutants" / "refusal.py", "\n# a mutant added\n")
    append(copied_js / "scenarios" / "refusal.py", "\n# the Python example edited\n")
    (copied_js.parent / "some-page.md").write_text("a prose edit", encoding="utf-8")
    assert js.key() == before
    for edited in (copied_js / "scenarios" / "refusal.mjs", copied_js / "scenarios" / "scripted_model.mjs",
                   copied_js / "js" / "measure.mjs"):
        original = edited.read_text(encoding="utf-8")
        append(edited, "\n// edited\n")
        assert js.key() != before, edited.name
        edited.write_text(original, encoding="utf-8")
    assert js.key() == before


def test_another_npm_deepagents_gets_another_javascript_key(copied_js, tmp_path, monkeypatch):
    """A patched copy (or another release) of npm deepagents, as DEEPAGENTS_JS_DIR names it, is keyed by its files."""
    before = js.key()
    other = tmp_path / "other" / "node_modules" / "deepagents"
    shutil.copytree(js.package_dir("deepagents"), other)
    monkeypatch.setenv(js.VARIABLE, str(tmp_path / "other"))
    assert js.key() == before, "the same files: the same key"
    (other / "package.json").write_text((other / "package.json").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert js.key() != before


def test_a_javascript_reading_is_read_only_plain_data(facts):
    reading = facts.js.refusal
    with pytest.raises(AttributeError, match="read-only"):
        reading.text = "changed"
    with pytest.raises(AttributeError):
        reading.no_such_field  # noqa: B018
    assert reading["text"] == reading.text and isinstance(reading.streamed_to, list)
    assert pickle.loads(pickle.dumps(facts.js)) == facts.js


def test_reading_the_runs_cache_nests(tmp_path, monkeypatch):
    """A module's `runs_cache` may be the first to ask for the session's `facts` (pytest-randomly orders the
    modules anew on every run): the inner reading changes nothing and the outer one restores what it found."""
    from tests.conftest import reading_the_runs_cache

    monkeypatch.delenv("FACTS_CACHE", raising=False)
    before = paths.CACHE
    with reading_the_runs_cache(tmp_path):
        with reading_the_runs_cache(tmp_path):
            assert cache.directory() == tmp_path / "facts"
        assert cache.directory() == tmp_path / "facts" and os.environ["FACTS_CACHE"] == "1"
    assert paths.CACHE == before and "FACTS_CACHE" not in os.environ
