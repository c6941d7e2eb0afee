"""No measured value is typed by hand in docs/: it must come from the facts.

Every number of two or more digits and every string of 12 or more characters
that the facts (or the article's claims) hold must not appear in a page's own
text; neither may any count written next to its unit ("8 tools", "123 个字符").
Template expressions ({{ ... }}, {% ... %}) and code blocks are not prose.
"""

import dataclasses
import re
from pathlib import Path

from snippets.article import CLAIMS
from sitegen.strings import word

DOCS = Path(__file__).resolve().parent.parent / "docs"
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
COUNT_WITH_UNIT = re.compile(r"\b\d+\s*(?:tools?|characters?|chars|rounds?|messages?|times|个工具|个字符|轮|条消息|次)")


def values(obj):
    if dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            yield from values(getattr(obj, field.name))
        for name in ("length",):
            if hasattr(type(obj), name):
                yield getattr(obj, name)
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from values(value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            yield from values(value)
    else:
        yield obj


def known(facts):
    found = list(values(facts)) + [claim.article for claim in CLAIMS]
    found += [len(s) for s in found if isinstance(s, str)]
    numbers = {str(v) for v in found if isinstance(v, int) and not isinstance(v, bool) and v >= 10}
    labels = set(word("en", "labels"))  # names the experiments give their rows ("declarative fork"), not measurements
    strings = {v.strip() for v in found if isinstance(v, str) and len(v.strip()) >= 12 and v not in labels}
    return numbers, strings


def prose(page: Path) -> str:
    return TEMPLATE.sub(" ", FENCE.sub(" ", page.read_text(encoding="utf-8")))


def test_known_values_are_not_typed(facts):
    numbers, strings = known(facts)
    assert {"123", "567", "86"} <= numbers, "the article's headline numbers are among the checked values"
    typed = []
    for page in sorted(DOCS.rglob("*.md")):
        text = prose(page)
        typed += [f"{page.relative_to(DOCS)}: number {n}" for n in numbers if re.search(rf"(?<![\w.#-]){n}(?![\w.])", text)]
        typed += [f"{page.relative_to(DOCS)}: string {s[:50]!r}" for s in strings if s in text]
        typed += [f"{page.relative_to(DOCS)}: count {m.group(0)!r}" for m in COUNT_WITH_UNIT.finditer(text)]
    assert typed == []


def test_the_check_catches_a_typed_value(facts, tmp_path):
    numbers, strings = known(facts)
    page = tmp_path / "typed.md"
    page.write_text(f"The refusal is {facts.refusal.length} characters: {facts.refusal.text}\n", encoding="utf-8")
    text = prose(page)
    assert str(facts.refusal.length) in numbers and re.search(rf"(?<![\w.#-]){facts.refusal.length}(?![\w.])", text)
    assert facts.refusal.text in strings and facts.refusal.text in text
