"""The drift watch (make drift, the weekly workflow) runs end to end against a stub
package index: a local folder laid out like the simple API (PEP 503), so no network.

The release listing goes through the real code (tools.matrix.releases); only the
measurement in the fresh environments (the newest deepagents with the newest
dependencies its ranges allow), which needs the package indexes, is stubbed: the
stub is handed a row, facts, versions and printed outputs, as measure() returns it.
"""

import json

import pytest

from snippets import js, registry
from snippets.facts import live_row, printed_by
from sitegen.strings import claim_words
from tests.named_claims import GUARDED, NUMBER
from tests.site_build import LANGUAGES
from sitegen.bound import bound_to
from sitegen import docs_quotes
from tools import drift_watch, matrix

CLAIMS = registry.claims("python")

NEWER = "99.0.0"  # a release newer than any real one


def simple_index(root, files: dict[str, str]):
    """A PEP 503 index with one project, deepagents: {file name: extra <a> attributes}."""
    page = root / "simple" / "deepagents"
    page.mkdir(parents=True)
    links = "".join(f'<a href="../../files/{name}"{attrs}>{name}</a><br>\n' for name, attrs in files.items())
    (page / "index.html").write_text(f"<!DOCTYPE html>\n<html><body>\n{links}</body></html>\n", encoding="utf-8")
    return (root / "simple").as_uri()


@pytest.fixture(scope="module")
def pinned(facts):
    # the JSON form measure(..., printed=True) returns, from the session's facts
    return json.loads(json.dumps({**live_row(facts), "printed": printed_by(facts)}))


def copy(row: dict) -> dict:
    return json.loads(json.dumps(row))


@pytest.fixture(autouse=True)
def npm_pinned_is_newest(monkeypatch, pinned):
    """No npm registry in the tests: the newest npm release is the pinned one, and a fresh install of it with
    its newest peers measures what the pins do, unless a test says otherwise."""
    monkeypatch.setattr(drift_watch, "npm_releases", lambda: [pinned["versions"][js.VERSION_KEY]])
    monkeypatch.setattr(drift_watch, "measure_npm", lambda version, **options: copy(pinned))


@pytest.fixture(autouse=True)
def docs_as_quoted(monkeypatch):
    """No network in the tests: deepagents' docs are served as the site quotes them (tests/test_docs_quotes.py
    covers a quote that is gone)."""
    served = "\n".join(entry["quote"] for entry in docs_quotes.entries()["quotes"].values())
    monkeypatch.setattr(drift_watch, "served", lambda url: served)


@pytest.fixture(autouse=True)
def kept(tmp_path, monkeypatch):
    """The record of the newest releases (data/newest.json) goes to a scratch file: a test's stub index must not
    rewrite what the pages say was last checked."""
    from snippets import paths

    monkeypatch.setattr(paths, "NEWEST", tmp_path / "newest.json")
    return tmp_path / "newest.json"


@pytest.fixture
def index(tmp_path, monkeypatch, pinned):
    here = pinned["versions"]["deepagents"]
    url = simple_index(tmp_path, {
        f"deepagents-{here}-py3-none-any.whl": "",
        f"deepagents-{here}.tar.gz": "",
        "deepagents-0.7.3-py3-none-any.whl": "",  # before FIRST_WITH_FORK
        f"deepagents-{NEWER}-py3-none-any.whl": "",
        f"deepagents-{NEWER}.tar.gz": "",
        "deepagents-100.0.0rc1-py3-none-any.whl": "",  # a pre-release
        "deepagents-101.0.0-py3-none-any.whl": ' data-yanked="broken"',
    })
    for name in matrix.INDEX_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("UV_DEFAULT_INDEX", url)
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    return summary


def stub_measure(monkeypatch, row: dict) -> list[str]:
    asked = []
    def measured(version, fresh=None, printed=False):
        assert fresh == drift_watch.FRESH / "python" and printed, "a fresh environment, and what the examples print"
        asked.append(version)
        return row

    monkeypatch.setattr(drift_watch, "measure", measured)
    return asked


def test_releases_come_from_the_index(index, pinned):
    listed = matrix.releases()
    assert listed == [pinned["versions"]["deepagents"], NEWER]  # no pre-release, yanked or pre-fork release


