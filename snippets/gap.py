"""Section 6: a `runnable`-form fork delegates for real; a declarative fork cannot."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import experiment, source_note
from snippets.refusal import measure_refusal


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



def declarative_chain():
    """parent → declarative fork child → grandchild `gc`; returns (child, grandchild) models."""
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    child = ScriptedModel(agent="declarative child", script=[delegate("gc", "dig deeper", "k1"), say("child done")])
    grandchild = ScriptedModel(agent="grandchild", script=[say("grandchild dug deeper")])
    parent = ScriptedModel(agent="parent", script=[delegate("fk", "go deeper", "p1"), say("parent done")])
    # The declarative fork shares the parent's `task`, which also knows `gc`.
    agent = create_deep_agent(model=parent, subagents=[
        {"name": "fk", "description": "fork", "mode": "fork", "model": child},
        {"name": "gc", "description": "grandchild", "model": grandchild},
    ])
    agent.invoke({"messages": [{"role": "user", "content": "go as deep as you can"}]})
    return child, grandchild


@experiment("gap")
def measure_gap() -> Gap:
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    # Your own compiled deep agent, with its own sub-agent `gc` behind its own `task` ...
    child = ScriptedModel(agent="runnable child", script=[delegate("gc", "dig deeper", "k1"), say("child done")])
    grandchild = ScriptedModel(agent="grandchild", script=[say("grandchild dug deeper")])
    my_agent = create_deep_agent(model=child, subagents=[{"name": "gc", "description": "grandchild", "model": grandchild}])

    # ... handed to the parent as a fork in the `runnable` form.
    parent = ScriptedModel(agent="parent", script=[delegate("fk", "go deeper", "p1"), say("parent done")])
    agent = create_deep_agent(model=parent, subagents=[
        {"name": "fk", "description": "fork", "mode": "fork", "runnable": my_agent},
    ])
    agent.invoke({"messages": [{"role": "user", "content": "go as deep as you can"}]})
    print("grandchild ran:", bool(grandchild.calls))
    # --8<-- [end:scenario]
    from langchain_core.messages import ToolMessage

    refusal = measure_refusal()  # section 4's measurement
    chains = []
    for form, (kid, grandkid) in (("declarative", declarative_chain()), ("runnable", (child, grandchild))):
        got = next(m for m in kid.calls[-1] if isinstance(m, ToolMessage)).text
        refused = refusal.matches_source and got == refusal.text
        chains.append(Chain(form, got, grandchild_ran=bool(grandkid.calls), refused=refused))
    return Gap(chains, why_no_flag=source_note("deepagents.middleware.subagents", "opaque"))
