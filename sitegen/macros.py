"""Page variables for mkdocs-macros: every value and every behavioural sentence in prose comes from here.

Values: `{{ facts.refusal.length }}`, `{{ facts.refusal.text | code }}`,
`{{ facts.flag.preamble | quote }}` (filters from snippets.render: a value is
always shown literally).

Sentences about how deepagents behaves are bound to a claim of
snippets/article.py, by id, in one of two shapes a writer sees in the page:

    {% if live("refusal-tool-message") %}It is not an exception …{% else %}It raises …{% endif %}

    {% call guard("flag-closes-gate") %}What closes the gate is a boolean …{% endcall %}

`live(id)` is the claim's live value, so the page picks the form that is true.
`guard(id)` is for a sentence with no sensible other form: while the claim's
live value is true it prints the sentence; once it is not, the strict build
stops, naming the page and line, the sentence, the claim and its experiment.

`{{ changes("refusal") }}` is the callout listing what differs from the
article, and why (sitegen/verdicts.py).
"""

from __future__ import annotations

import re
from pathlib import Path

from snippets.article import ARTICLE, CLAIMS, Claim
from snippets.render import code, quote, show

from sitegen import live_facts
from sitegen.verdicts import matrix_rows, verdict

ROOT = Path(__file__).resolve().parent.parent
BY_ID = {claim.id: claim for claim in CLAIMS}

WORDS = {
    "en": {
        "title": "Changed since the article",
        "intro": "The article measured an older deepagents; these of its claims read differently under deepagents {version}:",
        "article": "the article saw",
        "live": "live",
        "changed": "deepagents changed this in release {since}",
        "never held": "no measured release ({first}–{last}) behaves as the article says: the article's wording, not a deepagents change",
        "setup": "depends on setup: {setup}",
        "installed differs": "the installed deepagents differs from release {version} as the version matrix measured it",
    },
    "zh": {
        "title": "与原文不同之处",
        "intro": "原文测的是更早的 deepagents；在 deepagents {version} 下，下面这些论断已不是原文说的样子：",
        "article": "原文看到",
        "live": "实测",
        "changed": "deepagents 在 {since} 版改了这一点",
        "never held": "测过的版本（{first}–{last}）没有一个像原文说的那样：是原文的说法不准，不是 deepagents 变了",
        "setup": "取决于实验设置：{setup}",
        "installed differs": "当前安装的 deepagents 和版本矩阵里测到的 {version} 版不一样",
    },
}


class StaleSentence(RuntimeError):
    """A guarded sentence whose claim no longer holds under the installed deepagents."""


def reason(claim: Claim, facts, rows: dict, language: str) -> str:
    """Why `claim` reads differently today, in `language` (see sitegen/verdicts.py)."""
    found = verdict(claim, facts, rows)
    first, last = found.measured or ("", "")
    return WORDS[language][found.kind].format(
        since=found.since, first=first, last=last, version=facts.versions["deepagents"],
        setup=(claim.setup or {}).get(language, ""))


def define_env(env) -> None:
    facts = live_facts()
    rows = matrix_rows()
    env.variables["facts"] = facts
    env.variables["versions"] = facts.versions
    env.variables["claims"] = CLAIMS
    env.variables["article"] = ARTICLE
    env.filter(code)
    env.filter(quote)
    env.filter(show)
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
        msg = (f"{_page(env)}:{line}: this sentence is no longer true under deepagents "
               f"{facts.versions['deepagents']}:\n    {' '.join(sentence.split())}\n"
               f"  it is guarded by claim {claim_id!r} ({claim.en}), measured by experiment "
               f"{claim.section!r} (snippets/{claim.section}.py), whose live value is now {claim.live(facts)!r}.\n"
               f"  Rewrite the sentence, or give it its other form with {{% if live({claim_id!r}) %}}.")
        raise StaleSentence(msg)

    @env.macro
    def changes(section: str) -> str:
        """An admonition listing the claims of `section` that do not hold as the article said, and why."""
        different = [claim for claim in CLAIMS if claim.section == section and claim.live(facts) != claim.article]
        if not different:
            return ""
        language = env.conf["theme"]["language"]
        words = WORDS[language]
        lines = [f'!!! warning "{words["title"]}"', "", "    " + words["intro"].format(version=facts.versions["deepagents"]), ""]
        for claim in different:
            statement = claim.zh if language == "zh" else claim.en
            separator = "：" if language == "zh" else ": "
            comma = "，" if language == "zh" else ", "
            lines.append(f"    - {statement}{separator}{words['article']} {show(claim.article)}{comma}"
                         f"{words['live']} {show(claim.live(facts))}{separator}{reason(claim, facts, rows, language)}")
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

