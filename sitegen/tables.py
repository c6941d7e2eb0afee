"""The live tables, one per section, in the language asked for.

    python -m sitegen.tables        # every table, in English, in the terminal (make facts)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sitegen.render import show
from sitegen.strings import label, word


def table(language: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table: the first column holds labels, the rest measured values."""
    lines = ["| " + " | ".join(label(language, h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join([label(language, row[0]), *(show(v, word(language, "list_separator")) for v in row[1:])]) + " |" for row in rows]
    return "\n".join(lines)


def modes(m, language: str) -> str:
    rows = [[f"`{o.mode}`" if o.mode else "(omitted)", o.accepted, o.error, o.child_tools and len(o.child_tools)]
            for o in m.outcomes]
    return table(language, ["`mode`", "accepted", "error", "child's tools"], rows)


def tool_surfaces(t, language: str) -> str:
    rows = [[s.agent, len(s.tools), s.tools, s.has_task, s.task_index] for s in (t.parent, t.isolated, t.fork)]
    return table(language, ["agent", "count", "tools, in order", "has `task`", "`task` at index"], rows)


def why_kept(a, language: str) -> str:
    return table(language, ["check", "parent", "fork child", "same?"], [
        ["tools", a.parent_count, a.fork_count, a.parent_count == a.fork_count],
        ["identical leading positions", a.shared_prefix, a.shared_prefix, True],
        ["`task` at index", a.task_index_parent, a.task_index_fork, a.task_index_parent == a.task_index_fork],
        ["`task` description (chars)", a.task_description_length,
         a.task_description_length if a.task_description_identical else None, a.task_description_identical],
    ])


def refusal(r, language: str) -> str:
    return table(language, ["measured", "value"], [
        ["refusal", r.text],
        ["length (characters)", r.length],
        ["arrives as", r.message_type],
        ["refusals for 2 calls", r.refusals_received],
        ["all identical", r.identical],
        ["equals deepagents' source constant", r.matches_source],
        ["unknown sub-agent gets the same refusal", r.missing_agent_refused_the_same],
        ["child's model calls (rounds)", r.child_rounds],
        ["child's messages at the end", r.child_messages],
        ["grandchild ran", r.grandchild_ran],
        ["refusal seen on the parent's side", r.on_parent_side],
        ["parent finished normally", r.parent_finished],
    ])


def flag(f, language: str) -> str:
    return table(language, ["child", "state keys at its first model call", "flag"],
                 [[c.form, c.keys, c.flag] for c in f.children])


def gap(g, language: str) -> str:
    return table(language, ["fork form", "child's `task` call returned", "grandchild ran", "refused"],
                 [[c.form, c.child_got, c.grandchild_ran, c.refused] for c in g.chains])


def guidance(g, language: str) -> str:
    header = ["recipe", "child has `task`", "child saw the parent's conversation", "child's `task` call returned", "grandchild ran"]
    return table(language, header, [[r.advice, r.child_has_task, r.child_saw_parent_conversation, r.child_task_result,
                                      r.grandchild_ran] for r in g.recipes])


def choosing(facts, language: str) -> str:
    """Which kind of sub-agent to attach: the decision table of section 7, from the facts."""
    iso, fork = facts.guidance.recipe("isolated (default)"), facts.guidance.recipe("declarative fork")
    own, runnable = facts.guidance.recipe("runnable fork + own gate"), facts.gap.chain("runnable")
    header = ["kind", "sees your conversation", "holds `task`", "its `task` call", "who stops a grandchild"]

    def call(has_task: bool, refused: bool) -> str:
        return label(language, "no tool to call" if not has_task else "refused" if refused else "allowed")

    def guard(has_task: bool, refused: bool) -> str:
        return label(language, "nobody needs to" if not has_task else "deepagents" if refused else "you")

    rows = [
        ["isolated (default)", iso.child_saw_parent_conversation, iso.child_has_task,
         call(iso.child_has_task, False), guard(iso.child_has_task, False)],
        ["declarative fork", fork.child_saw_parent_conversation, fork.child_has_task,
         call(fork.child_has_task, facts.gap.chain("declarative").refused),
         guard(fork.child_has_task, facts.gap.chain("declarative").refused)],
        ["runnable fork", own.child_saw_parent_conversation, own.child_has_task,
         call(own.child_has_task, runnable.refused), guard(own.child_has_task, runnable.refused)],
    ]
    lines = ["| " + " | ".join(label(language, h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join([label(language, row[0]), show(row[1]), show(row[2]), row[3], row[4]]) + " |" for row in rows]
    return "\n".join(lines)


TABLES = {"modes": modes, "tool_surfaces": tool_surfaces, "why_kept": why_kept, "refusal": refusal,
          "flag": flag, "gap": gap, "guidance": guidance}


def main() -> None:
    from snippets.facts import collect

    facts = collect()
    print(" · ".join(f"{p} {v}" for p, v in facts.versions.items()))
    for name, section in facts.sections.items():
        print(f"\n## {name}\n\n{TABLES[name](section, 'en')}")


if __name__ == "__main__":
    main()
