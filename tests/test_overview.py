"""The overview says how the site is made; each of those statements is checked here.

("The one thing typed by hand is what the article reported" is checked by
tests/test_no_typed_values.py, which scans every page for measured values.)"""

import pytest

from snippets.article import CLAIMS
from sitegen.macros import reason
from sitegen.verdicts import matrix_rows, verdict
from tests.site_build import LANGUAGES, text



@pytest.mark.parametrize("language", LANGUAGES)
def test_the_number_of_claims_it_names_is_the_number_bound(site, language):
    shown = text(site, language, "index")
    assert f" {len(CLAIMS)} " in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_difference_is_called_out_with_its_reason_on_its_page(site, facts, language):
    """'Where today's deepagents no longer behaves as the article saw, a callout says what changed
    and since which release.'"""
    from sitegen import pages_showing

    rows = matrix_rows()
    for claim in CLAIMS:
        found = verdict(claim, facts, rows)
        if found.kind == "holds":
            continue
        page = pages_showing(claim.section, language)[0].stem
        shown = text(site, language, page)
        assert " ".join(reason(claim, facts, rows, language).split()) in shown, (claim.id, page)
        if found.kind == "changed":
            assert found.since in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_names_the_article_it_restates(site, language):
    from snippets.article import ARTICLE_TITLE

    assert ARTICLE_TITLE in text(site, language, "index")


def test_no_api_key_reaches_the_build():
    import os

    assert not [name for name in os.environ if name.endswith("_API_KEY")]
