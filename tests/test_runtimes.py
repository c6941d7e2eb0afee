"""Two runtimes: a claim says which deepagents it speaks of. A claim declared with a `js=` reading has a
JavaScript twin, `<id>@js`, in the registry: same words, same article value, read from what npm deepagents
did (snippets/js.py). Every claim here comes from the registry."""

from __future__ import annotations

import pytest

from sitegen import languages
from claims.markers import StaleSentence, apply
from sitegen.provider import provider
from sitegen.strings import claim_words, declared_keys
from snippets import js, registry
from snippets.facts import collected, gather, live_row
from snippets.lab import JS_SUFFIX, ExperimentFailed, NPM_DEEPAGENTS
from tools import mutation

TWINS = registry.claims("js")


def test_a_twin_is_its_claim_said_of_npm_deepagents():
    assert TWINS, "claims are read in JavaScript too"
    for twin in TWINS:
        base = registry.claim(twin.base)
        assert twin.id == base.id + JS_SUFFIX and (twin.runtime, base.runtime) == ("js", "python")
        assert (twin.label, twin.article, twin.setup) == (base.label, base.article, base.setup)
        assert registry.section_of(twin.id) is registry.section_of(base.id)
        assert registry.claim(twin.id) is twin
    assert registry.claims() == tuple(c for s in registry.sections() for c in registry.claims_of(s))
    with pytest.raises(KeyError, match="JavaScript twin of a claim declared with a `js=` reading"):
        registry.claim("no-such-claim" + JS_SUFFIX)


def test_js_same_reads_the_twin_as_its_claim_reads_from_the_javascript_facts():
    """`js=SAME`: the twin's reading is the Python reading applied to `facts.js`; a `js=` function stays as given."""
    from types import SimpleNamespace

    from snippets.lab import SAME, Claim

    facts = SimpleNamespace(refusal=SimpleNamespace(length=123), js=js.Reading({"refusal": {"length": 74}}))
    same = Claim("x", "x", None, lambda facts: facts.refusal.length, js=SAME)
    own = Claim("y", "y", None, lambda facts: facts.refusal.length, js=lambda facts: -1)
    assert (same.live(facts), same.twin().live(facts), own.twin().live(facts)) == (123, 74, -1)
    assert same.twin().js is None and Claim("z", "z", None, same.live).twin() is None
    assert sum(c.js is SAME for c in registry.claims("python")) >= 40, "most twins are read as their claims are"


def test_a_twin_needs_no_words_of_its_own():
    """Its translations are its claim's (`claims.<id>`): nothing new to translate."""
    assert not [key for key in declared_keys() if JS_SUFFIX in key]
    for twin in TWINS:
        for code in languages.codes():
            assert claim_words(twin, code) == claim_words(registry.claim(twin.base), code)


def test_a_sentence_names_both_runtimes_or_one():
    twin = next(c for c in TWINS if isinstance(c.article, bool))
    page = f'Both hold. {{{{ guard("{twin.base}", "{twin.id}") }}}}\n\nOnly JavaScript. {{{{ guard("{twin.id}") }}}}\n'
    truth = {twin.base: True, twin.id: True}
    out, found = apply(page, truth.__getitem__, "docs/xx/page.md", str)
    assert [s.names for s in found] == [(twin.base, twin.id), (twin.id,)]
    assert f'data-names="{twin.base} {twin.id}"' in out
    with pytest.raises(StaleSentence, match=rf"docs/xx/page\.md:1: no longer true under npm deepagents {js.npm_version()}: "):
        apply(page, {twin.base: True, twin.id: False}.__getitem__, "docs/xx/page.md", str, provider.measured_under)


def test_the_javascript_facts_are_measured_by_section(facts):
    assert set(js.sections()) <= {s.name for s in registry.sections()}
    assert {name for name in js.sections()} == set(facts.js)
    assert facts.versions[js.VERSION_KEY] == js.reader_packages()["deepagents"] == js.npm_version()
    assert facts.js_printed and all(isinstance(out, str) for out in facts.js_printed.values())


