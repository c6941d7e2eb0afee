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
                           f"  - pinned: {code(before)}\n  - newest: {code(after)}\n"
                           f"  - pages: {pages or '(no page includes this experiment)'}\n"
                           f"  - sentences bound to it: {', '.join(bound_to([claim.id])) or '(none)'}")
    return entries


def report() -> tuple[str, int]:
    """The report in Markdown, and the exit status (1: something for a maintainer to do)."""
    try:
        pinned = live_row(collect())  # what a build measures: once per process, or from the cache
    except ExperimentFailed:
        pinned = live_row()  # an experiment fails here too: every claim that can still be measured
    reports = [runtime_report(pinned, runtime) for runtime in ("python", "js")]
    return "\n".join(text for text, _ in reports), max(status for _, status in reports)


def runtime_report(pinned: dict, runtime: str) -> tuple[str, int]:
    """The pinned release of one runtime against the newest on its index (PyPI, npm)."""
    python = runtime == "python"
    name, kind = ("deepagents", "") if python else ("npm deepagents", "JavaScript ")
    here = pinned["versions"].get("deepagents" if python else js.VERSION_KEY)
    newest_release = (releases() if python else npm_releases())[-1]
    if newest_release == here:
        return f"## Drift watch: {name} {here} is the newest{'' if python else ' npm'} release: nothing can have drifted\n", 0
    title = f"## Drift watch: {name} {here} (pinned) → {newest_release} (newest)"
    newest = (measure if python else measure_npm)(newest_release)
    if "error" in newest:
        return f"{title}\n\nThe {kind}experiments could not run under {newest_release}:\n\n    {newest['error']}\n", 1
    found, total = changes(pinned, newest, runtime), len(registry.claims(runtime))
    if not found:
        return f"{title}\n\nNo fact changed: all {total} {kind}claims measure the same.\n", 0
    how = (f"To see the site under {newest_release}: `DEEPAGENTS={newest_release} make build` (into "
           f"`site-deepagents-{newest_release}/`). To move the pin: `deepagents=={newest_release}` in pyproject.toml, "
           "`python3 -m uv lock`" if python else
           f"To move the pin: `\"deepagents\": \"{newest_release}\"` in package.json (and its peers), "
           "`npm install --package-lock-only`")
    return f"{title}\n\n{len(found)} of {total} {kind}facts changed:\n\n" + "\n".join(found) + \
        f"\n\n{how}, `make matrix`, then `make test`.\n", 1


def main() -> int:
    try:
        text, status = report()
    except (SystemExit, subprocess.CalledProcessError) as error:  # a named failure goes into the summary too
        text, status = f"## Drift watch could not run\n\n{error}\n", 1
    print(text, end="")
    if os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as summary:
            summary.write(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
