"""The site's way to the facts: `snippets.facts.collect()`, with errors that name pages, fresh under `mkdocs serve`."""

from __future__ import annotations

import hashlib
import sys

from snippets import paths


def _snippets_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(paths.SNIPPETS.rglob("*.py")):
        digest.update(str(path.relative_to(paths.SNIPPETS)).encode() + path.read_bytes())
    return digest.hexdigest()


def fresh_snippets() -> None:
    """Under `mkdocs serve`, make a rebuild run edited experiment code.

    MkDocs reloads its config and plugins on every rebuild, but Python keeps the
    modules it imported. The imported `snippets` package carries the digest of the
    code it was imported from; when the files on disk differ, every snippets module
    (and `scripted_model`) is dropped, so this build imports and measures the new code.
    """
    current = _snippets_digest()
    loaded = sys.modules.get("snippets")
    if loaded is not None and getattr(loaded, "code_digest", current) != current:
        for name in [n for n in sys.modules if n == "snippets" or n.startswith("snippets.") or n == "scripted_model"]:
            del sys.modules[name]
    import snippets

    snippets.code_digest = current


def live_facts():
    """`snippets.facts.collect()`, or an error naming the experiment and the pages that show it."""
    from mkdocs.exceptions import PluginError

    fresh_snippets()
    from snippets.facts import collect
    from snippets.lab import ExperimentFailed

    try:
        return collect()
    except ExperimentFailed as error:
        pages = ", ".join(paths.shown(page) for page in pages_showing(error.experiment or "")) or "(none)"
        raise PluginError(f"{error}\n  pages that show it: {pages}") from error


def pages_showing(section_name: str, language: str | None = None) -> list:
    """The page of a section in one language, or in every language that has it."""
    from snippets import registry
    from sitegen import languages

    try:
        page = registry.section(section_name).page
    except KeyError:
        return []
    codes = [language] if language else languages.codes()
    return [paths.DOCS / code / page for code in codes if (paths.DOCS / code / page).exists()]
