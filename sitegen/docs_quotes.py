"""What deepagents' own sub-agent docs say that the measured behaviour contradicts, quoted exactly
(data/docs_quotes.yml), as the page "Where deepagents' docs say otherwise" shows it.

`{{ docs_quote("isolated-task") }}` (sitegen/macros.py) puts one quote on its page: the text as
published, literally, with links to where it stands and the date it was read, and under it a fold
with a report ready to file on deepagents' docs. The sentence beside it on the page, guarded by the
claims the entry names (`false_while`), says what is measured instead; `check()` refuses an entry
whose claims no longer make the quote false, naming it, so neither the quote nor its report outlives
the behaviour it contradicts.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import yaml

from claims.markers import holds
from snippets import js, paths
from sitegen.render import literal
from sitegen.strings import word


@functools.cache
def entries() -> dict[str, Any]:
    """The file as read: `read` (the date), `source`, `pages` (runtime -> url, fetch) and `quotes`."""
    return yaml.safe_load(paths.DOCS_QUOTES.read_text(encoding="utf-8"))


def check(name: str, live) -> None:
    """Stop the build when entry `name` is missing or no longer contradicted: `live(claim_id)` is a claim's value."""
    quotes = entries()["quotes"]
    if name not in quotes:
        raise KeyError(f"{paths.shown(paths.DOCS_QUOTES)} has no quote {name!r}: one of {', '.join(sorted(quotes))}")
    names = tuple(quotes[name]["false_while"])
    if not holds("guard", names, live):
        raise ValueError(
            f"{paths.shown(paths.DOCS_QUOTES)}: quote {name!r} is no longer contradicted by what deepagents does "
            f"({', '.join(names)} do not all hold): the docs may be right now; check them, then remove the quote "
            "and its section of the page, or quote what they say now")


def preamble_opening(preamble: str) -> str:
    """The preamble's first sentence, as a report quotes it."""
    return re.split(r"(?<=\.)\s", preamble.strip(), maxsplit=1)[0]


def fill(template: str, **parts: str) -> str:
    """`template` shown literally, each `{name}` in it replaced by the HTML `parts[name]`."""
    pieces = re.split(r"\{(\w+)\}", template)
    return "".join(parts[piece] if i % 2 else literal(piece) for i, piece in enumerate(pieces))


def render(name: str, facts, language: str) -> str:
    """The quote, where it stands and when it was read, then the report in a fold: one line of HTML."""
    check(name, facts.live)
    data, entry = entries(), entries()["quotes"][name]
    links = literal(word(language, "list_separator")).join(
        f'<a href="{data["pages"][page]["url"]}#{entry["anchor"]}">{literal(word(language, f"docs_otherwise.page.{page}"))}</a>'
        for page in entry["pages"])
    repository = data["source"]["repository"]
    issues = f'<a href="https://github.com/{repository}/issues">{literal(repository)}</a>'
    report = entry["report"].strip().format(
        python=facts.versions["deepagents"], npm=facts.versions[js.VERSION_KEY],
        preamble_opening=preamble_opening(facts.flag.preamble))
    # A quote from a code example is code again (`code: true`), one from prose a line of text in code's font.
    quoted = (f'<pre><code>{literal(entry["quote"])}</code></pre>' if entry.get("code")
              else f'<p><code>{literal(entry["quote"])}</code></p>')
    return (f'<blockquote class="docs-quote">{quoted}'
            f'<p>{fill(word(language, "docs_otherwise.attribution"), links=links, date=literal(data["read"]))}</p></blockquote>'
            f'<details class="note docs-report"><summary>{literal(word(language, "docs_otherwise.report_title"))}</summary>'
            f'<p>{fill(word(language, "docs_otherwise.report_intro"), repository=issues)}</p>'
            f'<pre><code>{literal(report)}</code></pre></details>')