@pytest.fixture(scope="module")
def broken_npm(tmp_path_factory):
    """npm deepagents without the flag check: a fork child's call of a sub-agent that does not exist throws."""
    mutant = next(m for m in registry.mutants() if m.name == "js-flag-check-removed")
    assert NPM_DEEPAGENTS in mutant.packages
    return mutation.prepare(mutant, tmp_path_factory.mktemp("broken-npm"))


def test_a_javascript_failure_is_one_line_naming_the_section_and_the_mjs_file(broken_npm, monkeypatch):
    reuse = {name: m for name, m in collected()[1].items() if name != js.NAME}  # the Python results, as measured
    monkeypatch.setenv(js.VARIABLE, str(broken_npm))
    monkeypatch.setenv("FACTS_CACHE", "0")
    with pytest.raises(ExperimentFailed, match=r"^JavaScript experiment 'refusal' \(snippets/scenarios/refusal\.mjs\) "
                                               r"failed: [^\n]*$") as stopped:
        gather(reuse)  # a build stops, naming it
    assert stopped.value.experiment == "refusal"
    tolerant, _ = gather(reuse, tolerant=True)  # the matrix and the mutation suite go on
    assert tolerant.failed == {f"refusal{JS_SUFFIX}": str(stopped.value)} or \
        set(tolerant.failed) >= {f"refusal{JS_SUFFIX}"}
    assert "refusal" not in tolerant.js and {"modes", "flag"} <= set(tolerant.js), "the other sections are measured"
    row = live_row(tolerant)["facts"]
    refusal_twins = [c.id for c in registry.claims_of(registry.section("refusal")) if c.runtime == "js"]
    assert all(row[c]["error"] == tolerant.failed[f"refusal{JS_SUFFIX}"] for c in refusal_twins)
    assert not isinstance(row[next(c.id for c in TWINS if registry.section_of(c.id).name == "modes")], dict)


# --------------------------------------------------------------------------- one schema for both runtimes' results


def test_every_javascript_result_has_the_schema_of_its_experiments_result(facts):
    """What the run's build measured in JavaScript (read from its cache: no node, no build of its own) has the
    fields of the Python result type, less the section's python_only and plus its js_only, each of its type."""
    sections = facts.js._data
    assert set(sections) == set(js.sections())
    assert {name: js.unlike_the_schema(name, data) for name, data in sections.items()} == {name: [] for name in sections}


def test_a_javascript_result_unlike_its_schema_is_named_field_by_field():
    from snippets.guidance import TOOL_LIMITS

    name = "guidance"
    result, fields = js.schema(name)
    good = {"depth_through_a_tool": {"invoke": [[["general-purpose"], True, limit < 3, limit >= 3] for limit in TOOL_LIMITS]}}
    assert js.unlike_the_schema(name, {**{f: None for f in fields}, **good, "notes": {f: "why" for f in fields}}) == []
    problems = js.unlike_the_schema(name, {"depth_through_a_tool": {"invoke": [["general-purpose", True, False, False]]},
                                           "depth_limit": None, "surplus": 1, "printed": {}})
    assert "'surplus' is no field of Guidance (declare it in the section's js_only)" in problems
    assert "'spec_keys' is missing (declare it in the section's python_only)" in problems
    assert "'depth_limit' is null, not dict[str, list[tuple[list[int], list[int], str]]] (or null with a note in measure.mjs saying why)" in problems
    assert any(p.startswith("'depth_through_a_tool' is {\"invoke\":") for p in problems), problems
    assert not any("printed" in p for p in problems)


def test_the_schema_reads_nested_result_types_and_optional_fields():
    from snippets.gap import Chain

    chain = {"form": "fork, own task", "child_got": None, "grandchild_ran": False, "refused": False}
    assert js._fits(chain, Chain) and js._fits({**chain, "error": "more is allowed"}, Chain)
    assert not js._fits({**chain, "refused": "no"}, Chain) and not js._fits({"form": "x"}, Chain)
    assert js._fits([1, "a"], tuple[int, str]) and not js._fits([1], tuple[int, str]) and not js._fits(True, int)
