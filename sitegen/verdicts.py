"""Why a claim of the article does or does not hold today, read from the version matrix (data/matrix.json).

A claim whose live value differs from the article's is one of five things:

* `changed`: deepagents moved. Some measured release had the article's value;
  the live value has held since `since`, the first release of its latest run.
* `not yet`: the installed release is older than the article's behaviour, which
  `since` names the first release of (a build against an old release).
* `never held`: no measured release had the article's value, so the difference
  is the article's own (its wording said more than it measured, or its setup
  differed), not a deepagents change.
* `setup`: the value depends on how the experiment is set up (Claim.setup).
* `installed differs`: the installed deepagents gives a value that the matrix
  never recorded for its version (a local patch, an unreleased build, a matrix
  not yet re-recorded): only then does the site say the installed copy differs.

A claim the article never made (`article=None`) has no verdict: it is the site's own.

A JavaScript twin (`<id>@js`) is judged the same way against the npm releases of
deepagents (`matrix_rows("js")`: the matrix's `npm` rows): "changed since npm
release X", "never held" in any npm release, and so on.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass

from snippets import js, paths, registry
from snippets.lab import Claim


@dataclass(frozen=True)
class Verdict:
    kind: str  # "holds", "changed", "not yet", "never held", "setup", "installed differs", "own"
    since: str | None = None  # "changed": the release the live value appeared in; "not yet": the article's
    measured: tuple[str, str] | None = None  # the first and last release the matrix measured


def anchor(claim: Claim) -> str:
    """A claim's anchor on the drift page: its id ("@" is not for a URL fragment: <id>-js for a twin)."""
    return claim.id.replace("@", "-")


def release_key(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", release))


@functools.cache
def matrix() -> dict:
    return json.loads(paths.MATRIX.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Checked:
    """The newest release of a runtime when a kept record last listed the index's releases."""
    newest: str
    date: str  # ISO date
    by: str  # the command that wrote the record: make drift, or make matrix


def newest_checked(runtime: str = "python") -> Checked | None:
    """The newest deepagents release (PyPI's, or npm's with "js") when last checked, and when: from
    data/newest.json (written by `make drift` and `make matrix` each time they list the releases), else from
    the matrix's provenance when its last run listed every release (its newest row); None when neither says.
    Read at build time, with no network: the date and versions are what those commands recorded."""
    if paths.NEWEST.exists():
        kept = json.loads(paths.NEWEST.read_text(encoding="utf-8")).get(runtime)
        if kept:
            return Checked(kept["newest"], kept["checked"], kept["by"])
    record = matrix() if runtime == "python" else matrix().get("npm", {})
    provenance, rows = record.get("provenance", {}), measured_rows(runtime)
    listed_all = not [arg for arg in provenance.get("command", "").split()[3:] if not arg.startswith("--")
                      and arg not in RUNTIME_ARGS]
    if not rows or not provenance.get("date") or not listed_all:
        return None
    return Checked(max(rows, key=release_key), provenance["date"], "make matrix")


RUNTIME_ARGS = ("python", "js")  # `python -m tools.matrix --runtime js`: the words that name no release


# The release a runtime's claims are measured under, as Facts.versions names it.
VERSION_KEYS = {"python": "deepagents", "js": js.VERSION_KEY}


def measured_rows(runtime: str = "python") -> dict[str, dict]:
    """Release -> its row of the matrix ({"versions", "facts"} or {"error"}), for one runtime's releases:
    PyPI's deepagents ("python") or npm's ("js")."""
    return matrix()["rows"] if runtime == "python" else matrix().get("npm", {}).get("rows", {})


def matrix_rows(runtime: str = "python") -> dict[str, dict]:
    """Release -> {claim id: value}, oldest first, for the releases the matrix could measure (of deepagents
    on PyPI, or with runtime "js" on npm)."""
    rows = {release: row["facts"] for release, row in measured_rows(runtime).items() if "facts" in row}
    return dict(sorted(rows.items(), key=lambda item: release_key(item[0])))


def verdict(claim: Claim, facts, rows: dict[str, dict] | None = None) -> Verdict:
    """Why a claim reads as it does, against `rows`: the matrix rows of its runtime (by default)."""
    if not claim.from_article:
        return Verdict("own")
    rows = matrix_rows(claim.runtime) if rows is None else rows
    live = claim.live(facts)
    if live == claim.article:
        return Verdict("holds")
    if claim.setup:
        return Verdict("setup")
    history = [(release, values.get(claim.id)) for release, values in rows.items() if claim.id in values]
    installed = facts.versions[VERSION_KEYS[claim.runtime]]
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


def article_releases(rows: dict[str, dict]) -> list[str]:
    """The releases whose behaviour matches every claim of the article that some release matches.

    Left out: claims that depend on the setup, and claims no measured release ever
    matched (the article's wording): no release can match those. The article was
    measured on one of the releases returned.
    """
    compared = [c for c in registry.claims("python") if c.from_article and not c.setup
                and any(values.get(c.id) == c.article for values in rows.values())]
    return [release for release, values in rows.items() if all(values.get(c.id) == c.article for c in compared)]


def differing(rows: dict[str, dict], runtime: str = "python") -> list[Claim]:
    """Claims whose value is not the same in every release of the matrix: these need a form for each value."""
    return [c for c in registry.claims(runtime)
            if len({json.dumps(values.get(c.id), sort_keys=True) for values in rows.values()}) > 1]


NOT_RECORDED = {"error": "not recorded"}  # a claim added since `make matrix` last ran, in a release's row


@dataclass(frozen=True)
class ReleaseDifferences:
    """Consecutive releases of one runtime in which the same claims differ, by the same values, from the
    live ones (the release the site is measured with): what a reader of one of them must read otherwise."""
    releases: tuple[str, ...]  # oldest first
    differs: tuple[tuple[Claim, object], ...]  # each claim that differs, with its value in these releases


def _same(value) -> str:
    return json.dumps(value, sort_keys=True)  # a tuple reads as the list the matrix recorded


def what_differs(facts, runtime: str = "python", rows: dict[str, dict] | None = None,
                 claims: list[Claim] | None = None) -> list[ReleaseDifferences]:
    """For each measured release of a runtime (PyPI's deepagents, or npm's with "js"), oldest first, the
    claims whose value there is not the live one; consecutive releases that differ alike are one entry.
    A claim the matrix has not recorded for a release differs as NOT_RECORDED."""
    rows = matrix_rows(runtime) if rows is None else rows
    claims = registry.claims(runtime) if claims is None else claims
    live = {claim.id: _same(claim.live(facts)) for claim in claims}
    grouped: list[ReleaseDifferences] = []
    for release, values in rows.items():
        differs = tuple((claim, values.get(claim.id, NOT_RECORDED)) for claim in claims
                        if _same(values.get(claim.id, NOT_RECORDED)) != live[claim.id])
        if grouped and [(c.id, _same(v)) for c, v in grouped[-1].differs] == [(c.id, _same(v)) for c, v in differs]:
            grouped[-1] = ReleaseDifferences((*grouped[-1].releases, release), differs)
        else:
            grouped.append(ReleaseDifferences((release,), differs))
    return grouped
