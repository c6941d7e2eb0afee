"""Section 5: the boolean in the child's own state that closes the gate, how it is declared, and the preamble."""

from __future__ import annotations

import typing
from dataclasses import dataclass

from snippets.lab import Bench, Claim, SAME, Section, expect, internal, source_note

FLAG = "_deepagents_forked_context"
SUBAGENTS = "deepagents.middleware.subagents"


@dataclass(frozen=True)
class ChildState:
    agent: str  # iso, fk, cfk: the scenario's names
    form: str  # isolated, declarative fork, runnable fork
    keys: list[str]  # state keys at the child's first model call
    flag: bool | None  # the flag's value there; None when the key is absent


@dataclass(frozen=True)
class Flag:
    printed: str
    children: list[ChildState]
    kept_on_input: bool  # from the flag's schema declaration
    kept_on_output: bool
    excluded_from_updates: (
        bool  # in the keys deepagents drops from what a child hands back
    )
    excluded_keys: str  # the name of that set in deepagents' source
    reaches_parent: bool  # did the flag come back into the parent's state?
    first_messages: list[
        str
    ]  # the types of the messages of the declarative fork's first model call
    preamble: str  # what deepagents put before the task, in the message that carries it
    preamble_message: int  # where that message is among the fork child's first messages (0 is the first)
    inherited_is_parents: bool  # the messages before it are the parent's conversation as the parent's model saw it
    first_human_starts_with_preamble: (
        bool  # does the first human message start with the preamble?
    )
    first_human_is_users: bool  # ... or is it the user's message, as the user wrote it?
    runnable_fork_preamble: (
        bool  # does a fork in the `runnable` form get its task with the same preamble?
    )
    suffix: str  # what the fork child's line in the parent's `task` description adds
    declared_by: list[str]  # deepagents middleware whose state schema declares the flag
    declarer_doc: str | None  # the first line of that middleware's docstring
    why_declared: str | None  # the source's reason for declaring the key, None if gone

    def child(self, form: str) -> ChildState:
        return next(c for c in self.children if c.form == form)


FORMS = {
    "iso": "isolated",
    "fk": "declarative fork",
    "cfk": "runnable fork",
}  # the scenario's children


def declared_flag() -> tuple[bool, bool]:
    """How deepagents declares the flag: (kept on input, kept on output)."""
    schema = internal(
        SUBAGENTS,
        "_ForkedContextState",
        meaning=f"the state schema that declares {FLAG}",
    )
    hints = typing.get_type_hints(schema, include_extras=True)
    expect(FLAG in hints, looked_for=f"{FLAG} in the fork state schema")
    omit = next(
        m
        for m in typing.get_args(typing.get_args(hints[FLAG])[0])[1:]
        if hasattr(m, "output")
    )
    return not omit.input, not omit.output


def flag_declarers() -> list[type]:
    """The middleware classes of deepagents' sub-agent module whose state schema has the flag."""
    module = internal(
        "deepagents.middleware", "subagents", meaning="the sub-agent middleware module"
    )
    return [
        cls
        for cls in vars(module).values()
        if isinstance(cls, type)
        and FLAG in typing.get_type_hints(getattr(cls, "state_schema", None) or dict)
    ]


