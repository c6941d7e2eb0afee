"""Drift watch: the facts that change when the newest deepagents replaces the pinned one.

    python -m tools.drift_watch        # exit 1 when a fact changed or the newest release cannot run

Measures the claims here (the pinned release) and in a fresh environment with
the newest release on the package index (see tools/matrix.py); and the
JavaScript twins of the claims under the npm deepagents package.json pins and
under the newest npm release (installed as the matrix installs it). The report, in
Markdown, names each changed fact (claim id and wording, pinned and newest
value, the sentences bound to it, page and line) and what to do next. It is printed, and appended
to $GITHUB_STEP_SUMMARY when that is set (the weekly workflow's job summary).
Needs the package index, like the matrix (tools/matrix.py); the scheduled workflow runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from snippets import js, paths, registry
from snippets.facts import collect, live_row
from snippets.lab import ExperimentFailed

from sitegen import languages
from sitegen.bound import bound_to
from sitegen.facts import pages_showing
from sitegen.strings import claim_words
from tools.matrix import measure, measure_npm, npm_releases, releases


def code(value) -> str:
    """A measured value as inline Markdown code (JSON, as the matrix stores it)."""
    text = json.dumps(value, ensure_ascii=False)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def changes(pinned: dict, newest: dict, runtime: str = "python") -> list[str]:
    """One Markdown list item per claim (of one runtime) whose value differs."""
    entries = []
    for claim in registry.claims(runtime):
        before, after = pinned["facts"].get(claim.id), newest.get("facts", {}).get(claim.id)
        if before != after:
            section = registry.section_of(claim.id).name
            pages = ", ".join(f"`{paths.shown(page)}`" for page in pages_showing(section))
            entries.append(f"- {claim.id} ({section}): {' / '.join(claim_words(claim, code) for code in languages.codes())}\n"
                           f"  - pinned: {code(before)}\n"
                           f"  - newest: {code(after)}\n"
                           f"  - pages: {pages or '(no page includes this experiment)'}\n"
                           f"  - sentences bound to it: {', '.join(bound_to([claim.id])) or '(none)'}")
    return entries


def report() -> tuple[str, int]:
    """The report in Markdown, and the exit status (1: something for a maintainer to do)."""
    try:
        pinned = live_row(collect())  # what a build measures: once per process, or from the cache
    except ExperimentFailed:
        pinned = live_row()  # an experiment fails here too: every claim that can still be measured
    text, status = python_report(pinned)
    more, npm_status = npm_report(pinned)
    return text + "\n" + more, max(status, npm_status)


def python_report(pinned: dict) -> tuple[str, int]:
    here = pinned["versions"]["deepagents"]
    newest_release = releases()[-1]
    if newest_release == here:
        return f"## Drift watch: deepagents {here} is the newest release: nothing can have drifted\n", 0
    title = f"## Drift watch: deepagents {here} (pinned) → {newest_release} (newest)"
    newest = measure(newest_release)
    if "error" in newest:
        return f"{title}\n\nThe experiments could not run under {newest_release}:\n\n    {newest['error']}\n", 1
    found = changes(pinned, newest)
    total = len(registry.claims("python"))
    if not found:
        return f"{title}\n\nNo fact changed: all {total} claims measure the same.\n", 0
    return (f"{title}\n\n{len(found)} of {total} facts changed:\n\n" + "\n".join(found) + "\n\n"
            f"To see the site under {newest_release}: `DEEPAGENTS={newest_release} make build` "
            f"(into `site-deepagents-{newest_release}/`). To move the pin: `deepagents=={newest_release}` in "
            "pyproject.toml, `python3 -m uv lock`, `make matrix`, then `make test`.\n"), 1


def npm_report(pinned: dict) -> tuple[str, int]:
    """The same for the JavaScript twins: the npm deepagents package.json pins against the newest npm release."""
    here = pinned["versions"].get(js.VERSION_KEY)
    newest_release = npm_releases()[-1]
    if newest_release == here:
        return f"## Drift watch: npm deepagents {here} is the newest npm release: nothing can have drifted\n", 0
    title = f"## Drift watch: npm deepagents {here} (pinned) → {newest_release} (newest)"
    newest = measure_npm(newest_release)
    if "error" in newest:
        return f"{title}\n\nThe JavaScript experiments could not run under {newest_release}:\n\n    {newest['error']}\n", 1
    found = changes(pinned, newest, "js")
    total = len(registry.claims("js"))
    if not found:
        return f"{title}\n\nNo fact changed: all {total} JavaScript claims measure the same.\n", 0
    return (f"{title}\n\n{len(found)} of {total} JavaScript facts changed:\n\n" + "\n".join(found) + "\n\n"
            f"To move the pin: `\"deepagents\": \"{newest_release}\"` in package.json (and its peers), "
            "`npm install --package-lock-only`, `make matrix`, then `make test`.\n"), 1


def main() -> int:
    try:
        text, status = report()
    # A named failure (the index cannot be read, an install failed) goes into the summary too.
    except (SystemExit, subprocess.CalledProcessError) as error:
        text, status = f"## Drift watch could not run\n\n{error}\n", 1
    print(text, end="")
    if os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as summary:
            summary.write(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
