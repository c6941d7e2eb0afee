"""The mutation suite (tools/mutation.py): every mutant is caught, on every page of every language.

One session observes the mutants on the quick path (the facts measured under the patched copy,
every page's bindings resolved by the build's own function) and, meanwhile, builds one mutant
strictly in both languages, the way `make mutate` builds each (but reading what the patch leaves
unchanged from a copy of the run's cache): its build must stop naming the page and line of a sentence
bound to a claim it flipped. A mutant's claim values kept by `make mutants` (data/mutants.json) for the
very code and stack of this run are read instead of measured again, but the pages' bindings are still
resolved with them now; a few kept mutants (AGAIN) are observed again each run and must match what was
kept. Each mutant is one test, whose failure message is its row of the table and what followed.

What a page must show comes from its bindings and the claims' values, never from its words: the
judge is tested below on observations made by hand from the pages' own markers.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version

import pytest

from snippets import js, lab, paths, registry
from snippets.lab import JS_SUFFIX, NPM_DEEPAGENTS, SUBAGENTS_PY, Mutant, Patch
from sitegen import languages
from sitegen import bound
from tools import mutation
from tools.mutation import MutantNoLongerApplies, Observation
from tools.releases import pinned
from tests.site_build import copy_cache

MUTANTS = {m.name: m for m in registry.mutants()}
# The mutants are exact patches of the pinned release's source. Under another release (DEEPAGENTS=0.7.30
# make test) a patch whose text that release words otherwise is skipped, saying so; under the pinned
# release it fails.
PINNED = pinned()
FOR_THIS_RELEASE = version("deepagents") == PINNED


def skip_if_written_for_another_release(problem: str) -> None:
    """Under another release (DEEPAGENTS=0.7.30 make test) a mutant that is not caught is skipped, saying why: its
    patch is an exact text of the pinned release's stack, which that release may word otherwise (it no longer
    applies) or run otherwise (it applies and means something else there: langchain's sync-only guard under
    deepagents 0.7.30). Under the pinned release it must be caught."""
    if FOR_THIS_RELEASE:
        return
    if "no longer applies" in problem:
        pytest.skip(f"the mutants patch deepagents {PINNED}'s source; {version('deepagents')} words it otherwise: {problem[:160]}")
    pytest.skip(f"written for deepagents {PINNED}'s stack, not caught under {version('deepagents')}: {problem[:160]}")


# Built in full in the session: a mutant whose build stops at a guard of every language. It patches npm
# deepagents only, so its build reads every Python fact and block from a copy of the run's cache (their keys
# do not change) and measures the JavaScript twins again: one node process instead of a cold build.
FULL_BUILD = MUTANTS["js-fork-may-set-skills"]


# Kept mutants observed again each run (a random few: pytest-randomly seeds the choice), and compared.
AGAIN = 3


@dataclasses.dataclass
class Observed:
    baseline: Observation  # the unpatched site, as the quick path's probe read it from the run's cache
    seen: dict[str, Observation]  # mutant -> what was observed now, else what was kept (with the pages of now)
    verdicts: dict[str, mutation.Verdict]
    full: Observation  # FULL_BUILD built strictly
    kept: dict[str, Observation]  # what data/mutants.json kept, for this run's inputs
    again: dict[str, Observation]  # kept mutants observed again now
    why_none_kept: str  # why nothing was read from data/mutants.json ("" when it was)


@pytest.fixture(scope="session")
def observed(tmp_path_factory, build_cache, site, facts):
    """The quick path's observations (kept ones read, the others made now) and the full strict build of FULL_BUILD,
    made side by side. The baseline is what the run's build measured (read from its cache)."""
    from snippets.facts import live_row

    root = tmp_path_factory.mktemp("mutants")
    copy_cache(build_cache, root / "cache")  # the full build's
    copy_cache(build_cache, root / "quick-cache")  # the quick path's: its probe keeps each mutant's facts there
    kept, why_none = mutation.kept(MUTANTS.values(), live_row(facts)["facts"])
    again = random.sample(sorted(kept), min(AGAIN, len(kept)))
    observe = [m for name, m in MUTANTS.items() if name not in kept or name in again]
    with ThreadPoolExecutor(max_workers=1) as pool:
        full = pool.submit(mutation.build_against, FULL_BUILD, root / "full", cache=root / "cache")
        baseline, seen = mutation.quick(observe, root / "quick", say=lambda line: None, cache=root / "quick-cache")
        seen = {**kept, **seen}
        verdicts = {name: mutation.judge(m, baseline, seen[name]) for name, m in MUTANTS.items()}
        print(f"\nobserved now: {len(observe)} mutants; read from {paths.shown(mutation.KEPT)}: "
              f"{len(MUTANTS) - len(observe)}{f' ({why_none})' if why_none else ''}")
        print(mutation.table(list(verdicts.values()), "quick", 0))
        return Observed(baseline, seen, verdicts, full.result(), kept, {name: seen[name] for name in again}, why_none)


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught(observed, name):
    verdict = observed.verdicts[name]
    if not verdict.caught:
        skip_if_written_for_another_release(verdict.report())
    assert verdict.caught, verdict.report()


