"""What makes a page read well on a phone as on a desktop, besides the stylesheet
(overrides/assets/stylesheets/site.css, which does the rest: outputs labelled and
wrapping, copy buttons off the text, inline code whole, links underlined).

* Each cell of a table with three columns or more carries its column's header
  (`data-label`): on a phone the stylesheet shows each row of a table as a card,
  the first cell as its title, each other value under the name of its column (a
  table of two columns needs no names), so no table scrolls sideways.
* The search dialog has a name (`aria-label`): Material's own word for search in
  the page's language, the one its search box already carries.
* Code folded away ("How this is measured": the harness, most of a section page's
  elements) is inert until its fold is opened: each block inside a closed
  `<details>` is kept in a `<template>`, and overrides/assets/javascripts/folded.js
  puts it in place when the reader opens it. A phone does not style, lay out and
  wire up code nobody has asked to see (Lighthouse's total blocking time). So
  is the code of a tab not shown (the JavaScript twin of each example, under
  its Python tab): folded.js puts it in place when its tab is chosen.
* Highlighted code drops the spans that change nothing on screen: Pygments wraps
  every name (`n`, which Material colours as plain code) and every run of spaces
  (`w`) in one: a quarter fewer elements on a page of examples.
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
# a highlighted block, not one already kept in a <template> (a fold inside a tab is kept once)
CODE = re.compile(r'(?<!<template class="folded-code">)<div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?"[^>]*>.*?</code></pre></div>', re.S)
PLAIN = re.compile(r'<span class="[nw]">([^<]*)</span>')
TAB = '<div class="tabbed-block">'
FOLDED = re.compile(r"<details(?![^>]*\sopen\b)[^>]*>.*?</details>", re.S)  # closed; none is nested here
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog"'
SEARCH_NAME = re.compile(r'<input type="text" class="md-search__input"[^>]*? aria-label="([^"]+)"')


def labelled_cells(table: re.Match) -> str:
    """A table whose every cell names its column (three columns or more; two fit a phone as they are)."""
    names = [" ".join(html.unescape(TAG.sub(" ", th)).split()) for th in HEADER.findall(table["head"])]
    if len(names) < 3:
        return table.group(0)

    def row(found: re.Match) -> str:
        column = iter(names)
        return CELL.sub(lambda cell: f'<td data-label="{html.escape(next(column, ""))}"', found.group(0))

    return table.group(0)[:table.start("body") - table.start()] + ROW.sub(row, table["body"]) + "</table>"


def hidden_tabs_folded(output: str) -> str:
    """Each code block of a tab after the first of its set kept in a `<template>` (see the module doc)."""
    pieces, done = [], 0
    for found in re.finditer(re.escape(TAB), output):
        if found.start() < done or output[:found.start()].rstrip().endswith('<div class="tabbed-content">'):
            continue  # inside a block already folded, or the first tab: shown as the page opens
        depth, end = 0, found.start()
        for tag in re.finditer(r"<div\b|</div>", output[found.start():]):
            depth += 1 if tag.group(0) == "<div" else -1
            if depth == 0:
                end = found.start() + tag.end()
                break
        block = CODE.sub(r'<template class="folded-code">\g<0></template>', output[found.start():end])
        pieces += [output[done:found.start()], block]
        done = end
    return "".join(pieces) + output[done:]


class ReadingPlugin(BasePlugin):
    @event_priority(-50)  # after sitegen-search has put back the tables it kept out of the index
    def on_post_page(self, output, page, config):
        output = CODE.sub(lambda block: PLAIN.sub(r"\1", block.group(0)), output)
        output = FOLDED.sub(lambda fold: CODE.sub(r'<template class="folded-code">\g<0></template>', fold.group(0)), output)
        output = hidden_tabs_folded(output)
        output = TABLE.sub(labelled_cells, output)
        name = SEARCH_NAME.search(output)
        if name and SEARCH_DIALOG in output:
            output = output.replace(SEARCH_DIALOG, f'{SEARCH_DIALOG} aria-label="{name.group(1)}"', 1)
        return output
