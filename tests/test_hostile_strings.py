"""deepagents' strings are shown as text, whatever they contain.

The site quotes strings from deepagents (the fork refusal, the fork preamble,
the fork line's suffix in the `task` description, the invalid-mode error).
Here the site is built from what the run's own build measured, with each of
those strings made to contain HTML, Markdown, Jinja and table syntax, a
backslash, a backtick, a newline and Chinese, wherever a result holds it (a copy
of the run's cache, every Python result and every setup's rewritten: SWAPS). The
build reads them as it reads any measurement, and measures nothing (a test of
rendering does not measure deepagents again: issue 50). In both languages, every
page that quotes a string must show it exactly, inject no element, and the
strict build must pass. That deepagents' strings reach these results at all is
what the mutants that patch them prove (tools/mutation.py: refusal-reworded and
its kin).

How a string "shows exactly": the page's visible text (the article, tags
stripped, entities decoded: `tests.site_build.text`) contains the string, comparing
runs of whitespace as one space (as a browser does) and ignoring whitespace at
the string's two ends. A newline in the string may be shown either as the two
characters `\\n` (inside inline code, where a line cannot break; this is what
`snippets.lab.inline_code` does) or as a line break (in a quotation); both
forms are accepted, nothing else is.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import re
from html.parser import HTMLParser

import pytest

from snippets import cache as facts_cache
from snippets import js
from tests.site_build import LANGUAGES, PAGES, copy_cache, mkdocs_build, page_path, text

PAYLOAD = "<img src=x> < > & | * _ \\ ` {{ }} {% %} [a](b) *em*\n拒绝"  # payload, not a language


def _deepagents_strings() -> dict[str, str]:
    from deepagents.middleware import subagents

    return {"refusal": subagents._FORK_RECURSION_REFUSAL, "suffix": subagents._FORKED_SUBAGENT_TOOL_NOTE,
            "preamble": subagents._FORK_TASK_PREAMBLE}


REFUSAL = "You are a subagent; " + PAYLOAD
SUFFIX = " (inherits your conversation) " + PAYLOAD
MODE_ERROR = "SubAgent 'a1' has invalid mode 'forked'; " + PAYLOAD


def swaps() -> dict[str, str]:
    """deepagents' string (or the part of it that changes) -> its hostile form, in every result that holds it."""
    found = _deepagents_strings()
    return {found["refusal"]: REFUSAL, found["suffix"]: SUFFIX,
            "actual task is below.]\n\n": "actual task is below.] " + PAYLOAD + "\n\n",
            "; expected 'isolated' or 'fork'": "; " + PAYLOAD}


def _preamble() -> str:
    return _deepagents_strings()["preamble"].replace("actual task is below.]", "actual task is below.] " + PAYLOAD)


# string -> the pages that quote it (in both languages)
SHOWN = {
    "refusal": (lambda: REFUSAL, ("refusal", "drift")),
    "preamble": (_preamble, ("flag",)),
    "suffix": (lambda: SUFFIX, ("flag",)),
    "mode error": (lambda: MODE_ERROR, ("modes", "drift")),
}


