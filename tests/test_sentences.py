"""The overview's promise, literally: every sentence about deepagents is bound to the claim that makes it true.

And the page sources stay prose a writer and a translator can live in.
"""

import re

import pytest

from snippets import paths, registry
from sitegen import bindings
from sitegen.verdicts import differing, matrix_rows
from tests.site_build import LANGUAGES, html
from sitegen.bound import attributions, behaviour_words, unbound
from tools.sentences import bound_texts, register

FENCE = re.compile(r"^\s*```.*?^\s*```", re.M | re.S)


def pages(language: str):
    return sorted((paths.DOCS / language).glob("*.md"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sentence_speaks_of_deepagents_outside_a_binding(language):
    found = [f"{paths.shown(page)}:{line}: {sentence}" for page in pages(language)
             for line, sentence in unbound(page.read_text(encoding="utf-8"), behaviour_words(language),
                                           attributions(language))]
    assert found == [], ("bind each sentence to the claim that makes it true; narrative(reason) is only for a sentence "
                         "that says nothing about deepagents, or reports whose words it gives:\n" + "\n".join(found))


def test_the_check_finds_an_unbound_sentence():
    language = LANGUAGES[0]
    word = behaviour_words(language)[0]
    page = f"A sentence bound. {{{{ guard(\"x\") }}}} Then one about {word} that is not.\n"
    assert [line for line, _ in unbound(page, behaviour_words(language))] == [1]


def test_behaviour_is_never_narrative():
    """A narrative sentence that says how deepagents behaves is found, unless it reports the article or an example."""
    language = LANGUAGES[0]
    word, reported = behaviour_words(language)[0], attributions(language)[0]
    page = (f"It is all about {word}. {{{{ narrative(\"setup\") }}}}\n\n"
            f"{reported.capitalize()} says {word} matters. {{{{ narrative(\"article\") }}}}\n\n"
            f"Is {word} refused? {{{{ narrative(\"question\") }}}}\n\n"
            f"How to read {word}. {{{{ narrative(\"reading\") }}}}\n")
    assert [line for line, _ in unbound(page, behaviour_words(language), attributions(language))] == [1, 7]


@pytest.mark.parametrize("language", LANGUAGES)
def test_template_tags_stay_out_of_the_prose(language):
    """At most 12 % of the non-blank lines outside code hold a `{%` tag, and no condition sits in a sentence."""
    prose = [line for page in pages(language) for line in FENCE.sub("", page.read_text(encoding="utf-8")).splitlines()
             if line.strip()]
    tagged = [line for line in prose if "{%" in line]
    assert len(tagged) <= 0.12 * len(prose), tagged
    assert not [line for line in tagged if re.search(r"\{%-?\s*(if|elif|else)\b", line)], "a condition in a sentence"


def test_a_guard_binds_only_claims_that_hold_in_every_published_release():
    """A claim that differs across the releases gets a form for each value (when/unless), not a guard."""
    varying = {c.id for c in differing(matrix_rows())}
    for page in paths.DOCS.rglob("*.md"):
        for segment in bindings.segments(page.read_text(encoding="utf-8"), paths.shown(page)):
            where = f"{paths.shown(page)}:{segment.line}"
            if segment.kind == "guard":
                assert not set(segment.claims) & varying, f"{where}: guard on a claim that differs across releases"


def test_each_form_has_its_other_form_on_the_same_page():
    for page in paths.DOCS.rglob("*.md"):
        marks = [(s.kind, s.names) for s in bindings.segments(page.read_text(encoding="utf-8"))]
        for kind, names in marks:
            other = "unless" if kind == "when" else "when" if kind == "unless" else None
            if other:
                assert (other, names) in marks, f"{paths.shown(page)}: {kind}{names} has no {other}() form"


def test_every_claim_a_page_binds_exists():
    known = {c.id for c in registry.claims()}
    for page in paths.DOCS.rglob("*.md"):
        for segment in bindings.segments(page.read_text(encoding="utf-8")):
            assert set(segment.claims) <= known, (paths.shown(page), segment.line, segment.claims)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_shown_binding_reaches_the_built_page(site, facts, language):
    """Each marker a page keeps leaves its span in the HTML, after the text it binds."""
    truth = {c.id: c.live(facts) for c in registry.claims()}
    for page in pages(language):
        _, found = bindings.apply(page.read_text(encoding="utf-8"), truth.__getitem__, str(page), str)
        built = {b.line: b for b in bound_texts(html(site, language, page.stem))}
        for segment in found:
            if segment.shown:
                assert segment.line in built and built[segment.line].text, (paths.shown(page), segment.line)


def test_the_register_lists_every_language_with_counts(site, runs_cache):
    text = register(site)  # the setups each sentence holds under: as the run's build measured them
    for language in LANGUAGES:
        assert f"## {language}" in text
    counts = re.findall(r"^\| (\w+) \| (\d+) \| (\d+) \| (\d+) \|$", text, re.M)
    assert len({row[1:] for row in counts}) == 1, f"every language binds as many sentences: {counts}"
    assert int(counts[0][1]) > 0
