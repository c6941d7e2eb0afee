"""The overview says how the site is made; each of those statements is checked here.

("The one thing typed by hand is what the article reported" is checked by
tests/test_no_typed_values.py; "every sentence about deepagents is bound" by
tests/test_sentences.py.)"""

import pytest

from snippets import registry
from sitegen.macros import reason
from sitegen.strings import word
from sitegen.verdicts import article_releases, matrix_rows, verdict
from tests.site_build import LANGUAGES, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_number_of_claims_it_names_is_the_number_measured(site, language):
    assert f" {len(registry.claims())} " in text(site, language, "index")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_difference_is_called_out_with_its_reason_on_its_page(site, facts, language):
    """'Where deepagents no longer behaves as the article saw, or never did, a callout says so and why.'"""
    rows = matrix_rows()
    for claim in registry.claims("python"):  # the JavaScript twins' differences: on the drift page
        found = verdict(claim, facts, rows)
        if found.kind in ("holds", "own"):
            continue
        page = registry.section_of(claim.id).page.removesuffix(".md")
        shown = text(site, language, page)
        assert " ".join(reason(claim, facts, rows, language).split()) in shown, (claim.id, page)
        assert word(language, f"callout.titles.{found.kind}") in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_names_the_article_its_claims_and_the_releases_it_matches_beside_those_measured(site, language):
    """The counts a first-time reader reconciles: the article's claims and the site's own, the releases
    whose behaviour matches the article's and the releases the site measures."""
    shown = text(site, language, "index")
    assert word(language, "article.title") in shown
    rows, found = matrix_rows(), article_releases(matrix_rows())
    article = sum(c.from_article for c in registry.claims())
    for number in (len(registry.claims()), article, len(registry.claims()) - article, len(found), len(rows)):
        assert f" {number} " in f" {shown} ".replace("，", " ").replace("（", " "), number
    for release in (found[0], found[-1], next(iter(rows)), list(rows)[-1]):
        assert release in shown