def test_the_full_build_stops_naming_the_page_and_line(observed):
    baseline, seen, full = observed.baseline, observed.seen, observed.full
    verdict = mutation.judge(FULL_BUILD, baseline, full)
    if not verdict.caught:
        skip_if_written_for_another_release(full.error or verdict.report())
    assert verdict.caught, verdict.report()
    places = {place for message in full.stops for place in mutation.PLACE.findall(message)}
    quick_places = {place for message in seen[FULL_BUILD.name].stops for place in mutation.PLACE.findall(message)}
    assert places and places <= quick_places, (places, quick_places)  # the build stops where the quick path said
    assert len(full.stops) == len(places), f"one line per stop, naming page:line: {full.stops}"


def test_the_quick_path_binds_what_the_build_shows(observed, site):
    """Every bound span of every page of every language, kind, claims and line, as the real build made them."""
    baseline = observed.baseline
    built, _ = mutation.read_site(site)
    assert built == baseline.spans


def test_a_mutant_measures_again_only_the_fields_its_claims_read_where_no_other_section_reads_them(facts):
    partial = 0
    for mutant in registry.mutants():
        needed = mutation.needed_sections(mutant, facts)
        fields = mutation.fields_needed(mutant, facts, needed)
        read_by_others = {r for name in needed if JS_SUFFIX not in name for r in registry.section(name).reads}
        assert set(fields) <= needed and not set(fields) & read_by_others, mutant.name
        for name, wanted in fields.items():  # fields of the result, never a property that may read any of them
            assert wanted <= {f.name for f in dataclasses.fields(facts.results[name])}, (mutant.name, name, wanted)
        partial += bool(fields)
    assert partial, "some mutant is measured field by field"


def test_an_experiment_measured_in_part_runs_only_what_its_wanted_fields_read(facts, build_cache):
    """A field that runs no scenario is made anew; every other field, and what the scenarios printed, is the
    previous result's: nothing else runs."""
    from dataclasses import fields
    from tests.conftest import reading_the_runs_cache

    section = next(s for s in registry.sections() if s.scenarios and _built_field_by_field(s))
    with reading_the_runs_cache(build_cache):
        from snippets.facts import gather

        previous = gather()[1][section.name]
    names = [f.name for f in fields(previous.result)]
    for wanted in reversed(names):  # the first field, from the last, that runs fewer scenarios than the whole
        ran = []
        original = lab.Bench.run
        lab.Bench.run = lambda bench, scenario: ran.append(scenario) or original(bench, scenario)
        try:
            again = lab.measure(section, {n: facts.results[n] for n in section.reads}, frozenset({wanted}), previous)
        finally:
            lab.Bench.run = original
        if set(ran) < set(section.scenarios):
            break
    else:
        pytest.fail(f"every field of {section.name}'s result runs every scenario")
    assert {n: getattr(again.result, n) for n in names} == {n: getattr(previous.result, n) for n in names}
    assert all(getattr(again.result, n) is getattr(previous.result, n) for n in names if n != wanted)
    assert again.printed == previous.printed


def _built_field_by_field(section) -> bool:
    import inspect

    return "bench.result(" in inspect.getsource(section.measure)


# --------------------------------------------------------------------------- the declarations


def test_every_claim_has_a_mutant_that_flips_it():
    """A claim is declared with the mutants that must flip it (snippets/mutants/<section>.py); so is every JavaScript
    twin a page binds a sentence to. The rule is the claims engine's (claims/checks.py, `unflipped`: it stops
    the build); here, that the pages do bind twins, so the rule has something to check."""
    from claims.checks import unflipped
    from sitegen.provider import provider

    twins = {name for source in {*bound.page_sources().values()} for _, names in bound.markers(source).values()
             for name in (n.lstrip("!") for n in names) if name.endswith(JS_SUFFIX)}
    assert twins, "the pages bind sentences to JavaScript twins"
    assert unflipped(provider.claims(), provider.mutants(), provider.pages(), provider.declared_at) == []


