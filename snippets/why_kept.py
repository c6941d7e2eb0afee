"""Section 3: the fork child keeps a `task` it may not use; what lines up with the parent, and what the source says."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from snippets.lab import Bench, Claim, SAME, Section, attribute_docstring, expect, source_note

SUBAGENTS = "deepagents.middleware.subagents"
# Sentences of the installed source that the page quotes, each found by a phrase of it.
NOTES = {
    "call time": "instead of omitting the tool",  # the flag's docstring: refused at call time, not omitted
    "tool order": "same order",  # a comment: the fork's `task` sits where the parent's does
    "tests": "Tests assert that tool order",  # ... and deepagents' tests check it
    "cache": "cache hits",  # a comment: the fork's `task` gets the very same description
    "cache reuse": "prompt-cache reuse",  # SubAgent.middleware: changing a fork's tools costs cache reuse
    "graph shape": "same graph shape",  # a comment: why a declarative fork inherits private state
}
# Some sentences say what a passage of the source means: that is read by a person, not measured. Each
# reading is recorded here by the digest of the text read. A text nobody has read yet makes its claim
# None (not yes or no), so every sentence bound to it stops the build until someone reads it and
# records the answer here.
READINGS = {
    # Does the docstring of the class the flag's docstring points to "for why" give a reason?
    "middleware gives a reason": {
        "af3126861923a8e4": False,  # "Gives a forked subagent the real `task` tool, guarded against recursion." (0.7.12-0.7.32)
    },
    # Is the "same graph shape" comment about what a fork inherits (rather than why `task` is kept)?
    "graph shape is about state": {
        "2f35ab2e720f5282": True,  # "A declarative fork runs the same graph shape as its parent, so private channels carry over ..."
    },
}


def reading(question: str, text: str | None) -> bool | None:
    """A person's recorded answer to `question` about exactly this text; None when nobody has read it."""
    if text is None:
        return None
    return READINGS[question].get(hashlib.sha256(text.encode()).hexdigest()[:16])


@dataclass(frozen=True)
class Position:
    parent: str
    fork: str
    same_description: bool


@dataclass(frozen=True)
class WhyKept:
    printed: str
    positions: list[Position]  # parent and fork child, position by position
    notes: dict[
        str, str | None
    ]  # each of NOTES as the installed source words it; None if gone
    middleware_attribute_doc: (
        str | None
    )  # the docstring of SubAgent.middleware, where NOTES["cache reuse"] must be
    middleware: (
        str | None
    )  # the class the flag's docstring sends the reader to "for why"
    middleware_doc: str | None  # its docstring, whitespace collapsed

    @property
    def shared_prefix(self) -> int:
        """Leading positions where the two tool lists agree, name and description."""
        count = 0
        for position in self.positions:
            if position.parent != position.fork or not position.same_description:
                break
            count += 1
        return count

    @property
    def same_surface(self) -> bool:
        return self.shared_prefix == len(self.positions)

    def task_position(self, agent: str) -> int | None:
        names = [getattr(p, agent) for p in self.positions]
        return names.index("task") if "task" in names else None

    @property
    def middleware_gives_reason(self) -> bool | None:
        return reading("middleware gives a reason", self.middleware_doc)


def measure_why_kept(bench: Bench) -> WhyKept:
    import importlib
    from itertools import zip_longest

    run = bench.run("why_kept")
    parent, fork = run["offered"].get("parent"), run["offered"].get("fk")
    expect(
        bool(parent) and bool(fork),
        looked_for="a model call by the parent and by its fork child",
    )
    positions = [
        Position(
            getattr(p, "name", "—"),
            getattr(f, "name", "—"),
            p is not None and f is not None and p.description == f.description,
        )
        for p, f in zip_longest(parent, fork)
    ]
    notes = {name: source_note(SUBAGENTS, phrase) for name, phrase in NOTES.items()}
    pointed = re.search(r"see `(\w+)` for why", notes["call time"] or "")
    middleware = (
        getattr(importlib.import_module(SUBAGENTS), pointed.group(1), None)
        if pointed
        else None
    )
    return WhyKept(
        run.printed,
        positions,
        notes,
        attribute_docstring(SUBAGENTS, "SubAgent", "middleware"),
        middleware=middleware.__name__ if middleware else None,
        middleware_doc=" ".join((middleware.__doc__ or "").split())
        if middleware
        else None,
    )


def _note(name: str):
    return lambda facts: facts.why_kept.notes[name] is not None


SECTION = Section(
    "why_kept",
    3,
    "why-kept.md",
    "Why a fork child keeps `task`",
    "parent and fork child, position by position, and what the source says",
    measure_why_kept,
    scenarios=("why_kept",),
    claims=[
        Claim(
            "prefix",
            "Leading positions where parent and fork child agree (at least)",
            7,
            lambda facts: min(facts.why_kept.shared_prefix, 7),
            js=SAME,
        ),
        Claim(
            "task-same-index",
            "`task` sits at the same position in both",
            True,
            lambda facts: facts.why_kept.task_position("parent") is not None
            and facts.why_kept.task_position("parent")
            == facts.why_kept.task_position("fork"),
            js=lambda facts: (
                (at := facts.js.why_kept.task_position).parent is not None
                and at.parent == at.fork
            ),
        ),
        Claim(
            "task-description-identical",
            "The `task` description is the same in both",
            True,
            lambda facts: any(
                p.parent == p.fork == "task" and p.same_description
                for p in facts.why_kept.positions
            ),
            js=SAME,
        ),
        Claim(
            "same-surface",
            "Parent and fork child are offered the same tools, position by position, with the same descriptions",
            None,
            lambda facts: facts.why_kept.same_surface,
            js=SAME,
        ),
        Claim(
            "reason-call-time",
            "A docstring says `task` is refused at call time instead of being left out",
            True,
            _note("call time"),
        ),
        Claim(
            "reason-tool-order",
            "A comment says the fork's `task` is put where the parent's is, to keep the same order",
            True,
            _note("tool order"),
        ),
        Claim(
            "tests-assert-order",
            "A comment says deepagents' tests assert the tool order",
            True,
            _note("tests"),
        ),
        Claim(
            "reason-cache",
            "A comment says the fork's `task` gets the very same description, for cache hits",
            True,
            _note("cache"),
        ),
        Claim(
            "cache-reuse-documented",
            "The docs of `SubAgent.middleware` say that changing a fork's tool definitions costs prompt-cache reuse",
            None,
            lambda facts: "prompt-cache reuse"
            in (facts.why_kept.middleware_attribute_doc or ""),
        ),
        Claim(
            "graph-shape-is-about-state",
            'The "same graph shape" comment explains why a fork inherits private state',
            None,
            lambda facts: reading(
                "graph shape is about state", facts.why_kept.notes["graph shape"]
            ),
        ),
        # The article: "the source answers in a comment: the fork child must keep the parent's face; three
        # reasons". The flag's docstring says only "at call time instead of omitting the tool" and sends the
        # reader to a class "for why"; whether that class's docstring gives a reason is read, not measured.
        Claim(
            "source-gives-reasons",
            "deepagents' source gives the reasons `task` is kept",
            True,
            lambda facts: facts.why_kept.middleware_gives_reason,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("inserted_after_filesystem_at", "mirrored_task_at", "notes_in_source", "same_surface", "shared_prefix",
             "task_position"),
    python_only=("notes", "middleware_attribute_doc", "middleware"),
)
