"""One word per concept: each language's glossary (sitegen/strings/<code>.yml) names the word pages, tables
and diagrams use, and the words they must not use for it. Checked on what readers see."""

import html as entities
import re

import pytest

from sitegen.strings import word
from tests.site_build import LANGUAGES, PAGES, article, html, text


def prose(site, language: str, page: str) -> str:
    """What a reader sees of a page, without its code (examples are code, with code's words)."""
    without_code = re.sub(r"<pre\b.*?</pre>", " ", article(html(site, language, page)), flags=re.S)
    return " ".join(entities.unescape(re.sub(r"<[^>]+>", " ", without_code)).split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_uses_a_word_the_glossary_avoids(site, language):
    glossary = word(language, "glossary")
    found = [f"{language}/{page}: {avoided!r} (write {entry['term']!r})" for page in PAGES
             for entry in glossary.values() for avoided in entry["avoid"] if avoided in prose(site, language, page)]
    assert found == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_tables_and_diagrams_say_what_the_pages_say(site, language):
    """The generated words for the kinds of child hold the glossary's terms."""
    glossary = word(language, "glossary")
    assert glossary["isolated_child"]["term"].split()[0] in word(language, "rows.isolated")
    assert glossary["fork_child"]["term"].split()[0] in word(language, "rows.declarative_fork")
    assert glossary["grandchild"]["term"] == word(language, "diagram.grandchild")
    for term in (glossary["isolated_child"]["term"], glossary["fork_child"]["term"], glossary["grandchild"]["term"]):
        assert term in text(site, language, "tool-surfaces") + text(site, language, "gap"), term