def measure_flag(bench: Bench) -> Flag:
    run = bench.run("flag")
    first_state, task = run["first_state"], run["task"]
    expect(
        set(first_state) == set(FORMS),
        looked_for="a first model call by each of the three children",
    )
    messages = first_state["fk"]["messages"]
    carrying = [
        i for i, m in enumerate(messages) if m.type == "human" and m.text.endswith(task)
    ]
    expect(
        bool(carrying),
        looked_for="a message of the declarative fork that ends with its task",
    )
    at = carrying[-1]
    preamble = messages[at].text[: -len(task)]
    # What the parent's model saw when it delegated to fk (its second call), without the system prompt.
    parent_saw = [(m.type, m.text) for m in run["parent"].seen[1] if m.type != "system"]
    first_human = next(m for m in messages if m.type == "human")
    runnable_task = first_state["cfk"]["messages"][-1].text
    surfaces = bench.read(
        "tool_surfaces"
    )  # section 2's parent lists `- fk: a forked helper…`, then the next child
    listing, listed = surfaces.parent.task_description or "", surfaces.listed
    head = "- fk: a forked helper"
    start = listing.find(head)
    following = (
        listed[listed.index("fk") + 1]
        if "fk" in listed and listed.index("fk") + 1 < len(listed)
        else None
    )
    end = (
        listing.find(f"\n- {following}:", start)
        if following
        else listing.find("\n\n", start)
    )
    expect(
        0 <= start < end,
        looked_for=f"the line '{head}…' in the parent's task description",
    )
    excluded_name = "_EXCLUDED_STATE_KEYS"
    excluded = internal(
        SUBAGENTS, excluded_name, meaning="state keys a child never hands back"
    )
    kept_on_input, kept_on_output = declared_flag()
    declarers = flag_declarers()
    return Flag(
        printed=run.printed,
        children=[
            ChildState(agent, FORMS[agent], sorted(state), state.get(FLAG))
            for agent, state in first_state.items()
        ],
        kept_on_input=kept_on_input,
        kept_on_output=kept_on_output,
        excluded_from_updates=FLAG in excluded,
        excluded_keys=excluded_name,
        reaches_parent=FLAG in run["final"],
        first_messages=[m.type for m in messages],
        preamble=preamble,
        preamble_message=at,
        inherited_is_parents=[(m.type, m.text) for m in messages[:at]] == parent_saw,
        first_human_starts_with_preamble=bool(preamble)
        and first_human.text.startswith(preamble),
        first_human_is_users=first_human.text
        == run["request"]["messages"][0]["content"],
        runnable_fork_preamble=bool(preamble) and runnable_task == preamble + task,
        suffix=listing[
            start + len(head) : end
        ],  # may hold any text, line breaks included
        declared_by=[cls.__name__ for cls in declarers],
        declarer_doc=next(
            (
                (cls.__doc__ or "").strip().splitlines()[0]
                for cls in declarers
                if cls.__doc__
            ),
            None,
        ),
        why_declared=source_note(SUBAGENTS, "declared schema"),
    )


def _only_declarative_fork(facts) -> bool:
    flag = facts.flag
    return (
        flag.child("declarative fork").flag is True
        and flag.child("isolated").flag is None
        and flag.child("runnable fork").flag is None
    )


