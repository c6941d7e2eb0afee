"""A section and a claim are each declared once.

An eighth section is one experiment file (its claims and their English words included), its
mutants' file, one page per language, the translations of its words and its nav line. A new claim
touches at most five files: the experiment, its mutants' file, the source language's page, each
translation's page and each translation's strings; every error on the way names the file to change. The facts, the
overview's table, the generic table, the drift report, the matrix page, parity and the mutation
suite follow from the registry."""

import os
import re
import subprocess
import sys

import pytest
import yaml

from snippets import cache as facts_cache
from snippets import registry
from tests.site_build import LANGUAGES, SOURCE, TheRunsCache, copy_cache, copy_project, html, mkdocs_build

EXPERIMENT = '''"""Section 8: an extra measurement, to show what adding a section takes."""

from dataclasses import dataclass

from snippets.lab import Bench, Claim, Section


@dataclass(frozen=True)
class Extra:
    limit: int


def measure_extra(bench: Bench) -> Extra:
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel

    return Extra(create_deep_agent(model=ScriptedModel(script=[])).config["recursion_limit"])


SECTION = Section(
    "extra", 8, "extra.md", "Extra", "a step limit", measure_extra,
    claims=[Claim("extra-limit-set", "A deep agent comes with a step limit", None,
                  lambda facts: isinstance(facts.extra.limit, int))],
)
'''
MUTANTS = '''"""Section 8's mutants."""

from snippets.lab import GRAPH_PY, Mutant, Patch

MUTANTS = [Mutant("extra-no-limit", "a limit that is no number",
                  (Patch(GRAPH_PY, '"recursion_limit": 9_999', '"recursion_limit": "none"'),),
                  flips=("extra-limit-set",))]
'''
PAGE = """# 8. Extra { #extra }

A deep agent comes with a step limit of {{ facts.extra.limit }}. {{ guard("extra-limit-set") }}

{{ table("extra") }}

{{ changes("extra") }}
"""
TRANSLATED = {"sections": {"extra": {"title": "Extra", "measures": "a step limit"}},
              "claims": {"extra-limit-set": "A deep agent comes with a step limit"}}


def writer(project, touched):
    def write(relative: str, content: str) -> None:
        (project / relative).write_text(content, encoding="utf-8")
        touched.append(relative)
    return write


def translate(project, language: str, words: dict) -> str:
    """A translation's strings with `words` merged in (the test speaks no language: the words stay English)."""
    merged = yaml.safe_load((project / f"sitegen/strings/{language}.yml").read_text(encoding="utf-8"))
    for key, value in words.items():
        for inner, text in value.items():
            merged.setdefault(key, {})[inner] = text
    return yaml.safe_dump(merged, allow_unicode=True, sort_keys=False)


@pytest.fixture(scope="module")
def eighth(tmp_path_factory, build_cache, site):  # site: the run's build has filled build_cache
    root = tmp_path_factory.mktemp("eighth")
    project = copy_project(root / "project")
    cache = copy_cache(build_cache, root / "cache")
    touched: list[str] = []
    write = writer(project, touched)
    write("snippets/extra.py", EXPERIMENT)  # 1. the experiment: its SECTION and claims
    write("snippets/mutants/extra.py", MUTANTS)  # and its mutants
    for language in LANGUAGES:  # 2. a page per language (the same sentence: the test reads no language)
        write(f"docs/{language}/extra.md", PAGE)
    for language in LANGUAGES[1:]:  # 3. the translations of its words
        write(f"sitegen/strings/{language}.yml", translate(project, language, TRANSLATED))
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")  # 4. its nav line
    write("mkdocs.yml", config.replace("      - gap.md\n", "      - gap.md\n      - extra.md\n"))
    result = mkdocs_build(root / "site", project, cache=cache)
    assert result.returncode == 0, result.stderr[-3000:]
    return project, root / "site", touched, cache


def test_an_eighth_section_touches_only_its_own_files(eighth):
    _, _, touched, _ = eighth
    assert len(set(touched)) == 2 + len(LANGUAGES) + (len(LANGUAGES) - 1) + 1, sorted(set(touched))


def test_the_site_shows_the_eighth_section_everywhere(eighth):
    _, site, _, _ = eighth
    for language in LANGUAGES:
        assert re.search(r'<a href="extra/">8\. Extra</a>', html(site, language, "index")), language
        page = html(site, language, "extra")
        assert 'data-names="extra-limit-set"' in page and "<table>" in page
        assert "A deep agent comes with a step limit" in html(site, language, "matrix")


def test_a_changed_projects_build_prunes_the_blocks_of_the_cache_it_reads(eighth, build_cache, tmp_path):
    """Issue 50's flake, reproduced: the eighth section's build (its mkdocs.yml differs, and every block's key
    holds mkdocs.yml) prunes every block the run's build rendered from the cache it was handed. Handed the run's
    own cache, as it once was, it left every later copy without them: a "fully cached" build read from such a
    copy rendered them again and loaded langchain. So a build is handed a copy, and refuses the run's cache."""
    _, _, _, cache = eighth
    rendered = {path.name for path in (build_cache / "blocks").rglob("*") if path.is_file()}
    left = {path.name for path in (cache / "blocks").rglob("*") if path.is_file()}
    assert rendered and left and not rendered & left, "the changed project's build kept the run's blocks"
    with pytest.raises(TheRunsCache, match="only the run's build writes it"):
        mkdocs_build(tmp_path / "site", cache=build_cache)


