"""Section 6: a `runnable`-form fork delegates for real; a declarative fork cannot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from snippets.lab import ask, build, experiment, source_note, table
from snippets.refusal import measure_refusal

if TYPE_CHECKING:
    from snippets.scripted import ScriptedModel

# deepagents and langchain are imported where an experiment runs, not here: a build
# with every result cached never loads them (tests/test_cache.py checks).


@dataclass(frozen=True)
class Chain:
    form: str
    child_got: str  # the tool result the child got for its `task` call
    grandchild_ran: bool
    refused: bool  # did the child get deepagents' refusal?


@dataclass(frozen=True)
class Gap:
    chains: list[Chain]
    why_no_flag: str | None  # the source's reason the `runnable` form gets no flag, None if gone

    def chain(self, form: str) -> Chain:
        return next(c for c in self.chains if c.form == form)

    def table(self) -> str:
        return table(["fork form", "child's `task` call returned", "grandchild ran", "refused"],
                     [[c.form, c.child_got, c.grandchild_ran, c.refused] for c in self.chains])


def run_chain(form: str) -> tuple[ScriptedModel, ScriptedModel]:
    """parent → fork child → grandchild `gc`; returns (child, grandchild) models."""
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    child = ScriptedModel(agent=f"{form} child", script=[delegate("gc", "dig deeper", "k1"), say("child done")])
    grandchild = ScriptedModel(agent="grandchild", script=[say("grandchild dug deeper")])
    gc_spec = {"name": "gc", "description": "grandchild", "model": grandchild}
    if form == "runnable":
        # Your own compiled deep agent, with its own sub-agent `gc` behind its own `task`.
        compiled = create_deep_agent(model=child, subagents=[gc_spec])
        specs = [{"name": "fk", "description": "fork", "mode": "fork", "runnable": compiled}]
    else:
        # The declarative fork shares the parent's `task`, which also knows `gc`.
        specs = [{"name": "fk", "description": "fork", "mode": "fork", "model": child}, gc_spec]
    parent = ScriptedModel(agent="parent", script=[delegate("fk", "go deeper", "p1"), say("parent done")])
    agent, _ = build(parent, specs)
    ask(agent, "go as deep as you can")
    return child, grandchild


@experiment("gap")
def measure_gap() -> Gap:
    from langchain_core.messages import ToolMessage

    refusal = measure_refusal().text  # section 4's measurement
    chains = []
    for form in ("declarative", "runnable"):
        child, grandchild = run_chain(form)
        got = next(m for m in child.calls[-1] if isinstance(m, ToolMessage)).text
        chains.append(Chain(form, got, grandchild_ran=bool(grandchild.calls), refused=got == refusal))
    return Gap(chains, why_no_flag=source_note("deepagents.middleware.subagents", "opaque"))
