"""Page variables and macros (mkdocs-macros): every value and every bound sentence in prose comes from here.

Values: `{{ facts.refusal.length }}`, `{{ facts.refusal.text | code }}`,
`{{ facts.flag.preamble | quote }}` (filters from sitegen.render: a value is
always shown literally, whatever it holds).

Sentences about deepagents end with a marker naming their claim:
`{{ guard("id") }}`, `{{ when("id") }}`, `{{ unless("id") }}` or
`{{ narrative("reason") }}` (claims/markers.py says what each does). The claims
plugin (claims/plugin.py, listed before the macros) resolves them before the page is rendered.

Generated content, in the page's language: `{{ table("refusal") }}` (a
section's live table), `{{ sections() }}` (the overview's section table),
`{{ answer() }}` (the overview's verdict, per kind of child
and runtime), `{{ paths_diagram() }}`, `{{ changes("refusal") }}` (the callouts for what differs
from the article, and why),
`{{ whole_file("choose.py") }}` (in a recipe's fold: the whole file as a download,
above its output), `{{ docs_quote("isolated-task") }}` (a
statement of deepagents' docs that live behaviour contradicts, quoted, with a report to file). Where a page's examples start, before their first tab set, a
paragraph says for each runtime how to install what they were measured with and
run them beside scripted_model.py, and what the scripted model is
(`examples_start`, added to every page with examples: no page writes it);
`numbers` holds the counts the overview reconciles (the article's claims and the
site's own, the releases whose behaviour matches the article's and those the
site measures).
"""

from __future__ import annotations

import re

from snippets import paths, registry

from sitegen import diagrams, docs_quotes, installs, tables
from sitegen.assets import repository, revision
from sitegen.facts import live_facts
from sitegen.render import code, quote, show
from sitegen.strings import claim_words, word
from sitegen.verdicts import VERSION_KEYS, article_releases, matrix_rows, verdict


def reason(claim, facts, rows: dict, language: str) -> str:
    """Why `claim` reads differently today, in `language` (see sitegen/verdicts.py); `rows`: the matrix
    rows of the claim's runtime."""
    found = verdict(claim, facts, rows)
    first, last = found.measured or ("", "")
    return word(language, f"callout.reasons.{found.kind}").format(
        since=found.since, first=first, last=last, version=facts.versions[VERSION_KEYS[claim.runtime]],
        setup=claim_words(claim, language, "setup") if claim.setup else "")


def numbers(rows: dict) -> dict[str, object]:
    """Counts a reader can reconcile: the article's claims and the site's own, the releases whose
    behaviour matches the article's and the releases the site measures."""
    article = [c for c in registry.claims() if c.from_article]
    matching, measured = article_releases(rows) or ["—"], list(rows) or ["—"]
    return {"article": len(article), "own": len(registry.claims()) - len(article),
            # the article's claims (its Python readings), and how many of them have a JavaScript twin: the
            # drift report counts them so; `article` counts both readings
            "article_python": sum(c.runtime == "python" for c in article), "article_js": sum(c.runtime == "js" for c in article),
            "article_count": len(article_releases(rows)), "article_first": matching[0], "article_last": matching[-1],
            "measured_count": len(rows), "measured_first": measured[0], "measured_last": measured[-1]}


