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


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_screen_explains_each_term_where_it_first_appears(site, facts, language):
    """Spec, the `runnable` form, isolated and fork, and each outcome of the verdict: a tooltip (its gloss, as
    the strings say it) where the term is first used, no use before it; the table's terms in words under it."""
    import html as entities
    import re

    from snippets.answer import TERMS
    from sitegen.tables import gloss, term_word
    from tests.site_build import article, html

    page = article(html(site, language, "index"))
    for key in TERMS:
        shown = re.sub(r"`([^`]+)`", r"<code>\1</code>", term_word(key, language))
        found = re.search(rf'<abbr class="term" title="([^"]+)" tabindex="0">{re.escape(shown)}</abbr>', page)
        assert found, f"{language}: no tooltip for {key!r}"
        said = " ".join(entities.unescape(re.sub(r"<[^>]+>", "", found[1])).split())
        assert said == " ".join(re.sub(r"`", "", gloss(key, language, facts)).split())
        before = entities.unescape(re.sub(r"<[^>]+>", " ", page[:found.start()]))
        assert re.sub(r"<[^>]+>", "", shown) not in before, f"{language}: {key!r} is used before its gloss"
    def letters(said: str) -> str:  # what it says, whatever its markup
        return re.sub(r"[\W_]+", "", said)

    legend = letters(text(site, language, "index"))
    for key in TERMS:
        assert letters(gloss(key, language, facts)) in legend, key


@pytest.mark.parametrize("language", LANGUAGES)
def test_measured_with_says_which_releases_were_newest_when_last_checked(site, facts, language):
    """Under every title: the releases measured, named as deepagents and npm deepagents (not npm's own version),
    and which releases were the newest when `make drift` or `make matrix` last listed them, and when."""
    import re

    from snippets import js
    from sitegen.verdicts import newest_checked
    from tests.site_build import html

    stamp = re.search(r'<p class="title-stamp">(.*?)</p>', html(site, language, "index"))[1]
    versions = word(language, "stamp_versions_npm").format(deepagents=facts.versions["deepagents"],
                                                            npm=facts.versions[js.VERSION_KEY])
    assert versions in stamp
    python, npm = newest_checked("python"), newest_checked("js")
    assert python and npm, "a kept record of the newest releases (data/newest.json or data/matrix.json)"
    assert min(python.date, npm.date) in stamp
    if (python.newest, npm.newest) != (facts.versions["deepagents"], facts.versions[js.VERSION_KEY]):
        assert word(language, "stamp_versions_npm").format(deepagents=python.newest, npm=npm.newest) in stamp
