"""The recorded version matrix (data/matrix.json) cannot go stale silently; its page shows it readably."""

import re
from html import unescape

import pytest

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
        by_release = page[page.index('id="by-release"'):]  # after "what differs in your release"
        rows = re.findall(r"<tr>\s*<t([dh])", by_release)
        assert rows.count("d") == len(registry.claims()), "a row per claim, each claim once"
        assert rows.count("h") == by_release.count("<table"), "every table with its header"
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


def test_the_matrix_opens_with_what_differs_in_each_release(site, facts):
    """"What differs in your release": every measured release of each runtime is named by exactly one entry,
    which lists exactly the claims that differ there from the site (a table row each), or says none does;
    the picker's script is inlined on this page, and no other page carries it."""
    from sitegen.verdicts import what_differs

    for language in LANGUAGES:
        page = html(site, language, "matrix")
        yours = page[page.index('id="your-release"'):page.index('id="by-release"')]
        assert 'class="release-picker"' in yours and "<script>" in yours
        for runtime, prefix in (("python", "pypi"), ("js", "npm")):
            entries = [tag for tag in re.findall(r"<(?:details|p)\b[^>]*>", yours) if f'id="{prefix}-' in tag]
            named = [re.search(r'data-releases="([^"]+)"', tag).group(1) for tag in entries]
            assert [release for entry in named for release in entry.split()] == \
                [release for group in reversed(what_differs(facts, runtime)) for release in group.releases]
            for group in what_differs(facts, runtime):
                start = yours.index(f'id="{prefix}-{group.releases[0]}"')
                entry = yours[start:yours.index("</details>" if group.differs else "</p>", start)]
                assert len(re.findall(r"<tr>\s*<td", entry)) == len(group.differs), (language, group.releases)
    for other in site.rglob("*.html"):
        if other.parent.name != "matrix":
            assert "release-picker" not in other.read_text(encoding="utf-8"), other.relative_to(site)


def test_the_drift_report_says_each_reason_once(site, facts):
    """Claims that differ for the same reason share one paragraph, then a table of four columns (no column
    repeats the reason)."""
    from sitegen.macros import reason
    from sitegen.verdicts import verdict

    for language in LANGUAGES:
        parts = html(site, language, "drift").split('id="javascript"')  # the JavaScript twins' groups follow
        for runtime, part in zip(RUNTIMES, parts):
            rows, shown = matrix_rows(runtime), " ".join(unescape(re.sub(r"<[^>]+>", " ", part)).split())
            reasons = {reason(c, facts, rows, language) for c in registry.claims(runtime)
                       if c.from_article and verdict(c, facts, rows).kind != "holds"}
            assert all(shown.count(why) == 1 for why in reasons), (language, runtime)
        source = html(site, language, "drift")
        for table in re.findall(r"<table>.*?</table>", source[:source.index('<details class="success"')], re.S):
            assert len(re.findall(r"<th\b", table)) == 4


@pytest.mark.enable_socket
@pytest.mark.allow_hosts(["127.0.0.1"])
def test_the_release_picker_shows_one_release_and_a_phone_reads_its_rows_whole(site, facts):
    """In Chromium at 390 px: picking an older release shows its fold alone, open, with a row per claim that
    differs, and the address keeps the choice; each value of a card sits under its claim across the card's
    width (no value in the label's column); without JavaScript every fold is listed and the picker hidden."""
    from sitegen import languages
    from sitegen.verdicts import what_differs
    from tests.browsing import chromium, serving

    python = next(group for group in what_differs(facts) if group.differs)
    with serving(site) as base, chromium() as browser:
        for language in LANGUAGES:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"{base}{languages.folder(language)}matrix/", wait_until="networkidle")
            page.select_option("#release-select", label=python.releases[-1])
            shown = page.evaluate("[...document.querySelectorAll('.release-diff')].filter(e => !e.hidden)"
                                  ".map(e => [e.id, e.open, e.querySelectorAll('tbody tr').length])")
            assert shown == [[f"pypi-{python.releases[0]}", True, len(python.differs)]], language
            assert page.url.endswith(f"#pypi-{python.releases[0]}")
            # a card's cell is one block (label, then its value, wrapping across the card), not a grid whose
            # columns each text run and <code> would fall into; each run of releases starts a line of its own
            cells = page.evaluate("""[...document.querySelectorAll('.release-rows td[data-label]:not(:first-child)')]
                .filter(td => td.offsetParent).map(td => [getComputedStyle(td).display,
                  ...[...td.querySelectorAll('.run')].map(run => Math.round(run.getBoundingClientRect().left
                     - td.getBoundingClientRect().left - parseFloat(getComputedStyle(td).paddingLeft)))])""")
            assert cells and all(cell[0] == "block" and not any(cell[1:]) for cell in cells), language
            assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
            page.close()
        without = browser.new_page(viewport={"width": 390, "height": 844}, java_script_enabled=False)
        without.goto(f"{base}matrix/", wait_until="load")
        assert without.locator(".release-picker").is_hidden()
        assert without.locator(".release-diff").count() == sum(len(what_differs(facts, r)) for r in RUNTIMES)
        without.close()
