"""Diagrams drawn from the live facts, as Mermaid fences, in the language asked for (drawn into SVG at build
time by sitegen/drawing.py, which also makes their text alternative from the same labels)."""

from __future__ import annotations

from sitegen.render import mermaid_label
from sitegen.strings import word


BLOCKED = "#c62828"  # Material's red 800; the dark drawing takes its twin (sitegen.drawing.DARK_TWIN)


def fence(mermaid: str) -> str:
    return f"```mermaid\n{mermaid.strip()}\n```"


def delegation_paths(facts, language: str) -> str:
    """Who reaches whom: the kinds of child, how many tools each holds, and what their `task` call meets.

    Top to bottom, so that on a phone the diagram keeps a readable size (left to right it is five boxes
    wide, and its labels shrink to 8 px). A path that is blocked is drawn thick and dashed, in a red that
    reads on the light scheme and a lighter twin on the dark one, its label starting with ✕: more than a colour, and more
    than the small cross at its end."""
    def say(key: str, **values) -> str:
        return mermaid_label(word(language, f"diagram.{key}").format(**values))

    blocked: list[int] = []  # the indexes of the blocked edges, in the order they are drawn

    def edge(number: int, line: str, label: str, open_: bool, dotted: bool = False) -> str:
        if open_:
            return line.format(f'-. "{label}" .->' if dotted else f'-- "{label}" -->')
        blocked.append(number)
        return line.format(f'-. "✕ {label}" .-x' if dotted else f'-- "✕ {label}" --x')

    # The site's own colon, as is (safe inside a quoted label): drawn as SVG text, an edge's label keeps
    # Mermaid's escapes undecoded (sitegen.drawing stops the build on one).
    colon = word(language, "diagram.colon")

    def task_edge(number: int, line: str, chain) -> str:
        if chain.grandchild_ran:
            return edge(number, line, f"task{colon}{say('grandchild_ran')}", True)
        return edge(number, line, f"task{colon}{say('refused') if chain.refused else say('stopped')}", False)

    surfaces, gap = facts.tool_surfaces, facts.gap
    has_task = surfaces.isolated.has_task
    lines = [
        "flowchart TB",
        f"  accTitle: {word(language, 'diagram.title')}",
        f'  P["{say("parent")}<br/>{say("tools", count=len(surfaces.parent.tools))}"]',
        f'  I["{say("isolated")}<br/>{say("tools", count=len(surfaces.isolated.tools))}"]',
        f'  F["{say("declarative_fork")}<br/>{say("tools", count=len(surfaces.fork.tools))}"]',
        f'  R["{say("runnable")}<br/>{say("tools", count=len(surfaces.runnable.tools))}"]',
        f'  G1("{say("grandchild")}")',  # rounded, not a stadium: Mermaid draws a stadium as a 40 KB path
        f'  G2("{say("grandchild")}")',
        "  P -- task --> I & F & R",  # edges 0, 1, 2
        edge(3, "  I {} G1", say("task_on_hand") if has_task else say("no_task"), has_task, dotted=True),
        task_edge(4, "  F {} G1", gap.chain("declarative fork")),
        task_edge(5, "  R {} G2", gap.chain("runnable, no mode")),
    ]
    if blocked:  # Mermaid takes no CSS variable here: this red on white, its twin on slate (4.5:1 or more each)
        lines.append(f"  linkStyle {','.join(map(str, blocked))} "
                     f"stroke:{BLOCKED},stroke-width:3px,stroke-dasharray:7 5,color:{BLOCKED},font-weight:bold")
    return fence("\n".join(lines))
