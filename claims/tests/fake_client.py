"""A fake client of the engine (the fixture `provider`, claims/tests/conftest.py): three claims (one with a JavaScript twin), two mutants and two tiny
languages' pages, all in memory. The engine's tests run against it in milliseconds, with no build."""

from __future__ import annotations

from claims import Claim, Mutant, Patch
from claims.model import Scope
from claims.provider import Page, Provider

EN = """# Sky { #sky }

The sky is blue. {{ guard("sky-blue", "sky-blue@js") }}

- Grass is green. {{ when("grass-green") }}
- Grass is not green. {{ unless("grass-green") }}

Why is that? {{ narrative("question") }}
"""
XX = """# Ciel { #sky }

Le ciel est bleu. {{ guard("sky-blue", "sky-blue@js") }}

- L'herbe est verte. {{ when("grass-green") }}
- L'herbe n'est pas verte. {{ unless("grass-green") }}

Pourquoi ? {{ narrative("question") }}
"""


class FakeProvider(Provider):
    def __init__(self) -> None:
        sky = Claim("sky-blue", "The sky is blue", True, lambda f: f["sky"], js=lambda f: f["sky_js"])
        self.declared = [sky, Claim("grass-green", "Grass is green", None, lambda f: f["grass"]),
                         Claim("count", "Seven things", 7, lambda f: 7)]
        self.flips = {"paint-sky": ("sky-blue", "sky-blue@js"), "paint-grass": ("grass-green",), "recount": ("count",)}
        self.facts = {"sky": True, "sky_js": True, "grass": False}
        self.texts = {"en": {"page.md": EN}, "xx": {"page.md": XX}}
        self.words = {"sky-blue": "Le ciel est bleu", "grass-green": "L'herbe est verte", "count": "Sept choses"}
        self.under: dict[str, dict] = {}  # setup -> the facts that differ there from the pages' own ("noon")
        self.scope_words = {"en": "at noon", "xx": "à midi"}  # the scope that covers "noon" alone

    def claims(self):
        return [found for c in self.declared for found in (c, c.twin()) if found is not None]

    def mutants(self):
        return [Mutant(name, "", (Patch("lib.py", "a", "b", "lib"),), flips) for name, flips in self.flips.items()]

    def declared_at(self, claim_id):
        base = claim_id.removesuffix("@js")
        return f"lib_claims.py:{10 + [c.id for c in self.declared].index(base)}"

    def languages(self):
        return list(self.texts)

    def pages(self):
        return {code: {name: Page(code, name, f"docs/{code}/{name}", text) for name, text in pages.items()}
                for code, pages in self.texts.items()}

    def label(self, claim_id, language):
        base = claim_id.removesuffix("@js")
        return next(c.label for c in self.declared if c.id == base) if language == "en" else self.words.get(base)

    def translations_file(self, language):
        return f"strings/{language}.yml"

    def value(self, claim_id):
        claim = next((c for c in self.claims() if c.id == claim_id), None)
        if claim is None:
            raise KeyError(f"no claim {claim_id!r}")
        return claim.live(self.facts)

    def measured_under(self, claim_ids):
        return "lib 1.0"

    def setups(self):
        return ["noon", *self.under]

    def value_in(self, claim_id, setup):
        claim = next(c for c in self.claims() if c.id == claim_id)
        return claim.live({**self.facts, **self.under.get(setup, {})})

    def shown_in(self, expression, setup):
        if not expression.startswith("facts."):
            raise KeyError(expression)
        return {**self.facts, **self.under.get(setup, {})}[expression.removeprefix("facts.")]

    def scopes(self, language):
        return [Scope("noon", self.scope_words[language], frozenset({"noon"}))]
