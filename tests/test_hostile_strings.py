"""deepagents' strings are shown as text, whatever they contain.

The site quotes strings from deepagents (the fork refusal, the fork preamble,
the fork line's suffix in the `task` description, the invalid-mode error).
Here the site is built against a scratch copy of deepagents
(`tools.mutation.build_against`) in which each of those strings contains
HTML, Markdown, Jinja and table syntax, a backslash, a backtick, a newline and
Chinese. In both languages, every page that quotes a string must show it
exactly, inject no element, and the strict build must pass.

How a string "shows exactly": the page's visible text (the article, tags
stripped, entities decoded: `tests.site_build.text`) contains the string, comparing
runs of whitespace as one space (as a browser does) and ignoring whitespace at
the string's two ends. A newline in the string may be shown either as the two
characters `\\n` (inside inline code, where a line cannot break; this is what
`snippets.lab.inline_code` does) or as a line break (in a quotation); both
forms are accepted, nothing else is.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.named_claims import ERROR_TEXT, TEXT
from tests.site_build import LANGUAGES, PAGES, copy_cache, page_path, text
from snippets.lab import SUBAGENTS_PY, Mutant, Patch
from tools import mutation as mutate

PAYLOAD = "<img src=x> < > & | * _ \\ ` {{ }} {% %} [a](b) *em*\n拒绝"  # payload, not a language

REFUSAL = "You are a subagent; " + PAYLOAD
SUFFIX = " (inherits your conversation) " + PAYLOAD
MODE_ERROR = "SubAgent 'a1' has invalid mode 'forked'; " + PAYLOAD

PATCHES = (
    Patch(SUBAGENTS_PY,
          '_FORK_RECURSION_REFUSAL = (\n    "You are a subagent and cannot delegate to another subagent. '
          'Complete this task yourself instead of calling this tool again."\n)',
          f"_FORK_RECURSION_REFUSAL = (\n    {REFUSAL!r}\n)"),
    Patch(SUBAGENTS_PY, '    "actual task is below.]\\n\\n"\n', f'    "actual task is below.] " {PAYLOAD!r} "\\n\\n"\n'),
    Patch(SUBAGENTS_PY,
          '_FORKED_SUBAGENT_TOOL_NOTE = " (inherits your full conversation and system prompt — no need to restate context here)"',
          f"_FORKED_SUBAGENT_TOOL_NOTE = {SUFFIX!r}"),
    Patch(SUBAGENTS_PY,
          """msg = f"SubAgent '{spec['name']}' has invalid mode '{mode}'; expected 'isolated' or 'fork'\"""",
          f"""msg = f"SubAgent '{{spec['name']}}' has invalid mode '{{mode}}'; " + {PAYLOAD!r}"""),
)


def _preamble() -> str:
    from deepagents.middleware.subagents import _FORK_TASK_PREAMBLE

    return _FORK_TASK_PREAMBLE.replace("actual task is below.]", "actual task is below.] " + PAYLOAD)


# string -> the pages that quote it (in both languages)
SHOWN = {
    "refusal": (lambda: REFUSAL, ("refusal", "drift")),
    "preamble": (_preamble, ("flag",)),
    "suffix": (lambda: SUFFIX, ("flag",)),
    "mode error": (lambda: MODE_ERROR, ("modes", "drift")),
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory, build_cache, site):
    """The site built against deepagents whose strings are hostile: (what the build observed, its site folder).
    It reads a copy of the run's cache: whatever the patched files feed (every Python experiment and example) is
    measured again, as its keys follow deepagents' files; the JavaScript measurement and the diagrams are not."""
    folder = tmp_path_factory.mktemp("hostile")
    copy_cache(build_cache, folder / "cache")
    seen = mutate.build_against(Mutant("hostile-strings", "every quoted string is hostile", PATCHES, ()), folder,
                                cache=folder / "cache")
    return seen, folder / "site"


def _require_site(hostile) -> None:
    seen, _ = hostile
    if seen.error or seen.stops or seen.failure:
        problem = seen.error or "\n".join([*seen.stops, seen.failure or ""])
        pytest.fail("the hostile build failed, so there is no page to read:\n" + problem, pytrace=False)


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_the_build_stays_strict(hostile):
    seen, _ = hostile
    assert not seen.error and not seen.stops and not seen.failure, f"the strict build failed against hostile strings: {seen.error or seen.stops or seen.failure}"


def test_the_patched_strings_are_measured(hostile):
    """The experiments really saw the hostile strings (else the page checks below prove nothing)."""
    _require_site(hostile)
    seen, _ = hostile
    assert seen.live[TEXT.id] == REFUSAL
    assert seen.live[ERROR_TEXT.id] == MODE_ERROR


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("string", "page"), [(name, page) for name, (_, pages) in SHOWN.items() for page in pages])
def test_the_page_shows_the_exact_string(hostile, language, string, page):
    _require_site(hostile)
    value = SHOWN[string][0]().strip()
    shown = _squeeze(text(hostile[1], language, page))
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
        parser.feed(page_path(hostile[1], language, page).read_text(encoding="utf-8"))
        if parser.found:
            injected[page] = parser.found
    assert not injected, f"elements injected by deepagents strings ({language}): {injected}"
