"""The live tables, in the language asked for. Labels and row names are ids looked up in the strings.

    python -m sitegen.tables        # every table, in the source language, in the terminal (make facts)

A section without a table of its own here gets the generic one: each of its
claims, what the article reported and what deepagents does today. So a new
section needs no code in this file.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import Any

from snippets import registry
from snippets.lab import JS_SUFFIX
from snippets.answer import ANSWER, TERMS

from sitegen.render import code, show
from sitegen.strings import claim_words, section_words, word


def grid(language: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table: header ids from `labels.`, a first column of row ids from `rows.` (or code), then values."""
    separator = word(language, "list_separator")

    def first(cell: Any) -> str:
        return cell if isinstance(cell, str) and cell.startswith("<code>") else word(language, f"rows.{cell}")

    lines = ["| " + " | ".join(word(language, f"labels.{h}") for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join([first(row[0]), *(cell if isinstance(cell, Label) else show(cell, separator)
                                                  for cell in row[1:])]) + " |" for row in rows]
    return "\n".join(lines)


class Label(str):
    """A cell that is a word of the strings, not a measured value."""


def label(language: str, key: str) -> Label:
    return Label(word(language, f"rows.{key}"))


def modes(facts, language: str) -> str:
    rows = [[code(o.mode) if o.mode else "omitted", o.accepted, o.error, o.child_tools and len(o.child_tools)]
            for o in facts.modes.outcomes]
    return grid(language, ["mode", "accepted", "error", "child_tools"], rows)


def tool_surfaces(facts, language: str) -> str:
    t = facts.tool_surfaces
    rows = [[name, len(s.tools), s.tools, s.has_task] for name, s in
            (("parent", t.parent), ("isolated", t.isolated), ("declarative_fork", t.fork), ("runnable", t.runnable))]
    return grid(language, ["agent", "count", "tools_in_order", "has_task"], rows)


def model_setups(found, under: dict[str, Any], language: str) -> str:
    """For each harness profile deepagents ships (snippets/setups.py: its first model name, and how many more
    share it), the tools an isolated and a fork child hold, with those the site's own model does not get."""
    own = under[found.setups[0].id].tool_surfaces
    more = word(language, "setups.more")

    def held(tools: list[str], mine: list[str]) -> Label:
        added = [code(t) for t in tools if t not in mine]
        return Label(word(language, "setups.added").format(count=len(tools), tools=word(language, "list_separator").join(added))
                     if added else str(len(tools)))

    rows = []
    for setup in (s for s in found.setups if s.dimension == "model"):
        there = under[setup.id].tool_surfaces
        model = "no_profile" if setup.model is None else code(setup.model) + (
            " " + more.format(n=len(setup.family) - 1) if len(setup.family) > 1 else "")
        rows.append([model, held(there.isolated.tools, own.isolated.tools), held(there.fork.tools, own.fork.tools)])
    return grid(language, ["model_reported", "isolated_holds", "fork_holds"], rows)


def refusal(facts, language: str) -> str:
    r = facts.refusal
    return grid(language, ["measured", "value"], [
        ["refusal", r.text],
        ["length", r.length],
        ["arrives_as", r.message_type],
        ["refusals_for_two_calls", r.refusals_received],
        ["all_identical", r.identical],
        ["equals_source", r.matches_source],
        ["unknown_subagent_same_refusal", r.missing_agent_refused_the_same],
        ["child_rounds", r.child_rounds],
        ["child_messages", r.child_messages],
        ["grandchild_ran", r.grandchild_ran],
        ["streamed_from", [f"{agent} · {depth}" for agent, depth in r.streamed_to]],
        ["refusal_on_parent_side", r.on_parent_side],
        ["parent_finished", r.parent_finished],
    ])


def flag(facts, language: str) -> str:
    forms = {"isolated": "isolated", "declarative fork": "declarative_fork", "runnable fork": "runnable_fork"}
    return grid(language, ["child", "state_keys", "flag"], [[forms[c.form], c.keys, c.flag] for c in facts.flag.children])


def gap(facts, language: str) -> str:
    forms = {"declarative fork": "declarative_fork", "runnable fork": "runnable_fork", "runnable, no mode": "runnable",
             "isolated, own task": "isolated_own_task", "fork, own task": "fork_own_task",
             "isolated, agent tool": "isolated_agent_tool", "fork, agent tool": "fork_agent_tool",
             "isolated, parent's agent tool": "isolated_parent_agent_tool"}
    return grid(language, ["child", "task_call_returned", "grandchild_ran", "refused"],
                [[forms[c.form], c.child_got, c.grandchild_ran, c.refused] for c in facts.gap.chains])


def choosing(facts, language: str) -> str:
    """Which kind of child to attach: what each sees, holds and costs, and who stops it going deeper."""
    surfaces, gap_, guidance = facts.tool_surfaces, facts.gap, facts.guidance

    def call(has_task: bool, refused: bool) -> Label:
        return label(language, "no_tool" if not has_task else "refused_call" if refused else "allowed_call")

    def stopper(has_task: bool, refused: bool) -> Label:
        return label(language, "nobody_needs_to" if not has_task else "deepagents" if refused else "you")

    def carried(handed) -> Label:
        return Label(word(language, "rows.carried").format(messages=handed.messages, characters=handed.characters))

    fork_refused, runnable_refused = gap_.chain("declarative fork").refused, gap_.chain("runnable, no mode").refused

    def status(kind: str) -> Label:  # whether attaching one warns that it is in beta
        return label(language, "beta" if any("beta" in w for w in guidance.warnings[kind]) else "stable")

    kinds = {  # one column each
        "isolated": [carried(guidance.isolated), surfaces.isolated.has_task, call(surfaces.isolated.has_task, False),
                     stopper(surfaces.isolated.has_task, False), status("isolated")],
        "declarative_fork": [carried(guidance.fork), surfaces.fork.has_task, call(surfaces.fork.has_task, fork_refused),
                             stopper(surfaces.fork.has_task, fork_refused), status("declarative fork")],
        "runnable": [carried(guidance.runnable), surfaces.runnable.has_task,
                     call(surfaces.runnable.has_task, runnable_refused),
                     stopper(surfaces.runnable.has_task, runnable_refused), status("runnable")],
    }
    # the kinds side by side, one row per question: a compact grid that stays a table on a phone (see claims)
    separator = word(language, "list_separator")
    lines = ["| " + " | ".join([word(language, "labels.kind"), *(word(language, f"rows.{k}") for k in kinds)]) + " |",
             "|" + "---|" * (len(kinds) + 1)]
    for n, question in enumerate(("starts_from", "holds_task", "its_task_call", "who_stops_a_grandchild", "status")):
        cells = [cell if isinstance(cell, Label) else show(cell, separator) for cell in (kinds[k][n] for k in kinds)]
        lines.append("| " + " | ".join([word(language, f"labels.{question}"), *cells]) + " |")
    return '<div class="compact-table" markdown>\n\n' + "\n".join(lines) + "\n\n</div>"


def claims(section: str, facts, language: str, page: str | None = None) -> str:
    """The generic table: each claim of a section, the article's value and today's; and, when a claim of the
    section has a JavaScript twin, a column of the twins' values (— for a claim measured in Python only).
    Its values are symbols and short values (— too for a claim the article does not make): a compact grid
    that stays a table on a phone (`compact-table symbol-grid`, overrides/assets/stylesheets/site.css: its
    columns' names set on their side), under a legend."""
    separator = word(language, "list_separator")
    declared = listed_claims(section, page)
    javascript = any(claim.twin() for claim in declared)
    columns = ("claim", "article", "live_python", "javascript") if javascript else ("claim", "article", "live")
    header = [word(language, f"labels.{h}") for h in columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for claim in declared:
        article = show(claim.article, separator) if claim.from_article else "—"
        cells = [claim_words(claim, language), article, show(claim.live(facts), separator)]
        if javascript:
            twin = claim.twin()
            cells.append(show(twin.live(facts), separator) if twin else "—")
        lines.append("| " + " | ".join(cells) + " |")
    legend = word(language, "labels.legend" if javascript else "labels.legend_python")
    return f'{legend}\n\n<div class="compact-table symbol-grid" markdown>\n\n' + "\n".join(lines) + "\n\n</div>"


def both(name: str, facts, language: str) -> str:
    """A section table of measured values, as linked tabs: the Python measurement, and the JavaScript one
    when that section is measured in JavaScript too (the tabs follow the examples' tabs)."""
    python = TABLES[name](facts, language)
    js_facts = getattr(facts, "js", None)
    if js_facts is None or name not in js_facts:
        return python

    def tab(title: str, body: str, first: bool = False) -> str:
        # `===!` starts a set of its own: right under an example's tabs, `===` would add these two tabs to that
        # set ("Python | JavaScript | Python | JavaScript", the table behind the third)
        return f'==={"!" if first else ""} "{title}"\n\n' + "\n".join("    " + line for line in body.splitlines()) + "\n"

    # the JavaScript reading holds the same sections by the same names: the same renderer reads it
    return tab("Python", python, first=True) + "\n" + tab("JavaScript", TABLES[name](js_facts, language))


# The overview's verdict: which claims decide each kind of child's outcome is data of snippets/answer.py.


def verdict_outcome(outcomes, truth) -> str:
    """The first outcome whose claims hold under `truth` (claim id -> live value), or "unmeasured"."""
    from sitegen.bindings import holds

    return next((outcome for outcome, names in outcomes if holds("guard", names, truth)), "unmeasured")


def verdict(facts, language: str) -> str:
    """Can each kind of child reach a grandchild, and what stops it: Python and JavaScript side by side, every
    cell read from the claims' live values; then the legend of its symbols."""
    from snippets.lab import JS_SUFFIX

    def truth(suffix: str):
        return lambda claim_id: registry.claim(claim_id + suffix).live(facts) is True

    def say(key: str) -> str:
        return word(language, f"verdict.{key}")

    unglossed = list(TERMS)  # each explained where it first appears: a tooltip on its first use

    def glossed(text: str) -> str:
        for key in list(unglossed):
            parts = re.split(r"(<abbr\b.*?</abbr>)", text)  # never inside a term already glossed
            at = next((i for i, part in enumerate(parts) if i % 2 == 0 and term_word(key, language) in part), None)
            if at is not None:
                parts[at] = parts[at].replace(term_word(key, language), term(key, language, facts), 1)
                text = "".join(parts)
                unglossed.remove(key)
        return text

    lines = ["| " + " | ".join(say(f"labels.{h}") for h in ("child", "python", "javascript")) + " |", "|---|---|---|"]
    for key, outcomes in ANSWER:
        cells = [say(f"outcomes.{verdict_outcome(outcomes, truth(suffix))}") for suffix in ("", JS_SUFFIX)]
        lines.append("| " + " | ".join(glossed(cell) for cell in [say(f"rows.{key}"), *cells]) + " |")
    # and in words under it, for a reader with no pointer to hover (a phone): each term the table uses
    used = [key for key in TERMS if key not in unglossed]
    terms = word(language, "terms.separator").join(
        word(language, "terms.entry").format(word=term_word(key, language), gloss=gloss(key, language, facts))
        for key in used)
    # in a <div class="verdict">: the stylesheet keeps its three short columns a grid on a phone, not cards
    return ('<div class="verdict compact-table" markdown>\n\n' + "\n".join(lines) + "\n\n" + say("legend")
            + (f"\n\n{terms}" if terms else "") + "\n\n</div>\n")


def term_word(key: str, language: str) -> str:
    """A term of the first screen as the page writes it (`terms.<key>.word`, Markdown)."""
    return word(language, f"terms.{key}.word")


def gloss(key: str, language: str, facts=None) -> str:
    """What a term means (`terms.<key>.gloss`), while the claims it states (snippets/answer.py TERMS) hold in
    Python and in npm deepagents; else only what declares it (`terms.<key>.plain`): a gloss is never false, and
    the page's sentences bound to those claims name what changed."""
    from sitegen.bindings import holds
    from sitegen.facts import live_facts
    from snippets.lab import JS_SUFFIX

    facts = live_facts() if facts is None else facts
    holding = all(holds("guard", TERMS[key], lambda claim_id, suffix=suffix: registry.claim(claim_id + suffix).live(facts))
                  for suffix in ("", JS_SUFFIX))
    return word(language, f"terms.{key}.{'gloss' if holding else 'plain'}")


def term(key: str, language: str, facts=None) -> str:
    """A term with its gloss as a tooltip (Material's content.tooltips; focusable, so a tap shows it too)."""
    import html

    import markdown as md

    shown = re.sub(r"`([^`]+)`", lambda m: f"<code>{html.escape(m.group(1))}</code>", term_word(key, language))
    plain = html.unescape(re.sub(r"<[^>]+>", "", md.markdown(gloss(key, language, facts)))).strip()
    return f'<abbr class="term" title="{html.escape(plain)}" tabindex="0">{shown}</abbr>'


TABLES = {"modes": modes, "tool_surfaces": tool_surfaces, "refusal": refusal, "flag": flag, "gap": gap,
          "choosing": choosing}


def table(name: str, facts, language: str, page: str | None = None) -> str:
    """The table `name`: one of TABLES, or the claims of the section `name` that belong on `page` (all of them
    without one); under a section's table, the claims of that section whose value differs under some setup, and
    those setups (`elsewhere`)."""
    rendered = both(name, facts, language) if name in TABLES else claims(name, facts, language, page)
    return rendered + elsewhere(name, facts, language)


TABLE_OF = re.compile(r'\{\{\s*table\("(?P<name>[\w-]+)"\)\s*\}\}')


def listed_claims(section: str, page: str | None = None) -> list:
    """The claims of `section` its table on `page` lists (pages as the source language names them). A recipe
    with a page of its own (depth-limit.md, measured by the recipes' experiment) shows the section's table too:
    there, the claims that page binds; on the section's own page, all the others, so that none is listed twice
    and each stands beside the sentences it backs."""
    from sitegen import bound, languages
    from snippets import paths

    declared, own = registry.section(section).claims, registry.section(section).page
    folder = paths.DOCS / languages.source()

    def bound_on(name: str) -> set[str]:
        return {n.lstrip("!").removesuffix(JS_SUFFIX) for _, names in bound.markers(folder / name).values() for n in names}

    if page is None:
        return list(declared)
    if page != own:
        return [claim for claim in declared if claim.id in bound_on(page)]
    elsewhere_listed = set().union(*(bound_on(p.name) for p in sorted(folder.glob("*.md")) if p.name != own
                                     and any(m["name"] == section for m in TABLE_OF.finditer(p.read_text(encoding="utf-8")))))
    return [claim for claim in declared if claim.id not in elsewhere_listed]


def differing(section: str, facts) -> list[tuple[Any, list[str]]]:
    """(claim, the setups under which its value is not the one `facts` give it) for each claim of `section`
    that some setup measures otherwise (the claims provider's `value_in`): what the section's table shows
    holds in the site's own setup only."""
    from sitegen.provider import provider

    if section not in {s.name for s in registry.sections()}:
        return []
    found = []
    for claim in registry.claims_of(registry.section(section)):
        here, there = claim.live(facts), []
        for setup in provider.setups()[1:]:
            with contextlib.suppress(KeyError):  # not measured under that setup: the pages' own value
                if provider.value_in(claim.id, setup) != here:
                    there.append(setup)
        if there:
            found.append((claim, there))
    return found


def elsewhere(section: str, facts, language: str) -> str:
    """A line under a section's table: which of its values hold in the site's own setup only, and where they
    differ (a reader's model, run, parent, arguments or child spec); nothing when every value holds everywhere."""
    found = differing(section, facts)
    if not found:
        return ""

    def label(claim) -> str:  # a JavaScript twin shares its Python claim's words: it says which runtime
        words = claim_words(claim, language)
        return word(language, "setups.in_npm").format(claim=words) if claim.runtime == "js" else words

    items = [word(language, "setups.differs_under").format(
        claim=label(claim), setups=word(language, "list_separator").join(code(s) for s in there))
        for claim, there in found]
    return "\n\n" + word(language, "setups.elsewhere") + "\n\n" + "".join(f"- {item}\n" for item in items)


def sections(language: str) -> str:
    """The overview's table of sections, from the registry: a new section appears by itself."""
    lines = [f"| {word(language, 'labels.section')} | {word(language, 'labels.what_it_measures')} |", "|---|---|"]
    for s in registry.sections():
        title, measures = section_words(s, language), section_words(s, language, "measures")
        lines.append(f"| [{s.number}. {title}]({s.page}) | {measures} |")
    return "\n".join(lines)


def main() -> None:
    from snippets.facts import collect

    from sitegen.languages import source

    facts = collect()
    print(" · ".join(f"{p} {v}" for p, v in facts.versions.items()))
    for s in registry.sections():
        print(f"\n## {s.name}\n\n{table(s.name, facts, source())}")
    print(f"\n## choosing\n\n{choosing(facts, source())}")


if __name__ == "__main__":
    main()
