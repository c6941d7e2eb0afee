"""Diagrams drawn from the live facts, as Mermaid fences the site renders."""

from __future__ import annotations

from snippets.facts import collect
from snippets.gap import Chain
from snippets.lab import label as table_label
from snippets.render import mermaid_label


def label(text: str) -> str:
    """A label in the page's language, escaped for a quoted Mermaid label."""
    return mermaid_label(table_label(text))


def fence(mermaid: str) -> str:
    return f"```mermaid\n{mermaid.strip()}\n```"


def parent_graph() -> str:
    """The parent agent's LangGraph graph, as LangGraph draws it."""
    return fence(collect().tool_surfaces.parent_graph)


def _task_edge(chain: Chain) -> str:
    """A Mermaid edge for a child's `task` call: an arrow if the grandchild ran, a cross if not."""
    if chain.grandchild_ran:
        return f'-- "task: {label("grandchild ran")}" -->'
    return f'-- "task: {label("refused") if chain.refused else label("grandchild ran")}" --x'


def delegation_paths() -> str:
    """Who reaches whom: the three child forms and what their `task` call meets."""
    facts = collect()
    surfaces, gap = facts.tool_surfaces, facts.gap
    tools = label("tools on hand")
    return fence("\n".join([
        "flowchart LR",
        f'  P["{label("parent")}<br/>{len(surfaces.parent.tools)} {tools}"]',
        f'  I["{label("isolated child")}<br/>{len(surfaces.isolated.tools)} {tools}"]',
        f'  F["{label("fork child")}<br/>{len(surfaces.fork.tools)} {tools}"]',
        f'  R["{label("runnable fork")}"]',
        f'  G1(["{label("grandchild")}"])',
        f'  G2(["{label("grandchild")}"])',
        "  P -- task --> I & F & R",
        f'  I -. "{label("task tool on hand")}" .-> G1' if surfaces.isolated.has_task else f'  I -. "{label("no task tool")}" .-x G1',
        f"  F {_task_edge(gap.chain('declarative'))} G1",
        f"  R {_task_edge(gap.chain('runnable'))} G2",
    ]))
