"""What readers see passes the CJK typography linter (autocorrect, from the lock file), in every language.

Checked on the built HTML, block by block, with whitespace as the browser shows
it (a line break is a space): the Markdown source holds template tags, and a
soft line break between two Chinese characters only shows once rendered.
"""

import re
from html.parser import HTMLParser

import autocorrect_py
import pytest

from sitegen.typography import join_wide_lines
from tests.site_build import LANGUAGES, PAGES, page_path

BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "summary", "figcaption", "blockquote", "dt", "dd"}
HIDDEN = {"pre", "script", "style", "svg"}


class _Blocks(HTMLParser):
    """The visible text of each block of a page's article, as the browser shows it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.stack: list[list[str]] = []
        self.hidden = 0
        self.in_article = False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "article":
            self.in_article = True
        elif tag in HIDDEN or "headerlink" in classes:
            self.hidden += 1
        elif tag in BLOCKS:
            self.stack.append([])

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article = False
        elif tag in HIDDEN or (tag == "a" and self.hidden and not self.stack):
            self.hidden = max(0, self.hidden - 1)
        elif tag in BLOCKS and self.stack:
            text = re.sub(r"[ \t\r\n]+", " ", "".join(self.stack.pop())).strip()
            if text:
                self.blocks.append(text)

    def handle_data(self, data):
        if self.in_article and not self.hidden and self.stack:
            self.stack[-1].append(data)


def blocks(path) -> list[str]:
    parser = _Blocks()
    parser.feed(re.sub(r'<a class="headerlink"[^>]*>.*?</a>', "", path.read_text(encoding="utf-8")))
    return parser.blocks


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rendered_page_passes_autocorrect(site, language):
    findings = []
    for page in PAGES:
        for text in blocks(page_path(site, language, page)):
            fixed = autocorrect_py.format(text)
            if fixed != text:
                findings.append(f"{language}/{page}: {text[:90]!r}\n    autocorrect: {fixed[:90]!r}")
    assert findings == [], f"{len(findings)} paragraphs autocorrect would change:\n" + "\n".join(findings[:25])


def test_the_check_sees_what_a_soft_line_break_leaves():
    """Without the site's typography plugin, a line break after full-width punctuation shows as a space."""
    raw = "<article><p>\u62d2\u7edd\u3002\n\u5173\u4e0a</p></article>"  # two sentences, wrapped in the source
    assert blocks_of(raw) != [autocorrect_py.format(blocks_of(raw)[0])]
    assert blocks_of(join_wide_lines(raw)) == [autocorrect_py.format(blocks_of(join_wide_lines(raw))[0])]


def blocks_of(html: str) -> list[str]:
    parser = _Blocks()
    parser.feed(html)
    return parser.blocks
