"""Section 6: where the flag does not reach. A child in the `runnable` form delegates for real,
with or without `mode`, and so does a declarative child through what its own spec gives it, except a
`task` in a fork; a declarative fork's own `task` is refused."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import Bench, Claim, Section, expect, own_harness_profiles, source_note


@dataclass(frozen=True)
class Chain:
    # gap.py: "declarative fork", "runnable fork", "runnable, no mode"; own_delegation.py:
    # "isolated, own task", "fork, own task", "isolated, agent tool", "fork, agent tool",
    # "isolated, parent's agent tool"
    form: str
    child_got: str | None  # the tool result the child got for its first call (None: the run failed before it got one)
    grandchild_ran: bool
    refused: bool  # was it deepagents' refusal (section 4)?


@dataclass(frozen=True)
class Profiles:
    """An isolated child under a harness profile registered for its model (beta; looked up by the model)."""

    added_task_reached: bool  # the profile's extra middleware, a SubAgentMiddleware: its grandchild ran
    excluded_got: str  # its own SubAgentMiddleware, under a profile excluding `task`: what its `task` call got
    excluded_task_reached: bool  # ... and whether that grandchild ran


@dataclass(frozen=True)
class Gap:
    printed: str
    chains: list[Chain]
    why_no_flag: str | None  # the source's reason the `runnable` form gets no flag
    profiles: Profiles

    def chain(self, form: str) -> Chain:
        return next(c for c in self.chains if c.form == form)


def measure_gap(bench: Bench) -> Gap:
    refusal = bench.read("refusal")  # section 4's measurement: what the refusal reads
    chains = []
    for scenario in ("gap", "own_delegation"):
        for form, events in bench.run(scenario)["seen"].items():
            got = [m.text for ns, (m, _) in events if len(ns) == 1 and m.type == "tool"]
            expect(bool(got), looked_for=f"a tool result for the {form} child's call")
            agents = {metadata.get("lc_agent_name") for _, (_, metadata) in events}
            refused = refusal.matches_source and got[0] == refusal.text
            chains.append(Chain(form, got[0], "gc" in agents, refused))
    return Gap(
        bench.printed["gap"],
        chains,
        why_no_flag=source_note("deepagents.middleware.subagents", "opaque"),
        profiles=under_profiles(),
    )


def under_profiles() -> Profiles:
    """The other public way to reach a declared child's stack: a harness profile for its model.
    Each child's model is a class of its own, so each profile (keyed by provider) applies to it alone."""
    from deepagents import HarnessProfile, create_deep_agent, register_harness_profile
    from deepagents.backends import StateBackend
    from deepagents.middleware import SubAgentMiddleware
    from scripted_model import ScriptedModel, delegate, say

    def own_task():
        grandchild = ScriptedModel(script=[say("grandchild ran")])
        spec = {"name": "gc", "description": "digs", "model": grandchild, "tools": []}
        return SubAgentMiddleware(backend=StateBackend(), subagents=[spec])

    class Adder(ScriptedModel):  # provider "adder"
        pass

    class Excluder(ScriptedModel):  # provider "excluder"
        pass

    adder = Adder(script=[delegate("gc", "dig"), say("done")])
    excluder = Excluder(script=[delegate("gc", "dig"), say("done")])
    children = [
        {"name": "added", "description": "a", "model": adder},
        {"name": "excluded", "description": "e", "model": excluder, "middleware": [own_task()]},
    ]
    parent = ScriptedModel(script=[delegate("added", "go", "c1"), delegate("excluded", "go", "c2"), say("done")])
    with own_harness_profiles():
        register_harness_profile("adder", HarnessProfile(extra_middleware=lambda: [own_task()]))
        register_harness_profile("excluder", HarnessProfile(excluded_tools=frozenset({"task"})))
        create_deep_agent(model=parent, subagents=children).invoke({"messages": [{"role": "user", "content": "go"}]})

    def answer(model) -> str:  # the tool result its `task` call got
        return str(model.seen[-1][-1].content) if len(model.seen) > 1 else ""

    return Profiles("grandchild ran" in answer(adder), answer(excluder), "grandchild ran" in answer(excluder))