def test_parity_the_registry_and_the_mutation_suite_take_it_in(eighth):
    project, _, _, cache = eighth
    from tools.parity import differences

    assert differences(project / "docs") == []
    assert "extra" not in {s.name for s in registry.sections()}, "the real project is untouched"
    listed = subprocess.run([sys.executable, "-m", "tools.mutation", "--quick", "extra-no-limit"], cwd=project,
                            capture_output=True, text=True, timeout=300,  # its baseline: what the build measured
                            env={**os.environ, **facts_cache.environment(cache)})
    assert "1 of 1 mutants caught" in listed.stdout, listed.stdout[-2000:] + listed.stderr[-2000:]


def test_a_new_claim_touches_five_files_and_each_error_names_the_file(tmp_path, cache_copy):
    """A writer adds a claim the way README.md says, in a copy, and builds after each step."""
    project = copy_project(tmp_path / "project")
    touched: list[str] = []
    write = writer(project, touched)
    claim_id, label = "refusal-is-short", "The refusal is shorter than 200 characters"
    other = LANGUAGES[-1]

    def build() -> str:
        done = mkdocs_build(tmp_path / "site", project, cache=cache_copy)
        build.last = "" if done.returncode == 0 else done.stderr
        return build.last

    experiment = (project / "snippets/refusal.py").read_text(encoding="utf-8")
    claim = f'        Claim("{claim_id}", "{label}", None, lambda facts: facts.refusal.length < 200),\n'
    mutant = (f'    Mutant("refusal-made-long", "the refusal is 300 characters", (Patch(SUBAGENTS_PY, '
              f'"Complete this task yourself", "Complete this task yourself{"!" * 200}"),), flips=("{claim_id}",)),\n')
    write("snippets/refusal.py", experiment.replace("    claims=[\n", "    claims=[\n" + claim, 1))  # 1. the experiment
    at = (project / "snippets/refusal.py").read_text(encoding="utf-8").splitlines().index(claim.rstrip("\n")) + 1
    errors = build().splitlines()  # the build stops before any page, one line per mistake, each naming its file
    for language in LANGUAGES[1:]:  # one line per language, naming the file and the key
        missing = (f"sitegen/strings/{language}.yml has no 'claims.{claim_id}': add its translation of '{label}' "
                   f"(declared at snippets/refusal.py:{at})")
        assert any(line.endswith(missing) for line in errors), errors[-5:]
    no_mutant = f"snippets/refusal.py:{at}: claim '{claim_id}' has no mutant that flips it: add a Mutant whose flips name '{claim_id}'"
    assert any(line.endswith(no_mutant) for line in errors), errors[-5:]
    mutants = (project / "snippets/mutants/refusal.py").read_text(encoding="utf-8")
    write("snippets/mutants/refusal.py", mutants.replace("MUTANTS = [\n", "MUTANTS = [\n" + mutant, 1))  # 1. and its mutant

    for language in LANGUAGES[1:]:  # 2. its translation, in each other language
        strings = (project / f"sitegen/strings/{language}.yml").read_text(encoding="utf-8")
        write(f"sitegen/strings/{language}.yml", translate(project, language, {"claims": {claim_id: label}}))
        assert strings != (project / f"sitegen/strings/{language}.yml").read_text(encoding="utf-8")
    assert build() == ""

    from tools.parity import differences

    sentence = f"The refusal stays short. {{{{ guard(\"{claim_id}\") }}}}\n"
    for language in LANGUAGES:  # 3. and 4. the sentence, in each language's page
        page = (project / f"docs/{language}/refusal.md").read_text(encoding="utf-8")
        write(f"docs/{language}/refusal.md", page.replace("{{ table(\"refusal\") }}", sentence + "\n{{ table(\"refusal\") }}"))
        if language == SOURCE:  # the translation does not bind the new claim yet: the build and parity name its page
            assert any(f"docs/{other}/refusal.md" in line and claim_id in line for line in differences(project / "docs"))
            assert f"docs/{other}/refusal.md:" in build() and f"guard('{claim_id}')" in build.last

    assert build() == "" and differences(project / "docs") == []
    assert sorted(set(touched)) == sorted({"snippets/refusal.py", "snippets/mutants/refusal.py",
                                           *(f"sitegen/strings/{code}.yml" for code in LANGUAGES[1:]),
                                           *(f"docs/{language}/refusal.md" for language in LANGUAGES)})


def test_a_sections_mutants_are_in_its_own_module_and_an_error_names_it(monkeypatch):
    """snippets/mutants/<section>.py holds MUTANTS, out of the experiment a page publishes."""
    import snippets.refusal
    from snippets.lab import Mutant
    from snippets.mutants import refusal as refusal_mutants

    refusal = registry.section("refusal")
    assert registry.mutants_of(refusal) == tuple(refusal_mutants.MUTANTS)
    assert all(registry.home_of(m) is refusal for m in refusal_mutants.MUTANTS)
    published = open(snippets.refusal.__file__, encoding="utf-8").read()  # the page's "How this is measured"
    assert "MUTANTS" not in published and "Patch(" not in published
    wrong = {**registry._mutants_by_section(), "refusal": (Mutant("m", "x", (), ("no-such-claim",)),)}
    monkeypatch.setattr(registry, "_mutants_by_section", lambda: wrong)
    registry.mutants.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"^snippets/mutants/refusal\.py: mutant 'm' flips no such claim: no-such-claim$"):
            registry.mutants()
    finally:
        monkeypatch.undo()
        registry.mutants.cache_clear()
