"""The deepagents experiments as the claims engine sees them: the one `claims.Provider` of this site.

mkdocs.yml names it (`- claims: {provider: sitegen.provider:provider}`); the engine (claims/) reaches
snippets/ (the claims and mutants each section declares, their live values) and the site's strings
(each claim's words in every language) through it alone. It lives in sitegen/ because a claim's
words in other languages are the site's strings; snippets/ stays free of the site layer.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from snippets import paths, registry
from snippets.lab import JS_SUFFIX

from claims.provider import Page, Provider
from sitegen import languages, strings


class DeepagentsProvider(Provider):
    def claims(self):
        return registry.claims()

    def mutants(self):
        return registry.mutants()

    def declared_at(self, claim_id: str) -> str:
        section = registry.section_of(claim_id)
        base = claim_id.removesuffix(JS_SUFFIX)
        return f"snippets/{section.name}.py:{_declarations(section.name).get(('Claim', base), 1)}"

    def mutant_declared_at(self, name: str) -> str:
        section = next(s for s in registry.sections() if any(m.name == name for m in registry.mutants_of(s)))
        return f"snippets/mutants/{section.name}.py:{_declarations(f'mutants/{section.name}').get(('Mutant', name), 1)}"

    def languages(self) -> list[str]:
        return languages.codes()

    def pages(self) -> dict[str, dict[str, Page]]:
        found = {}
        for code in languages.codes():
            folder = paths.DOCS / code
            found[code] = {p.relative_to(folder).as_posix(): Page(code, p.relative_to(folder).as_posix(), paths.shown(p),
                                                                   p.read_text(encoding="utf-8"))
                           for p in sorted(folder.rglob("*.md"))}
        return found

    def label(self, claim_id: str, language: str) -> str | None:
        claim = registry.claim(claim_id)
        if language == languages.source():
            return claim.label
        found = (strings.strings(language).get("claims") or {}).get(claim.base)
        return found if isinstance(found, str) else None

    def translations_file(self, language: str) -> str:
        return f"{paths.shown(paths.STRINGS)}/{language}.yml"

    def value(self, claim_id: str) -> Any:
        from sitegen.facts import live_facts

        return registry.claim(claim_id).live(live_facts())

    def describe(self, claim_id: str, language: str = "en") -> str:
        """A claim for a message: its wording and where it is measured (a JavaScript twin: in JavaScript too)."""
        claim, section = registry.claim(claim_id), registry.section_of(claim_id)
        where = f"snippets/{section.name}.py" + (f", in JavaScript by {paths.shown(paths.MEASURE_JS)}" if claim.runtime == "js" else "")
        return f"{claim_id} ({strings.claim_words(claim, language)!r}, {where})"

    def measured_under(self, claim_ids: Iterable[str]) -> str:
        """"deepagents 0.7.32", "npm deepagents 1.14.1" or both."""
        from snippets import js

        names, found = list(claim_ids), []
        if any(not name.endswith(JS_SUFFIX) for name in names):
            found.append(f"deepagents {version('deepagents')}")
        if any(name.endswith(JS_SUFFIX) for name in names):
            found.append(f"npm deepagents {js.npm_version()}")
        return " and ".join(found)

    def page_html(self, site, language: str, page: str):
        return languages.page_html(site, language, page)

    def show(self, value: Any, language: str) -> str:
        from sitegen.render import show

        return show(value, strings.word(language, "list_separator"))

    def values_under(self, mutant) -> dict[str, Any]:
        """Every claim's value with a declared mutant applied: the mutation suite's quick path for that one
        mutant (`python -m tools.mutation --quick <name>`, in its own process: the site layer imports no tool)."""
        with tempfile.TemporaryDirectory(prefix="values-under-") as keep:
            subprocess.run([sys.executable, "-m", "tools.mutation", "--quick", mutant.name, "--keep", keep],
                           cwd=paths.ROOT, capture_output=True, text=True, check=False)
            seen = Path(keep) / "quick" / f"{mutant.name}.json"
            data = json.loads(seen.read_text(encoding="utf-8")) if seen.exists() else {"error": "nothing observed"}
        if "live" not in data:
            raise RuntimeError(f"mutant {mutant.name}: {data.get('error')}")
        return data["live"]

    # ----------------------------------------------------------------- setups (snippets/setups.py)

    def setups(self) -> list[str]:
        return [setup.id for setup in setups_measured().setups]

    def value_in(self, claim_id: str, setup: str) -> Any:
        """A claim's value under a setup: the claims of the experiments snippets/setups.py measures under it."""
        from snippets import setups

        if claim_id not in setups.measured_claims(_setup(setup)):
            raise KeyError(claim_id)
        return registry.claim(claim_id).live(facts_under()[setup])

    def shown_in(self, expression: str, setup: str) -> Any:
        """What `{{ facts.<section>... }}` (or `facts.js.<section>...`) shows under a setup that measures that
        section (in that runtime); under any other, KeyError: there it shows the pages' own value."""
        from snippets import setups

        javascript = expression.startswith("facts.js.")
        if setup != setups.DEFAULT:
            measured = _setup(setup).js_sections if javascript else _setup(setup).sections
            if not any(expression.startswith(f"facts.{'js.' if javascript else ''}{name}.") for name in measured):
                raise KeyError(expression)
        return _expression(expression)(facts=facts_under()[setup])

    def scopes(self, language: str) -> list:
        from claims.model import Scope
        from snippets import setups

        found = setups_measured().setups
        return [Scope(scope.id, strings.declared(language, f"scopes.{scope.id}", scope.words, "snippets/setups.py"),
                      frozenset(setup.id for setup in found if scope.covers(setup))) for scope in setups.SCOPES]

    def refresh(self) -> None:
        languages.languages.cache_clear()
        strings.strings.cache_clear()
        _declarations.cache_clear()

    def extra_checks(self) -> list[str]:
        return strings.check(languages.codes())  # every word of every language but the claims' (the engine's)


