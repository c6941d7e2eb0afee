"""The sentence register of this site (claims/register.py, through sitegen/provider.py):

    python -m claims sentences              # build the site (cached), print the register as Markdown (make sentences)
    python -m claims sentences --site DIR   # read an existing build instead

The lint that finds sentences speaking of deepagents outside a binding is claims.register.unbound
(tests/test_sentences.py runs it on every page, with each language's words from sitegen/bound.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from claims import register as engine
from claims.register import Bound, bound_texts  # noqa: F401 - the tests read built pages with it
from sitegen.provider import provider


def register(site: Path) -> str:
    """The register as Markdown, from a built site."""
    return engine.register(provider, site)


def main(argv: list[str] | None = None) -> int:
    from claims.__main__ import main as claims

    return claims(["sentences", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
