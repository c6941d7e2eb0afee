"""Drift watch: what changes for a reader who installs deepagents today, against what the site pins.

    python -m tools.drift_watch        # exit 1 when a fact or an example's output differs, or the newest cannot run

In each runtime, a fresh environment holds the newest deepagents release and the
newest releases of its dependencies that its version ranges allow (what
`pip install deepagents` or `npm install deepagents @langchain/core ...` gives
today: .cache/drift/python, .cache/drift/npm; see tools/matrix.py), and every
claim and example is measured there as the build measures them here. The report,
in Markdown, names the versions there that differ from the pins, each changed
fact (claim id and wording, pinned and newest value, the sentences bound to it,
page and line), each example whose printed output differs from what its page
shows (the example's file, the pages that include it, the two outputs), and what
to do next. It is printed, and appended to $GITHUB_STEP_SUMMARY when that is set
(the weekly workflow's job summary). Needs the package indexes, like the matrix
(tools/matrix.py); the scheduled workflow runs it.

It also reads again the pages of deepagents' own docs that the site quotes as
contradicted by what deepagents does (data/docs_quotes.yml, the page "Where
deepagents' docs say otherwise"), in the Markdown form docs.langchain.com serves,
and names each quote no longer found there (the docs changed: perhaps they now say
what deepagents does) and each page it could not read.
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
import urllib.request

from snippets import js, paths, registry
from snippets.facts import collect, gather, live_row, printed_by
from snippets.lab import ExperimentFailed

from sitegen import docs_quotes, languages
from sitegen.bound import bound_to
from sitegen.facts import pages_showing
from sitegen.strings import claim_words
from tools.matrix import measure, measure_npm, npm_releases, record_newest, releases


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


FRESH = paths.CACHE / "drift"  # the fresh environments: python/ (a virtualenv), npm/ (node_modules)


def differing_versions(pinned: dict, newest: dict, runtime: str) -> list[str]:
    """One Markdown list item per package (of one runtime) whose version there differs from the pin here."""
    def ours(name: str) -> bool:
        return name.endswith(js.NPM) == (runtime == "js")

    names = sorted({n for n in (*pinned["versions"], *newest.get("versions", {})) if ours(n)})
    return [f"- `{name.removesuffix(js.NPM)}`: {pinned['versions'].get(name, '(none)')} (pinned) → "
            f"{newest['versions'].get(name, '(none)')} (newest)"
            for name in names if pinned["versions"].get(name) != newest.get("versions", {}).get(name)]


def shown_at(example: str) -> list[str]:
    """Where the pages include an example file (snippets/scenarios/<name>.py or .mjs): page:line, every language."""
    found = []
    for code in languages.codes():
        for page in sorted((paths.DOCS / code).glob("*.md")):
            for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
                if f'"{example}"' in line:
                    found.append(f"{paths.shown(page)}:{number}")
    return found


def outputs(pinned: dict, newest: dict, runtime: str) -> list[str]:
    """One Markdown list item per example (of one runtime) that prints there other than what its page shows."""
    here, there = pinned["printed"].get(runtime, {}), newest.get("printed", {}).get(runtime, {})
    suffix = ".py" if runtime == "python" else ".mjs"
    entries = []
    for scenario in sorted(set(here) | set(there)):
        if here.get(scenario) == there.get(scenario):
            continue
        example = f"snippets/scenarios/{scenario}{suffix}"
        diff = difflib.unified_diff((here.get(scenario) or "").splitlines(), (there.get(scenario) or "").splitlines(),
                                    "the page shows (pinned)", "it prints (newest)", lineterm="", n=1)
        entries.append(f"- `{example}` prints other than its page shows (shown at "
                       f"{', '.join(shown_at(example)) or 'no page'}):\n\n  ```diff\n"
                       + "".join(f"  {line}\n" for line in diff) + "  ```")
    return entries


def report() -> tuple[str, int]:
    """The report in Markdown, and the exit status (1: something for a maintainer to do)."""
    try:
        facts = collect()  # what a build measures: once per process, or from the cache
    except ExperimentFailed:
        facts = gather(tolerant=True)[0]  # an experiment fails here too: every claim that can still be measured
    pinned = {**live_row(facts), "printed": printed_by(facts)}
    reports = [runtime_report(pinned, runtime) for runtime in ("python", "js")]
    return "\n".join(text for text, _ in reports), max(status for _, status in reports)


def runtime_report(pinned: dict, runtime: str) -> tuple[str, int]:
    """The pins of one runtime against a fresh install of the newest deepagents on its index (PyPI, npm)."""
    python = runtime == "python"
    name, kind = ("deepagents", "") if python else ("npm deepagents", "JavaScript ")
    dependencies = "langchain and langgraph" if python else "peers"
    here = pinned["versions"].get("deepagents" if python else js.VERSION_KEY)
    listed = releases() if python else npm_releases()
    newest_release = listed[-1]
    record_newest(runtime, listed, "make drift")  # what the pages say was last checked, and when
    title = (f"## Drift watch: {name} {here} (pinned) → {newest_release} (newest), "
             f"with the newest {dependencies} its ranges allow")
    newest = (measure if python else measure_npm)(newest_release, fresh=FRESH / ("python" if python else "npm"),
                                                  printed=True)
    if "error" in newest:
        return f"{title}\n\nThe {kind}experiments could not run under {newest_release}:\n\n    {newest['error']}\n", 1
    versions = differing_versions(pinned, newest, runtime)
    found, printed = changes(pinned, newest, runtime), outputs(pinned, newest, runtime)
    total, examples = len(registry.claims(runtime)), len(pinned["printed"].get(runtime, {}))
    installed = ("Versions there that differ from the pins:\n\n" + "\n".join(versions) if versions else
                 "The fresh install holds exactly the pinned versions.")
    if not found and not printed:
        return (f"{title}\n\n{installed}\n\nNothing differs: all {total} {kind}claims measure the same, and all "
                f"{examples} {kind}examples print what their pages show.\n"), 0
    parts = [title, installed]
    if found:
        parts.append(f"{len(found)} of {total} {kind}facts changed:\n\n" + "\n".join(found))
    else:
        parts.append(f"No fact changed: all {total} {kind}claims measure the same.")
    if printed:
        parts.append(f"{len(printed)} of {examples} {kind}examples print other than their pages show:\n\n"
                     + "\n".join(printed))
    how = (f"To see the site under {newest_release}: `DEEPAGENTS={newest_release} make build` (into "
           f"`site-deepagents-{newest_release}/`). To move the pins: `deepagents=={newest_release}` in pyproject.toml, "
           "`python3 -m uv lock --upgrade`" if python else
           f"To move the pins: `\"deepagents\": \"{newest_release}\"` and its peers' versions above in package.json, "
           "`npm install --package-lock-only`")
    parts.append(f"{how}, `make matrix`, then `make test`; an example whose output follows a dependency's "
                 "internals prints what the reader's code decides instead.")
    return "\n\n".join(parts) + "\n", 1


def served(url: str) -> str:
    """A page as its server gives it today."""
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read().decode("utf-8")


def docs_report() -> tuple[str, int]:
    """Each quote of deepagents' docs (data/docs_quotes.yml) looked for in its pages as served today,
    whitespace aside; the report in Markdown and the exit status (1: a quote is gone from a page it read). A page
    it cannot read (a machine that reaches only the package indexes) is named, its quotes unchecked: unknown is
    not changed, and `make drift` still says what it can."""
    data = docs_quotes.entries()
    title = f"## deepagents' docs: the statements the site quotes, read on {data['read']}"
    pages, unread = {}, []
    for runtime, page in data["pages"].items():
        try:
            pages[runtime] = " ".join(served(page["fetch"]).split())
        except (OSError, ValueError) as error:
            unread.append(f"- {page['fetch']} could not be read ({error}): its quotes were not checked")
    gone = [f"- `{name}` is no longer on {data['pages'][runtime]['url']}: {code(entry['quote'])}"
            for name, entry in data["quotes"].items() for runtime in entry["pages"]
            if runtime in pages and " ".join(entry["quote"].split()) not in pages[runtime]]
    if not gone and not unread:
        return f"{title}\n\nAll {len(data['quotes'])} quotes still stand on their pages as quoted.\n", 0
    if not gone:
        return "\n\n".join([title, "\n".join(unread)]) + "\n", 0
    parts = [title, *(["\n".join(unread)] if unread else [])]
    if gone:
        parts.append("\n".join(gone))
        parts.append(f"The docs changed there. Read the page: if it now says what deepagents does, remove the quote "
                     f"from {paths.shown(paths.DOCS_QUOTES)} and its section from each docs/<language>/docs-otherwise.md; "
                     "otherwise quote what it says now, and set `read` to today.")
    return "\n\n".join(parts) + "\n", 1


def main() -> int:
    try:
        text, status = report()
    except (SystemExit, subprocess.CalledProcessError) as error:  # a named failure goes into the summary too
        text, status = f"## Drift watch could not run\n\n{error}\n", 1
    docs_text, docs_status = docs_report()
    text, status = text + "\n" + docs_text, max(status, docs_status)
    print(text, end="")
    if os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as summary:
            summary.write(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
