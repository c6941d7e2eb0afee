""""Your setup" (sitegen/your_setup.py, snippets/your_setup.py): the table on the tool-surfaces page holds
exactly the measured combinations, in both languages, each cell what was measured; in a browser the lists of
overrides/assets/javascripts/your-setup.js show exactly the picked row, and at 390 px nothing scrolls sideways.
Reads the run's build (the `site` fixture) and its cache: nothing is built or measured again."""

from __future__ import annotations

import html
import re

import markdown
import pytest

from sitegen import languages, your_setup
from snippets import setups
from snippets.your_setup import MEANINGFUL
from tests.site_build import LANGUAGES
from tests.test_browser import base_url, browser, url, visit  # noqa: F401 - the browser tests' fixtures

pytestmark = [pytest.mark.usefixtures("runs_cache"), pytest.mark.enable_socket,
              pytest.mark.allow_hosts(["127.0.0.1"])]

BLOCK = re.compile(r'<div class="your-setup">(.*?)</table>', re.S)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<td\b[^>]*>(.*?)</td>", re.S)


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def measured_rows(facts) -> list[your_setup.Row]:
    found = setups.measured()
    return your_setup.rows(found, setups.facts_under(facts, found), facts.js)


def expected(row: your_setup.Row, language: str) -> list[str]:
    """A row's cells as the page shows them (their Markdown rendered), as text."""
    return [text(markdown.markdown(cell)) for cell in your_setup.cells(row, language)]


def shown_rows(site, language: str) -> list[list[str]]:
    page = (site / languages.folder(language) / "tool-surfaces" / "index.html").read_text(encoding="utf-8")
    blocks = BLOCK.findall(page)
    assert len(blocks) == 1, "one Your setup table"
    return [[text(cell) for cell in CELL.findall(row)] for row in ROW.findall(blocks[0].split("<tbody>")[1])]


def test_the_rows_are_the_measured_combinations(facts):
    """Every model setup's every combination (a profile of the reader's own under the site's own model only),
    then JavaScript's: once each."""
    found = setups.measured()
    rows = measured_rows(facts)
    models = [s for s in found.setups if s.dimension == "model"]
    python = [(r.model, r.kind, r.carries) for r in rows if r.runtime == "python"]
    assert len(python) == len(set(python))
    assert sorted(python, key=str) == sorted(
        ((s.model, kind, carries) for s in models for kind in MEANINGFUL for carries in MEANINGFUL[kind]
         if carries != "profile" or s.model is None), key=str)
    under = setups.facts_under(facts, found)
    for row in rows:
        if row.runtime != "python":
            continue
        setup = next(s for s in models if s.model == row.model)
        measured = next(c for c in under[setup.id].tool_surfaces.combinations
                        if (c.kind, c.carries) == (row.kind, row.carries))
        assert row.tools == measured.tools
        assert row.text in (measured.task_got, measured.error) or row.outcome == "no_task"
    # the site's own, as section 2 and 6 say: a fork's own call refused, an isolated child's own middleware reaches
    own = {(r.kind, r.carries): r for r in rows if r.runtime == "python" and r.model is None}
    assert own["fork", "nothing"].outcome == "refused" and own["fork", "nothing"].text == facts.refusal.text
    assert own["isolated", "nothing"].outcome == "no_task"
    assert own["isolated", "own-task"].outcome == "grandchild"
    assert [r.runtime for r in rows].count("js") == 6


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_shows_every_measured_row_as_measured(site, facts, language):
    assert shown_rows(site, language) == [expected(row, language) for row in measured_rows(facts)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_picking_shows_exactly_the_matching_row_and_nothing_scrolls_sideways(visit, base_url, facts, language):
    rows = measured_rows(facts)
    tab = visit(viewport={"width": 390, "height": 844}, is_mobile=True)
    tab.page.goto(url(base_url, language, "tool-surfaces") + "#your-setup", wait_until="networkidle")
    block = tab.page.locator("article .your-setup")
    selects = block.locator(".your-setup-picker select")
    assert selects.count() == your_setup.PICKED
    visible = block.locator("tbody tr:visible")
    assert visible.count() == 1
    codex = next(r for r in rows if r.runtime == "python" and r.model and "codex" in r.model
                 and (r.kind, r.carries) == ("fork", "inherited"))
    js = next(r for r in rows if r.runtime == "js" and (r.kind, r.carries) == ("fork", "own-task"))
    for row in (codex, js, rows[0]):
        want = expected(row, language)
        for n in range(your_setup.PICKED):
            selects.nth(n).select_option(label=want[n])
        assert visible.count() == 1
        assert [text(cell) for cell in visible.first.locator("td").evaluate_all(
            "cells => cells.map((cell) => cell.innerHTML)")] == want
        overflow = tab.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (row, overflow)
    assert tab.errors == []


def test_without_javascript_every_row_shows(visit, base_url, facts):
    tab = visit(java_script_enabled=False, viewport={"width": 390, "height": 844})
    tab.page.goto(url(base_url, LANGUAGES[0], "tool-surfaces"), wait_until="load")
    block = tab.page.locator("article .your-setup")
    assert block.locator("tbody tr:visible").count() == len(measured_rows(facts))
    assert block.locator(".your-setup-picker").is_hidden()
    # (the page itself: without JavaScript Material's language list and dialog stick out, on every page)
    assert block.evaluate("""block => [...block.querySelectorAll("*")].filter((e) => !e.closest("thead"))
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth).length""") == 0
