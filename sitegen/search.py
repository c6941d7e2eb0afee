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
Latin word finds what the two written with a space between them find. A word
inside a longer word jieba keeps whole ("system" inside "file system" written as
one word) is found too: each section of the index gets a field of its own,
`words` (searched like the text, never shown), with the shorter words jieba's
search mode finds inside the section's long ones (with_inner_words). The query
is cut into the index's own words in the reader's browser, the fewest that make
up each run of Han characters, all of them required
(overrides/assets/javascripts/workers/search-words.js, which the pages start
instead of Material's search worker, sitegen/reading.py): without it Material
cut a typed phrase into the shortest words it knew (issue 49: "recursion limit"
searched the one character for "up", which every page holds).
"""

from __future__ import annotations

import html as entities
import itertools
import json
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import BasePlugin, event_priority

from sitegen import segments

PARKED = re.compile(r"<!--parked-(\d+)-->(?:.*?<!--/parked-\1-->)?", re.S)
SHOWN_NOT_SEARCHED = re.compile(
    r'<div class="(?:[\w-]+ )*highlight(?: exec-output)?"(?: data-label="[^"]*")?>'  # code (excerpts too), and what it printed
    r'(?:<span class="filename">[^<]*</span>)?<pre.*?</code></pre></div>'
    r'|<figure class="diagram">.*?</figure>'  # diagrams (their SVG, caption and text alternative)
    r'|<div class="tabbed-labels">.*?</div>'  # tab labels
    r'|<p>(?:(?!</p>).)*?downloads/scripted_model\.(?:py|mjs)"(?:(?!</p>).)*</p>'  # how to run the examples
    r'|<details class="note docs-report">.*?</details>'  # a report to file with deepagents' docs, in English
    r"|<table>.*?</table>",  # tables: searched as rows of text (rows_as_text)
    re.S,
)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", re.S)
TAG = re.compile(r"<[^>]+>")
REGISTRY = re.compile(r'<span class="registry\b[^"]*">[^<]*</span>')  # the matrix's runtime tag on a run of releases
WORD = re.compile(r"[^\W\d_]{2,}|[\u4e00-\u9fff]")  # two letters, or one Han character
HAN_WORD = re.compile(r"[\u4e00-\u9fff]{3,}")  # a word of three Han characters or more, between separators
INNER = "words"  # the index's field of the words found inside longer ones


def inner_words(text: str, jieba: Any = None) -> list[str]:
    """The words of two Han characters or more that jieba's search mode finds inside the long words of `text`
    (already cut into words by the search plugin, U+200B between them), each once, in order. `jieba`: what cuts
    (sitegen/segments.py: the kept cuts), else jieba itself."""
    if jieba is None:
        import jieba  # the search plugin's own segmenter (and dictionary); loaded only for a text that has Han words

    found: dict[str, None] = {}
    for long in HAN_WORD.findall(text.replace("\u200b", " ")):
        for word in jieba.cut_for_search(long):
            if word != long and len(word) >= 2:
                found[word] = None
    return list(found)


def with_inner_words(index: dict, jieba: Any = None) -> dict:
    """The search index with the `words` field: for each section, its title's and text's inner words (a section
    without any has no such field); searched as its text is, with the same weight."""
    for doc in index["docs"]:
        words = inner_words(f"{doc.get('title', '')} {doc.get('text', '')}", jieba)
        if words:
            doc[INNER] = " ".join(words)
    fields = index["config"].setdefault("fields", {})
    fields[INNER] = dict(fields.get("text", {"boost": 1.0}))
    return index


def rows_as_text(table: str) -> str:
    """A table as the search plugin should read it: one paragraph of plain text per row of its body, cells
    apart. Not its header (the same column names on every page), nor a cell without a word ("✅", a release
    range and a symbol: "0.7.12–0.7.32: ✅", its runtime's tag left out), which no reader searches for."""
    rows = []
    for row in ROW.findall(REGISTRY.sub("", table[table.find("<tbody"):])):
        cells = [" ".join(entities.unescape(TAG.sub(" ", cell)).split()) for cell in CELL.findall(row)]
        words = [cell for cell in cells if WORD.search(cell)]
        if words:
            rows.append(f"<p>{entities.escape(' · '.join(words), quote=False)}</p>")
    return "".join(rows)


class SearchPlugin(BasePlugin):
    def __init__(self) -> None:
        self.parked: dict[str, str] = {}
        self.numbers = itertools.count()
        self.jieba: Any = None

    def on_config(self, config):
        search = next((plugin for name, plugin in config["plugins"].items() if name.split("/")[-1] == "search"), None)
        self.jieba = segments.segmenter(getattr(search, "config", None))  # each Chinese cut kept (sitegen/segments.py)

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

    @event_priority(-100)  # after the search plugin has written the index
    def on_post_build(self, config):
        path = Path(config["site_dir"]) / "search" / "search_index.json"
        if path.is_file():
            index = with_inner_words(json.loads(path.read_text(encoding="utf-8")), self.jieba)
            path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        if isinstance(self.jieba, segments.KeptCuts):
            self.jieba.save()
