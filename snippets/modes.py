"""Section 1: which `mode` values a sub-agent spec may carry."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import ask, build, experiment

# deepagents and langchain are imported where an experiment runs, not here: a build
# with every result cached never loads them (tests/test_cache.py checks).

CANDIDATES = [None, "isolated", "fork", "handoff", "forked", "shared", "inherit"]


@dataclass(frozen=True)
class ModeOutcome:
    mode: str | None  # None: the spec has no `mode` key at all
    accepted: bool
    error: str | None  # the exact error when assembly rejects it
    child_tools: list[str] | None  # what the child was bound to, when accepted


@dataclass(frozen=True)
class Modes:
    outcomes: list[ModeOutcome]
    fork_skills_error: str | None  # a fork spec that sets `skills`
    isolated_skills_accepted: bool  # the same `skills` on an isolated spec
    duplicate_name_error_isolated: str | None
    duplicate_name_error_fork: str | None
    fork_warnings: list[str]  # warnings emitted while attaching one fork child

    def outcome(self, mode: str | None) -> ModeOutcome:
        return next(o for o in self.outcomes if o.mode == mode)



def assemble(*specs: dict) -> tuple[str | None, list[str]]:
    """Try to assemble a parent with these sub-agents: (error or None, warnings)."""
    from snippets.scripted import ScriptedModel

    try:
        _, warned = build(ScriptedModel(agent="parent", script=[]), specs)
    except ValueError as error:
        return str(error), []
    return None, warned


def try_mode(mode: str | None) -> ModeOutcome:
    from snippets.scripted import ScriptedModel, delegate, say

    spec = {"name": "a1", "description": "helper", "model": ScriptedModel(agent="a1", script=[say("done")])}
    if mode is not None:
        spec["mode"] = mode
    error, _ = assemble(spec)
    if error:
        return ModeOutcome(mode, accepted=False, error=error, child_tools=None)
    # Accepted: delegate once and record what the child was actually given.
    parent = ScriptedModel(agent="parent", script=[delegate("a1", "say done", "c1"), say("ok")])
    agent, _ = build(parent, [spec])
    ask(agent, "delegate to a1")
    return ModeOutcome(mode, accepted=True, error=None, child_tools=spec["model"].tool_names)


@experiment("modes")
def measure_modes() -> Modes:
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, say

    parent = ScriptedModel(agent="parent", script=[])
    for mode in ("isolated", "fork", "forked"):
        helper = ScriptedModel(agent="a1", script=[say("done")])
        spec = {"name": "a1", "description": "helper", "mode": mode, "model": helper}
        try:
            create_deep_agent(model=parent, subagents=[spec])  # the check runs here, before any model call
            print(f"{mode}: accepted")
        except ValueError as error:
            print(f"{mode}: {error}")
    # --8<-- [end:scenario]

    def child(name: str, **extra: object) -> dict:
        return {"name": name, "description": "helper", "model": ScriptedModel(agent=name, script=[]), **extra}

    skills_on_fork, _ = assemble(child("a1", mode="fork", skills=["/skills/"]))
    skills_on_isolated, _ = assemble(child("a1", skills=["/skills/"]))
    _, fork_warnings = assemble(child("a1", mode="fork"))
    return Modes(
        outcomes=[try_mode(mode) for mode in CANDIDATES],
        fork_skills_error=skills_on_fork,
        isolated_skills_accepted=skills_on_isolated is None,
        duplicate_name_error_isolated=assemble(child("a1"), child("a1"))[0],
        duplicate_name_error_fork=assemble(child("a1", mode="fork"), child("a1", mode="fork"))[0],
        fork_warnings=fork_warnings,
    )
