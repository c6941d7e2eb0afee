"""Pages generated at build time (mkdocs-gen-files), in the language of the site being built.

* drift.md: the article's claims against the installed deepagents. What differs
  comes first, grouped by why (sitegen/verdicts.py): under each kind of verdict,
  each reason is said once, then the claims it explains; the claims that hold
  follow, folded. The JavaScript twins of the claims (npm deepagents) follow in
  groups of their own, judged against the npm releases.
* matrix.md: first "what differs in your release": for each release (PyPI and
  npm), folded, only the claims whose value there is not the one the site shows
  (verdicts.what_differs), with a tiny inline script that adds a picker of
  releases (the page reads whole without it). Then every claim under every
  release the version matrix measured (data/matrix.json, recorded by `make
  matrix`): the Python claims under each deepagents release on PyPI, then their
  JavaScript twins under each npm release.

Every table of both pages sits in a `<div class="release-rows">`: on a phone the
stylesheet shows each row as a card whose values read whole under the claim
("label: value"), never split over two columns.
"""

from __future__ import annotations

import json
from html import escape

import mkdocs_gen_files

from snippets import js, paths, registry

from sitegen.facts import live_facts
from sitegen.macros import reason
from sitegen.render import show
from sitegen.strings import claim_words, section_words, word
from sitegen.verdicts import NOT_RECORDED, anchor, matrix, matrix_rows, verdict, what_differs

# Generated pages hold live values: the macros plugin must never read them as templates.
FRONT_MATTER = "---\nrender_macros: false\n---\n\n"


def described(page: str, description: str) -> str:
    """A generated page with its meta description in its own front matter (one block: a second would be shown)."""
    return page.replace(FRONT_MATTER, f"---\nrender_macros: false\ndescription: {json.dumps(description)}\n---\n\n", 1)
ORDER = ("changed", "not yet", "never held", "setup", "installed differs")
PICKER = paths.ROOT / "overrides" / "assets" / "javascripts" / "release-picker.js"  # inlined: this page only


def rows_block(table: list[str]) -> list[str]:
    """A table (Markdown lines) in a `release-rows` block: read whole on a phone (see the module doc)."""
    return ['<div class="release-rows" markdown>', "", *table, "", "</div>", ""]


def folded(kind: str, summary: str, body: list[str], attributes: str = "") -> list[str]:
    """A fold (Material's `details` look, of `kind`), closed, around Markdown lines."""
    return [f'<details class="{kind}"{attributes} markdown>', f"<summary>{summary}</summary>", "", *body, "</details>", ""]


def _section_link(claim_id: str, language: str) -> str:
    section = registry.section_of(claim_id)
    return f"[{section.number}. {section_words(section, language)}]({section.page})"


def summary(words: dict, count: dict[str, int], total: int, template: str | None = None) -> str:
    """How many claims hold, and how many differ for each reason that occurs (none is named with a 0).
    `template`: the sentence, when not `words["summary"]` (the JavaScript readings count fewer claims than the
    article made: a second total of the article's claims on one page would contradict the first)."""
    others = words["counts_separator"].join(words["counts"][kind].format(count=count[kind]) for kind in ORDER if count[kind])
    return (template or words["summary"]).format(total=total, holds=count["holds"], others=others)


def drift_page(language: str) -> str:
    facts = live_facts()
    words = word(language, "drift")
    lines = [words["title"], "", words["intro"].format(version=facts.versions["deepagents"]), ""]
    lines += drift_groups(registry.claims("python"), matrix_rows(), language, "##", "")
    javascript = word(language, "javascript")
    lines += ["", javascript["drift_title"], "", javascript["drift_intro"].format(version=facts.versions[js.VERSION_KEY]), ""]
    lines += drift_groups(registry.claims("js"), matrix_rows("js"), language, "###", "js-", javascript["drift_summary"])
    return FRONT_MATTER + "\n".join(lines) + "\n"


