"""Pages generated at build time (mkdocs-gen-files), in the language of the site being built.

* drift.md: the article's claims against the installed deepagents. What differs
  comes first, grouped by why (sitegen/verdicts.py); the claims that hold follow,
  folded. The JavaScript twins of the claims (npm deepagents) follow in groups
  of their own, judged against the npm releases.
* matrix.md: every claim under every release the version matrix measured
  (data/matrix.json, recorded by `make matrix`): the Python claims under each
  deepagents release on PyPI, then their JavaScript twins under each npm release.
"""

from __future__ import annotations

import json

import mkdocs_gen_files

from snippets import js, registry

from sitegen.facts import live_facts
from sitegen.macros import reason
from sitegen.render import show
from sitegen.strings import claim_words, section_words, word
from sitegen.verdicts import anchor, matrix, matrix_rows, verdict

# Generated pages hold live values: the macros plugin must never read them as templates.
FRONT_MATTER = "---\nrender_macros: false\n---\n\n"
ORDER = ("changed", "not yet", "never held", "setup", "installed differs")
NOT_RECORDED = {"error": "not recorded"}  # a claim added since `make matrix` last ran


def _section_link(claim_id: str, language: str) -> str:
    section = registry.section_of(claim_id)
    return f"[{section.number}. {section_words(section, language)}]({section.page})"


def summary(words: dict, count: dict[str, int], total: int) -> str:
    """How many claims hold, and how many differ for each reason that occurs (none is named with a 0)."""
    others = words["counts_separator"].join(words["counts"][kind].format(count=count[kind]) for kind in ORDER if count[kind])
    return words["summary"].format(total=total, holds=count["holds"], others=others)


def drift_page(language: str) -> str:
    facts = live_facts()
    words = word(language, "drift")
    lines = [words["title"], "", words["intro"].format(version=facts.versions["deepagents"]), ""]
    lines += drift_groups(registry.claims("python"), matrix_rows(), language, "##", "")
    javascript = word(language, "javascript")
    lines += ["", javascript["drift_title"], "", javascript["drift_intro"].format(version=facts.versions[js.VERSION_KEY]), ""]
    lines += drift_groups(registry.claims("js"), matrix_rows("js"), language, "###", "js-")
    return FRONT_MATTER + "\n".join(lines) + "\n"


def drift_groups(claims, rows: dict, language: str, level: str, prefix: str) -> list[str]:
    """The summary, a table per reason a claim differs (headings at `level`, anchors prefixed), the holding ones."""
    facts = live_facts()
    words = word(language, "drift")
    sep = word(language, "list_separator")
    claims = [c for c in claims if c.from_article]
    kinds = {c.id: verdict(c, facts, rows).kind for c in claims}
    count = {kind: sum(k == kind for k in kinds.values()) for kind in ("holds", *ORDER)}
    lines = [summary(words, count, len(claims)), ""]
    for kind in ORDER:
        differing = [c for c in claims if kinds[c.id] == kind]
        if not differing:
            continue
        lines += [f"{level} {words['headings'][kind]} {{ #{prefix}{kind.replace(' ', '-')} }}", "", words["why"][kind], "",
                  words["header"], "|---|---|---|---|---|"]
        for claim in differing:
            lines.append(f"| {claim_words(claim, language)} {{ #{anchor(claim)} }} | {_section_link(claim.id, language)} | "
                         f"{show(claim.article, sep)} | {show(claim.live(facts), sep)} | {reason(claim, facts, rows, language)} |")
        lines.append("")
    holding = [c for c in claims if kinds[c.id] == "holds"]
    lines += [f'??? success "{words["holding"].format(count=len(holding))}"', "",
              "    " + words["holding_header"], "    |---|---|---|"]
    lines += [f"    | {claim_words(c, language)} {{ #{anchor(c)} }} | {_section_link(c.id, language)} | "
              f"{show(c.article, sep)} |" for c in holding]
    return lines


def runs(values: list[tuple[str, object]]) -> list[tuple[str, str, object]]:
    """Consecutive releases with the same value: (first, last, value)."""
    grouped: list[tuple[str, str, object]] = []
    for release, value in values:
        if grouped and grouped[-1][2] == value:
            grouped[-1] = (grouped[-1][0], release, value)
        else:
            grouped.append((release, release, value))
    return grouped


