"""The mutation suite (tools/mutation.py): every mutant is caught, on every page of every language.

One session observes every mutant on the quick path (tools/mutation_probe.py: the facts measured
under the patched copy, every page resolved by the build's own code) and, meanwhile, builds one
mutant strictly in both languages, the way `make mutate` builds each: its build must stop naming
the page and line of a sentence bound to a claim it flipped. Each mutant is one test, whose failure
message is its row of the table and what followed.

What a page must show comes from its bindings and the claims' values, never from its words: the
harness is tested below on observations made by hand from the pages' own markers.
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version

import pytest

from snippets import paths, registry
from sitegen import languages
from tools import mutation
from tools.mutation import Mutant, MutantNoLongerApplies, Observation, Patch
from tools.mutation_probe import SPAN
from tools.releases import pinned

MUTANTS = {m.name: m for m in mutation.MUTANTS}
# The mutants are exact patches of the pinned release's source. Under another release (DEEPAGENTS=0.7.30
# make test) a patch whose text that release words otherwise is skipped, saying so; under the pinned
# release it fails.
PINNED = pinned()
FOR_THIS_RELEASE = version("deepagents") == PINNED


def skip_if_written_for_another_release(problem: str) -> None:
    if not FOR_THIS_RELEASE and "no longer applies" in problem:
        pytest.skip(f"the mutants patch deepagents {PINNED}'s source; {version('deepagents')} words it otherwise: {problem[:160]}")
# Built in full in the session: a mutant whose build stops at a guard of the source language.
FULL_BUILD = "fork-may-set-skills"


@pytest.fixture(scope="session")
def observed(tmp_path_factory):
    """(the quick suite of every mutant, the full strict build of FULL_BUILD), made side by side."""
    root = tmp_path_factory.mktemp("mutants")
    with ThreadPoolExecutor(max_workers=1) as pool:
        full = pool.submit(mutation.build_against, MUTANTS[FULL_BUILD], root / "full")
        quick = mutation.quick_suite(out=root / "quick")
        print("\n" + quick.table())
        return quick, full.result()


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught(observed, name):
    verdict = next(v for v in observed[0].verdicts if v.mutant.name == name)
    if not verdict.caught:
        skip_if_written_for_another_release(verdict.report())
    assert verdict.caught, verdict.report()


def test_every_mutant_shows_on_a_page(observed):
    """A flip that no page binds or shows proves nothing about the pages."""
    assert [v.mutant.name for v in observed[0].verdicts if v.proves_nothing] == []


def test_an_unpatched_copy_reads_as_the_baseline(observed):
    """The quick path is faithful: a forked process that imports an unpatched copy measures and shows what the baseline does."""
    quick, _ = observed
    assert quick.control is not None and quick.control_differs() == []


def test_the_full_build_stops_naming_the_page_and_line(observed):
    quick, full = observed
    skip_if_written_for_another_release(full.error or "")
    verdict = mutation.judge(MUTANTS[FULL_BUILD], quick.baseline, full)
    assert verdict.caught, verdict.report()
    places = {place for message in full.stops for place in mutation.named_places(message)}
    quick_places = {place for message in quick.observations[FULL_BUILD].stops for place in mutation.named_places(message)}
    assert places and places <= quick_places, (places, quick_places)  # the build stops at a page the quick path found
    flipped = mutation.flipped_claims(quick.baseline, full)
    assert all(mutation.claims_at(source, line) & set(flipped) for source, line in places), full.stops


def test_the_quick_path_binds_what_the_build_shows(observed, site):
    """Every bound span of every page of every language, kind, claims and line, as the real build made them."""
    quick, _ = observed
    built = mutation.read_site(site)
    assert sorted(built) == sorted(quick.baseline.pages)
    assert {page: data["spans"] for page, data in built.items()} == {page: data["spans"] for page, data in quick.baseline.pages.items()}


# --------------------------------------------------------------------------- the declarations


def test_the_mutants_are_declared_well():
    claims = {c.id for c in registry.claims()}
    sections = {s.name for s in registry.sections()}
    assert len(MUTANTS) == len(mutation.MUTANTS), "two mutants share a name"
    for mutant in mutation.MUTANTS:
        assert mutant.section in sections, mutant.name
        assert mutant.flips and set(mutant.flips) <= claims, (mutant.name, set(mutant.flips) - claims)
    assert {m.section for m in mutation.MUTANTS} == sections


def test_every_claim_a_sentence_is_bound_to_has_a_mutant():
    """A claim bound to a sentence of some page is flipped by at least one mutant (issue 20: a new claim brings its mutant)."""
    bound = {claim for source in mutation.page_sources() for line in mutation.bound_segments(source)
             for claim in mutation.claims_at(source, line)}
    flipped = {claim for mutant in mutation.MUTANTS for claim in mutant.flips}
    assert sorted(bound - flipped) == []


def test_every_mutant_applies_to_the_installed_release(tmp_path):
    touched = {(p.package, p.file) for m in mutation.MUTANTS for p in m.patches}
    before = {key: _digest(*key) for key in touched}
    for mutant in mutation.MUTANTS:
        try:
            scratch = mutation.prepare(mutant, tmp_path / mutant.name)
        except MutantNoLongerApplies as error:
            if FOR_THIS_RELEASE:
                raise
            print(f"skipped under deepagents {version('deepagents')}: {error}")
            continue
        for patch in mutant.patches:
            assert patch.new in (scratch / patch.package / patch.file).read_text(encoding="utf-8")
    assert {key: _digest(*key) for key in touched} == before, "a patch wrote through to the installed package"


def _digest(package: str, file: str) -> str:
    return hashlib.sha256((mutation.installed(package) / file).read_bytes()).hexdigest()


def test_a_mutant_that_no_longer_applies_says_so_by_name(tmp_path):
    gone = Mutant("ghost-mutant", "refusal", "patches text deepagents does not have",
                  (Patch(mutation.SUBAGENTS, "text that is not in deepagents", "x"),), flips=("refusal-text",))
    with pytest.raises(MutantNoLongerApplies, match=rf"mutant ghost-mutant no longer applies to deepagents "
                                                   rf"{version('deepagents')}: {mutation.SUBAGENTS} has no "):
        mutation.prepare(gone, tmp_path / "direct")
    jobs, unobserved = mutation.plan([gone], tmp_path / "planned")  # through the suite: nothing to observe, a verdict
    verdict = mutation.judge(gone, Observation(), unobserved[gone.name])
    assert jobs == [] and not verdict.caught and "mutant ghost-mutant no longer applies" in verdict.row()


def test_a_text_found_twice_is_refused(tmp_path):
    twice = Mutant("twice", "refusal", "", (Patch(mutation.SUBAGENTS, "return _FORK_RECURSION_REFUSAL", "raise RuntimeError()"),), ())
    with pytest.raises(MutantNoLongerApplies, match="has 2 copies of .* exactly once"):
        mutation.prepare(twice, tmp_path)


# --------------------------------------------------------------------------- the verdict, on observations made by hand


def _markers(kind: str) -> list[tuple[str, int, tuple[str, ...]]]:
    """(source, line, names) of every marker of this kind on the pages."""
    return [(source, line, names) for source in mutation.page_sources()
            for line, (k, names) in mutation.bound_segments(source).items() if k == kind]


def _plain_guard() -> tuple[str, int, str]:
    """A guard on one claim that holds while true: (source, line, claim)."""
    return next((s, line, names[0]) for s, line, names in _markers("guard") if len(names) == 1 and not names[0].startswith("!"))


def _live(**changes) -> dict:
    base = {claim.id: True for claim in registry.claims()}
    return {**base, **changes}


def _pages(live: dict) -> dict[str, dict]:
    """Every page of every language as a build would show it under `live` (when every guard holds)."""
    pages = {}
    for page, source in mutation.page_source_of().items():
        spans = [[kind, " ".join(names), str(line)] for line, (kind, names) in mutation.bound_segments(source).items()
                 if mutation.holds(kind, names, live)]
        pages[page] = {"regions": {"prose": page, "table": "", "callout": ""}, "spans": spans}
    return pages


def _aimed_at(*claims: str) -> Mutant:
    return Mutant("by-hand", "modes", "made by hand", (), tuple(claims))


def test_a_build_that_stops_at_a_sentence_bound_to_the_flipped_claim_is_caught():
    source, line, claim = _plain_guard()
    baseline = Observation(live=_live())
    stopped = Observation(live=_live(**{claim: False}), stops=[f"{source}:{line}: this sentence ..."])
    verdict = mutation.judge(_aimed_at(claim), baseline, stopped)
    assert verdict.caught, verdict.report()
    assert f"{source}:{line}" in verdict.evidence[0]


def test_a_build_that_stops_elsewhere_is_not_caught():
    source, line, claim = _plain_guard()
    other = next(c.id for c in registry.claims() if c.id not in mutation.claims_at(source, line))
    baseline = Observation(live=_live())
    stopped = Observation(live=_live(**{other: False}), stops=[f"{source}:{line}: this sentence ..."])
    verdict = mutation.judge(_aimed_at(other), baseline, stopped)
    assert not verdict.caught and "names no page:line bound to a flipped claim" in verdict.row()


def test_a_declared_flip_that_does_not_happen_is_not_caught():
    _, _, claim = _plain_guard()
    baseline = Observation(live=_live(), pages=_pages(_live()))
    verdict = mutation.judge(_aimed_at(claim), baseline, Observation(live=_live(), pages=_pages(_live())))
    assert not verdict.caught and f"{claim} did not flip" in verdict.row()


def test_a_page_that_keeps_the_old_form_is_not_caught_and_one_that_switches_is():
    source, line, names = _markers("when")[0]
    claim = names[0]
    baseline = Observation(live=_live(), pages=_pages(_live()))
    now = _live(**{claim: False})
    switched = Observation(live=now, pages=_pages(now))
    assert mutation.judge(_aimed_at(claim), baseline, switched).caught
    stale = Observation(live=now, pages=_pages(_live()))  # the pages still show the forms of the old value
    verdict = mutation.judge(_aimed_at(claim), baseline, stale)
    assert not verdict.caught and f"still shows 1 when({claim})" in verdict.row()
    assert "does not show" in verdict.row() or not _markers("unless")


def test_a_value_shown_as_none_is_not_caught():
    source, line, names = _markers("when")[0]
    claim = names[0]
    baseline = Observation(live=_live(), pages=_pages(_live()))
    now = _live(**{claim: False})
    pages = _pages(now)
    page = next(iter(pages))
    pages[page]["regions"]["prose"] += f" {None}"
    verdict = mutation.judge(_aimed_at(claim), baseline, Observation(live=now, pages=pages))
    assert not verdict.caught and f"{page} shows a missing value as `None`" in verdict.row()


def test_an_experiment_failure_is_caught_only_when_it_names_the_pages():
    _, _, claim = _plain_guard()
    section = registry.section_of(claim)
    baseline = Observation(live=_live())
    broken = _live(**{claim: {"error": "it failed"}})
    page = paths.shown(paths.DOCS / languages.source() / section.page)
    named = Observation(live=broken, failure=f"experiment {section.name!r} failed\n  pages that show it: {page}")
    anonymous = Observation(live=broken, failure=f"experiment {section.name!r} failed")
    assert mutation.judge(_aimed_at(claim), baseline, named).caught
    assert not mutation.judge(_aimed_at(claim), baseline, anonymous).caught


def test_a_flip_bound_nowhere_and_shown_nowhere_proves_nothing():
    bound = {claim for source in mutation.page_sources() for line in mutation.bound_segments(source)
             for claim in mutation.claims_at(source, line)}
    unbound = next(c.id for c in registry.claims() if c.id not in bound)
    baseline = Observation(live=_live(), pages=_pages(_live()))
    now = _live(**{unbound: False})
    verdict = mutation.judge(_aimed_at(unbound), baseline, Observation(live=now, pages=_pages(now)))
    assert verdict.caught and verdict.proves_nothing and "proves nothing" in verdict.row()


def test_a_built_page_is_read_by_region():
    """Prose, tables and the callouts that quote the article (titled from the strings), code left out."""
    title = sorted(mutation.callout_titles())[0]
    span = '<span class="bound" data-kind="guard" data-names="a !b" data-line="7"></span>'
    page = (f"<html><nav>n</nav><article><h1>h<a class='headerlink'>#</a></h1><p>p {span}</p>"
            f"<table><tr><td>t</td></tr></table><pre><code>c</code></pre>"
            f"<div class='admonition warning'><p class='admonition-title'>{title}</p><ul><li>q</li></ul></div>"
            f"<div class='admonition note'><p>o</p></div></article></html>")
    parser = mutation._Regions(mutation.callout_titles())
    parser.feed(page)
    assert parser.text() == {"prose": "h\np\no", "table": "t", "callout": f"{title}\nq"}
    assert [list(m.groups()) for m in SPAN.finditer(page)] == [["guard", "a !b", "7"]]


def test_an_unknown_mutant_is_named_with_the_known_ones(capsys):
    with pytest.raises(SystemExit) as stopped:
        mutation.main(["no-such-mutant"])
    assert stopped.value.code == 2
    message = capsys.readouterr().err
    assert "no mutant named no-such-mutant" in message and mutation.MUTANTS[0].name in message


def test_a_package_the_project_imports_is_observed_in_a_fresh_interpreter():
    """A fork cannot import again what the project's own modules hold (here the scenarios' chat model):
    the probe then observes the mutant in a new interpreter."""
    import scripted_model  # noqa: F401 - holds langchain_core classes, as in the probe

    from tools.mutation_probe import to_reload

    with pytest.raises(RuntimeError, match="cannot be imported again in a fork"):
        to_reload(["langchain_core"])