def test_every_mutant_applies_to_the_installed_release(tmp_path):
    touched = {(p.package, mutation.source_file(p)) for m in registry.mutants() for p in m.patches}
    assert {package for package, _ in touched} >= {"deepagents", NPM_DEEPAGENTS}
    before = {key: _digest(*key) for key in touched}
    for mutant in registry.mutants():
        try:
            scratch = mutation.prepare(mutant, tmp_path / mutant.name)
        except MutantNoLongerApplies as error:
            if FOR_THIS_RELEASE:
                raise
            print(f"skipped under deepagents {version('deepagents')}: {error}")
            continue
        for patch in mutant.patches:
            assert patch.new in mutation.patched_file(scratch, patch).read_text(encoding="utf-8")
    assert {key: _digest(*key) for key in touched} == before, "a patch wrote through to the installed package"


def test_a_patched_npm_copy_is_what_node_loads(tmp_path):
    """npm deepagents is copied with hard links, never symbolic ones (node would follow those back to the
    installed bundle): the patched bundle is a file of its own, the others share the installed files."""
    mutant = next(m for m in registry.mutants() if NPM_DEEPAGENTS in m.packages)
    scratch = mutation.prepare(mutant, tmp_path)
    copy = mutation.copied(scratch, NPM_DEEPAGENTS)
    files = [p for p in copy.rglob("*") if p.is_file() or p.is_symlink()]
    assert files and not any(p.is_symlink() for p in files)
    patched = mutation.patched_file(scratch, mutant.patches[0])
    installed = mutation.installed(NPM_DEEPAGENTS) / patched.relative_to(copy)
    assert patched.stat().st_ino != installed.stat().st_ino
    assert mutation.base_env(scratch)[js.VARIABLE] == str(scratch)


def test_an_npm_patch_whose_glob_does_not_match_one_file_says_so(tmp_path):
    for pattern, found in (("dist/no-such-bundle-*.js", "no file"), ("dist/*.js", "files")):
        wrong = Mutant("glob-mutant", "", (Patch(pattern, "x", "y", NPM_DEEPAGENTS),), ())
        with pytest.raises(MutantNoLongerApplies, match=rf"mutant glob-mutant no longer applies: .* matches .*{found}"):
            mutation.prepare(wrong, tmp_path / pattern.replace("/", "_"))


def _digest(package: str, file: str) -> str:
    return hashlib.sha256((mutation.installed(package) / file).read_bytes()).hexdigest()


def test_a_mutant_that_no_longer_applies_says_so_by_name(tmp_path):
    gone = Mutant("ghost-mutant", "patches text deepagents does not have",
                  (Patch(SUBAGENTS_PY, "text that is not in deepagents", "x"),), flips=(registry.claims()[0].id,))
    with pytest.raises(MutantNoLongerApplies, match=rf"mutant ghost-mutant no longer applies to deepagents "
                                                   rf"{version('deepagents')}: {SUBAGENTS_PY} has no "):
        mutation.prepare(gone, tmp_path / "direct")


def test_a_text_found_twice_is_refused(tmp_path):
    twice = Mutant("twice", "", (Patch(SUBAGENTS_PY, "return _FORK_RECURSION_REFUSAL", "raise RuntimeError()"),), ())
    with pytest.raises(MutantNoLongerApplies, match="has 2 copies of .* exactly once"):
        mutation.prepare(twice, tmp_path)


# --------------------------------------------------------------------------- the verdict, on observations made by hand


def _markers(kind: str) -> list[tuple[str, int, tuple[str, ...]]]:
    """(source, line, names) of every marker of this kind on the pages."""
    sources = sorted({paths.shown(p) for p in bound.page_sources().values()})
    return [(s, line, names) for s in sources for line, (k, names) in bound.markers(paths.ROOT / s).items() if k == kind]


def _plain_guard() -> tuple[str, int, str]:
    """A guard on one claim that holds while true: (source, line, claim)."""
    return next((s, line, names[0]) for s, line, names in _markers("guard") if len(names) == 1 and not names[0].startswith("!"))


def _live(**changes) -> dict:
    """Every claim's value as a build would take it, true or false as the pages bind them today."""
    from snippets.facts import collect, live_row

    return {**live_row(collect())["facts"], **changes}


def _aimed_at(*claims: str) -> Mutant:
    return Mutant("by-hand", "made by hand", (), tuple(claims))