def swapped(value, table: dict[str, str]):
    """`value` with every string in it rewritten by `table` (substrings), its types kept."""
    if isinstance(value, str):
        for old, new in table.items():
            value = value.replace(old, new)
        return str(value)
    if isinstance(value, dict):
        rebuilt = copy.copy(value)
        rebuilt.update({key: swapped(item, table) for key, item in value.items()})
        return rebuilt
    if isinstance(value, (list, set, frozenset)):
        return type(value)(swapped(item, table) for item in value)
    if isinstance(value, tuple):
        items = [swapped(item, table) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    if dataclasses.is_dataclass(value) or hasattr(value, "__dict__"):
        rebuilt = copy.copy(value)
        names = [field.name for field in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else list(vars(value))
        for name in names:
            object.__setattr__(rebuilt, name, swapped(getattr(value, name), table))
        return rebuilt
    return value


def rewrite_results(cache, table: dict[str, str]) -> int:
    """Rewrite every Python result (the pages' own and each setup's) of a facts cache; the JavaScript ones stay."""
    count = 0
    for path in sorted((cache / "facts").iterdir()):
        if path.name.endswith(".tmp") or path.name.startswith(f"{js.NAME}-") or f"-{js.NAME}-" in path.name:
            continue  # a file being written, or the JavaScript measurement (its own, or a setup's)
        before = pickle.loads(path.read_bytes())
        after = swapped(before, table)
        if after != before:
            facts_cache.write_atomically(path, facts_cache.plain(after))
            count += 1
    return count


@pytest.fixture(scope="module")
def hostile(tmp_path_factory, build_cache, site):
    """The site built from the run's measurements with every quoted deepagents string hostile: (what the build
    did, how many results were rewritten, its site folder)."""
    folder = tmp_path_factory.mktemp("hostile")
    cache = copy_cache(build_cache, folder / "cache")
    rewritten = rewrite_results(cache, swaps())
    done = mkdocs_build(folder / "site", cache=cache, counts=folder / "counts.json")
    counts = json.loads((folder / "counts.json").read_text(encoding="utf-8")) if done.returncode == 0 else {}
    return done, counts, rewritten, folder / "site"


def _require_site(hostile) -> None:
    done = hostile[0]
    if done.returncode != 0:
        pytest.fail("the hostile build failed, so there is no page to read:\n" + done.stderr[-3000:], pytrace=False)


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_the_build_stays_strict(hostile):
    done = hostile[0]
    assert done.returncode == 0, f"the strict build failed against hostile strings: {done.stderr[-3000:]}"


def test_the_build_read_the_hostile_strings_and_measured_nothing(hostile):
    """Every result that quotes one of the strings was rewritten (else the page checks below prove nothing), and
    the build read them as measured: it ran no experiment and loaded no deepagents."""
    _require_site(hostile)
    _, counts, rewritten, _ = hostile
    assert rewritten >= len(SHOWN), f"only {rewritten} results held deepagents' strings"
    assert counts["measured"] == [] and counts["loaded"] == [], counts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("string", "page"), [(name, page) for name, (_, pages) in SHOWN.items() for page in pages])
def test_the_page_shows_the_exact_string(hostile, language, string, page):
    _require_site(hostile)
    value = SHOWN[string][0]().strip()
    shown = _squeeze(text(hostile[-1], language, page))
    forms = {_squeeze(value.replace("\n", "\\n")), _squeeze(value)}
    assert any(form in shown for form in forms), (
        f"{language}/{page} does not show the {string} exactly.\n  expected: {value!r}\n"
        f"  (a newline may show as \\n or as a line break)\n  page text near it: {_near(shown, value)!r}")


def _near(text: str, value: str) -> str:
    """The page text around the value's first words, to show what was made of it."""
    anchor = _squeeze(value)[:18]
    at = text.find(anchor)
    return text[max(at - 20, 0): at + len(value) + 60] if at >= 0 else text[:200]


class _Elements(HTMLParser):
    """Elements a hostile string could have injected: <img src=x>, <a href=b>, <em>em</em>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.open_em = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img" and attrs.get("src") == "x":
            self.found.append("<img src=x>")
        if tag == "a" and attrs.get("href") == "b":
            self.found.append('<a href="b">')
        if tag == "em":
            self.open_em += 1

    def handle_endtag(self, tag):
        if tag == "em":
            self.open_em -= 1

    def handle_data(self, data):
        if self.open_em and data == "em":
            self.found.append("<em>em</em>")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_element_is_injected(hostile, language):
    _require_site(hostile)
    injected = {}
    for page in PAGES:
        parser = _Elements()
        parser.feed(page_path(hostile[-1], language, page).read_text(encoding="utf-8"))
        if parser.found:
            injected[page] = parser.found
    assert not injected, f"elements injected by deepagents strings ({language}): {injected}"