def matrix_page(language: str) -> str:
    words = word(language, "matrix")
    rows = matrix_rows()
    provenance = matrix()["provenance"]
    releases = list(rows)
    lines = [words["title"], "", words["intro"].format(first=releases[0], last=releases[-1], count=len(releases),
                                                      date=provenance["date"], version=live_facts().versions["deepagents"]),
             ""]
    lines += matrix_table(registry.claims("python"), rows, language, "##", "")
    javascript, npm_rows = word(language, "javascript"), matrix_rows("js")
    lines += ["", javascript["matrix_title"], ""]
    if npm_rows:
        npm = list(npm_rows)
        lines += [javascript["matrix_intro"].format(first=npm[0], last=npm[-1], count=len(npm),
                                                    date=matrix()["npm"]["provenance"]["date"],
                                                    version=live_facts().versions[js.VERSION_KEY]), ""]
        lines += matrix_table(registry.claims("js"), npm_rows, language, "###", "js-")
    else:
        lines.append(javascript["none"])
    return FRONT_MATTER + "\n".join(lines) + "\n"


def matrix_table(claims, rows: dict, language: str, level: str = "##", prefix: str = "") -> list[str]:
    """What changed between releases first, a table per section (with its heading); the claims whose value is
    the same in every release follow, folded, in one table. Consecutive releases with one value are one span."""
    words = word(language, "matrix")
    histories = {claim.id: history(claim, rows, language) for claim in claims}
    changed = [c for c in claims if len(histories[c.id]) > 1]
    lines = [words["changed"].format(count=len(changed)), ""]
    for section in registry.sections():
        mine = [c for c in changed if registry.section_of(c.id.removesuffix("@js")) is section]
        if mine:
            heading = f"{level} {_section_link(mine[0].id.removesuffix('@js'), language)} {{ #{prefix}{section.name} }}"
            lines += [heading, "", words["header"], "|---|---|---|"]
            lines += [matrix_row(c, histories[c.id], language) for c in mine] + [""]
    same = [c for c in claims if len(histories[c.id]) <= 1]
    lines += [f'??? note "{words["same"].format(count=len(same))}"', "", "    " + words["header"], "    |---|---|---|"]
    lines += ["    " + matrix_row(c, histories[c.id], language) for c in same]
    return lines


def history(claim, rows: dict, language: str) -> list[str]:
    """A claim's values across the releases of `rows`: one "first–last: value" per run of releases."""
    words, sep = word(language, "matrix"), word(language, "list_separator")
    shown = []
    for first, last, value in runs([(release, json.dumps(values.get(claim.id, NOT_RECORDED), sort_keys=True))
                                    for release, values in rows.items()]):
        value = json.loads(value)
        text = (words["not_recorded"] if value == NOT_RECORDED else words["error"]) if isinstance(value, dict) \
            else show(value, sep)
        span = words["one"].format(release=first) if first == last else words["span"].format(first=first, last=last)
        shown.append(f"{span}{word(language, 'callout.colon')}{text}")
    return shown


def matrix_row(claim, shown: list[str], language: str) -> str:
    statement = claim_words(claim, language)
    if claim.from_article:
        statement = f"[{statement}](drift.md#{anchor(claim)})"
    sep = word(language, "list_separator")
    article = show(claim.article, sep) if claim.from_article else word(language, "labels.not_in_article")
    return f"| {statement} | {article} | {'<br>'.join(shown)} |"


# Each language's site runs this script once, for its own language.
_language = mkdocs_gen_files.config.theme["language"]
with mkdocs_gen_files.open("drift.md", "w") as page:  # the meta description, then the page
    page.write(f"---\ndescription: {json.dumps(word(_language, 'description.drift'))}\n---\n\n{drift_page(_language)}")
with mkdocs_gen_files.open("matrix.md", "w") as page:
    page.write(f"---\ndescription: {json.dumps(word(_language, 'description.matrix'))}\n---\n\n{matrix_page(_language)}")
