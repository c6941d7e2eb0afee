"""Section 1: which `mode` values a sub-agent spec may carry, and the rules that come with fork."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import SAME, Bench, Claim, Section, source_note

CANDIDATES = [
    None,
    "isolated",
    "fork",
    "handoff",
    "forked",
    "shared",
    "inherit",
]  # the article's seven
NO_PROMPT_ANSWER = "the child answered without a prompt"  # what a child whose spec sets no `system_prompt` answers


@dataclass(frozen=True)
class ModeOutcome:
    mode: str | None  # None: the spec has no `mode` key at all
    accepted: bool
    error: str | None  # the exact error when assembly rejects it
    child_tools: list[str] | None  # what the child's model is offered, when accepted


@dataclass(frozen=True)
class UnknownSubagent:
    raised: str | None  # the exception the parent's invoke raised, if it did
    tool_result: str | None  # else the tool result the parent's `task` call got
    parent_finished: bool  # the parent produced its final answer


@dataclass(frozen=True)
class Modes:
    printed: str  # what the page's scenario printed
    outcomes: list[ModeOutcome]
    fork_skills_error: str | None  # a fork spec that sets `skills`
    isolated_skills_accepted: bool  # the same `skills` on an isolated spec
    duplicate_name_error_isolated: str | None
    duplicate_name_error_fork: str | None
    fork_warnings: list[str]  # warnings emitted while attaching one fork child
    names_reason: str | None  # the source's reason names must be unique, None if gone
    unknown_subagent: UnknownSubagent  # a parent (no fork) calls `task` for a name it lacks
    no_prompt_result: str | None  # the parent's `task` result from an isolated spec without `system_prompt`

    def outcome(self, mode: str | None) -> ModeOutcome:
        return next(o for o in self.outcomes if o.mode == mode)


def assemble(*specs: dict) -> tuple[str | None, list[str]]:
    """Assemble a parent with these sub-agents: (the error, or None; the warnings emitted)."""
    import warnings

    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            create_deep_agent(model=ScriptedModel(script=[]), subagents=list(specs))
        except ValueError as error:
            return str(error), []
    return None, [str(w.message) for w in caught]


def try_mode(mode: str | None) -> ModeOutcome:
    """Assemble a parent with one child of this mode; if accepted, delegate once and record the child's tools."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    from snippets.lab import tools_watch

    offered: dict[str, list] = {}
    spec = {
        "name": "a1",
        "description": "helper",
        "model": ScriptedModel(script=[say("done")]),
        "middleware": [tools_watch(offered)("a1")],
    }
    if mode is not None:
        spec["mode"] = mode
    error, _ = assemble(spec)
    if error:
        return ModeOutcome(mode, accepted=False, error=error, child_tools=None)
    parent = ScriptedModel(script=[delegate("a1", "say done"), say("ok")])
    create_deep_agent(model=parent, subagents=[spec]).invoke(
        {"messages": [{"role": "user", "content": "delegate to a1"}]}
    )
    return ModeOutcome(
        mode,
        accepted=True,
        error=None,
        child_tools=[tool.name for tool in offered["a1"]],
    )


def child(name: str, **extra: object) -> dict:
    from scripted_model import ScriptedModel

    return {
        "name": name,
        "description": "helper",
        "model": ScriptedModel(script=[]),
        **extra,
    }


