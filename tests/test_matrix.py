"""The recorded version matrix (data/matrix.json) cannot go stale silently; its page shows it readably."""

from snippets import registry
from sitegen.verdicts import matrix, matrix_rows, release_key
from tests.site_build import LANGUAGES, html, text
from tools.matrix import FIRST_WITH_FORK


def test_the_matrix_covers_every_release_from_the_first_with_fork(facts):
    releases = list(matrix_rows())
    assert releases[0] == FIRST_WITH_FORK
    assert release_key(releases[-1]) >= release_key(facts.versions["deepagents"]) or facts.versions["deepagents"] not in releases
    for release, row in matrix()["rows"].items():
        assert row["versions"]["deepagents"] == release
    assert {"command", "date", "python"} <= set(matrix()["provenance"])


def test_the_matrix_page_shows_every_claim_and_no_command_line(site):
    for language in LANGUAGES:
        page = html(site, language, "matrix")
        assert all(f'href="../drift/#{c.id}"' in page for c in registry.claims() if c.from_article)
        assert FIRST_WITH_FORK in text(site, language, "matrix")
        assert "python -m" not in page and "tools.matrix" not in page, "a command line on a reader's page"
        assert page.count("<tr>") == len(registry.claims()) + 1


def test_the_drift_report_leads_with_what_differs(site, facts):
    from sitegen.verdicts import verdict

    rows = matrix_rows()
    kinds = [verdict(c, facts, rows).kind for c in registry.claims() if c.from_article]
    for language in LANGUAGES:
        page = html(site, language, "drift")
        first_table = page.index("<table>")
        holding = page.index("<details")
        assert first_table < holding, "what differs comes before the claims that hold"
        for kind in set(kinds) - {"holds"}:
            assert f'id="{kind.replace(" ", "-")}"' in page[:holding]
        for claim in registry.claims():
            if claim.from_article:
                assert f'id="{claim.id}"' in page, (language, claim.id)
