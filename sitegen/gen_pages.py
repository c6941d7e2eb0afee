"""Pages generated at build time (mkdocs-gen-files), in the language of the site being built:
the drift report (the article's claims against the live facts) and the version
matrix (the same claims under every deepagents release, from data/matrix.json)."""

from __future__ import annotations

import json
from pathlib import Path

import mkdocs_gen_files

from snippets.article import CLAIMS
from snippets.facts import collect

from sitegen import pages_showing
from sitegen.render import show
from sitegen.strings import word
from sitegen.macros import reason
from sitegen.verdicts import MATRIX, matrix_rows, verdict

# Generated pages hold live values: the macros plugin must never read them as templates.
FRONT_MATTER = "---\nrender_macros: false\n---\n\n"



def drift_page(language: str) -> str:
    facts = collect()
    rows = matrix_rows()
    words = word(language, "drift")
    sep = word(language, "list_separator")
    kinds = [verdict(claim, facts, rows).kind for claim in CLAIMS]
    lines = [words["title"], "", words["intro"].format(version=facts.versions["deepagents"]), "",
             words["summary"].format(holds=kinds.count("holds"), total=len(CLAIMS), changed=kinds.count("changed"),
                                     never=kinds.count("never held"), setup=kinds.count("setup")), "",
             words["header"], "|---|---|---|---|---|"]
    for claim, kind in zip(CLAIMS, kinds):
        statement = word(language, f"claims.{claim.id}")
        page = pages_showing(claim.section, language)[0].name  # the page that shows the claim's experiment
        why = "" if kind == "holds" else f"<br>{reason(claim, facts, rows, language)}"
        lines.append(f"| {statement} {{ #{claim.id} }} | [{page.removesuffix('.md')}]({page}) | "
                     f"{show(claim.article, sep)} | {show(claim.live(facts), sep)} | {words['status'][kind]}{why} |")
    return FRONT_MATTER + "\n".join(lines) + "\n"


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
    matrix = json.loads(MATRIX.read_text(encoding="utf-8"))
    words = word(language, "matrix")
    sep = word(language, "list_separator")
    rows = {release: row for release, row in matrix["rows"].items() if "facts" in row}
    provenance = matrix["provenance"]
    lines = [words["title"], "", words["intro"].format(command=provenance["command"].strip(), date=provenance["date"],
                                                      version=collect().versions["deepagents"]), "",
             words["header"], "|---|---|---|---|"]
    for claim in CLAIMS:
        history = runs([(release, json.dumps(row["facts"].get(claim.id, {"error": "not recorded"}), sort_keys=True)) for release, row in rows.items()])
        shown = []
        for first, last, value in history:
            value = json.loads(value)
            text = words["error"] if isinstance(value, dict) else show(value, sep)
            span = first if first == last else f"{first}–{last}"
            shown.append(f"{span}: {text}")
        changed = history[-1][0] if len(history) > 1 else words["never"]
        statement = word(language, f"claims.{claim.id}")
        lines.append(f"| [{statement}](drift.md#{claim.id}) | {show(claim.article, sep)} | {'<br>'.join(shown)} | {changed} |")
    return FRONT_MATTER + "\n".join(lines) + "\n"


# Each language's site runs this script once, for its own language.
_language = mkdocs_gen_files.config.theme["language"]
with mkdocs_gen_files.open("drift.md", "w") as page:
    page.write(drift_page(_language))
with mkdocs_gen_files.open("matrix.md", "w") as page:
    page.write(matrix_page(_language))