def test_a_build_that_stops_at_a_sentence_bound_to_the_flipped_claim_is_caught(facts):
    source, line, claim = _plain_guard()
    stopped = Observation(live=_live(**{claim: False}), stops=[f"{source}:{line}: no longer true ..."])
    verdict = mutation.judge(_aimed_at(claim), Observation(live=_live()), stopped)
    assert verdict.caught and f"{source}:{line}" in verdict.row(), verdict.report()


def test_a_build_that_stops_elsewhere_is_not_caught(facts):
    source, line, claim = _plain_guard()
    other = next(c.id for c in registry.claims() if c.id not in bound.claims_at(source, line))
    stopped = Observation(live=_live(**{other: "moved"}), stops=[f"{source}:{line}: no longer true ..."])
    verdict = mutation.judge(_aimed_at(other), Observation(live=_live()), stopped)
    assert not verdict.caught and "names no page:line bound to a flipped claim" in verdict.row()


def test_a_declared_flip_that_does_not_happen_is_not_caught(facts):
    _, _, claim = _plain_guard()
    _, spans = bound.resolve(_live())
    verdict = mutation.judge(_aimed_at(claim), Observation(live=_live()), Observation(live=_live(), spans=spans))
    assert not verdict.caught and f"{claim} did not flip" in verdict.row()


def test_a_page_that_keeps_the_old_form_is_not_caught_and_one_that_switches_is(facts):
    _, _, names = _markers("when")[0]
    claim = names[0]
    now = _live(**{claim: not _live()[claim]})
    stops, switched = bound.resolve(now)
    assert stops == []
    assert mutation.judge(_aimed_at(claim), Observation(live=_live()), Observation(live=now, spans=switched)).caught
    _, stale = bound.resolve(_live())  # the pages still show the forms of the old value
    verdict = mutation.judge(_aimed_at(claim), Observation(live=_live()), Observation(live=now, spans=stale))
    assert not verdict.caught and "which no longer holds" in verdict.row() and "which holds now" in verdict.row()


def test_an_experiment_failure_is_caught_only_when_it_names_the_pages(facts):
    _, _, claim = _plain_guard()
    section = registry.section_of(claim)
    broken = _live(**{claim: {"error": "it failed"}})
    page = paths.shown(paths.DOCS / languages.source() / section.page)
    named = Observation(live=broken, failure=f"experiment {section.name!r} failed (pages that show it: {page})")
    anonymous = Observation(live=broken, failure=f"experiment {section.name!r} failed")
    assert mutation.judge(_aimed_at(claim), Observation(live=_live()), named).caught
    assert not mutation.judge(_aimed_at(claim), Observation(live=_live()), anonymous).caught


def test_an_unknown_mutant_is_named_with_the_known_ones(capsys):
    with pytest.raises(SystemExit) as stopped:
        mutation.main(["no-such-mutant"])
    assert stopped.value.code == 2
    message = capsys.readouterr().err
    assert "no mutant named no-such-mutant" in message and registry.mutants()[0].name in message


def test_copies_of_npm_deepagents_measured_in_one_node_process_read_as_one_process_each(tmp_path):
    """tools/measure_copies.mjs (the quick path's npm mutants): each copy in the shared process is measured
    as `DEEPAGENTS_JS_DIR=<copy> node measure.mjs` measures it alone, and no copy sees another's deepagents."""
    import json
    import subprocess

    patched = mutation.prepare(MUTANTS["js-refusal-text-changed"], tmp_path / "patched")
    plain = mutation.scratch_copy(tmp_path / "plain", [NPM_DEEPAGENTS])
    plan = [{"name": name, "dir": str(folder), "sections": ["refusal"], "out": str(tmp_path / f"{name}.json")}
            for name, folder in [("plain", plain), ("patched", patched), ("plain again", plain)]]
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    subprocess.run([js.node(), str(paths.ROOT / "tools" / "measure_copies.mjs"), str(tmp_path / "plan.json")],
                   cwd=paths.ROOT, check=True, capture_output=True, timeout=120)
    shared = {job["name"]: json.loads((tmp_path / f"{job['name']}.json").read_text(encoding="utf-8")) for job in plan}
    for name, folder in [("plain", plain), ("patched", patched)]:
        alone = subprocess.run([js.node(), str(paths.MEASURE_JS), "--keep-going", "refusal"], cwd=paths.ROOT,
                               env={**os.environ, js.VARIABLE: str(folder)}, capture_output=True, text=True, timeout=120)
        assert (shared[name]["code"], shared[name]["out"]) == (alone.returncode, alone.stdout), name
    assert shared["plain"]["out"] != shared["patched"]["out"], "the patched copy's refusal was measured"
    assert shared["plain again"] == shared["plain"]
    assert js.read(shared["patched"]["code"], shared["patched"]["out"], "", ["refusal"])[0].result["sections"]["refusal"]


