"""Section 1: which `mode` values a sub-agent spec may carry, and the rules that come with fork."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import SAME, Bench, Claim, Mutant, Patch, Section, source_note, SUBAGENTS_PY, NPM_BUNDLE, NPM_DEEPAGENTS

CANDIDATES = [
    None,
    "isolated",
    "fork",
    "handoff",
    "forked",
    "shared",
    "inherit",
]  # the article's seven


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


# Mutants: deepagents (or langchain) with one behaviour changed; each must flip the claims named
# (tools/mutation.py builds the site against each).
_MODES = 'if mode not in (None, "isolated", "fork"):'
_UNKNOWN = (
    '            return f"We cannot invoke subagent {subagent_type} because it does not exist, '
    'the only allowed types are {allowed_types}"\n'
)
_BEFORE_LOOKUP = (
    "        if runtime.state.get(_FORKED_CONTEXT_KEY):\n            return _FORK_RECURSION_REFUSAL\n"
    "        if subagent_type not in subagent_graphs:\n"
    '            allowed_types = ", ".join([f"`{k}`" for k in subagent_graphs])\n'
)
_SYNC_HEAD = "    def task(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
_ASYNC_HEAD = "    async def atask(\n        description: str,\n        subagent_type: str,\n        runtime: ToolRuntime,\n    ) -> str | Command:\n"
MUTANTS = [
    Mutant(
        "fork-mode-rejected",
        "`mode=\"fork\"` is rejected like any unknown value",
        (Patch(SUBAGENTS_PY, _MODES, 'if mode not in (None, "isolated"):'),),
        flips=("mode-fork",),
    ),
    Mutant(
        "mode-accepts-forked",
        "the mode check also accepts 'forked' (treated as isolated)",
        (
            Patch(
                SUBAGENTS_PY,
                _MODES,
                'if mode not in (None, "isolated", "fork", "forked"):',
            ),
        ),
        flips=("mode-forked", "mode-error", "unknown-modes-rejected"),
    ),
    Mutant(
        "mode-accepts-shared",
        "the mode check also accepts 'shared' and 'inherit'",
        (
            Patch(
                SUBAGENTS_PY,
                _MODES,
                'if mode not in (None, "isolated", "fork", "shared", "inherit"):',
            ),
        ),
        flips=("mode-shared", "mode-inherit", "unknown-modes-rejected"),
    ),
    Mutant(
        "mode-required",
        "a spec without `mode` is rejected: every spec must name one",
        (Patch(SUBAGENTS_PY, _MODES, 'if mode not in ("isolated", "fork"):'),),
        flips=("mode-omitted",),
    ),
    Mutant(
        "isolated-mode-rejected",
        '`mode="isolated"` is rejected (isolated is only the default, never named)',
        (Patch(SUBAGENTS_PY, _MODES, 'if mode not in (None, "fork"):'),),
        flips=("mode-isolated", "isolated-is-default"),
    ),
    Mutant(
        "handoff-is-legacy-alias",
        "'handoff' is accepted again, as the article saw",
        (
            Patch(
                SUBAGENTS_PY,
                _MODES,
                'if mode not in (None, "isolated", "fork", "handoff"):',
            ),
        ),
        flips=("mode-handoff", "mode-handoff-tools", "handoff-is-default"),
    ),
    Mutant(
        "names-need-not-be-unique",
        "the unique-name check is dropped (two specs may share a name)",
        (
            Patch(
                SUBAGENTS_PY,
                "            raise ValueError(msg)\n        seen.add(name)\n",
                "            del msg\n        seen.add(name)\n",
            ),
        ),
        flips=("names-unique", "names-fork-only"),
    ),
    Mutant(
        "names-reason-reworded",
        "the source no longer says why names must be unique ('purely by name')",
        (
            Patch(
                SUBAGENTS_PY,
                "The model selects a subagent purely by name, so a collision has no\n    coherent meaning",
                "A collision has no\n    coherent meaning",
            ),
        ),
        flips=("names-reason-in-source",),
    ),
    Mutant(
        "fork-may-set-skills",
        "a fork spec may set `skills`",
        (
            Patch(
                SUBAGENTS_PY,
                'if mode == "fork" and spec.get("skills"):',
                'if mode == "fork" and spec.get("skills") and False:',
            ),
        ),
        flips=("fork-skills",),
    ),
    Mutant(
        "no-beta-warning",
        "attaching a fork child no longer emits the beta warning",
        (
            Patch(
                SUBAGENTS_PY,
                '            warn_beta(name="forked subagents", obj_type="feature")\n',
                "            pass  # no beta warning\n",
            ),
        ),
        flips=("fork-beta",),
    ),
    Mutant(
        "js-handoff-rejected",
        "npm deepagents: `handoff` is rejected like any unknown mode",
        (
            Patch(
                NPM_BUNDLE,
                'rawMode !== "fork" && rawMode !== "handoff") throw',
                'rawMode !== "fork") throw',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("mode-handoff@js", "handoff-is-default@js"),
    ),
    Mutant(
        "js-any-mode-accepted",
        "npm deepagents: `mode` is not checked, so any value is accepted",
        (
            Patch(
                NPM_BUNDLE,
                'if (rawMode != null && rawMode !== "isolated" && rawMode !== "fork" && rawMode !== "handoff") throw',
                "if (false) throw",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("unknown-modes-rejected@js",),
    ),
    Mutant(
        "js-fork-may-set-skills",
        "npm deepagents: a fork spec may set `skills`",
        (
            Patch(
                NPM_BUNDLE,
                "if (Array.isArray(rawSkills) && rawSkills.length > 0) throw",
                "if (false) throw",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("fork-skills@js",),
    ),
    Mutant(
        "js-subagents-warn-beta",
        "npm deepagents: attaching any sub-agent warns that sub-agents are in beta",
        (
            Patch(
                NPM_BUNDLE,
                "for (const agentParams of subagents) {\n\t\tconst rawMode = agentParams.mode;\n",
                "for (const agentParams of subagents) {\n\t\tconst rawMode = agentParams.mode;\n"
                '\t\tconsole.warn("Subagents are in beta and may change.");\n',
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("fork-beta@js", "isolated-beta@js", "runnable-beta@js"),
    ),
    Mutant(
        "unknown-subagent-raises",
        "a `task` call naming a sub-agent that does not exist raises instead of returning a tool result",
        tuple(
            Patch(
                SUBAGENTS_PY,
                head + _UNKNOWN,
                head + "            raise ValueError(f\"no subagent {subagent_type}\")\n",
            )
            for head in (_SYNC_HEAD + _BEFORE_LOOKUP, _ASYNC_HEAD + _BEFORE_LOOKUP)
        ),
        flips=("unknown-subagent-answered",),
    ),
    Mutant(
        "js-unknown-subagent-answered",
        "npm deepagents: a `task` call naming a sub-agent that does not exist gets a tool result",
        (
            Patch(
                NPM_BUNDLE,
                "throw new Error(`Error: invoked agent of type ${subagent_type}, the only allowed types are ${allowedTypes}`);",
                "return `We cannot invoke subagent ${subagent_type}; the allowed types are ${allowedTypes}`;",
                NPM_DEEPAGENTS,
            ),
        ),
        flips=("unknown-subagent-answered@js",),
    ),
]

SECTION = Section(
    "modes",
    1,
    "modes.md",
    "Which `mode` a spec accepts",
    "which values a sub-agent spec may carry",
    measure_modes,
    scenarios=("modes",),
    mutants=MUTANTS,
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
)
