"""The recorded version matrix (data/matrix.json) cannot go stale silently; its page shows it readably."""

import re

from snippets import js, registry
from snippets.lab import RUNTIMES
from sitegen.verdicts import anchor, matrix, matrix_rows, release_key
from tests.site_build import LANGUAGES, html, text
from tools.matrix import FIRST_WITH_FORK, NPM_FIRST_WITH_FORK


def test_the_matrix_covers_every_release_from_the_first_with_fork(facts):
    releases = list(matrix_rows())
    assert releases[0] == FIRST_WITH_FORK
    assert release_key(releases[-1]) >= release_key(facts.versions["deepagents"]) or facts.versions["deepagents"] not in releases
    for release, row in matrix()["rows"].items():
        assert row["versions"]["deepagents"] == release
    assert {"command", "date", "python"} <= set(matrix()["provenance"])


def test_the_matrix_covers_every_npm_release_from_the_first_with_fork(facts):
    releases = list(matrix_rows("js"))
    assert releases[0] == NPM_FIRST_WITH_FORK
    assert facts.versions[js.VERSION_KEY] in releases
    for release, row in matrix()["npm"]["rows"].items():
        assert row["versions"][js.VERSION_KEY] == release
    assert {"command", "date", "node"} <= set(matrix()["npm"]["provenance"])


def test_the_matrix_page_shows_every_claim_and_no_command_line(site):
    for language in LANGUAGES:
        page = html(site, language, "matrix")
        assert all(f'href="../drift/#{anchor(c)}"' in page for c in registry.claims() if c.from_article)
        assert FIRST_WITH_FORK in text(site, language, "matrix") and NPM_FIRST_WITH_FORK in text(site, language, "matrix")
        assert "python -m" not in page and "tools.matrix" not in page, "a command line on a reader's page"
        rows = re.findall(r"<tr>\s*<t([dh])", page)
        assert rows.count("d") == len(registry.claims()), "a row per claim, each claim once"
        assert rows.count("h") == page.count("<table"), "every table with its header"
        python, javascript = page.split('id="javascript"')
        assert all(f'href="../drift/#{anchor(c)}"' in javascript for c in registry.claims("js") if c.from_article)


def test_the_drift_report_leads_with_what_differs(site, facts):
    from sitegen.verdicts import verdict

    kinds = {runtime: [verdict(c, facts).kind for c in registry.claims(runtime) if c.from_article] for runtime in RUNTIMES}
    for language in LANGUAGES:
        page = html(site, language, "drift")
        python, javascript = page.split('id="javascript"')  # the JavaScript twins: a group of their own, after
        for part, prefix, runtime in ((python, "", "python"), (javascript, "js-", "js")):
            first_table = part.index("<table>")
            holding = part.index("<details")
            assert first_table < holding, "what differs comes before the claims that hold"
            for kind in set(kinds[runtime]) - {"holds"}:
                assert f'id="{prefix}{kind.replace(" ", "-")}"' in part[:holding], (language, runtime, kind)
            for claim in registry.claims(runtime):
                if claim.from_article:
                    assert f'id="{anchor(claim)}"' in part, (language, claim.id)
