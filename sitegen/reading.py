"""What makes a page read well on a phone as on a desktop, besides the stylesheet
(overrides/assets/stylesheets/site.css, which does the rest: outputs labelled and
wrapping, copy buttons off the text, inline code whole, links underlined).

* Each cell of a table with three columns or more carries its column's header
  (`data-label`): on a phone the stylesheet shows each row of a table as a card,
  the first cell as its title, each other value under the name of its column (a
  table of two columns needs no names), so no table scrolls sideways.
* The search dialog has a name (`aria-label`): Material's own word for search in
  the page's language, the one its search box already carries.
* Search reads what a reader types however it arrives (an input method's Chinese,
  a paste: overrides/assets/javascripts/search-typed.js, inlined, a few lines);
  its index is fetched once the reader turns to search, not as every page loads
  (overrides/assets/javascripts/search-later.js, inlined: it was a fifth of a
  page's bytes, and grows with every page);
  and the page starts the search worker that cuts a query's Chinese into the
  index's words (overrides/assets/javascripts/workers/search-words.js, which
  loads Material's: its file name, which changes with Material's release, is
  written into it as the site is built; sitegen/search.py says why).
* Every tab's code, and the code folded away ("How this is measured"), is in the
  page as it is served: find-in-page finds `createDeepAgent` before its tab is
  chosen, a reader without JavaScript reads it, and Material gives every block
  its copy button as the page loads. A tab not chosen (display: none) and a closed
  fold are not laid out or painted anyway; `content-visibility: auto` on the tabs
  shown was tried and dropped: the placeholder heights moved a heading the address
  names (#section) after the browser had scrolled to it. Pages stay light by fewer
  elements instead (next point).
* Highlighted code is coloured without an element per token: Pygments' spans
  are taken out of the served code and each block carries its tokens' places by
  colour instead (`data-hl` on its `<code>`: "k:0+4,12+3 s:20+6", UTF-16 offsets
  into its text), which overrides/assets/javascripts/code-colours.js hands to the
  browser's CSS Custom Highlight API (`::highlight(code-k)` in site.css, Material's
  colours). A span per token was most of a page's elements (the recipes: 4,971 of
  5,770), and Material's script restyles and lays out the whole page several times
  as it loads (colour scheme, tabs, copy buttons): Lighthouse's mobile performance
  fell to 70-80 on every page with code. A reader without JavaScript, or with a
  browser older than the Highlight API, reads the same code uncoloured.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from mkdocs.plugins import BasePlugin, event_priority

from snippets import paths

TABLE = re.compile(r"<table>\s*<thead>(?P<head>.*?)</thead>(?P<body>.*?)</table>", re.S)
HEADER = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
CELL = re.compile(r"<td\b([^>]*)>(.*?)</td>", re.S)
ROW = re.compile(r"<tr>.*?</tr>", re.S)
TAG = re.compile(r"<[^>]+>")
CODE = re.compile(r'<div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?"[^>]*>.*?</code></pre></div>', re.S)
CODE_TEXT = re.compile(r"<code>(.*?)</code></pre>", re.S)
TOKEN = re.compile(r'<span class="([a-z0-9]+)">([^<]*)</span>|(<[^>]+>)|([^<]+)')
# Pygments' classes by the colour Material gives them (the same groups in both schemes; a class not here, such as
# n, nx, kc or w, is shown in the code's own colour). The letter names the highlight: ::highlight(code-k).
COLOURS = {"k": "k kd kn kp kr kt nd ni nl nt",  # keyword
           "s": "cpf l s s1 s2 sb sc si ss",  # string
           "x": "cp se sh sr sx",  # special
           "m": "il m mb mf mh mi mo",  # number
           "c": "bp nb no",  # constant
           "f": "nc ne nf nn",  # function
           "g": "o ow p c c1 ch cm cs sd ge gh go gp gr gs gt gu na nv vc vg vi"}  # operator, punctuation, comment
COLOUR = {cls: letter for letter, classes in COLOURS.items() for cls in classes.split()}
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog"'
SEARCH_NAME = re.compile(r'<input type="text" class="md-search__input"[^>]*? aria-label="([^"]+)"')
SEARCH_FORM_END = '<div class="md-search__output">'
WORKER = re.compile(r'("search": "[^"]*/workers/)(search\.[0-9a-f]+\.min\.js)"')
WORDS_WORKER = "search-words.js"
MATERIAL_WORKER = "search.MATERIAL.min.js"  # the name search-words.js loads, until the build writes Material's


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


def _length(text: str) -> int:
    """The text's length in the browser (UTF-16 code units), once its entities are read."""
    return len(html.unescape(text).encode("utf-16-le")) // 2


