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
from tools import drift_watch

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


def serving(pages: dict[str, str]):
    """A stand-in for the docs' server: url -> page text, or an error for any other url."""
    def served(url: str) -> str:
        if url not in pages:
            raise OSError(f"no route to {url}")
        return pages[url]
    return served


def as_quoted() -> dict[str, str]:
    """Each page as served, holding its quotes, rewrapped and padded as a served table would be."""
    return {page["fetch"]: "\n".join("|  " + " \n ".join(entry["quote"].split(" ")) + "   |"
                                     for entry in QUOTES.values() if runtime in entry["pages"])
            for runtime, page in DATA["pages"].items()}


def test_the_drift_watch_finds_every_quote_on_its_pages_as_served(monkeypatch):
    monkeypatch.setattr(drift_watch, "served", serving(as_quoted()))
    text, status = drift_watch.docs_report()
    assert status == 0 and f"All {len(QUOTES)} quotes still stand" in text


def test_the_drift_watch_names_a_quote_gone_from_its_page_and_what_to_do(monkeypatch):
    name, entry = next(iter(QUOTES.items()))
    runtime = entry["pages"][0]
    pages = as_quoted()
    fetch = DATA["pages"][runtime]["fetch"]
    pages[fetch] = pages[fetch].replace(entry["quote"].split(" ")[-1], "(rewritten)")
    monkeypatch.setattr(drift_watch, "served", serving(pages))
    text, status = drift_watch.docs_report()
    assert status == 1
    assert f"`{name}` is no longer on {DATA['pages'][runtime]['url']}" in text
    assert paths.shown(paths.DOCS_QUOTES) in text, "says which file to update"


def test_the_drift_watch_names_a_page_it_could_not_read(monkeypatch):
    pages = as_quoted()
    unreadable = next(iter(pages))
    del pages[unreadable]
    monkeypatch.setattr(drift_watch, "served", serving(pages))
    text, status = drift_watch.docs_report()
    assert status == 0 and f"{unreadable} could not be read" in text and "its quotes were not checked" in text