def drift_groups(claims, rows: dict, language: str, level: str, prefix: str, template: str | None = None) -> list[str]:
    """The summary, a table per reason a claim differs (headings at `level`, anchors prefixed), the holding ones."""
    facts = live_facts()
    words = word(language, "drift")
    sep = word(language, "list_separator")
    claims = [c for c in claims if c.from_article]
    kinds = {c.id: verdict(c, facts, rows).kind for c in claims}
    count = {kind: sum(k == kind for k in kinds.values()) for kind in ("holds", *ORDER)}
    lines = [summary(words, count, len(claims), template), ""]
    for kind in ORDER:
        differing = [c for c in claims if kinds[c.id] == kind]
        if not differing:
            continue
        reasons: dict[str, list] = {}  # each reason once, in the order of its first claim
        for claim in differing:
            reasons.setdefault(reason(claim, facts, rows, language), []).append(claim)
        lines += [f"{level} {words['headings'][kind]} {{ #{prefix}{kind.replace(' ', '-')} }}", ""]
        if len(reasons) > 1:  # the kind in general, then each reason; one reason says it all
            lines += [words["why"][kind], ""]
        for why, explained in reasons.items():
            table = [words["header"], "|---|---|---|---|"]
            table += [f"| {claim_words(c, language)} {{ #{anchor(c)} }} | {_section_link(c.id, language)} | "
                      f"{show(c.article, sep)} | {show(c.live(facts), sep)} |" for c in explained]
            lines += [why, "", *rows_block(table)]
    holding = [c for c in claims if kinds[c.id] == "holds"]
    table = [words["holding_header"], "|---|---|---|"]
    table += [f"| {claim_words(c, language)} {{ #{anchor(c)} }} | {_section_link(c.id, language)} | {show(c.article, sep)} |"
              for c in holding]
    lines += folded("success", words["holding"].format(count=len(holding)), rows_block(table))
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
    lines += your_release(language)
    lines += [words["by_release"], ""]
    lines += matrix_table(registry.claims("python"), rows, language, "###", "", "python")
    javascript, npm_rows = word(language, "javascript"), matrix_rows("js")
    lines += ["", javascript["matrix_title"], ""]
    if npm_rows:
        npm = list(npm_rows)
        lines += [javascript["matrix_intro"].format(first=npm[0], last=npm[-1], count=len(npm),
                                                    date=matrix()["npm"]["provenance"]["date"],
                                                    version=live_facts().versions[js.VERSION_KEY]), ""]
        lines += matrix_table(registry.claims("js"), npm_rows, language, "###", "js-", "js")
    else:
        lines.append(javascript["none"])
    return FRONT_MATTER + "\n".join(lines) + "\n"


def your_release(language: str) -> list[str]:
    """What differs in the reader's release: for each release of each runtime, newest first, only the claims
    whose value there is not the one the site shows (a fold per run of releases that differ alike; a line
    when nothing differs). Each fold names its releases for the picker the inline script adds."""
    facts = live_facts()
    words, sep = word(language, "matrix"), word(language, "list_separator")
    yours = words["yours"]
    picker = f'<div class="release-picker" data-label="{escape(yours["pick"])}" data-all="{escape(yours["all"])}" hidden>'
    lines = [yours["title"], "", yours["intro"].format(version=facts.versions["deepagents"],
                                                       npm=facts.versions[js.VERSION_KEY]), "", f"{picker}</div>", ""]
    for runtime, key, prefix in (("python", "deepagents", "pypi"), ("js", js.VERSION_KEY, "npm")):
        name, pinned = yours["runtime"][runtime], facts.versions[key]
        for group in reversed(what_differs(facts, runtime)):
            first, last = group.releases[0], group.releases[-1]
            releases = words["one"].format(release=first) if first == last else \
                words["span"].format(first=first, last=last)
            attributes = f' id="{prefix}-{first}" data-runtime="{escape(name)}" data-releases="{" ".join(group.releases)}"'
            if not group.differs:
                same = yours["same"].format(runtime=name, releases=releases)
                lines += [f'<p class="release-diff"{attributes}>{same}</p>', ""]
                continue
            count = yours["count_one"] if len(group.differs) == 1 else yours["count"].format(count=len(group.differs))
            table = [yours["header"].format(releases=releases, pinned=words["one"].format(release=pinned)), "|---|---|---|"]
            table += [f"| [{claim_words(claim, language)}]({registry.section_of(claim.base).page}) | "
                      f"{value_shown(value, language)} | {show(claim.live(facts), sep)} |" for claim, value in group.differs]
            summary = yours["summary"].format(runtime=name, releases=releases, count=count)
            lines += folded("note release-diff", summary, rows_block(table), attributes)
    script = "\n".join(line for line in PICKER.read_text(encoding="utf-8").splitlines()
                       if line.strip() and not line.lstrip().startswith("//"))
    return [*lines, f"<script>\n{script}\n</script>", ""]


