"""Pages generated at build time (mkdocs-gen-files): the drift report, in both languages."""

from __future__ import annotations

import mkdocs_gen_files

from snippets.article import CLAIMS
from snippets.facts import collect

from sitegen.macros import show

SECTION_PAGES = {
    "modes": "modes.md", "tool_surfaces": "tool-surfaces.md", "alignment": "why-kept.md", "refusal": "refusal.md",
    "flag": "flag.md", "gap": "gap.md", "guidance": "guidance.md",
}

TEXT = {
    "en": {
        "title": "# Drift report { #drift-report }",
        "intro": ("Every factual claim of the article, the value it reported, and what the installed "
                  "deepagents {version} does today. Generated at build time from `snippets/article.py` "
                  "and the live facts."),
        "header": "| claim | section | article | live | status |",
        "status": {"holds": "✅ holds", "changed": "⚠️ changed", "depends on setup": "ℹ️ depends on setup"},
        "summary": "{holds} of {total} claims hold as the article reported them.",
    },
    "zh": {
        "title": "# 偏差报告 { #drift-report }",
        "intro": ("原文的每条事实论断、它报告的值，以及当前安装的 deepagents {version} 的实测值。"
                  "构建时由 `snippets/article.py` 和实测事实生成。"),
        "header": "| 论断 | 章节 | 原文 | 实测 | 状态 |",
        "status": {"holds": "✅ 成立", "changed": "⚠️ 已变", "depends on setup": "ℹ️ 取决于设置"},
        "summary": "{total} 条论断中，{holds} 条和原文报告的一致。",
    },
}


def drift_page(language: str) -> str:
    facts = collect()
    words = TEXT[language]
    statuses = [claim.status(facts) for claim in CLAIMS]
    lines = [words["title"], "", words["intro"].format(version=facts.versions["deepagents"]), "",
             words["summary"].format(holds=statuses.count("holds"), total=len(CLAIMS)), "",
             words["header"], "|---|---|---|---|---|"]
    for claim, status in zip(CLAIMS, statuses):
        statement = claim.zh if language == "zh" else claim.en
        page = SECTION_PAGES[claim.section]
        note = f" ({claim.setup[language]})" if claim.setup and status != "holds" else ""
        lines.append(f"| {statement} { '{' } #{claim.id} {'}' } | [{page.removesuffix('.md')}]({page}) | "
                     f"{show(claim.article)} | {show(claim.live(facts))} | {words['status'][status]}{note} |")
    return "\n".join(lines) + "\n"


# Each language's site runs this script once, for its own language.
with mkdocs_gen_files.open("drift.md", "w") as page:
    page.write(drift_page(mkdocs_gen_files.config.theme["language"]))
