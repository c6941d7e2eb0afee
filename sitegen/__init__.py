"""The glue between the live facts (`snippets/`) and MkDocs: hooks, page variables, generated pages."""

from __future__ import annotations

import sys
from pathlib import Path

SNIPPETS = Path(__file__).resolve().parent.parent / "snippets"
_last_seen: dict[str, str] = {}

# What must outlive one build inside a `mkdocs serve` process (MkDocs reloads the
# hooks module on every rebuild; this package stays imported).
serving = {"active": False, "last_good": {}, "failed": {}}
# Rendered exec blocks, by (snippets.cache fingerprint, language, block code, options).
rendered_blocks: dict[tuple, str] = {}


def reload_edited_snippets() -> None:
    """Make `mkdocs serve` run edited experiment code.

    MkDocs reloads its config and hooks on every rebuild, but Python keeps
    imported modules. When a file in snippets/ changed since the last build in
    this process, drop the imported snippets (and the page variables built from
    them), so the rebuild imports and measures the new code.
    """
    from snippets.cache import fingerprint  # imports neither deepagents nor the experiments

    current = fingerprint()
    if _last_seen.get("snippets", current) != current:
        for name in [n for n in sys.modules if n == "snippets" or n.startswith(("snippets.", "sitegen.macros"))]:
            del sys.modules[name]
    _last_seen["snippets"] = current


def live_facts():
    """`snippets.facts.collect()`, or an error naming the experiment and the pages that show it.

    Every experiment runs here, once per process, before any page is rendered.
    """
    from mkdocs.exceptions import PluginError

    from snippets.facts import collect
    from snippets.lab import ExperimentFailed

    try:
        return collect()
    except ExperimentFailed as error:
        pages = [str(page.relative_to(SNIPPETS.parent)) for page in pages_showing(error.experiment or "")]
        raise PluginError(f"{error}\n  pages that show it: {', '.join(pages) or '(none)'}") from error


def pages_showing(experiment: str, language: str | None = None) -> list[Path]:
    """The pages (of one language, or all) that include an experiment's file, found in docs/."""
    from snippets.facts import EXPERIMENTS

    measure = EXPERIMENTS.get(experiment)
    if measure is None:
        return []
    include = f'--8<-- "{measure.__module__.replace(".", "/")}.py"'
    docs = SNIPPETS.parent / "docs" / (language or "")
    return [page for page in sorted(docs.rglob("*.md")) if include in page.read_text(encoding="utf-8")]


def sentences_bound_to(claim_id: str) -> list[str]:
    """Where pages bind a sentence to a claim (live("id") or guard("id")), as page:line.

    Code blocks are examples, not bindings (how-it-runs.md shows the syntax)."""
    docs = SNIPPETS.parent / "docs"
    needles = (f'live("{claim_id}")', f'guard("{claim_id}")')
    found = []
    for page in sorted(docs.rglob("*.md")):
        in_code = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            in_code ^= line.lstrip().startswith("```")
            if not in_code and any(needle in line for needle in needles):
                found.append(f"{page.relative_to(SNIPPETS.parent)}:{number}")
    return found