def test_the_report_names_each_changed_fact_its_values_and_pages(index, pinned, monkeypatch, capsys):
    newest = copy(pinned)
    newest["versions"]["deepagents"] = NEWER
    newest["facts"][NUMBER.id] = pinned["facts"][NUMBER.id] + 5
    newest["facts"][GUARDED.id] = {"error": "experiment 'modes' failed: ValueError: no fork"}
    asked = stub_measure(monkeypatch, newest)

    assert drift_watch.main() == 1
    assert asked == [NEWER]
    printed = capsys.readouterr().out
    assert index.read_text(encoding="utf-8") == printed  # the job summary is the printed report
    here = pinned["versions"]["deepagents"]
    assert printed.startswith(f"## Drift watch: deepagents {here} (pinned) → {NEWER} (newest), "
                              "with the newest langchain and langgraph its ranges allow\n")
    assert f"- `deepagents`: {here} (pinned) → {NEWER} (newest)\n" in printed
    assert f"2 of {len(CLAIMS)} facts changed" in printed
    section = registry.section_of(NUMBER.id)
    wording = " / ".join(claim_words(NUMBER, code) for code in LANGUAGES)
    assert f"- {NUMBER.id} ({section.name}): {wording}\n" in printed
    assert f"  - pinned: `{pinned['facts'][NUMBER.id]}`\n" in printed
    assert f"  - newest: `{newest['facts'][NUMBER.id]}`\n" in printed
    assert "  - pages: " + ", ".join(f"`docs/{code}/{section.page}`" for code in LANGUAGES) in printed
    assert "  - sentences bound to it: " in printed
    assert '  - newest: `{"error": "experiment \'modes\' failed: ValueError: no fork"}`' in printed
    assert f"DEEPAGENTS={NEWER} make build" in printed


def test_the_newest_releases_it_listed_are_kept_for_the_pages(index, pinned, kept, monkeypatch):
    """What `make drift` listed as newest, and when, is what every page's "measured with" line says (no network
    at build time: sitegen.verdicts.newest_checked reads the record)."""
    import datetime

    from sitegen.verdicts import newest_checked

    stub_measure(monkeypatch, pinned)
    drift_watch.main()
    today = datetime.date.today().isoformat()
    python, npm = newest_checked("python"), newest_checked("js")
    assert (python.newest, python.date, python.by) == (NEWER, today, "make drift")
    assert (npm.newest, npm.date, npm.by) == (pinned["versions"][js.VERSION_KEY], today, "make drift")


def test_the_sentences_bound_to_a_claim_are_named_by_page_and_line():
    from snippets import paths

    found = bound_to([GUARDED.id])
    page_of = registry.section_of(GUARDED.id).page
    assert {place.split(":")[0] for place in found} >= {f"docs/{code}/{page_of}" for code in LANGUAGES}
    page, line = found[0].split(":")
    assert GUARDED.id in (paths.ROOT / page).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def test_no_change_under_the_newest_release_passes(index, pinned, monkeypatch, capsys):
    stub_measure(monkeypatch, pinned)
    assert drift_watch.main() == 0
    printed = capsys.readouterr().out
    assert "Nothing differs: all" in printed and "examples print what their pages show" in printed


def test_a_newest_release_that_cannot_run_fails_with_its_error(index, monkeypatch, capsys):
    stub_measure(monkeypatch, {"versions": {"deepagents": NEWER}, "error": "ImportError: no module named x"})
    assert drift_watch.main() == 1
    assert f"could not run under {NEWER}:\n\n    ImportError: no module named x" in capsys.readouterr().out


def test_the_pinned_release_being_the_newest_is_still_measured_with_the_newest_dependencies(
        tmp_path, monkeypatch, pinned, capsys):
    """The pinned deepagents being the newest says nothing of its dependencies: the fresh install is measured."""
    here = pinned["versions"]["deepagents"]
    monkeypatch.setenv("UV_DEFAULT_INDEX", simple_index(tmp_path, {f"deepagents-{here}.tar.gz": ""}))
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    asked = stub_measure(monkeypatch, copy(pinned))
    assert drift_watch.main() == 0
    assert asked == [here]
    printed = capsys.readouterr().out
    assert f"deepagents {here} (pinned) → {here} (newest)" in printed
    assert "The fresh install holds exactly the pinned versions." in printed


def test_an_unreadable_index_is_named_in_the_summary(tmp_path, monkeypatch, capsys):
    missing = (tmp_path / "no-index").as_uri()
    monkeypatch.setenv("UV_DEFAULT_INDEX", missing)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary.md"))
    assert drift_watch.main() == 1
    printed = capsys.readouterr().out
    assert printed.startswith("## Drift watch could not run") and f"{missing}/deepagents/" in printed
    assert (tmp_path / "summary.md").read_text(encoding="utf-8") == printed


def test_a_json_index_page_is_read_too():
    """PyPI answers in JSON (PEP 691); yanked files do not count."""
    page = {"meta": {"api-version": "1.1"}, "name": "deepagents", "files": [
        {"filename": "deepagents-0.7.30-py3-none-any.whl", "url": "x", "hashes": {}},
        {"filename": "deepagents-0.7.31.tar.gz", "url": "x", "hashes": {}, "yanked": "bad"},
        {"filename": "deepagents-0.7.32.tar.gz", "url": "x", "hashes": {}, "yanked": False},
    ]}
    found = matrix.versions_on_page(matrix.PEP_691_JSON, json.dumps(page))
    assert sorted(map(str, found)) == ["0.7.30", "0.7.32"]


