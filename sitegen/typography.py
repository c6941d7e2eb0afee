"""Chinese (and any language written without spaces) reads without stray spaces.

A line break inside a Markdown paragraph becomes a space in the browser. In
English that is the space between two words. Between two Chinese characters, or
next to full-width punctuation (a full stop U+3002, a comma U+FF0C), it is a gap
that should not be there.
The page's HTML is cleaned of such whitespace before it is indexed and written,
judging each run of whitespace by the visible characters on either side of it,
across inline tags (a link, inline code, the empty span a bound sentence leaves),
as the browser joins them. Code blocks and scripts are left as they are. Between a
Chinese and a Latin character the space stays: it belongs there.
"""

from __future__ import annotations

import re

from mkdocs.plugins import BasePlugin, event_priority

LETTERS = "\u2e80-\u2fff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Chinese, Japanese
PUNCTUATION = "\u3000-\u303f\uff00-\uffef"  # full-width: 。，：「」（）…
LETTER = re.compile(f"[{LETTERS}]")
WIDE_PUNCTUATION = re.compile(f"[{PUNCTUATION}]")
VERBATIM = re.compile(r"<(pre|script|style|textarea)\b.*?</\1>", re.S)
TOKEN = re.compile(r"<[^>]+>|[^<]+")
BLOCK_TAG = re.compile(r"</?(p|li|ul|ol|h\d|div|table|tr|td|th|blockquote|details|summary|br)\b", re.I)
SPACE = re.compile(r"[ \t\r\n]+")


def _needless(before: str, after: str, run: str) -> bool:
    """Whether a run of whitespace between two visible characters shows as a gap that should not be there."""
    if not before or not after:
        return False
    if WIDE_PUNCTUATION.match(before) or WIDE_PUNCTUATION.match(after):
        return True
    return "\n" in run and bool(LETTER.match(before)) and bool(LETTER.match(after))


def join_wide_lines(html: str) -> str:
    """The HTML without whitespace that shows as a stray gap in Chinese text (see the module doc)."""
    pieces, cursor = [], 0
    for verbatim in VERBATIM.finditer(html):
        pieces += [_clean(html[cursor:verbatim.start()]), verbatim.group(0)]
        cursor = verbatim.end()
    pieces.append(_clean(html[cursor:]))
    return "".join(pieces)


def _clean(html: str) -> str:
    tokens = TOKEN.findall(html)
    # The visible character before and after each text token, across inline tags (a block tag breaks the line).
    texts = [i for i, t in enumerate(tokens) if not t.startswith("<")]
    out = list(tokens)
    for position, index in enumerate(texts):
        text = tokens[index]

        def neighbour(step: int) -> str:
            j = index + step
            while 0 <= j < len(tokens):
                token = tokens[j]
                if token.startswith("<"):
                    if BLOCK_TAG.match(token):
                        return ""
                else:
                    stripped = token.strip()
                    if stripped:
                        return stripped[-1] if step < 0 else stripped[0]
                j += step
            return ""

        def replace(found: re.Match) -> str:
            start, end = found.start(), found.end()
            before = text[:start].rstrip()[-1:] or neighbour(-1)
            after = text[end:].lstrip()[:1] or neighbour(1)
            return "" if _needless(before, after, found.group(0)) else found.group(0)

        out[index] = SPACE.sub(replace, text)
    return "".join(out)


class TypographyPlugin(BasePlugin):
    @event_priority(-50)  # after the page's HTML is made, before the search plugin reads it
    def on_page_content(self, html, page, config, files):
        return join_wide_lines(html)
