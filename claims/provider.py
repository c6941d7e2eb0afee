"""The one object through which a client (a site's experiments) reaches the engine.

A client implements `Provider` once and names it in the configuration, as
`module:attribute` (the MkDocs plugin's `provider:` option; `python -m claims`
reads the same option from mkdocs.yml). The engine asks it for the claims and
mutants, where each claim is declared, the pages of every language and the
translations of each claim's words; the build asks it for live values, the
mutation judge for the values under a mutant.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from claims.model import JS_SUFFIX, Claim, Mutant, Scope


@dataclass(frozen=True)
class Page:
    """One page source of one language, as the checks read it."""

    language: str
    name: str  # the page's path inside its language's folder: "refusal.md"
    file: str  # how messages name it: "docs/zh/refusal.md"
    text: str


class Provider(ABC):
    """What the engine needs from a client. The abstract methods are the whole contract; the others
    have defaults a client may keep."""

    # ----------------------------------------------------------------- the model

    @abstractmethod
    def claims(self) -> Iterable[Claim]:
        """Every claim, JavaScript twins (`<id>@js`) included, in the order declared."""

    @abstractmethod
    def mutants(self) -> Iterable[Mutant]:
        """Every mutant, in the order declared."""

    @abstractmethod
    def declared_at(self, claim_id: str) -> str:
        """Where a claim is declared, "file:line" ("claims_of_mylib.py:12"; a twin: its claim's)."""

    def mutant_declared_at(self, name: str) -> str:
        """Where a mutant is declared, "file:line" (for messages; default: unknown)."""
        return "?"

    # ----------------------------------------------------------------- languages and pages

    @abstractmethod
    def languages(self) -> list[str]:
        """The language codes, the source language first."""

    @abstractmethod
    def pages(self) -> dict[str, dict[str, Page]]:
        """language -> page name -> Page: the page sources each language has (never a fallback)."""

    @abstractmethod
    def label(self, claim_id: str, language: str) -> str | None:
        """A claim's words in a language (the source language: its English label); None if not translated."""

    def translations_file(self, language: str) -> str:
        """The file where a language's translations of the claims' words go (for messages)."""
        return f"the translations of {language}"

    # ----------------------------------------------------------------- values

    @abstractmethod
    def value(self, claim_id: str) -> Any:
        """A claim's live value; KeyError naming the claim if there is none."""

    def describe(self, claim_id: str) -> str:
        """A claim for a message: its id, words and where it is declared."""
        return f"{claim_id} ({self.label(claim_id, self.languages()[0])!r}, {self.declared_at(claim_id)})"

    def measured_under(self, claim_ids: Iterable[str]) -> str:
        """What these claims were measured under ("somelib 1.2.3 and npm somelib 1.4.1")."""
        return "the installed library"

    def page_html(self, site: Path, language: str, page: str) -> Path:
        """Where a built site holds a page ("index", "refusal") of a language: the source language at the
        root and each other one in <site>/<code>/; MkDocs' directory URLs (<page>/index.html), or <page>.html
        where the site was built without them."""
        root = Path(site) if language == self.languages()[0] else Path(site) / language
        if page == "index":
            return root / "index.html"
        flat = root / f"{page}.html"
        return flat if flat.exists() and not (root / page / "index.html").exists() else root / page / "index.html"

    def show(self, value: Any, language: str) -> str:
        """A value as a table cell shows it, in a language."""
        return str(value)

    def values_under(self, mutant: Mutant) -> dict[str, Any]:
        """Every claim's live value with the mutant applied (claim id -> value). A client that measures
        mutants one at a time implements it; `python -m claims mutate` runs the configured runner
        instead, when there is one (a client that measures many in one process)."""
        raise NotImplementedError(f"{type(self).__name__} measures no mutant one at a time")

    # ----------------------------------------------------------------- setups (claims/checks.py `unscoped`)

    def setups(self) -> list[str]:
        """The setups a client measures its claims under (the ways a reader's project may differ from its
        examples), the one its pages are built with first. Default: none but that one, nothing to check."""
        return []

    def value_in(self, claim_id: str, setup: str) -> Any:
        """A claim's value under a setup; KeyError if it is not measured under that setup."""
        raise KeyError(claim_id)

    def shown_in(self, expression: str, setup: str) -> Any:
        """What a page's template expression (the inside of a `{{ ... }}` that is no marker) shows under a
        setup; KeyError if it does not depend on the setup, or the client cannot read it."""
        raise KeyError(expression)

    def scopes(self, language: str) -> list[Scope]:
        """The scopes a sentence of this language may state: its words, and the setups they cover."""
        return []

    # ----------------------------------------------------------------- the site's own checks

    def refresh(self) -> None:
        """Forget what was read (a rebuild of `mkdocs serve`): called before the checks run again."""

    def extra_checks(self) -> list[str]:
        """The client's own build-time problems, one line each (e.g. the site's strings)."""
        return []


class SimpleProvider(Provider):
    """A ready provider for a site in one language (claims/README.md, "A five-minute start"): its claims and
    mutants are lists, its pages the Markdown files of the configuration's `docs_dir`, and a claim's value is
    its `live` reading of what `measure()` returns (called once per build).

        provider = SimpleProvider(CLAIMS, MUTANTS, measure)   # in a module beside mkdocs.yml

    `root` is the site's folder (default: that of the module that makes the provider); messages name pages and
    declarations relative to it."""

    def __init__(self, claims: Iterable[Claim], mutants: Iterable[Mutant], measure: Callable[[], Any], *,
                 language: str = "en", root: Path | None = None) -> None:
        caller = Path(inspect.stack()[1].filename).resolve()
        self.root = Path(root or caller.parent).resolve()
        self.module = caller
        self._claims, self._mutants, self._measure, self._language = list(claims), list(mutants), measure, language
        self._facts: Any = None

    def claims(self) -> list[Claim]:
        return self._claims

    def mutants(self) -> list[Mutant]:
        return self._mutants

    def _line_of(self, name: str) -> str:
        text = self.module.read_text(encoding="utf-8") if self.module.exists() else ""
        line = next((n for n, line in enumerate(text.splitlines(), 1) if f'"{name}"' in line or f"'{name}'" in line), None)
        return f"{shown(self.module, self.root)}:{line or '?'}"

    def declared_at(self, claim_id: str) -> str:
        return self._line_of(claim_id.removesuffix(JS_SUFFIX))

    def mutant_declared_at(self, name: str) -> str:
        return self._line_of(name)

    def languages(self) -> list[str]:
        return [self._language]

    def docs(self) -> Path:
        """The folder of the pages: the `docs_dir` of the mkdocs.yml beside the provider (MkDocs' default: docs)."""
        config = self.root / "mkdocs.yml"
        found = re.search(r"^docs_dir:\s*['\"]?([^'\"#\n]+?)['\"]?\s*(?:#.*)?$", config.read_text(encoding="utf-8"), re.M) \
            if config.exists() else None
        return self.root / (found.group(1) if found else "docs")

    def pages(self) -> dict[str, dict[str, Page]]:
        docs = self.docs()
        return {self._language: {p.relative_to(docs).as_posix(): Page(self._language, p.relative_to(docs).as_posix(),
                                                                      shown(p, self.root), p.read_text(encoding="utf-8"))
                                 for p in sorted(docs.rglob("*.md"))}}

    def label(self, claim_id: str, language: str) -> str | None:
        return next((c.label for c in self._claims if c.id == claim_id), None)

    def value(self, claim_id: str) -> Any:
        claim = next((c for c in self._claims if c.id == claim_id), None)
        if claim is None:
            raise KeyError(f"no claim {claim_id!r}")
        if self._facts is None:
            self._facts = self._measure()
        return claim.live(self._facts)

    def refresh(self) -> None:
        self._facts = None

    def measured_under(self, claim_ids: Iterable[str]) -> str:
        """The releases of the packages the mutants patch ("json of Python 3.11.7"), as messages name them."""
        from claims.patching import Packages, PatchNoLongerApplies

        packages = dict.fromkeys(p for m in self._mutants for p in m.packages)
        try:
            return " and ".join(Packages().release(p) for p in packages) or super().measured_under(claim_ids)
        except (PatchNoLongerApplies, ImportError, ValueError):
            return super().measured_under(claim_ids)


def load(spec: str, root: Path | None = None) -> Provider:
    """The provider a configuration names: "package.module:attribute" (a Provider, or a class or
    function that makes one). `root`, the folder of the configuration: a module found nowhere else is
    looked for there (a site's provider may be a file beside its mkdocs.yml)."""
    module, _, attribute = spec.partition(":")
    if not module or not attribute:
        raise ValueError(f"provider {spec!r}: write it as package.module:attribute")
    if root is not None and importlib.util.find_spec(module.split(".")[0]) is None and str(root) not in sys.path:
        sys.path.append(str(root))
    found = getattr(importlib.import_module(module), attribute)
    provider = found if isinstance(found, Provider) else found()
    if not isinstance(provider, Provider):
        raise TypeError(f"provider {spec!r} is a {type(provider).__name__}, not a claims.Provider")
    return provider


def shown(path: Path, root: Path) -> str:
    """A path as messages show it: relative to `root` when inside."""
    path = Path(path)
    return str(path.relative_to(root)) if path.is_absolute() and path.is_relative_to(root) else str(path)