def test_the_javascript_twins_drift_under_the_newest_npm_release(index, pinned, monkeypatch, capsys):
    """npm deepagents is watched the same way: its twins' values under the newest npm release."""
    stub_measure(monkeypatch, pinned)
    twin = next(c for c in registry.claims("js") if isinstance(pinned["facts"][c.id], bool))
    newest = copy(pinned)
    newest["facts"][twin.id] = not pinned["facts"][twin.id]
    monkeypatch.setattr(drift_watch, "npm_releases", lambda: [pinned["versions"][js.VERSION_KEY], NEWER])
    asked = []
    monkeypatch.setattr(drift_watch, "measure_npm", lambda version, **options: asked.append(version) or newest)
    assert drift_watch.main() == 1
    assert asked == [NEWER]
    printed = capsys.readouterr().out
    here = pinned["versions"][js.VERSION_KEY]
    assert f"## Drift watch: npm deepagents {here} (pinned) → {NEWER} (newest), with the newest peers" in printed
    assert f"1 of {len(registry.claims('js'))} JavaScript facts changed" in printed
    assert f"- {twin.id} ({registry.section_of(twin.id).name}): " in printed
    assert "Nothing differs: all" in printed, "the Python claims did not change"


def test_an_example_that_prints_otherwise_under_the_newest_peers_is_named_with_the_peers(
        index, pinned, monkeypatch, capsys):
    """The same npm deepagents with newer peers: no claim changes, but an example prints other than its page
    shows (a depth read from a stream namespace the newer langgraph names otherwise). The report names the
    example's file, where the pages include it, the two outputs, and the peers whose versions differ."""
    stub_measure(monkeypatch, copy(pinned))
    scenario = "refusal"
    shown = pinned["printed"]["js"][scenario]
    newest = copy(pinned)
    newest["versions"]["@langchain/langgraph" + js.NPM] = "99.1.0"
    newest["versions"]["@langchain/core" + js.NPM] = "99.2.0"
    newest["printed"]["js"][scenario] = shown.replace("(depth 1)", "(depth 0)")
    assert newest["printed"]["js"][scenario] != shown
    asked = []
    monkeypatch.setattr(drift_watch, "measure_npm", lambda version, fresh=None, printed=False:
                        asked.append((version, fresh, printed)) or newest)

    assert drift_watch.main() == 1
    here = pinned["versions"][js.VERSION_KEY]
    assert asked == [(here, drift_watch.FRESH / "npm", True)], "the pinned release, in a fresh folder, printed"
    printed = capsys.readouterr().out
    assert f"## Drift watch: npm deepagents {here} (pinned) → {here} (newest), with the newest peers" in printed
    langgraph = pinned["versions"]["@langchain/langgraph" + js.NPM]
    core = pinned["versions"]["@langchain/core" + js.NPM]
    assert f"- `@langchain/langgraph`: {langgraph} (pinned) → 99.1.0 (newest)\n" in printed
    assert f"- `@langchain/core`: {core} (pinned) → 99.2.0 (newest)\n" in printed
    assert "`deepagents`: " not in printed.split("## Drift watch: npm")[1], "npm deepagents itself did not move"
    assert "No fact changed: all" in printed
    assert f"1 of {len(pinned['printed']['js'])} JavaScript examples print other than their pages show" in printed
    assert f"- `snippets/scenarios/{scenario}.mjs` prints other than its page shows (shown at " in printed
    assert f"docs/{LANGUAGES[0]}/{registry.section(scenario).page}:" in printed
    first = shown.splitlines()[0]
    assert f"  -{first}\n" in printed and f"  +{first.replace('(depth 1)', '(depth 0)')}\n" in printed
    assert "examples print what their pages show" in printed, "the Python examples did not change"


def test_a_python_example_that_prints_otherwise_fails_too(index, pinned, monkeypatch, capsys):
    newest = copy(pinned)
    newest["versions"]["langgraph"] = "99.0.0"
    scenario = next(iter(pinned["printed"]["python"]))
    newest["printed"]["python"][scenario] += "one more line\n"
    stub_measure(monkeypatch, newest)
    assert drift_watch.main() == 1
    printed = capsys.readouterr().out
    assert f"- `langgraph`: {pinned['versions']['langgraph']} (pinned) → 99.0.0 (newest)" in printed
    assert f"- `snippets/scenarios/{scenario}.py` prints other than its page shows" in printed
    assert "  +one more line\n" in printed
