"""No measured value is typed by hand in docs/: it must come from the facts.

Every number of two or more digits and every string of 12 or more characters
with a space in it that the facts (or the article's claims) hold must not appear
in a page's own text; neither may any count written next to a unit the strings name. Template
expressions ({{ ... }}) and code blocks are not prose.
"""

import dataclasses
import re

from snippets import paths, registry
from sitegen.strings import word
from tests.site_build import LANGUAGES

TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
FENCE = re.compile(r"^\s*```.*?^\s*```", re.M | re.S)


LABELS = {"form", "agent"}  # the experiments' own names for what they compare ("declarative fork"): not measured


def values(obj):
    if dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            if field.name not in LABELS:
                yield from values(getattr(obj, field.name))
        for name in ("length",):
            if hasattr(type(obj), name):
                yield getattr(obj, name)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from values(value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            yield from values(value)
    else:
        yield obj


def known(facts):
    found = list(values(list(facts.results.values()))) + [claim.article for claim in registry.claims()]
    found += [len(s) for s in found if isinstance(s, str)]
    numbers = {str(v) for v in found if isinstance(v, int) and not isinstance(v, bool) and v >= 10}
    # A quoted sentence, not an identifier: a name such as `general-purpose` on a page is guarded by the claim
    # that measures it (and an experiment that reads an internal by name fails first when it moves).
    strings = {v.strip() for v in found if isinstance(v, str) and len(v.strip()) >= 12 and " " in v.strip()}
    return numbers, strings


def count_with_unit(language: str) -> re.Pattern:
    """A number written next to a unit of this language, taken from its strings (`diagram.tools`, `rows.carried`)."""
    units = {word(language, "diagram.tools"), word(language, "rows.carried")}
    words = {w.strip() for template in units for w in re.split(r"\{\w+\}", template) if w.strip(" ,，")}
    return re.compile(r"\b\d+\s*(?:" + "|".join(re.escape(w.strip(" ,，")) for w in words) + ")")


def prose(text: str) -> str:
    return TEMPLATE.sub(" ", FENCE.sub(" ", text))


def test_known_values_are_not_typed(facts):
    numbers, strings = known(facts)
    assert {str(facts.refusal.length), str(len(facts.flag.preamble))} <= numbers
    typed = []
    for language in LANGUAGES:
        unit = count_with_unit(language)
        for page in sorted((paths.DOCS / language).glob("*.md")):
            text = prose(page.read_text(encoding="utf-8"))
            typed += [f"{paths.shown(page)}: number {n}" for n in numbers if re.search(rf"(?<![\w.#-]){n}(?![\w.])", text)]
            typed += [f"{paths.shown(page)}: string {s[:50]!r}" for s in strings if s in text]
            typed += [f"{paths.shown(page)}: count {m.group(0)!r}" for m in unit.finditer(text)]
    assert typed == []


def test_the_check_catches_a_typed_value(facts):
    numbers, strings = known(facts)
    text = prose(f"The refusal is {facts.refusal.length} characters: {facts.refusal.text}\n")
    assert str(facts.refusal.length) in numbers and re.search(rf"(?<![\w.#-]){facts.refusal.length}(?![\w.])", text)
    assert facts.refusal.text in strings and facts.refusal.text in text
    tools = word(LANGUAGES[0], "diagram.tools").format(count=8)
    assert count_with_unit(LANGUAGES[0]).search(prose(f"It holds {tools}."))