def value_shown(value, language: str) -> str:
    """A value the matrix recorded, as a cell shows it: a dict is a release that could not measure it."""
    if isinstance(value, dict):
        return word(language, "matrix.not_recorded") if value == NOT_RECORDED else word(language, "matrix.error")
    return show(value, word(language, "list_separator"))


def matrix_table(claims, rows: dict, language: str, level: str = "###", prefix: str = "",
                 runtime: str = "python") -> list[str]:
    """What changed between releases first, a table per section (with its heading); the claims whose value is
    the same in every release follow, folded, in one table. Consecutive releases with one value are one span,
    tagged with its runtime's registry (PyPI's deepagents, or npm's: "js")."""
    words = word(language, "matrix")
    histories = {claim.id: history(claim, rows, language) for claim in claims}
    changed = [c for c in claims if len(histories[c.id]) > 1]
    lines = [words["changed"].format(count=len(changed)), ""]
    for section in registry.sections():
        mine = [c for c in changed if registry.section_of(c.base) is section]
        if mine:
            heading = f"{level} {_section_link(mine[0].base, language)} {{ #{prefix}{section.name} }}"
            table = [words["header"], "|---|---|---|", *(matrix_row(c, histories[c.id], language, runtime) for c in mine)]
            lines += [heading, "", *rows_block(table)]
    same = [c for c in claims if len(histories[c.id]) <= 1]
    table = [words["header"], "|---|---|---|", *(matrix_row(c, histories[c.id], language, runtime) for c in same)]
    lines += folded("note", words["same"].format(count=len(same)), rows_block(table))
    return lines


def history(claim, rows: dict, language: str) -> list[str]:
    """A claim's values across the releases of `rows`: one "first–last: value" per run of releases."""
    words = word(language, "matrix")
    shown = []
    for first, last, value in runs([(release, json.dumps(values.get(claim.id, NOT_RECORDED), sort_keys=True))
                                    for release, values in rows.items()]):
        span = words["one"].format(release=first) if first == last else words["span"].format(first=first, last=last)
        shown.append(f"{span}{word(language, 'callout.colon')}{value_shown(json.loads(value), language)}")
    return shown


def matrix_row(claim, shown: list[str], language: str, runtime: str = "python") -> str:
    """A claim's row: its words (linked to its line of the drift report), the article's value, and its values by
    release, one run of releases a line, each tagged with the runtime's name (PyPI's deepagents or npm's: the two
    look alike otherwise, on a phone's cards above all; site.css colours the tags)."""
    statement = claim_words(claim, language)
    if claim.from_article:
        statement = f"[{statement}](drift.md#{anchor(claim)})"
    sep = word(language, "list_separator")
    article = show(claim.article, sep) if claim.from_article else word(language, "labels.not_in_article")
    tag = f'<span class="registry registry--{runtime}">{escape(word(language, "matrix.yours.runtime")[runtime])}</span>'
    runs_shown = "".join(f'<span class="run">{tag} {run}</span>' for run in shown)  # a space: what is copied or read aloud
    return f"| {statement} | {article} | {runs_shown} |"


# Each language's site runs this script once, for its own language.
_language = mkdocs_gen_files.config.theme["language"]
with mkdocs_gen_files.open("drift.md", "w") as page:  # the meta description, then the page
    page.write(described(drift_page(_language), word(_language, "description.drift")))
with mkdocs_gen_files.open("matrix.md", "w") as page:
    page.write(described(matrix_page(_language), word(_language, "description.matrix")))
