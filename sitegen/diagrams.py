"""Diagrams drawn from the live facts, as Mermaid fences, in the language asked for."""

from __future__ import annotations

from sitegen.render import mermaid_label
from sitegen.strings import label as word


def fence(mermaid: str) -> str:
    return f"```mermaid\n{mermaid.strip()}\n```"


def parent_graph(facts) -> str:
    """The parent agent's LangGraph graph, as LangGraph draws it."""
    return fence(facts.tool_surfaces.parent_graph)


def delegation_paths(facts, language: str) -> str:
    """Who reaches whom: the three child forms and what their `task` call meets."""
    def label(text: str) -> str:
        return mermaid_label(word(language, text))

    def task_edge(chain) -> str:  # an arrow if the grandchild ran, a cross if not
        if chain.grandchild_ran:
            return f'-- "task: {label("grandchild ran")}" -->'
        return f'-- "task: {label("refused") if chain.refused else label("grandchild ran")}" --x'

    surfaces, gap = facts.tool_surfaces, facts.gap
    tools = label("tools on hand")
    isolated_edge = (f'  I -. "{label("task tool on hand")}" .-> G1' if surfaces.isolated.has_task
                     else f'  I -. "{label("no task tool")}" .-x G1')
    return fence("\n".join([
        "flowchart LR",
        f'  P["{label("parent")}<br/>{len(surfaces.parent.tools)} {tools}"]',
        f'  I["{label("isolated child")}<br/>{len(surfaces.isolated.tools)} {tools}"]',
        f'  F["{label("fork child")}<br/>{len(surfaces.fork.tools)} {tools}"]',
        f'  R["{label("runnable fork")}"]',
        f'  G1(["{label("grandchild")}"])',
        f'  G2(["{label("grandchild")}"])',
        "  P -- task --> I & F & R",
        isolated_edge,
        f"  F {task_edge(gap.chain('declarative'))} G1",
        f"  R {task_edge(gap.chain('runnable'))} G2",
    ]))