@functools.cache
def setups_measured():
    """The setups (snippets/setups.py) and what was measured under each, once per process."""
    from mkdocs.exceptions import PluginError

    from sitegen.facts import live_facts, pages_showing
    from snippets import setups
    from snippets.lab import ExperimentFailed

    try:
        return setups.measured(live_facts().results)
    except ExperimentFailed as error:  # one line naming the experiment, the setup and the pages, as live_facts()
        pages = ", ".join(paths.shown(page) for page in pages_showing(error.experiment or "")) or "(none)"
        raise PluginError(f"{error} (pages that show it: {pages})") from error


def _setup(setup_id: str):
    return next(setup for setup in setups_measured().setups if setup.id == setup_id)


@functools.cache
def facts_under() -> dict[str, Any]:
    """Setup id -> the facts under it (the pages' own facts under the first)."""
    from sitegen.facts import live_facts
    from snippets import setups

    return setups.facts_under(live_facts(), setups_measured())


@functools.cache
def _expressions():
    """A Jinja environment with the filters pages use (sitegen/macros.py), to read what an expression shows."""
    import jinja2

    from sitegen.render import code, quote, show

    found = jinja2.Environment()
    found.filters.update(code=code, quote=quote, show=show, len=len)
    return found


@functools.cache
def _expression(expression: str):
    """An expression, compiled once: the build reads it under every setup."""
    return _expressions().compile_expression(expression)


@functools.cache
def _declarations(section: str) -> dict[tuple[str, str], int]:
    """("Claim", id) or ("Mutant", name) -> the line of its declaration in snippets/<section>.py (a section's
    claims) or snippets/mutants/<section>.py (its mutants: `section` is then "mutants/<section>")."""
    found = {}
    for node in ast.walk(ast.parse((paths.SNIPPETS / f"{section}.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Claim", "Mutant") \
                and node.args and isinstance(node.args[0], ast.Constant):
            found.setdefault((node.func.id, node.args[0].value), node.lineno)
    return found


provider = DeepagentsProvider()
