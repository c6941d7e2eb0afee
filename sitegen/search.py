"""Code, diagrams and tables are shown, not searched.

Readers search the prose. The highlighted code (an example's output too), the
diagrams and the tables of each page are parked behind a placeholder while
the search plugin reads the page (so a search for "grandchild" never lands in
`flowchart LR …`, in a cell such as "0.7.12–0.7.32: ✅", or in a table folded away
on the drift report, and the indexer never walks thousands of highlight spans)
and put back before the page is written. The prose around each table says what
it shows, and leads the reader there.
"""

from __future__ import annotations

import re

from mkdocs.plugins import BasePlugin, event_priority

PARKED = re.compile(r"<!--parked-\d+-->")
SHOWN_NOT_SEARCHED = re.compile(
    r'<div class="(?:language-\w+ )?highlight(?: exec-output)?"(?: data-label="[^"]*")?>'  # code, and what it printed
    r'(?:<span class="filename">[^<]*</span>)?<pre.*?</code></pre></div>'
    r'|<figure class="diagram">.*?</figure>'  # diagrams (their SVG, caption and text alternative)
    r"|<table>.*?</table>",  # tables
    re.S,
)


class SearchPlugin(BasePlugin):
    def __init__(self) -> None:
        self.parked: dict[str, str] = {}

    @event_priority(-100)  # after every other plugin has made the page's HTML; before search reads it
    def on_page_content(self, html, page, config, files):
        def park(found: re.Match) -> str:
            placeholder = f"<!--parked-{len(self.parked)}-->"
            self.parked[placeholder] = found.group(0)
            return placeholder

        return SHOWN_NOT_SEARCHED.sub(park, html)

    def on_post_page(self, output, page, config):
        return PARKED.sub(lambda placeholder: self.parked.pop(placeholder.group(0)), output)
