"""What makes a page read well on a phone as on a desktop, besides the stylesheet
(overrides/assets/stylesheets/site.css, which does the rest: outputs labelled and
wrapping, copy buttons off the text, inline code whole).

* A cell of a table with three columns or more carries its column's header
  (`data-label`): on a phone the stylesheet shows each row as a card, each value
  under the name of its column, so no table scrolls sideways.
"""

from __future__ import annotations

import html
import re

from mkdocs.plugins import BasePlugin, event_priority

TABLE = re.compile(r"<table>\s*<thead>(?P<head>.*?)</thead>(?P<body>.*?)</table>", re.S)
HEADER = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
CELL = re.compile(r"<td\b")
ROW = re.compile(r"<tr>.*?</tr>", re.S)
TAG = re.compile(r"<[^>]+>")


def labelled_cells(table: re.Match) -> str:
    """A table whose every cell names its column (three columns or more; two fit a phone as they are)."""
    names = [" ".join(html.unescape(TAG.sub(" ", th)).split()) for th in HEADER.findall(table["head"])]
    if len(names) < 3:
        return table.group(0)

    def row(found: re.Match) -> str:
        column = iter(names)
        return CELL.sub(lambda cell: f'<td data-label="{html.escape(next(column, ""))}"', found.group(0))

    return table.group(0)[:table.start("body") - table.start()] + ROW.sub(row, table["body"]) + "</table>"


class ReadingPlugin(BasePlugin):
    @event_priority(-50)  # after the other plugins have made the page
    def on_post_page(self, output, page, config):
        return TABLE.sub(labelled_cells, output)