# --------------------------------------------------------------------------- the kept observations (make mutants)


def test_kept_mutants_observed_again_show_what_was_kept(observed):
    """AGAIN kept mutants, observed now on the quick path: every claim has the value data/mutants.json kept."""
    if not observed.kept:
        pytest.skip(f"nothing was read from {paths.shown(mutation.KEPT)} ({observed.why_none_kept}): every mutant was "
                    "observed now; `make mutants` keeps them for this code and stack")
    assert observed.again, "no kept mutant was observed again"
    for name, now in observed.again.items():
        differ = {c: (observed.kept[name].live.get(c), v) for c, v in now.live.items() if observed.kept[name].live.get(c) != v}
        assert not differ, f"{name}: kept -> now: {differ}"


def test_make_mutants_keeps_what_the_quick_path_saw_and_the_suite_reads_it_back(tmp_path, cache_copy, facts):
    """`make mutants` (python -m tools.mutation --quick --record), on one mutant into a file of the test's: read back,
    its claim values are those the quick path saw, and the judge catches it as it does when it is observed now."""
    import subprocess
    import sys

    from snippets import cache as facts_cache
    from snippets.facts import live_row

    record, mutant = tmp_path / "mutants.json", MUTANTS["fork-gets-extra-tool"]
    done = subprocess.run([sys.executable, "-m", "tools.mutation", "--quick", "--record", str(record), mutant.name],
                          cwd=paths.ROOT, env={**os.environ, **facts_cache.environment(cache_copy)},
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "kept 1 of 1 mutants in" in done.stdout
    baseline = live_row(facts)["facts"]
    found, why = mutation.kept([mutant], baseline, record)
    assert not why and set(found) == {mutant.name}
    assert all(found[mutant.name].live[claim] != baseline[claim] for claim in mutant.flips)
    unpatched = Observation(live=baseline, **mutation.on_the_pages(baseline, None))
    assert mutation.judge(mutant, unpatched, found[mutant.name]).caught


def test_a_kept_observation_is_read_only_for_the_inputs_and_baseline_it_was_kept_beside(tmp_path, facts, monkeypatch):
    from snippets.facts import live_row

    baseline, mutant = live_row(facts)["facts"], MUTANTS["fork-gets-extra-tool"]
    claim = mutant.flips[0]
    out = tmp_path / "quick"
    out.mkdir()
    (out / f"{mutant.name}.json").write_text(mutation._json(
        {"live": {**baseline, claim: "changed"}, "imported": {"deepagents": "/scratch/deepagents/__init__.py"}, "failed": None}))
    record = tmp_path / "mutants.json"
    assert mutation.keep([mutant], out, baseline, record) == [mutant.name]
    found, why = mutation.kept([mutant], baseline, record)
    assert not why and found[mutant.name].live == {**baseline, claim: "changed"}
    assert found[mutant.name].spans == mutation.on_the_pages({**baseline, claim: "changed"}, None)["spans"] \
        or found[mutant.name].stops  # what the pages make of the values is worked out now
    other_baseline = {**baseline, claim: "other"}
    assert mutation.kept([mutant], other_baseline, record) == ({}, f"{paths.shown(record)} was kept beside other baseline values")
    monkeypatch.setattr(mutation, "inputs", lambda root=mutation.ROOT: "other")
    assert mutation.kept([mutant], baseline, record) == ({}, f"{paths.shown(record)} was kept for other code or another stack")


def test_the_inputs_change_with_the_measuring_code_and_not_with_its_tests_or_bytecode(tmp_path):
    for name in mutation.MEASURING:
        path = tmp_path / name / "a.py" if "." not in name else tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")
    before = mutation.inputs(tmp_path)
    (tmp_path / "claims" / "tests").mkdir()
    (tmp_path / "claims" / "tests" / "test_a.py").write_text("assert True\n")
    (tmp_path / "snippets" / "__pycache__").mkdir()
    (tmp_path / "snippets" / "__pycache__" / "a.pyc").write_bytes(b"\0")
    assert mutation.inputs(tmp_path) == before
    for name in mutation.MEASURING:
        path = tmp_path / name / "a.py" if "." not in name else tmp_path / name
        path.write_text("x = 2\n")
        assert mutation.inputs(tmp_path) != before, name
        path.write_text("x = 1\n")
