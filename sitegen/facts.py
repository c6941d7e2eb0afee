"""The site's way to the facts: `snippets.facts.collect()`, with an error that names the pages it stops.

The site layer receives what the experiments measured as one value, and never
measures itself. Under `mkdocs serve`, edited Python code is picked up by
restarting the server (`make serve`), not by reloading modules in place.
"""

from __future__ import annotations

from mkdocs.exceptions import PluginError

from snippets import paths


def live_facts():
    """`snippets.facts.collect()`, or one error naming the experiment and the pages that show it."""
    from snippets.facts import collect
    from snippets.lab import ExperimentFailed

    try:
        return collect()
    except ExperimentFailed as error:
        pages = ", ".join(paths.shown(page) for page in pages_showing(error.experiment or "")) or "(none)"
        raise PluginError(f"{error} (pages that show it: {pages})") from error


def pages_showing(section_name: str, language: str | None = None) -> list:
    """The page of a section in one language, or in every language that has it (<section>@js: the section
    whose JavaScript measurement failed)."""
    from snippets import registry
    from snippets.lab import JS_SUFFIX
    from sitegen import languages

    try:
        page = registry.section(section_name.removesuffix(JS_SUFFIX)).page
    except KeyError:
        return []
    codes = [language] if language else languages.codes()
    return [paths.DOCS / code / page for code in codes if (paths.DOCS / code / page).exists()]
