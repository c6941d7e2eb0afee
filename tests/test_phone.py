"""The recipes page and the version matrix on a phone (390 x 844, Chromium), in every language, every fold open:
code keeps its lines (none wraps: an indented line never restarts at the left edge; a long one scrolls inside its
block), every value of a table is read under its column's name (a card's label, or a header that stays in view
while its rows scroll), the matrix tells a PyPI release from an npm one at a glance, and the page itself never
scrolls sideways (overrides/assets/stylesheets/site.css, sitegen/reading.py, sitegen/gen_pages.py)."""

from __future__ import annotations

import pytest

from sitegen import languages
from sitegen.strings import word
from tests.browsing import chromium, serving
from tests.site_build import LANGUAGES

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
PAGES = ("guidance", "matrix")

# Each code block shown: how many of its lines the browser lays out on more than one line (the distinct tops of a
# line's text boxes), and whether it scrolls inside itself.
CODE_LINES = """() => [...document.querySelectorAll('article .highlight:not(.exec-output) pre > code')]
  .filter((code) => code.getClientRects().length)
  .map((code) => {
    const places = [];  // each character of the code: its text node and offset
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) for (let i = 0; i < node.data.length; i++) places.push([node, i]);
    const text = places.map(([node, i]) => node.data[i]).join('');
    let wrapped = 0, start = 0;
    for (const line of text.split('\\n')) {
      const end = start + line.length;
      if (line.trim()) {
        const range = document.createRange();
        range.setStart(...places[start]);
        range.setEnd(places[end - 1][0], places[end - 1][1] + 1);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
        if (Math.max(...tops) - Math.min(...tops) > 2) wrapped++;
      }
      start = end + 1;
    }
    return [wrapped, code.scrollWidth > code.clientWidth];
  })"""

# Every data cell of every table shown (its row brought to the middle of the screen): is its column's name in view?
# A card shows it in the cell (data-label, its ::before); a table shows its header cell, on screen, below Material's
# header bar and above the cell, not covered. The first column is the row's own name.
UNLABELLED = """() => {
  const bar = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const missing = [];
  for (const table of document.querySelectorAll('article table')) {
    if (!table.getClientRects().length) continue;
    const heads = [...table.querySelectorAll('thead th')];
    for (const row of table.querySelectorAll('tbody tr')) {
      if (!row.getClientRects().length) continue;
      row.scrollIntoView({ block: 'center' });
      [...row.children].forEach((cell, column) => {
        if (column === 0) return;
        const label = getComputedStyle(cell, '::before').content;
        if (cell.dataset.label && label && label !== 'none' && label !== 'normal') return;
        const head = heads[column], box = head && head.getBoundingClientRect(), own = cell.getBoundingClientRect();
        const shown = box && box.top >= bar - 1 && box.bottom <= own.top + 1 && box.bottom <= innerHeight
          && head.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        if (!shown) missing.push([(head || cell).textContent.trim().slice(0, 30), row.textContent.trim().slice(0, 40)]);
      });
    }
  }
  return missing;
}"""

OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(scope="module")
def phone(site):
    with serving(site) as address, chromium() as browser:
        context = browser.new_context(**PHONE)
        yield address, context.new_page()
        context.close()


def opened(phone, language: str, page: str):
    address, tab = phone
    tab.goto(f"{address}{languages.folder(language)}{page}/", wait_until="networkidle")
    tab.evaluate("document.querySelectorAll('article details').forEach((d) => d.open = true)")
    return tab


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_no_code_line_wraps_and_a_long_one_scrolls_inside_its_block(phone, language, page):
    tab = opened(phone, language, page)
    blocks = tab.evaluate(CODE_LINES)
    assert blocks or page != "guidance", "the recipes page shows code"
    wrapped = sum(lines for lines, _ in blocks)
    assert wrapped == 0, f"{language}/{page}: {wrapped} code lines wrap"
    if page == "guidance":
        assert any(scrolls for _, scrolls in blocks), "no block is wider than a phone: the check proves nothing"
    assert tab.evaluate(OVERFLOW) <= 0, f"{language}/{page}: the page scrolls sideways"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_value_of_a_table_is_read_under_its_columns_name(phone, language, page):
    tab = opened(phone, language, page)
    assert tab.locator("article table").count() > 0
    assert tab.evaluate(UNLABELLED) == [], f"{language}/{page}: values without their column's name in view"
    assert tab.evaluate(OVERFLOW) <= 0, f"{language}/{page}: the page scrolls sideways"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_matrix_tells_a_pypi_release_from_an_npm_one(phone, language):
    """Each run of releases carries its runtime's name (the strings'), and the two runtimes' tags differ in colour."""
    tab = opened(phone, language, "matrix")
    tags = tab.evaluate("""() => {
      const split = document.getElementById('javascript');
      return [...document.querySelectorAll('article .release-rows .run')].map((run) => {
        const tag = run.querySelector('.registry');
        const after = !!(split.compareDocumentPosition(run) & Node.DOCUMENT_POSITION_FOLLOWING);
        return [after, tag ? tag.textContent : null, tag ? getComputedStyle(tag).backgroundColor : null];
      });
    }""")
    names = word(language, "matrix.yours.runtime")
    by_runtime = {runtime: {tuple(tag[1:]) for tag in tags if tag[0] == (runtime != "python")} for runtime in names}
    assert all(len(found) == 1 for found in by_runtime.values()), by_runtime  # one look per runtime, on every run
    (python,), (js,) = by_runtime["python"], by_runtime["js"]
    assert python[0] == names["python"] and js[0] == names["js"], (python, js)
    assert python[1] != js[1], "PyPI's runs and npm's look alike"
