"""Why a claim of the article does or does not hold today, read from the version matrix.

A claim whose live value differs from the article's is one of five things:

* `changed`: deepagents moved. Some measured release had the article's value;
  the live value has held since `since`, the first release of its latest run.
* `not yet`: the installed release is older than the article's behaviour, which
  `since` names the first release of (a build against an old release).
* `never held`: no measured release had the article's value, so the difference
  is the article's own (its wording was looser than what it measured, or its
  setup differed), not a deepagents change.
* `setup`: the value depends on how the experiment is set up (Claim.setup).
* `installed differs`: the installed deepagents gives a value that the matrix
  never recorded for its version (a local patch, an unreleased build, a matrix
  not yet re-recorded): only then does the site say the installed copy differs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from snippets.article import Claim
from snippets.facts import Facts

MATRIX = Path(__file__).resolve().parent.parent / "data" / "matrix.json"


@dataclass(frozen=True)
class Verdict:
    kind: str  # "holds", "changed", "not yet", "never held", "setup", "installed differs"
    since: str | None = None  # "changed": the release the live value appeared in; "not yet": the article's
    measured: tuple[str, str] | None = None  # the first and last release the matrix measured


def matrix_rows() -> dict[str, dict]:
    """Release -> {claim id: value}, oldest first, for the releases the matrix could measure."""
    matrix = json.loads(MATRIX.read_text(encoding="utf-8"))
    return {release: row["facts"] for release, row in matrix["rows"].items() if "facts" in row}


def verdict(claim: Claim, facts: Facts, rows: dict[str, dict]) -> Verdict:
    live = claim.live(facts)
    if live == claim.article:
        return Verdict("holds")
    if claim.setup:
        return Verdict("setup")
    history = [(release, values.get(claim.id)) for release, values in rows.items() if claim.id in values]
    installed = facts.versions["deepagents"]
    if not history or dict(history).get(installed, object()) != live:
        return Verdict("installed differs")
    measured = (history[0][0], history[-1][0])
    if all(value != claim.article for _, value in history):
        return Verdict("never held", measured=measured)
    upto = [release for release, _ in history].index(installed) + 1
    if all(value != claim.article for _, value in history[:upto]):  # an older release than the article's
        later = next(release for release, value in history[upto:] if value == claim.article)
        return Verdict("not yet", since=later, measured=measured)
    since = installed
    for release, value in reversed(history[:upto]):
        if value != live:
            break
        since = release
    return Verdict("changed", since=since, measured=measured)
