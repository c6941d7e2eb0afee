"""Chinese (and any language that writes without spaces) reads without stray spaces.

A line break inside a Markdown paragraph becomes a space in the browser. In
English that is the space between two words; between two Chinese characters,
or after full-width punctuation, it is a gap that should not be there. The
page's HTML gets those line breaks removed, outside code, before it is indexed
and written, so what a reader sees (and what tests/test_typography.py checks)
has none.
"""

from __future__ import annotations

import re

from mkdocs.plugins import BasePlugin, event_priority

LETTERS = r"\u2e80-\u2fff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Chinese, Japanese
PUNCTUATION = r"\u3000-\u303f\uff00-\uffef"  # full-width: 。，：「」（）…
# A line break between two such letters, or next to full-width punctuation, is no space at all. (Between
# a Chinese and a Latin letter it stays: a space belongs there, and the browser shows one.)
SOFT_BREAK = re.compile(rf"(?<=[{LETTERS}])[ \t]*\n[ \t]*(?=[{LETTERS}])"
                        rf"|(?<=[{PUNCTUATION}])[ \t]*\n[ \t]*|[ \t]*\n[ \t]*(?=[{PUNCTUATION}])")
VERBATIM = re.compile(r"(<pre\b.*?</pre>|<code\b.*?</code>|<script\b.*?</script>)", re.S)


def join_wide_lines(html: str) -> str:
    """The HTML with soft line breaks next to wide characters removed, code and scripts untouched."""
    parts = VERBATIM.split(html)
    return "".join(part if index % 2 else SOFT_BREAK.sub("", part) for index, part in enumerate(parts))


class TypographyPlugin(BasePlugin):
    @event_priority(-50)  # after the page's HTML is made, before the search plugin reads it
    def on_page_content(self, html, page, config, files):
        return join_wide_lines(html)
