"""The recorded version matrix (data/matrix.json) cannot go stale silently."""

import json
from pathlib import Path

from snippets.article import CLAIMS, live_row
from sitegen.matrix import FIRST_WITH_FORK, key

from tests.site_build import LANGUAGES, html

MATRIX = json.loads((Path(__file__).resolve().parent.parent / "data" / "matrix.json").read_text(encoding="utf-8"))


def test_pinned_release_row_equals_the_live_facts(facts):
    pinned = facts.versions["deepagents"]
    assert pinned in MATRIX["rows"], f"deepagents {pinned} is not in data/matrix.json: run `make matrix`"
    recorded = MATRIX["rows"][pinned]
    live = json.loads(json.dumps(live_row()))  # the same JSON form the matrix stores
    assert recorded["facts"] == live["facts"], "data/matrix.json is stale for the pinned release: run `make matrix`"


def test_matrix_covers_every_release_from_the_first_with_fork(facts):
    releases = sorted(MATRIX["rows"], key=key)
    assert releases[0] == FIRST_WITH_FORK and key(releases[-1]) >= key(facts.versions["deepagents"])
    for release, row in MATRIX["rows"].items():
        assert row["versions"]["deepagents"] == release
        assert set(row["facts"]) == {claim.id for claim in CLAIMS}, release
    assert {"command", "date", "python"} <= set(MATRIX["provenance"])


def test_matrix_page_shows_where_a_fact_changed(site):
    for language in LANGUAGES:
        page = html(site, language, "matrix")
        assert 'href="../drift/#mode-handoff"' in page
        assert FIRST_WITH_FORK in page


def test_drift_watch_lists_each_changed_fact_readably():
    from sitegen.drift_watch import changes

    pinned = live_row()
    newest = json.loads(json.dumps(pinned))
    newest["facts"]["refusal-length"] = pinned["facts"]["refusal-length"] + 5
    newest["facts"]["mode-fork"] = {"error": "experiment 'modes' failed: ValueError: no fork"}
    lines = changes(pinned, newest)
    assert len(lines) == 2
    assert lines[0].startswith("- mode-fork (modes): `mode='fork'` is accepted") and "no fork" in lines[0]
    assert lines[1].startswith("- refusal-length (refusal)") and str(pinned["facts"]["refusal-length"] + 5) in lines[1]
    assert changes(pinned, pinned) == []
