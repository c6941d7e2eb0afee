"""One word per concept: each language's glossary (sitegen/strings/<code>.yml) names the word pages, tables
and diagrams use, and the words they must not use for it. Checked on what readers see: every term is in
use, no page uses a word its glossary avoids, each language quotes with one pair of marks, and a page says
a scope once."""

import html as entities
import re

import pytest

from sitegen.strings import declared, word
from snippets.setups import SCOPES
from tests.site_build import LANGUAGES, PAGES, article, html, text

# Every pair of quotation marks a page might open a quotation with; a language's strings name its own (`quotes`).
QUOTATION_MARKS = "\"“”「」『』«»„‟〝〞＂"


def prose(site, language: str, page: str, inline_code: bool = True) -> str:
    """What a reader sees of a page in its own words: without its code blocks (examples are code, with code's
    words) or the statements it quotes from elsewhere (deepagents' docs, in their words) and, with
    `inline_code=False`, without its inline code either (code quotes with code's marks)."""
    kept = re.sub(r"<(pre|style|script|blockquote)\b.*?</\1>", " ", article(html(site, language, page)), flags=re.S)
    if not inline_code:
        kept = re.sub(r"<code\b.*?</code>", " ", kept, flags=re.S)
    return " ".join(entities.unescape(re.sub(r"<[^>]+>", " ", kept)).split())


def test_every_language_names_the_same_concepts():
    """A concept one language's glossary fixes and another's leaves open would be named two ways there."""
    concepts = {language: set(word(language, "glossary")) for language in LANGUAGES}
    assert all(found == concepts[LANGUAGES[0]] for found in concepts.values()), concepts


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_uses_a_word_the_glossary_avoids(site, language):
    glossary = word(language, "glossary")
    found = [f"{language}/{page}: {avoided!r} (write {entry['term']!r})" for page in PAGES
             for entry in glossary.values() for avoided in entry["avoid"] if avoided in prose(site, language, page)]
    assert found == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_term_is_in_use(site, language):
    """A term no page uses is a concept the pages name some other way (or a glossary entry gone stale)."""
    everything = " ".join(prose(site, language, page) for page in PAGES)
    unused = [f"{concept}: {entry['term']!r}" for concept, entry in word(language, "glossary").items()
              if entry["term"] not in everything]
    assert unused == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_tables_and_diagrams_say_what_the_pages_say(site, language):
    """The generated words for the kinds of child hold the glossary's terms."""
    glossary = word(language, "glossary")
    assert glossary["isolated_child"]["term"].split()[0] in word(language, "rows.isolated")
    assert glossary["fork_child"]["term"].split()[0] in word(language, "rows.declarative_fork")
    assert glossary["grandchild"]["term"] == word(language, "diagram.grandchild")
    assert glossary["run_fails"]["term"] in word(language, "verdict.outcomes.fails")
    assert glossary["run_fails"]["term"] in word(language, "verdict.legend")
    for term in (glossary["isolated_child"]["term"], glossary["fork_child"]["term"], glossary["grandchild"]["term"]):
        assert term in text(site, language, "tool-surfaces") + text(site, language, "gap"), term


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_pair_of_quotation_marks(site, language):
    """Each language quotes with the one pair its strings name (`quotes`), on every page; code keeps its own."""
    own = word(language, "quotes")
    assert len(own) == 2 and set(own) <= set(QUOTATION_MARKS), own  # opening, closing (the same mark, or two)
    others = set(QUOTATION_MARKS) - set(own)
    found = [f"{language}/{page}: {mark!r} in …{words[max(0, i - 20):i + 20]}…" for page in PAGES
             for words in [prose(site, language, page, inline_code=False)]
             for i, mark in enumerate(words) if mark in others]
    assert found == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_says_a_scope_once(site, language):
    """A scope is said once for the whole page (front matter `scopes:`), not repeated sentence by sentence."""
    repeated = []
    for scope in SCOPES:
        words = " ".join(declared(language, f"scopes.{scope.id}", scope.words, "snippets/setups.py").split()).lower()
        repeated += [f"{language}/{page}: {words!r} said {count} times" for page in PAGES
                     if (count := prose(site, language, page).lower().count(words)) > 1]
    assert repeated == []
