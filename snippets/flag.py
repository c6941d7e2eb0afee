"""Section 5: the boolean in the child's own state that closes the gate."""

from __future__ import annotations

import typing
from dataclasses import dataclass

from snippets.lab import experiment, expect, internal, source_note

# deepagents and langchain are imported where an experiment runs, not here: a build
# with every result cached never loads them (tests/test_cache.py checks).

FLAG = "_deepagents_forked_context"


@dataclass(frozen=True)
class ChildState:
    form: str
    keys: list[str]  # state keys at the child's first model call
    flag: bool | None  # the flag's value there; None when the key is absent


@dataclass(frozen=True)
class Flag:
    children: list[ChildState]
    kept_on_input: bool  # from the flag's schema declaration
    kept_on_output: bool
    reaches_parent: bool  # did the flag come back into the parent's state?
    preamble: str  # what deepagents put before the task in the fork child's first human message
    suffix: str  # what the fork child's line in the parent's `task` description adds
    declared_by: list[str]  # deepagents middleware whose state schema declares the flag
    declarer_doc: str | None  # the first line of that middleware's docstring
    why_declared: str | None  # the source's reason for declaring the key, None if gone

    def child(self, form: str) -> ChildState:
        return next(c for c in self.children if c.form == form)



def declared_flag() -> tuple[bool, bool]:
    """How deepagents declares the flag: (kept on input, kept on output)."""
    schema = internal("deepagents.middleware.subagents", "_ForkedContextState",
                      needed_by="flag", meaning=f"the state schema that declares {FLAG}")
    hints = typing.get_type_hints(schema, include_extras=True)
    expect(FLAG in hints, needed_by="flag", looked_for=f"{FLAG} in the fork state schema")
    omit = next(m for m in typing.get_args(typing.get_args(hints[FLAG])[0])[1:] if hasattr(m, "output"))
    return not omit.input, not omit.output


def flag_declarers() -> list[type]:
    """The middleware classes of deepagents' sub-agent module whose state schema has the flag."""
    module = internal("deepagents.middleware", "subagents", needed_by="flag", meaning="the sub-agent middleware module")
    return [cls for cls in vars(module).values()
            if isinstance(cls, type) and FLAG in typing.get_type_hints(getattr(cls, "state_schema", None) or dict)]


@experiment("flag")
def measure_flag() -> Flag:
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, StateProbe, delegate, say

    # A StateProbe middleware records an agent's state each time its model is called.
    probes = {form: StateProbe(form) for form in ("isolated", "fork", "runnable fork")}
    models = {form: ScriptedModel(agent=form, script=[say(f"{form} done")]) for form in probes}
    # The `runnable` form: a deep agent you compiled yourself, handed over as is.
    compiled = create_deep_agent(model=models["runnable fork"], middleware=[probes["runnable fork"]])
    task = "summarise the notes"
    parent = ScriptedModel(agent="parent", script=[
        delegate("iso", task, "c1"), delegate("fk", task, "c2"), delegate("cfk", task, "c3"), say("done"),
    ])
    agent = create_deep_agent(model=parent, subagents=[
        {"name": "iso", "description": "isolated helper", "model": models["isolated"], "middleware": [probes["isolated"]]},
        {"name": "fk", "description": "forked helper", "mode": "fork", "model": models["fork"], "middleware": [probes["fork"]]},
        {"name": "cfk", "description": "compiled fork", "mode": "fork", "runnable": compiled},
    ])
    final = agent.invoke({"messages": [{"role": "user", "content": "summarise the notes three ways"}]})

    for form, probe in probes.items():
        print(f"{form}: {sorted(probe.first)}")  # state keys at the child's first model call
    # --8<-- [end:scenario]
    from langchain_core.messages import HumanMessage

    first_human = [m for m in models["fork"].calls[0] if isinstance(m, HumanMessage)][-1].text
    expect(first_human.endswith(task), needed_by="flag", looked_for="the task text at the end of the fork child's first message")
    listing = parent.tool_description("task")
    start, end = listing.find("- fk: forked helper"), listing.find("\n- cfk: compiled fork")
    expect(0 <= start < end, needed_by="flag",
           looked_for="the line '- fk: forked helper…' before '- cfk: compiled fork…' in the parent's task description")
    kept_on_input, kept_on_output = declared_flag()
    return Flag(
        children=[ChildState(form, sorted(p.first), p.first.get(FLAG)) for form, p in probes.items()],
        kept_on_input=kept_on_input,
        kept_on_output=kept_on_output,
        reaches_parent=FLAG in final,
        preamble=first_human[: -len(task)],
        suffix=listing[start + len("- fk: forked helper"): end],  # may hold any text, newlines included
        declared_by=[cls.__name__ for cls in flag_declarers()],
        declarer_doc=next(((cls.__doc__ or "").strip().splitlines()[0] for cls in flag_declarers() if cls.__doc__), None),
        why_declared=source_note("deepagents.middleware.subagents", "declared schema"),
    )
