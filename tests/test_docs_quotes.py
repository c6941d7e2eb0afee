"""The quotes of deepagents' own docs (data/docs_quotes.yml) stay honest: each stands on its page in every
language, the sentence beside it is guarded by the claims that make it false, the build refuses a quote those
claims no longer contradict, and the built page shows each one literally, linked and dated."""

import re

import pytest

from claims.markers import segments
from snippets import paths, registry
from sitegen import docs_quotes
from sitegen.render import literal
from tests.site_build import LANGUAGES, html

PAGE = "docs-otherwise"
CALL = re.compile(r'\{\{\s*docs_quote\("([^"]+)"\)\s*\}\}')
DATA = docs_quotes.entries()
QUOTES = DATA["quotes"]


def source(language: str) -> str:
    return (paths.DOCS / language / f"{PAGE}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_quote_stands_once_on_the_page_and_the_next_guard_names_what_makes_it_false(language):
    text = source(language)
    assert sorted(CALL.findall(text)) == sorted(QUOTES), "every quote of the file, once, and no other"
    guards = [s for s in segments(text, f"{language}/{PAGE}.md") if s.kind == "guard"]
    for call in CALL.finditer(text):
        beside = next(s for s in guards if s.start > call.end())
        missing = set(QUOTES[call[1]]["false_while"]) - set(beside.names)
        assert not missing, f"{language}/{PAGE}.md: the sentence after quote {call[1]!r} is not guarded by {missing}"


def test_every_claim_a_quote_names_exists():
    for entry in QUOTES.values():
        for name in entry["false_while"]:
            registry.claim(name.lstrip("!"))


@pytest.mark.parametrize("name", sorted(QUOTES))
def test_the_build_refuses_a_quote_its_claims_no_longer_contradict(name):
    now = {n.lstrip("!"): not n.startswith("!") for n in QUOTES[name]["false_while"]}  # the values that contradict it
    docs_quotes.check(name, now.__getitem__)
    for flipped in now:
        with pytest.raises(ValueError, match=re.escape(repr(name))):
            docs_quotes.check(name, {**now, flipped: not now[flipped]}.__getitem__)
    with pytest.raises(KeyError, match="no quote"):
        docs_quotes.check(name + "-missing", now.__getitem__)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_built_page_shows_each_quote_literally_linked_and_dated(site, language):
    page_html = html(site, language, PAGE)
    assert page_html.count('class="docs-quote"') == len(QUOTES)
    for entry in QUOTES.values():
        assert literal(entry["quote"]) in page_html
        for runtime in entry["pages"]:
            assert f'href="{DATA["pages"][runtime]["url"]}#{entry["anchor"]}"' in page_html
    assert page_html.count(literal(DATA["read"])) >= len(QUOTES), "each quote says when it was read"