SECTION = Section(
    "flag",
    5,
    "flag.md",
    "The flag that refuses, and the preamble",
    "the state key that closes the gate, and the preamble",
    measure_flag,
    scenarios=("flag",),
    reads=("tool_surfaces",),
    claims=[
        Claim(
            "keys-isolated",
            "State keys of an isolated child",
            ["files", "messages"],
            lambda facts: facts.flag.child("isolated").keys,
            js=lambda facts: facts.js.flag.children.find(form="isolated").keys,
        ),
        Claim(
            "keys-fork",
            "State keys of a declarative fork child",
            ["_deepagents_forked_context", "files", "messages"],
            lambda facts: facts.flag.child("declarative fork").keys,
            js=lambda facts: facts.js.flag.children.find(form="declarative fork").keys,
        ),
        Claim(
            "keys-runnable",
            "State keys of a fork child in the `runnable` form",
            ["files", "messages"],
            lambda facts: facts.flag.child("runnable fork").keys,
            js=lambda facts: facts.js.flag.children.find(form="runnable fork").keys,
        ),
        Claim(
            "flag-value",
            "The flag's value in a declarative fork child",
            True,
            lambda facts: facts.flag.child("declarative fork").flag,
            js=lambda facts: facts.js.flag.children.find(form="declarative fork").flag,
        ),
        Claim(
            "flag-only-declarative",
            "Only a declarative fork child carries the flag",
            True,
            _only_declarative_fork,
            js=lambda facts: (
                facts.js.flag.children.find(form="declarative fork").flag is True
                and facts.js.flag.children.find(form="isolated").flag is None
                and facts.js.flag.children.find(form="runnable fork").flag is None
            ),
        ),
        Claim(
            "flag-closes-gate",
            "The refusal is decided by the flag in the child's own state",
            True,
            lambda facts: _only_declarative_fork(facts)
            and facts.refusal.matches_source
            and not facts.gap.chain("runnable fork").refused,
            js=lambda facts: (
                facts.js.flag.children.find(form="declarative fork").flag is True
                and facts.js.flag.children.find(form="isolated").flag is None
                and facts.js.flag.children.find(form="runnable fork").flag is None
                and facts.js.refusal.matches_source
                and not facts.js.gap.chains.find(form="runnable fork").refused
            ),
        ),
        Claim(
            "flag-kept-on-input",
            "The flag is kept on input",
            True,
            lambda facts: facts.flag.kept_on_input,
        ),
        Claim(
            "flag-omitted-on-output",
            "The flag is omitted from output and does not reach the parent",
            True,
            lambda facts: not facts.flag.kept_on_output
            and not facts.flag.reaches_parent,
        ),
        Claim(
            "flag-excluded-from-updates",
            "The flag is among the keys deepagents drops from what a child hands back",
            None,
            lambda facts: facts.flag.excluded_from_updates,
            js=SAME,
        ),
        Claim(
            "flag-declarer",
            "The middleware that gives a fork child `task` declares the flag",
            True,
            lambda facts: len(facts.flag.declared_by) == 1
            and "`task`" in (facts.flag.declarer_doc or ""),
        ),
        Claim(
            "why-declared",
            "A docstring says an undeclared key would be invisible to `runtime.state.get()`",
            True,
            lambda facts: facts.flag.why_declared is not None,
        ),
        Claim(
            "preamble-length",
            "Characters of the preamble",
            567,
            lambda facts: len(facts.flag.preamble),
            js=SAME,
        ),
        Claim(
            "preamble-warns",
            "The preamble says that delegating will be refused",
            True,
            lambda facts: "refused" in facts.flag.preamble,
            js=SAME,
        ),
        # The article: the preamble is put before "the child's first human message". It heads the message
        # that carries the task, after the whole inherited conversation.
        Claim(
            "preamble-in-first-message",
            "The preamble is put before the child's first human message",
            True,
            lambda facts: facts.flag.first_human_starts_with_preamble,
            js=SAME,
        ),
        Claim(
            "preamble-heads-task-message",
            "The preamble heads the message that carries the task, after the parent's conversation as the parent saw it",
            None,
            lambda facts: bool(facts.flag.preamble)
            and facts.flag.inherited_is_parents
            and 0 < facts.flag.preamble_message == len(facts.flag.first_messages) - 1
            and facts.flag.first_human_is_users,
            js=lambda facts: (
                bool((f := facts.js.flag).preamble)
                and f.inherited_is_parents
                and 0 < f.preamble_message == len(f.first_messages) - 1
                and f.first_human_is_users
            ),
        ),
        Claim(
            "runnable-fork-told-refused",
            "A fork in the `runnable` form gets its task with the same preamble, which says delegating will be refused",
            None,
            lambda facts: facts.flag.runnable_fork_preamble
            and "refused" in facts.flag.preamble,
            js=SAME,
        ),
        Claim(
            "suffix-length",
            "Characters the fork's line adds to the parent's `task` description",
            86,
            lambda facts: len(facts.flag.suffix),
            js=SAME,
        ),
        Claim(
            "suffix-silent",
            "That addition says nothing about delegating",
            True,
            lambda facts: "delegat" not in facts.flag.suffix,
            js=SAME,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("excluded_from_fork_input", "flag", "preamble_length", "preamble_matches_source", "runnable_fork_suffix"),
    python_only=("excluded_keys",),
)
