"""Page variables for mkdocs-macros: every number or string in prose comes from here.

In a page: `{{ facts.refusal.length }}`, `{{ facts.refusal.text | code }}`,
`{{ changes("refusal") }}` (the callout listing what changed since the article).
"""

from __future__ import annotations

from snippets.article import Claim, changed
from snippets.lab import inline_code, show

from sitegen import live_facts


WORDS = {
    "en": {
        "title": "Changed since the article",
        "intro": "The article measured an older deepagents. Here the installed deepagents {version} differs:",
        "article": "the article saw",
        "live": "live",
        "setup": "depends on setup",
    },
    "zh": {
        "title": "与原文不同之处",
        "intro": "原文测的是更早的 deepagents。当前安装的 deepagents {version} 在这些地方不一样：",
        "article": "原文看到",
        "live": "实测",
        "setup": "取决于实验设置",
    },
}


def define_env(env) -> None:
    facts = live_facts()
    env.variables["facts"] = facts
    env.variables["versions"] = facts.versions
    env.filter(inline_code, "code")
    env.filter(show)
    env.filter(len)

    @env.macro
    def changes(section: str) -> str:
        """An admonition listing the claims of `section` that no longer hold as the article said."""
        different: list[Claim] = changed(section, facts)
        if not different:
            return ""
        lang = env.conf["theme"]["language"]
        words = WORDS[lang]
        lines = [f'!!! warning "{words["title"]}"', "", "    " + words["intro"].format(version=facts.versions["deepagents"]), ""]
        for claim in different:
            statement = claim.zh if lang == "zh" else claim.en
            line = f"    - {statement}: {words['article']} {show(claim.article)}, {words['live']} {show(claim.live(facts))}"
            if claim.setup:
                line += f" ({words['setup']}: {claim.setup[lang]})"
            lines.append(line)
        return "\n".join(lines) + "\n"
