"""What search indexes: the prose, and each table's rows as plain text; not code, diagrams or boilerplate.

Readers search the prose. The highlighted code (an example's output too), the
diagrams (their SVG, caption and text alternative), the tab labels ("Python", "JavaScript": a result that began
"PythonJavaScript") and the paragraph under a page's first example that says how
to download and run it (the same words on every page of examples) are parked
behind a placeholder while the search plugin reads the page (so a search for
"grandchild" never lands in a diagram, and the indexer never walks
thousands of highlight spans), and put back before the page is written. A table
is parked too, but the search plugin reads each of its rows in its place, as a
paragraph of plain text ("handoff" finds the pages whose tables say it; see
rows_as_text).

Chinese: the search plugin cuts Chinese text into words (jieba) with U+200B
between them, and mkdocs.yml's `separator` splits the index and the query there
and at every edge between Han and Latin, so a Han character written against a
Latin word finds what the two written with a space between them find.
"""

from __future__ import annotations

import html as entities
import itertools
import re

from mkdocs.plugins import BasePlugin, event_priority

PARKED = re.compile(r"<!--parked-(\d+)-->(?:.*?<!--/parked-\1-->)?", re.S)
SHOWN_NOT_SEARCHED = re.compile(
    r'<div class="(?:[\w-]+ )*highlight(?: exec-output)?"(?: data-label="[^"]*")?>'  # code (excerpts too), and what it printed
    r'(?:<span class="filename">[^<]*</span>)?<pre.*?</code></pre></div>'
    r'|<figure class="diagram">.*?</figure>'  # diagrams (their SVG, caption and text alternative)
    r'|<div class="tabbed-labels">.*?</div>'  # tab labels
    r'|<p>(?:(?!</p>).)*?downloads/scripted_model\.(?:py|mjs)"(?:(?!</p>).)*</p>'  # how to run the examples
    r"|<table>.*?</table>",  # tables: searched as rows of text (rows_as_text)
    re.S,
)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", re.S)
TAG = re.compile(r"<[^>]+>")
WORD = re.compile(r"[^\W\d_]{2,}|[\u4e00-\u9fff]")  # two letters, or one Han character


def rows_as_text(table: str) -> str:
    """A table as the search plugin should read it: one paragraph of plain text per row of its body, cells
    apart. Not its header (the same column names on every page), nor a cell without a word ("✅", a release
    range and a symbol: "0.7.12–0.7.32: ✅"), which no reader searches for."""
    rows = []
    for row in ROW.findall(table[table.find("<tbody"):]):
        cells = [" ".join(entities.unescape(TAG.sub(" ", cell)).split()) for cell in CELL.findall(row)]
        words = [cell for cell in cells if WORD.search(cell)]
        if words:
            rows.append(f"<p>{entities.escape(' · '.join(words), quote=False)}</p>")
    return "".join(rows)


class SearchPlugin(BasePlugin):
    def __init__(self) -> None:
        self.parked: dict[str, str] = {}
        self.numbers = itertools.count()

    @event_priority(-100)  # after every other plugin has made the page's HTML; before search reads it
    def on_page_content(self, html, page, config, files):
        def park(found: re.Match) -> str:
            number = str(next(self.numbers))
            self.parked[number] = found.group(0)
            if found.group(0).startswith("<table>"):
                return f"<!--parked-{number}-->{rows_as_text(found.group(0))}<!--/parked-{number}-->"
            return f"<!--parked-{number}-->"

        return SHOWN_NOT_SEARCHED.sub(park, html)

    def on_post_page(self, output, page, config):
        return PARKED.sub(lambda placeholder: self.parked.pop(placeholder.group(1)), output)
