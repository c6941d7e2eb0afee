"""Pages generated at build time (mkdocs-gen-files), in the language of the site being built:
the drift report (the article's claims against the live facts) and the version
matrix (the same claims under every deepagents release, from data/matrix.json)."""

from __future__ import annotations

import json
from pathlib import Path

import mkdocs_gen_files

from snippets.article import CLAIMS
from snippets.facts import collect
from snippets.render import show

from sitegen import pages_showing
from sitegen.macros import reason
from sitegen.verdicts import MATRIX, matrix_rows, verdict

# Generated pages hold live values: the macros plugin must never read them as templates.
FRONT_MATTER = "---\nrender_macros: false\n---\n\n"



TEXT = {
    "en": {
        "title": "# Drift report { #drift-report }",
        "intro": ("Every factual claim of the article, the value it reported, and what the installed "
                  "deepagents {version} does today. Generated at build time from `snippets/article.py` "
                  "and the live facts."),
        "header": "| claim | section | article | live | status |",
        "status": {"holds": "✅ holds", "changed": "⚠️ deepagents changed", "never held": "📝 the article's wording",
                   "setup": "ℹ️ depends on setup", "installed differs": "⚠️ installed copy differs"},
        "summary": ("{holds} of {total} claims hold as the article reported them; {changed} changed in a later "
                    "deepagents release, {never} never held in any measured release, {setup} depend on the setup."),
    },
    "zh": {
        "title": "# 偏差报告 { #drift-report }",
        "intro": ("原文的每条事实论断、它报告的值，以及当前安装的 deepagents {version} 的实测值。"
                  "构建时由 `snippets/article.py` 和实测事实生成。"),
        "header": "| 论断 | 章节 | 原文 | 实测 | 状态 |",
        "status": {"holds": "✅ 成立", "changed": "⚠️ deepagents 改了", "never held": "📝 原文说法不准",
                   "setup": "ℹ️ 取决于设置", "installed differs": "⚠️ 安装的版本不同"},
        "summary": ("{total} 条论断中，{holds} 条和原文报告的一致；{changed} 条在后来的 deepagents 版本里变了，"
                    "{never} 条在测过的任何版本里都不成立，{setup} 条取决于实验设置。"),
    },
}


def drift_page(language: str) -> str:
    facts = collect()
    rows = matrix_rows()
    words = TEXT[language]
    kinds = [verdict(claim, facts, rows).kind for claim in CLAIMS]
    lines = [words["title"], "", words["intro"].format(version=facts.versions["deepagents"]), "",
             words["summary"].format(holds=kinds.count("holds"), total=len(CLAIMS), changed=kinds.count("changed"),
                                     never=kinds.count("never held"), setup=kinds.count("setup")), "",
             words["header"], "|---|---|---|---|---|"]
    for claim, kind in zip(CLAIMS, kinds):
        statement = claim.zh if language == "zh" else claim.en
        page = pages_showing(claim.section, language)[0].name  # the page that shows the claim's experiment
        why = "" if kind == "holds" else f"<br>{reason(claim, facts, rows, language)}"
        lines.append(f"| {statement} {{ #{claim.id} }} | [{page.removesuffix('.md')}]({page}) | "
                     f"{show(claim.article)} | {show(claim.live(facts))} | {words['status'][kind]}{why} |")
    return FRONT_MATTER + "\n".join(lines) + "\n"


MATRIX_TEXT = {
    "en": {
        "title": "# Version matrix { #version-matrix }",
        "intro": ("Each claim of the article measured under every deepagents release that has fork mode, "
                  "each release in its own environment. Recorded by `{command}` on {date}; "
                  "this build runs deepagents {version}."),
        "header": "| claim | article | by release | last changed in |",
        "never": "never",
        "error": "not measurable",
    },
    "zh": {
        "title": "# 版本矩阵 { #version-matrix }",
        "intro": ("原文的每条论断，在每个带 fork 模式的 deepagents 版本下各测一遍，每个版本装在独立环境里。"
                  "由 `{command}` 于 {date} 记录；本次构建用的是 deepagents {version}。"),
        "header": "| 论断 | 原文 | 各版本的值 | 最近一次变化 |",
        "never": "从未变",
        "error": "测不了",
    },
}


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
    words = MATRIX_TEXT[language]
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
            text = words["error"] if isinstance(value, dict) else show(value)
            span = first if first == last else f"{first}–{last}"
            shown.append(f"{span}: {text}")
        changed = history[-1][0] if len(history) > 1 else words["never"]
        statement = claim.zh if language == "zh" else claim.en
        lines.append(f"| [{statement}](drift.md#{claim.id}) | {show(claim.article)} | {'<br>'.join(shown)} | {changed} |")
    return FRONT_MATTER + "\n".join(lines) + "\n"


# Each language's site runs this script once, for its own language.
_language = mkdocs_gen_files.config.theme["language"]
with mkdocs_gen_files.open("drift.md", "w") as page:
    page.write(drift_page(_language))
with mkdocs_gen_files.open("matrix.md", "w") as page:
    page.write(matrix_page(_language))
