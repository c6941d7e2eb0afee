"""Section 6: a child in the `runnable` form delegates for real, with or without `mode`; a declarative fork cannot."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import Claim, Section, experiment, expect, run_scenario, source_note


@dataclass(frozen=True)
class Chain:
    form: str  # declarative fork, runnable fork, "runnable, no mode"
    child_got: str  # the tool result the child got for its `task` call
    grandchild_ran: bool
    refused: bool  # was it deepagents' refusal (section 4)?


@dataclass(frozen=True)
class Gap:
    printed: str
    chains: list[Chain]
    why_no_flag: str | None  # the source's reason the `runnable` form gets no flag, None if gone

    def chain(self, form: str) -> Chain:
        return next(c for c in self.chains if c.form == form)


@experiment("gap")
def measure_gap() -> Gap:
    from snippets.refusal import measure_refusal

    run = run_scenario("gap", needed_by="gap")
    refusal = measure_refusal()  # section 4's measurement: what deepagents' refusal reads
    chains = []
    for form, events in run["seen"].items():
        got = [m.text for namespace, (m, _) in events if len(namespace) == 1 and m.type == "tool"]
        expect(bool(got), needed_by="gap", looked_for=f"a tool result for the {form} child's `task` call")
        agents = {metadata.get("lc_agent_name") for _, (_, metadata) in events}
        chains.append(Chain(form, got[0], grandchild_ran="gc" in agents, refused=refusal.matches_source and got[0] == refusal.text))
    return Gap(run.printed, chains, why_no_flag=source_note("deepagents.middleware.subagents", "opaque"))


SECTION = Section("gap", 6, "gap.md", measure_gap, scenarios=("gap",), claims=[
    Claim("gap-runnable", True, lambda facts: facts.gap.chain("runnable fork").grandchild_ran),
    Claim("gap-declarative", False, lambda facts: facts.gap.chain("declarative fork").grandchild_ran),
    Claim("gap-runnable-no-mode", None, lambda facts: facts.gap.chain("runnable, no mode").grandchild_ran),
    Claim("gap-reason-in-source", True, lambda facts: facts.gap.why_no_flag is not None),
])
