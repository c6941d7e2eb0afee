"""Translation parity of this site's pages (claims/parity.py):

    python -m claims parity             # exit 1 and one line per difference (make parity)

The tests run it too (tests/test_parity.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from snippets import paths

from claims import parity
from claims.parity import skeleton  # noqa: F401 - the tests read a page's skeleton
from sitegen import languages

DOCS = paths.DOCS


def differences(docs: Path = DOCS, registry: Path | None = None) -> list[str]:
    """One readable line per difference between the source language's pages and each translation's."""
    return parity.differences(parity.read(docs, languages.codes(registry or docs / "languages.yml")))


def main() -> int:
    problems = differences()
    for line in problems:
        print(line)
    if not problems:
        print(f"parity: every page of docs/{languages.source()} has a translation with the same skeleton "
              f"in {', '.join(f'docs/{code}' for code in languages.codes()[1:])}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
