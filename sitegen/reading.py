"""What makes a page read well on a phone as on a desktop, besides the stylesheet
(overrides/assets/stylesheets/site.css, which does the rest: outputs labelled and
wrapping, copy buttons off the text, inline code whole, links underlined).

* Each cell of a table with three columns or more carries its column's header
  (`data-label`): on a phone the stylesheet shows each row of a table as a card,
  the first cell as its title, each other value under the name of its column (a
  table of two columns needs no names), so no table scrolls sideways.
* The search dialog has a name (`aria-label`): Material's own word for search in
  the page's language, the one its search box already carries.
* Every tab's code, and the code folded away ("How this is measured"), is in the
  page as it is served: find-in-page finds `createDeepAgent` before its tab is
  chosen, a reader without JavaScript reads it, and Material gives every block
  its copy button as the page loads. A tab not chosen (display: none) and a closed
  fold are not laid out or painted anyway; `content-visibility: auto` on the tabs
  shown was tried and dropped: the placeholder heights moved a heading the address
  names (#section) after the browser had scrolled to it. Pages stay light by fewer
  elements instead (next point).
* Highlighted code drops the spans that change nothing on screen: Pygments wraps
  every name (`n`, which Material colours as plain code; `nx`, JavaScript's, which
  it does not colour) and every run of spaces (`w`) in one; and neighbours of one
  kind become one (`)`, `,` and `]` in a row: one punctuation span). Together a
  quarter fewer elements, then a tenth fewer again (the recipes: 6,474 tags in the
  served page before the last two, 5,859 after).
"""

from __future__ import annotations

import html
import re

from mkdocs.plugins import BasePlugin, event_priority

TABLE = re.compile(r"<table>\s*<thead>(?P<head>.*?)</thead>(?P<body>.*?)</table>", re.S)
HEADER = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
CELL = re.compile(r"<td\b([^>]*)>(.*?)</td>", re.S)
ROW = re.compile(r"<tr>.*?</tr>", re.S)
TAG = re.compile(r"<[^>]+>")
CODE = re.compile(r'<div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?"[^>]*>.*?</code></pre></div>', re.S)
PLAIN = re.compile(r'<span class="(?:[nw]|nx)">([^<]*)</span>')
NEIGHBOURS = re.compile(r'(<span class="([a-z0-9]+)">[^<]*)</span><span class="\2">')
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog"'
SEARCH_NAME = re.compile(r'<input type="text" class="md-search__input"[^>]*? aria-label="([^"]+)"')


def labelled_cells(table: re.Match) -> str:
    """A table whose every cell names its column (three columns or more; two fit a phone as they are)."""
    names = [" ".join(html.unescape(TAG.sub(" ", th)).split()) for th in HEADER.findall(table["head"])]
    if len(names) < 3:
        return table.group(0)

    def row(found: re.Match) -> str:
        column = iter(names)
        # The value in one element: on a phone the cell is a grid of two (its label, its value), and a value of
        # text and code side by side ("8 (+ `write_todos`)") would otherwise take a row of the grid per piece.
        return CELL.sub(lambda cell: f'<td data-label="{html.escape(next(column, ""))}"{cell[1]}><span class="cell">{cell[2]}</span></td>',
                        found.group(0))

    return table.group(0)[:table.start("body") - table.start()] + ROW.sub(row, table["body"]) + "</table>"


def lighter(code: str) -> str:
    """Highlighted code without the spans that change nothing on screen (see the module doc)."""
    code = PLAIN.sub(r"\1", code)
    while True:
        merged = NEIGHBOURS.sub(r"\1", code)
        if merged == code:
            return code
        code = merged


class ReadingPlugin(BasePlugin):
    @event_priority(-50)  # after sitegen-search has put back the tables it kept out of the index
    def on_post_page(self, output, page, config):
        output = CODE.sub(lambda block: lighter(block.group(0)), output)
        output = TABLE.sub(labelled_cells, output)
        name = SEARCH_NAME.search(output)
        if name and SEARCH_DIALOG in output:
            output = output.replace(SEARCH_DIALOG, f'{SEARCH_DIALOG} aria-label="{name.group(1)}"', 1)
        return output
