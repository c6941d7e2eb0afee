"""Search in a real browser (Chromium), in every language, with words taken from the built search index.

A query is put in the box as an input method commits text (no key event: Material used to read the box on keyup
only, and a Chinese query committed that way was never searched). Chinese: a word of a page finds it, a word
inside a longer run of Han characters too, a typed phrase finds the sections that hold its words, and a word
jieba keeps inside a longer one (the index's `words` field) is found (sitegen/search.py,
overrides/assets/javascripts/workers/search-words.js). In every language a Latin word of a page finds it, and a
query nothing holds says so in the page's language (Material's own translation, not its "type to start searching").
"""

from __future__ import annotations

import html as entities
import itertools
import json
import re
from collections import defaultdict
from urllib.parse import urlparse

import pytest

from sitegen import languages
from tests.browsing import chromium, serving
from tests.site_build import LANGUAGES

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]

HAN_WORD = re.compile(r"^[\u4e00-\u9fff]+$")
LATIN_WORD = re.compile(r"^[a-z]{6,}$")
TAG = re.compile(r"<[^>]+>")


class Index:
    """A language's built search index read as the browser reads it: each page's words (its sections' titles and
    texts cut by the index's own separator, lower-cased), its pairs of words written one after the other, and the
    words of its sections' `words` field (the words found inside longer ones)."""

    def __init__(self, site, language: str):
        folder = site / languages.folder(language)
        index = json.loads((folder / "search" / "search_index.json").read_text(encoding="utf-8"))
        self.docs, separator = index["docs"], re.compile(index["config"]["separator"])
        self.words: dict[str, set[str]] = defaultdict(set)
        self.pairs: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.inner: dict[str, set[str]] = defaultdict(set)
        for doc in self.docs:
            page = doc["location"].split("#")[0]
            for field in (doc.get("title", ""), doc["text"]):
                for piece in TAG.split(field):  # a tag ends a word, as in Material's tokenizer
                    words = [w.lower() for w in separator.split(entities.unescape(piece)) if w]
                    self.words[page].update(words)
                    self.pairs[page].update(zip(words, words[1:]))
            self.inner[page].update(doc.get("words", "").split())

    def holding(self, word: str) -> set[str]:
        return {page for page, words in self.words.items() if word in words}

    def starting(self, beginning: str) -> set[str]:
        """The pages that hold a word, or an inner word, that starts so (a query's word finds it: `word*`)."""
        return {page for page in self.words if any(w.startswith(beginning) for w in self.words[page] | self.inner[page])}

    def absent(self, alphabet: str) -> str:
        """Two characters of the alphabet that no word of any page starts with: a query nothing holds."""
        return next(a + b for a, b in itertools.product(alphabet, repeat=2) if not self.starting(a) and not self.starting(b))


@pytest.fixture(scope="module")
def browser_on(site):
    with serving(site) as address, chromium() as browser:
        context = browser.new_context()
        yield address, context.new_page()
        context.close()


class Box:
    """The search box of a language's home page, and what a query finds: the pages (index locations) and the text
    Material shows above the results."""

    def __init__(self, browser_on, language: str):
        address, self.tab = browser_on
        self.folder = "/" + languages.folder(language)
        self.tab.goto(f"{address}{languages.folder(language)}", wait_until="networkidle")
        self.words = json.loads(self.tab.locator("#__config").text_content())["translations"]
        self.initializing = self.tab.locator(".md-search-result__meta").text_content()

    def search(self, query: str) -> tuple[set[str], str]:
        box, meta = self.tab.locator(".md-search__input"), ".md-search-result__meta"
        box.focus()
        box.fill("")
        self.tab.wait_for_function(f"document.querySelector('{meta}').textContent === {json.dumps(self.words['search.result.placeholder'])}")
        self.tab.keyboard.insert_text(query)  # as an input method commits it: no key event
        waiting = [self.words["search.result.placeholder"], self.initializing]
        self.tab.wait_for_function(f"!{json.dumps(waiting)}.includes(document.querySelector('{meta}').textContent)",
                                   timeout=15000)
        hrefs = [a.get_attribute("href") for a in self.tab.locator(".md-search-result__link").all()]
        pages = {urlparse(href).path.removeprefix(self.folder) for href in hrefs}
        return pages, self.tab.locator(meta).text_content()


@pytest.mark.parametrize("language", LANGUAGES)
def test_chinese_words_and_phrases_find_their_pages(site, browser_on, language):
    index = Index(site, language)
    # A phrase: two words of two Han characters or more, written one after the other on a page; of those, the one
    # the fewest pages hold, and then the one whose words are most often on a page without each other (those pages
    # must not be found).
    pairs = {pair: {page for page in index.pairs if pair in index.pairs[page]}
             for pairs in index.pairs.values() for pair in pairs
             if all(HAN_WORD.match(word) and len(word) >= 2 for word in pair)}
    if not pairs:
        pytest.skip(f"{language}: no Han text")
    apart = {pair: index.starting(pair[0]) ^ index.starting(pair[1]) for pair in pairs}
    (first, second), holding = min(pairs.items(), key=lambda item: (len(item[1]), -len(apart[item[0]]), item[0]))
    phrase = first + second
    box = Box(browser_on, language)

    # each word alone, the second one from inside a run of Han characters, finds the pages that hold the phrase
    for word in (first, second):
        found, said = box.search(word)
        assert holding <= found, (word, said, found)

    # the phrase: the pages that hold it, and only pages that hold both its words
    found, said = box.search(phrase)
    assert holding <= found, (phrase, said, found)
    assert found <= index.starting(first) & index.starting(second), (phrase, found, apart[first, second])

    # a word that jieba keeps inside a longer one, and that begins no word a page writes (so `word*` would not
    # find it), finds its pages
    words = set().union(*index.words.values())
    inner = min((w for page in index.inner for w in index.inner[page] if not any(t.startswith(w) for t in words)),
                default=None)
    assert inner, "no word is found only inside a longer one"
    found, said = box.search(inner)
    assert {page for page in index.inner if inner in index.inner[page]} <= found, (inner, said, found)

    # Han characters no page holds: the dialog says that nothing matches, in the page's language
    nothing = index.absent("".join(chr(c) for c in range(0x9FA5, 0x9F00, -1)))
    found, said = box.search(nothing)
    assert not found and said == box.words["search.result.none"], (nothing, said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_latin_word_finds_its_pages_and_nonsense_says_nothing_matches(site, browser_on, language):
    index = Index(site, language)
    # a word of six letters or more: of those, one the fewest pages hold
    latin = {w for words in index.words.values() for w in words if LATIN_WORD.match(w)}
    word = min(latin, key=lambda w: (len(index.holding(w)), w))
    box = Box(browser_on, language)
    found, said = box.search(word)
    assert index.holding(word) <= found, (word, said, found)
    assert said not in (box.words["search.result.none"], box.words["search.result.placeholder"])

    nothing = index.absent("qxzjvkw")
    found, said = box.search(nothing)
    assert not found and said == box.words["search.result.none"], (nothing, said)
