"""Drift watch: the facts that change when the newest deepagents replaces the pinned one.

    python -m sitegen.drift_watch           # exit 1, with a list, when any fact changed

Measures the claims here (the pinned release) and in a fresh environment with
the newest release (see sitegen/matrix.py), and prints every difference.
Needs the package index, like the matrix; the scheduled workflow runs it.
"""

from __future__ import annotations

import json
import sys

from snippets.article import CLAIMS, live_row

from sitegen.matrix import measure, releases


def changes(pinned: dict, newest: dict) -> list[str]:
    lines = []
    for claim in CLAIMS:
        before, after = pinned["facts"].get(claim.id), newest.get("facts", {}).get(claim.id)
        if before != after:
            lines.append(f"- {claim.id} ({claim.section}): {claim.en}\n    pinned: {json.dumps(before)}\n    newest: {json.dumps(after)}")
    return lines


def main() -> int:
    pinned = live_row()
    newest_release = releases()[-1]
    here = pinned["versions"]["deepagents"]
    if newest_release == here:
        print(f"deepagents {here} is the newest release: nothing can have drifted")
        return 0
    newest = measure(newest_release)
    if "error" in newest:
        print(f"deepagents {newest_release}: the experiments could not run: {newest['error']}")
        return 1
    found = changes(pinned, newest)
    print(f"deepagents {here} (pinned) → {newest_release} (newest): {len(found)} fact(s) changed")
    print("\n".join(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