def coloured_by_places(code: re.Match) -> str:
    """A block's code without its token spans, its colours as places (see the module doc)."""
    kept, places, at = [], {}, 0
    for token in TOKEN.finditer(code.group(1)):
        cls, text, tag, plain = token.groups()
        if cls == "hll":  # a highlighted line is an element of its own: it stays
            kept.append(token.group(0))
            at += _length(text)
        elif cls is not None:
            kept.append(text)
            length = _length(text)
            if cls in COLOUR and length:
                spans = places.setdefault(COLOUR[cls], [])
                if spans and spans[-1][0] + spans[-1][1] == at:
                    spans[-1][1] += length
                else:
                    spans.append([at, length])
            at += length
        elif tag is not None:
            kept.append(tag)
        else:
            kept.append(plain)
            at += _length(plain)
    attribute = " ".join(f"{letter}:" + ",".join(f"{start}+{length}" for start, length in spans)
                         for letter, spans in places.items())
    opening = f'<code data-hl="{attribute}">' if attribute else "<code>"
    return f"{opening}{''.join(kept)}</code></pre>"


def lighter(block: str) -> str:
    """Highlighted code without an element per token (see the module doc)."""
    return CODE_TEXT.sub(coloured_by_places, block, count=1)


def inline_script(name: str) -> str:
    """overrides/assets/javascripts/<name> as an inline script: its code without its comments."""
    source = (paths.ROOT / "overrides" / "assets" / "javascripts" / name).read_text(encoding="utf-8")
    return "<script>" + "\n".join(line for line in source.splitlines() if line.strip() and not line.startswith("//")) + "</script>"


def search_scripts() -> str:
    """search-typed.js, and search-later.js (the search index fetched once the reader turns to search), inline."""
    return inline_script("search-typed.js") + inline_script("search-later.js")


class ReadingPlugin(BasePlugin):
    def __init__(self) -> None:
        self.material_worker: str | None = None

    @event_priority(-50)  # after sitegen-search has put back the tables it kept out of the index
    def on_post_page(self, output, page, config):
        output = CODE.sub(lambda block: lighter(block.group(0)), output)
        output = TABLE.sub(labelled_cells, output)
        name = SEARCH_NAME.search(output)
        if name and SEARCH_DIALOG in output:
            output = output.replace(SEARCH_DIALOG, f'{SEARCH_DIALOG} aria-label="{name.group(1)}"', 1)
            output = output.replace(SEARCH_FORM_END, search_scripts() + SEARCH_FORM_END, 1)
        worker = WORKER.search(output)
        if worker:
            self.material_worker = worker.group(2)
            output = output[:worker.start()] + f'{worker.group(1)}{WORDS_WORKER}"' + output[worker.end():]
        return output

    def on_post_build(self, config):
        """search-words.js, as the theme copied it, loads Material's worker by its name in this release (and is
        served without its comments: every page's search loads it)."""
        words = Path(config["site_dir"]) / "assets" / "javascripts" / "workers" / WORDS_WORKER
        if self.material_worker and words.is_file():
            code = [line for line in words.read_text(encoding="utf-8").splitlines()
                    if line.strip() and not line.lstrip().startswith("//")]
            words.write_text("\n".join(code).replace(MATERIAL_WORKER, self.material_worker) + "\n", encoding="utf-8")