def define_env(env) -> None:
    facts = live_facts()
    rows = matrix_rows()
    language = env.conf["theme"]["language"]  # each language's build has its own macros environment
    separator = word(language, "list_separator")
    env.variables.update({"facts": facts, "versions": facts.versions, "claims": registry.claims(),
                          "numbers": numbers(rows)})
    env.filter(code)
    env.filter(quote)
    env.filter(lambda value: show(value, separator), "show")
    env.filter(len)

    @env.macro
    def words(key: str) -> str:
        """A phrase of the site's strings in the page's language (sitegen/strings/<language>.yml)."""
        return word(language, key)

    @env.macro
    def table(name: str) -> str:
        """A section's live table (sitegen/tables.py), labelled in the page's language; a section's claims table
        lists the claims that belong on this page (tables.listed_claims)."""
        return tables.table(name, facts, language, env.page.file.src_uri)

    @env.macro
    def setups_table() -> str:
        """What each kind of child holds under each harness profile deepagents ships (snippets/setups.py)."""
        from sitegen.provider import facts_under, setups_measured

        return tables.model_setups(setups_measured(), facts_under(), language)

    @env.macro
    def your_setup() -> str:
        """Every measured combination of runtime, model family, kind of child and what it carries (a table; a
        picker with JavaScript): the tools the child is offered, what its `task` call returns."""
        from sitegen import your_setup as picker
        from sitegen.provider import facts_under, setups_measured

        return picker.table(setups_measured(), facts_under(), getattr(facts, "js", None), language)

    @env.macro
    def sections() -> str:
        return tables.sections(language)

    @env.macro
    def answer() -> str:
        """The overview's answer: for each kind of child, whether a grandchild runs, and what stops it."""
        return tables.verdict(facts, language)

    @env.macro
    def paths_diagram() -> str:
        return diagrams.delegation_paths(facts, language)

    @env.macro
    def whole_file(name: str) -> str:
        """In a recipe's fold, above what the example printed: the whole file as a download (sitegen/assets.py
        publishes every example under downloads/), instead of its code. The page shows the lines that matter
        above the fold; a whole file shown in the page would weigh on it (sitegen/reading.py)."""
        example = paths.SCENARIOS / name
        if not example.is_file():
            raise FileNotFoundError(f"whole_file({name!r}): no {paths.shown(example)}")
        lines = len(paths.published(example).splitlines())
        return word(language, "whole_file").format(name=name, link=f"downloads/{name}", lines=lines)

    @env.macro
    def docs_quote(name: str) -> str:
        """A statement of deepagents' own docs that live behaviour contradicts, quoted exactly, with where it
        stands, when it was read, and a report to file (data/docs_quotes.yml, sitegen/docs_quotes.py)."""
        return docs_quotes.render(name, facts, language)

    @env.macro
    def changes(section: str) -> str:
        """Callouts for the claims of `section` that do not hold as the article said, one per kind of reason."""
        claims = [c for c in registry.section(section).claims if verdict(c, facts, rows).kind not in ("holds", "own")]
        out = []
        for kind in ("changed", "not yet", "never held", "setup", "installed differs"):
            mine = [c for c in claims if verdict(c, facts, rows).kind == kind]
            if not mine:
                continue
            style = "info" if kind in ("never held", "setup") else "warning"
            lines = [f'!!! {style} "{word(language, f"callout.titles.{kind}")}"', ""]
            for claim in mine:  # one sentence per claim, worded by the language (callout.line)
                lines.append("    - " + word(language, "callout.line").format(
                    claim=claim_words(claim, language), article=show(claim.article, separator),
                    live=show(claim.live(facts), separator), reason=reason(claim, facts, rows, language)))
            out.append("\n".join(lines))
        return "\n\n".join(out) + ("\n" if out else "")


# An example in a page's Markdown (its macros rendered): a block titled with its file name, or an excerpt of one
# (```{.python .excerpt}, `--8<-- "snippets/scenarios/choose.py:children"`). The runtime is its fence's language.
EXAMPLE = re.compile(r'^[ \t]*```+[ \t]*(?:(?P<language>python|javascript)\b[^\n]*?\btitle="(?P<title>[\w.-]+)"'
                     r'|\{\.(?P<excerpted>python|javascript) \.excerpt\b[^\n]*\n[ \t]*--8<-- "snippets/scenarios/(?P<file>[\w.-]+):)', re.M)
TAB_SET = re.compile(r"^=== ", re.M)
MODELS = {"python": paths.SCRIPTED_MODEL.name, "javascript": paths.SCRIPTED_MODEL_JS.name}  # in the order of the lines


def tab_set_start(markdown: str, at: int) -> int:
    """Where the tab set holding the text at `at` starts (its first `=== "..."` line), or the line of `at`."""
    tabs = [tab.start() for tab in TAB_SET.finditer(markdown, 0, at)]
    if not tabs:
        return markdown.rfind("\n", 0, at) + 1
    start = tabs.pop()
    for earlier in reversed(tabs):  # a tab of the same set: nothing but its indented content up to the next
        if re.search(r"^(?!===)\S", markdown[markdown.index("\n", earlier) + 1:start], re.M):
            break
        start = earlier
    return start


def examples_start(markdown: str, language: str) -> str:
    """The page with, where its examples start (before the tab set of its first example), one line per runtime
    its examples use: the file that installs what they were measured with (sitegen/installs.py), the command,
    scripted_model.py (.mjs) to save beside them and the command that runs the first; then what the scripted
    model is and how to put your own model in its place. One paragraph, visible with every fold closed, which
    links each scripted model once; a page with no example is returned as it is."""
    first: dict[str, str] = {}
    start = None
    for found in EXAMPLE.finditer(markdown):
        runtime, name = found["language"] or found["excerpted"], found["title"] or found["file"]
        if name in MODELS.values() or not (paths.SCENARIOS / name).is_file():
            continue  # the model itself (the overview shows it), or no example
        first.setdefault(runtime, name)
        if start is None:
            start = tab_set_start(markdown, found.start())
    if start is None:
        return markdown
    files = {"requirements": f"downloads/{installs.REQUIREMENTS}", "package": f"downloads/{installs.PACKAGE}"}
    lines = [word(language, f"examples_start.{runtime}").format(name=first[runtime], model=f"downloads/{model}", **files)
             for runtime, model in MODELS.items() if runtime in first]
    repo = repository()
    said = word(language, "examples_start.model")
    if repo:
        said += word(language, "in_repository").format(url=f"{repo}/tree/{revision()}/snippets/scenarios")
    paragraph = "  \n".join([*lines, said])  # a line break after each runtime's line
    return f"{markdown[:start]}{paragraph}\n\n{markdown[start:]}"


def on_post_page_macros(env) -> None:
    """mkdocs-macros' hook, once a page's macros are rendered: where its examples start, how to run them."""
    env.markdown = examples_start(env.markdown, env.conf["theme"]["language"])