SECTION = Section(
    "gap",
    6,
    "gap.md",
    "Where the flag does not reach",
    "what delegates for real: the `runnable` form, and what a declarative child brings itself",
    measure_gap,
    scenarios=("gap", "own_delegation"),
    reads=("refusal",),
    claims=[
        Claim(
            "profile-adds-own-task",
            "A harness profile for an isolated child's model can give it a `task` that reaches a grandchild",
            None,
            lambda facts: facts.gap.profiles.added_task_reached,
        ),
        Claim(
            "profile-excludes-own-task",
            "A harness profile for a child's model that excludes `task` takes away the `task` its own middleware adds",
            None,
            lambda facts: bool(facts.gap.profiles.excluded_got)
            and not facts.gap.profiles.excluded_task_reached,
        ),
        Claim(
            "gap-runnable",
            "A fork child in the `runnable` form reaches its grandchild",
            True,
            lambda facts: facts.gap.chain("runnable fork").grandchild_ran,
            js=lambda facts: (
                facts.js.gap.chains.find(form="runnable fork").grandchild_ran
            ),
        ),
        Claim(
            "gap-declarative",
            "A declarative fork child reaches its grandchild",
            False,
            lambda facts: facts.gap.chain("declarative fork").grandchild_ran,
            js=lambda facts: (
                facts.js.gap.chains.find(form="declarative fork").grandchild_ran
            ),
        ),
        Claim(
            "gap-runnable-no-mode",
            "A `runnable` child without `mode` reaches its grandchild",
            None,
            lambda facts: facts.gap.chain("runnable, no mode").grandchild_ran,
            js=lambda facts: (
                facts.js.gap.chains.find(form="runnable, no mode").grandchild_ran
            ),
        ),
        Claim(
            "gap-isolated-own-task",
            "A declarative isolated child with a `SubAgentMiddleware` of its own reaches its grandchild",
            None,
            lambda facts: facts.gap.chain("isolated, own task").grandchild_ran,
            js=lambda facts: (
                facts.js.gap.chains.find(form="isolated, own task").grandchild_ran
            ),
        ),
        Claim(
            "gap-fork-own-task-refused",
            "A declarative fork child with the same middleware is refused, and no grandchild runs",
            None,
            lambda facts: facts.gap.chain("fork, own task").refused
            and not facts.gap.chain("fork, own task").grandchild_ran,
            # npm deepagents: the run fails before the child's `task` is called (gap-fork-own-task-fails)
            js=lambda facts: (
                (c := facts.js.gap.chains.find(form="fork, own task")).refused
                and not c.grandchild_ran
            ),
        ),
        Claim(
            "gap-fork-own-task-fails",
            "A declarative fork child with the same middleware makes the run fail",
            None,
            # Python's run goes through: the child gets a tool result for its `task` call
            lambda facts: facts.gap.chain("fork, own task").child_got is None,
            js=lambda facts: (
                facts.js.gap.chains.find(form="fork, own task").error is not None
            ),
        ),
        Claim(
            "gap-isolated-agent-tool",
            "A declarative isolated child reaches another agent through a tool that runs one, its own"
            " or the parent's (its spec naming no `tools`)",
            None,
            lambda facts: all(
                facts.gap.chain(form).grandchild_ran and not facts.gap.chain(form).refused
                for form in ("isolated, agent tool", "isolated, parent's agent tool")
            ),
            js=lambda facts: all(
                (c := facts.js.gap.chains.find(form=form)).grandchild_ran and not c.refused
                for form in ("isolated, agent tool", "isolated, parent's agent tool")
            ),
        ),
        Claim(
            "gap-agent-tool",
            "A declarative fork child reaches another agent through a tool of its spec that runs one",
            None,
            lambda facts: facts.gap.chain("fork, agent tool").grandchild_ran
            and not facts.gap.chain("fork, agent tool").refused,
            js=lambda facts: (
                (c := facts.js.gap.chains.find(form="fork, agent tool")).grandchild_ran
                and not c.refused
            ),
        ),
        Claim(
            "gap-reason-in-source",
            "A comment on the `runnable` branch says why it is handed filtered state",
            True,
            lambda facts: facts.gap.why_no_flag is not None,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("middleware_chains",),
    python_only=("profiles",),
)