def unknown_subagent() -> UnknownSubagent:
    """A parent with one isolated child calls `task` for `ghost`, which it does not have."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    parent = ScriptedModel(script=[delegate("ghost", "do it"), say("parent done")])
    agent = create_deep_agent(model=parent, subagents=[child("iso")])
    try:
        final = agent.invoke({"messages": [{"role": "user", "content": "delegate to ghost"}]})
    except Exception as error:  # noqa: BLE001 - the error is the measurement
        return UnknownSubagent(type(error).__name__, None, False)
    results = [m.text for m in final["messages"] if m.type == "tool"]
    return UnknownSubagent(
        None, results[0] if results else None, final["messages"][-1].text == "parent done"
    )


def without_system_prompt() -> str | None:
    """A parent delegates once to an isolated spec that sets no `system_prompt`: the tool result its `task`
    call gets (the child's answer, when the spec is accepted and the child runs), or the error raised."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    spec = {"name": "np", "description": "helper", "model": ScriptedModel(script=[say(NO_PROMPT_ANSWER)])}
    parent = ScriptedModel(script=[delegate("np", "answer"), say("parent done")])
    try:
        final = create_deep_agent(model=parent, subagents=[spec]).invoke(
            {"messages": [{"role": "user", "content": "delegate to np"}]}
        )
    except Exception as error:  # noqa: BLE001 - the error is the measurement
        return f"{type(error).__name__}: {error}"
    results = [m.text for m in final["messages"] if m.type == "tool"]
    return results[0] if results else None


def measure_modes(bench: Bench) -> Modes:
    shown = bench.run("modes")
    skills_on_fork, _ = assemble(child("a1", mode="fork", skills=["/skills/"]))
    skills_on_isolated, _ = assemble(child("a1", skills=["/skills/"]))
    _, fork_warnings = assemble(child("a1", mode="fork"))
    return Modes(
        printed=shown.printed,
        outcomes=[try_mode(mode) for mode in CANDIDATES],
        fork_skills_error=skills_on_fork,
        isolated_skills_accepted=skills_on_isolated is None,
        duplicate_name_error_isolated=assemble(child("a1"), child("a1"))[0],
        duplicate_name_error_fork=assemble(
            child("a1", mode="fork"), child("a1", mode="fork")
        )[0],
        fork_warnings=fork_warnings,
        names_reason=source_note("deepagents.middleware.subagents", "purely by name"),
        unknown_subagent=unknown_subagent(),
        no_prompt_result=without_system_prompt(),
    )


def accepted(mode: str | None):
    return lambda facts: facts.modes.outcome(mode).accepted


def _gives_the_default_child(mode: str):
    """Accepted, and its child is offered the same tools as the child of a spec without `mode`."""

    def check(facts) -> bool:
        outcome = facts.modes.outcome(mode)
        return (
            outcome.accepted
            and outcome.child_tools == facts.modes.outcome(None).child_tools
        )

    return check


def _handoff_tools(facts) -> int | None:
    tools = facts.modes.outcome("handoff").child_tools
    return None if tools is None else len(tools)


SECTION = Section(
    "modes",
    1,
    "modes.md",
    "Which `mode` a spec accepts",
    "which values a sub-agent spec may carry",
    measure_modes,
    scenarios=("modes",),
    claims=[
        Claim(
            "mode-omitted", "A spec without `mode` is accepted", True, accepted(None),
            js=lambda facts: facts.js.modes.outcomes.find(mode=None).accepted,
        ),
        Claim(
            "mode-isolated", '`mode="isolated"` is accepted', True, accepted("isolated"),
            js=lambda facts: facts.js.modes.outcomes.find(mode="isolated").accepted,
        ),
        Claim("mode-fork", '`mode="fork"` is accepted', True, accepted("fork"),
            js=lambda facts: facts.js.modes.outcomes.find(mode="fork").accepted,
        ),
        Claim(
            "mode-handoff",
            '`mode="handoff"` is accepted (the old name of isolated)',
            True,
            accepted("handoff"),
            js=lambda facts: facts.js.modes.outcomes.find(mode="handoff").accepted,
        ),
        Claim(
            "mode-handoff-tools",
            "Number of tools of a `handoff` child",
            7,
            _handoff_tools,
            js=lambda facts: (
                None if (tools := facts.js.modes.outcomes.find(mode="handoff").child_tools) is None else len(tools)
            ),
        ),
        Claim(
            "isolated-is-default",
            '`mode="isolated"` gives the child of a spec without `mode`',
            None,
            _gives_the_default_child("isolated"),
            js=lambda facts: (
                (o := facts.js.modes.outcomes.find(mode="isolated")).accepted
                and o.child_tools == facts.js.modes.outcomes.find(mode=None).child_tools
            ),
        ),
        Claim(
            "handoff-is-default",
            '`mode="handoff"` gives the child of a spec without `mode`',
            None,
            _gives_the_default_child("handoff"),
            js=lambda facts: (
                (o := facts.js.modes.outcomes.find(mode="handoff")).accepted
                and o.child_tools == facts.js.modes.outcomes.find(mode=None).child_tools
            ),
        ),
        Claim("mode-forked", '`mode="forked"` is accepted', False, accepted("forked"),
            js=lambda facts: facts.js.modes.outcomes.find(mode="forked").accepted,
        ),
        Claim("mode-shared", '`mode="shared"` is accepted', False, accepted("shared"),
            js=lambda facts: facts.js.modes.outcomes.find(mode="shared").accepted,
        ),
        Claim(
            "mode-inherit", '`mode="inherit"` is accepted', False, accepted("inherit"),
            js=lambda facts: facts.js.modes.outcomes.find(mode="inherit").accepted,
        ),
        Claim(
            "mode-error",
            'The error for `mode="forked"`',
            "SubAgent 'a1' has invalid mode 'forked'; expected 'isolated' or 'fork'",
            lambda facts: facts.modes.outcome("forked").error,
            js=lambda facts: facts.js.modes.outcomes.find(mode="forked").error,
        ),
        Claim(
            "unknown-modes-rejected",
            "`forked`, `shared` and `inherit` are rejected while the parent is assembled",
            True,
            lambda facts: not any(
                facts.modes.outcome(m).accepted for m in ("forked", "shared", "inherit")
            ),
            js=lambda facts: (
                not any(facts.js.modes.outcomes.find(mode=m).accepted for m in ("forked", "shared", "inherit"))
            ),
        ),
        Claim(
            "fork-skills",
            "A fork spec may not set `skills`; an isolated one may",
            True,
            lambda facts: facts.modes.fork_skills_error is not None
            and facts.modes.isolated_skills_accepted,
            js=SAME,
        ),
        # deepagents' docs mark `system_prompt` "Required for `mode: "isolated"`" (data/docs_quotes.yml).
        Claim(
            "isolated-no-system-prompt",
            "An isolated spec that sets no `system_prompt` is accepted, and its child runs and answers",
            None,
            lambda facts: facts.modes.no_prompt_result == NO_PROMPT_ANSWER,
            js=SAME,
        ),
        Claim(
            "names-unique",
            "Two sub-agents may not share a name",
            True,
            lambda facts: facts.modes.duplicate_name_error_fork is not None,
            js=SAME,
        ),
        Claim(
            "names-fork-only",
            "The unique-name rule applies to fork children only",
            True,
            lambda facts: facts.modes.duplicate_name_error_isolated is None,
            js=SAME,
        ),
        Claim(
            "names-reason-in-source",
            "deepagents' source says why names must be unique",
            None,
            lambda facts: facts.modes.names_reason is not None,
        ),
        Claim(
            "unknown-subagent-answered",
            "A parent's `task` call naming a sub-agent it does not have gets a tool result, and the run goes on",
            None,
            lambda facts: facts.modes.unknown_subagent.raised is None
            and facts.modes.unknown_subagent.parent_finished,
            js=SAME,
        ),
        Claim(
            "fork-beta",
            "Attaching one fork child emits a beta warning",
            True,
            lambda facts: any("beta" in w for w in facts.modes.fork_warnings),
            js=SAME,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("flag", "isolated_warnings"),
)
