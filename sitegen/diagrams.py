"""Diagrams drawn from the live facts, as Mermaid fences, in the language asked for."""

from __future__ import annotations

from sitegen.render import mermaid_label
from sitegen.strings import word


def fence(mermaid: str) -> str:
    return f"```mermaid\n{mermaid.strip()}\n```"


def delegation_paths(facts, language: str) -> str:
    """Who reaches whom: the kinds of child, how many tools each holds, and what their `task` call meets."""
    def say(key: str, **values) -> str:
        return mermaid_label(word(language, f"diagram.{key}").format(**values))

    def edge(chain) -> str:  # an arrow if the grandchild ran, a cross if not
        if chain.grandchild_ran:
            return f'-- "task: {say("grandchild_ran")}" -->'
        return f'-- "task: {say("refused") if chain.refused else say("stopped")}" --x'

    surfaces, gap = facts.tool_surfaces, facts.gap
    isolated_edge = (f'  I -. "{say("task_on_hand")}" .-> G1' if surfaces.isolated.has_task
                     else f'  I -. "{say("no_task")}" .-x G1')
    return fence("\n".join([
        "flowchart LR",
        f'  P["{say("parent")}<br/>{say("tools", count=len(surfaces.parent.tools))}"]',
        f'  I["{say("isolated")}<br/>{say("tools", count=len(surfaces.isolated.tools))}"]',
        f'  F["{say("declarative_fork")}<br/>{say("tools", count=len(surfaces.fork.tools))}"]',
        f'  R["{say("runnable")}<br/>{say("tools", count=len(surfaces.runnable.tools))}"]',
        f'  G1(["{say("grandchild")}"])',
        f'  G2(["{say("grandchild")}"])',
        "  P -- task --> I & F & R",
        isolated_edge,
        f"  F {edge(gap.chain('declarative fork'))} G1",
        f"  R {edge(gap.chain('runnable, no mode'))} G2",
    ]))
