"""Section 6: a child in the `runnable` form delegates for real, with or without `mode`; a declarative fork cannot."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import (
    Bench,
    Claim,
    Mutant,
    Patch,
    Section,
    expect,
    source_note,
    SUBAGENTS_PY,
)


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
    why_no_flag: (
        str | None
    )  # the source's reason the `runnable` form gets no flag, None if gone

    def chain(self, form: str) -> Chain:
        return next(c for c in self.chains if c.form == form)


def measure_gap(bench: Bench) -> Gap:
    run = bench.run("gap")
    refusal = bench.read(
        "refusal"
    )  # section 4's measurement: what deepagents' refusal reads
    chains = []
    for form, events in run["seen"].items():
        got = [
            m.text
            for namespace, (m, _) in events
            if len(namespace) == 1 and m.type == "tool"
        ]
        expect(
            bool(got), looked_for=f"a tool result for the {form} child's `task` call"
        )
        agents = {metadata.get("lc_agent_name") for _, (_, metadata) in events}
        chains.append(
            Chain(
                form,
                got[0],
                grandchild_ran="gc" in agents,
                refused=refusal.matches_source and got[0] == refusal.text,
            )
        )
    return Gap(
        run.printed,
        chains,
        why_no_flag=source_note("deepagents.middleware.subagents", "opaque"),
    )


# Mutants: deepagents (or langchain) with one behaviour changed; each must flip the claims named
# (tools/mutation.py builds the site against each).
_ISOLATED_MESSAGES = (
    '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
)
_MIDDLEWARE_CLASS = (
    "class SubAgentMiddleware(AgentMiddleware[Any, ContextT, ResponseT]):\n"
)
_RUNNABLE_INHERITS = (
    "                inherited = {key: value for key, value in runtime.state.items() "
    "if key not in _EXCLUDED_STATE_KEYS | private_state_keys}\n"
)
MUTANTS = [
    Mutant(
        "runnable-fork-flagged",
        "a runnable-form fork also gets the flag (declared by SubAgentMiddleware), so its grandchild is refused",
        (
            Patch(
                SUBAGENTS_PY,
                _MIDDLEWARE_CLASS,
                _MIDDLEWARE_CLASS + "    state_schema = _ForkedContextState\n",
            ),
            Patch(
                SUBAGENTS_PY,
                _RUNNABLE_INHERITS,
                _RUNNABLE_INHERITS
                + "                inherited[_FORKED_CONTEXT_KEY] = True\n",
            ),
        ),
        flips=(
            "gap-runnable",
            "keys-runnable",
            "flag-only-declarative",
            "flag-closes-gate",
            "flag-declarer",
        ),
    ),
    Mutant(
        "opaque-comment-reworded",
        "the source no longer says why a runnable gets no flag (it is opaque)",
        (
            Patch(
                SUBAGENTS_PY,
                "# A compiled runnable is opaque -- it may not declare these",
                "# A compiled runnable may not declare these",
            ),
        ),
        flips=("gap-reason-in-source",),
    ),
    Mutant(
        "every-runnable-flagged",
        "every child in the runnable form gets the flag, with or without mode, so none delegates further",
        (
            Patch(
                SUBAGENTS_PY,
                _MIDDLEWARE_CLASS,
                _MIDDLEWARE_CLASS + "    state_schema = _ForkedContextState\n",
            ),
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                _ISOLATED_MESSAGES + '            if "runnable" in subagent:\n'
                "                subagent_state[_FORKED_CONTEXT_KEY] = True\n",
            ),
        ),
        flips=("gap-runnable-no-mode", "nest-one-level"),
    ),
]

SECTION = Section(
    "gap",
    6,
    "gap.md",
    "The gap",
    "the `runnable` form, where there is no gate",
    measure_gap,
    scenarios=("gap",),
    reads=("refusal",),
    mutants=MUTANTS,
    claims=[
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
            "gap-reason-in-source",
            "A comment on the `runnable` branch says why it is handed filtered state",
            True,
            lambda facts: facts.gap.why_no_flag is not None,
        ),
    ],
)
