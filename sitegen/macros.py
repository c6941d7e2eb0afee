"""Page variables for mkdocs-macros: every value and every behavioural sentence in prose comes from here.

Values: `{{ facts.refusal.length }}`, `{{ facts.refusal.text | code }}`,
`{{ facts.flag.preamble | quote }}` (filters from sitegen.render: a value is
always shown literally).

Sentences about how deepagents behaves are bound to a claim of
snippets/article.py, by id, in one of two shapes a writer sees in the page:

    {% if live("refusal-tool-message") %}It is not an exception …{% else %}It raises …{% endif %}

    {% call guard("flag-closes-gate") %}What closes the gate is a boolean …{% endcall %}

`live(id)` is the claim's live value, so the page picks the form that is true.
`guard(id)` is for a sentence with no sensible other form: while the claim's
live value is true it prints the sentence; once it is not, the strict build
stops, naming the page and line, the sentence, the claim and its experiment.

`{{ table("refusal") }}` is a section's live table, `{{ delegation_paths() }}` a diagram, and
`{{ changes("refusal") }}` is the callout listing what differs from the
article, and why (sitegen/verdicts.py).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from snippets.article import ARTICLE_TITLE, CLAIMS, Claim

from sitegen import diagrams, live_facts, tables
from sitegen.render import code, quote, show
from sitegen.strings import word
from sitegen.verdicts import matrix_rows, verdict

ROOT = Path(__file__).resolve().parent.parent
BY_ID = {claim.id: claim for claim in CLAIMS}

class StaleSentence(RuntimeError):
    """A guarded sentence whose claim no longer holds under the installed deepagents."""


def reason(claim: Claim, facts, rows: dict, language: str) -> str:
    """Why `claim` reads differently today, in `language` (see sitegen/verdicts.py)."""
    found = verdict(claim, facts, rows)
    first, last = found.measured or ("", "")
    return word(language, f"callout.{found.kind}").format(
        since=found.since, first=first, last=last, version=facts.versions["deepagents"],
        setup=word(language, f"setup.{claim.id}") if claim.setup else "")


def define_env(env) -> None:
    facts = live_facts()
    rows = matrix_rows()
    env.variables["facts"] = facts
    env.variables["versions"] = facts.versions
    env.variables["claims"] = CLAIMS
    env.variables["article_title"] = ARTICLE_TITLE
    language = env.conf["theme"]["language"]  # each language's site has its own macros environment
    env.filter(code)
    env.filter(quote)
    env.filter(lambda value: show(value, word(language, "list_separator")), "show")
    env.filter(len)

    def claim_named(claim_id: str) -> Claim:
        if claim_id not in BY_ID:
            msg = f"{_page(env)}: no claim {claim_id!r} in snippets/article.py (live() and guard() take a claim id)"
            raise KeyError(msg)
        return BY_ID[claim_id]

    @env.macro
    def live(claim_id: str) -> bool:
        """Whether a yes/no claim is true today, to choose between a sentence's forms."""
        claim = claim_named(claim_id)
        if not isinstance(claim.article, bool):
            msg = (f"{_page(env)}: live({claim_id!r}) needs a yes/no claim, and {claim_id!r} is "
                   f"{type(claim.article).__name__}-valued: add a yes/no claim for the sentence to snippets/article.py")
            raise TypeError(msg)
        return bool(claim.live(facts))

    @env.macro
    def guard(claim_id: str, caller=None) -> str:
        """Print the enclosed sentence while the claim holds; otherwise stop the build naming it."""
        claim = claim_named(claim_id)
        sentence = caller() if caller else ""
        if claim.live(facts):
            return sentence
        line = _line_of(env, f'guard("{claim_id}")')
        readable = html.unescape(re.sub(r"<[^>]+>", "", sentence))  # as a reader sees it
        msg = (f"{_page(env)}:{line}: this sentence is no longer true under deepagents "
               f"{facts.versions['deepagents']}:\n    {' '.join(readable.split())}\n"
               f"  it is guarded by claim {claim_id!r} ({word('en', f'claims.{claim_id}')}), measured by experiment "
               f"{claim.section!r} (snippets/{claim.section}.py), whose live value is now {claim.live(facts)!r}.\n"
               f"  Rewrite the sentence, or write its other form too and choose with live({claim_id!r}).")
        raise StaleSentence(msg)

    @env.macro
    def words(key: str) -> str:
        """A phrase of the site's strings in the page's language (sitegen/strings/<language>.yml)."""
        return word(language, key)

    @env.macro
    def table(section: str) -> str:
        """The live table of a section (sitegen/tables.py), labelled in the page's language."""
        if section == "choosing":
            return tables.choosing(facts, language)
        return tables.TABLES[section](getattr(facts, section), language)

    @env.macro
    def delegation_paths() -> str:
        return diagrams.delegation_paths(facts, language)

    @env.macro
    def parent_graph() -> str:
        return diagrams.parent_graph(facts)

    @env.macro
    def changes(section: str) -> str:
        """An admonition listing the claims of `section` that do not hold as the article said, and why."""
        different = [claim for claim in CLAIMS if claim.section == section and claim.live(facts) != claim.article]
        if not different:
            return ""
        say = lambda key: word(language, f"callout.{key}")  # noqa: E731
        lines = [f'!!! warning "{say("title")}"', "", "    " + say("intro").format(version=facts.versions["deepagents"]), ""]
        for claim in different:
            lines.append(f"    - {word(language, f'claims.{claim.id}')}{say('colon')}{say('article')} {show(claim.article, word(language, 'list_separator'))}"
                         f"{say('comma')}{say('live')} {show(claim.live(facts), word(language, 'list_separator'))}{say('colon')}{reason(claim, facts, rows, language)}")
        return "\n".join(lines) + "\n"


TAG_LINE = re.compile(r"^[ \t]*(\{%(?:[^%\n]|%(?!\}))*%\})[ \t]*\n", re.M)  # one tag, alone on its line
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.M | re.S)


def on_pre_page_macros(env) -> None:
    """A line that holds only a tag ({% if %}, {% else %}, {% endif %}) leaves no blank
    line behind, so a bound list item or table row reads as if it were typed plainly.
    (Jinja's trim_blocks would also glue a sentence ending in an inline {% endif %}
    to the next line.)"""
    markdown, pieces, start = env.markdown, [], 0
    for block in FENCE.finditer(markdown):  # code blocks are shown as written
        pieces += [TAG_LINE.sub(r"\1", markdown[start:block.start()]), block.group(0)]
        start = block.end()
    env.markdown = "".join([*pieces, TAG_LINE.sub(r"\1", markdown[start:])])


def _page(env) -> str:
    page = env.page
    source = Path(page.file.abs_src_path) if page.file.abs_src_path else None
    return str(source.relative_to(ROOT)) if source and source.is_relative_to(ROOT) else page.file.src_uri


def _line_of(env, needle: str) -> int | str:
    source = env.page.file.abs_src_path
    if not source:
        return "?"
    for number, text in enumerate(Path(source).read_text(encoding="utf-8").splitlines(), 1):
        if needle in text:
            return number
    return "?"

