"""A section is declared once: an eighth section is one experiment file, one page per language, its strings
and its nav line. The facts, the overview's table, the generic table, the drift report, the matrix page and
parity follow from the registry."""

import re

import pytest
import yaml

from snippets import registry
from tests.site_build import LANGUAGES, copy_project, html, mkdocs_build

EXPERIMENT = '''"""Section 8: an extra measurement, to show what adding a section takes."""

from dataclasses import dataclass

from snippets.lab import Claim, Section, experiment


@dataclass(frozen=True)
class Extra:
    limit: int


@experiment("extra")
def measure_extra() -> Extra:
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel

    return Extra(create_deep_agent(model=ScriptedModel(script=[])).config["recursion_limit"])


SECTION = Section("extra", 8, "extra.md", measure_extra, claims=[
    Claim("extra-limit-set", None, lambda facts: isinstance(facts.extra.limit, int)),
])
'''
PAGE = """# 8. Extra { #extra }

A deep agent comes with a step limit of {{ facts.extra.limit }}. {{ guard("extra-limit-set") }}

{{ table("extra") }}

{{ changes("extra") }}
"""


@pytest.fixture(scope="module")
def eighth(tmp_path_factory, build_cache):
    root = tmp_path_factory.mktemp("eighth")
    project = copy_project(root / "project")
    touched = []

    def write(relative: str, content: str, append: bool = False) -> None:
        path = project / relative
        path.write_text((path.read_text(encoding="utf-8") if append else "") + content, encoding="utf-8")
        touched.append(relative)

    write("snippets/extra.py", EXPERIMENT)  # 1. the experiment, with its SECTION
    for language in LANGUAGES:  # 2. a page per language (the same sentence: the test reads no language)
        write(f"docs/{language}/extra.md", PAGE)
        strings = {"sections": {"extra": {"title": "Extra", "measures": "a step limit"}},  # 3. its strings
                   "claims": {"extra-limit-set": "A deep agent comes with a step limit"}}
        merged = yaml.safe_load((project / f"sitegen/strings/{language}.yml").read_text(encoding="utf-8"))
        for key, value in strings.items():
            merged[key].update(value)
        write(f"sitegen/strings/{language}.yml", yaml.safe_dump(merged, allow_unicode=True, sort_keys=False))
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")  # 4. its nav line
    write("mkdocs.yml", config.replace("      - guidance.md\n", "      - guidance.md\n      - extra.md\n"))
    result = mkdocs_build(root / "site", project, cache=build_cache)
    assert result.returncode == 0, result.stderr[-3000:]
    return project, root / "site", touched


def test_an_eighth_section_touches_only_its_own_files(eighth):
    _, _, touched = eighth
    languages = len(LANGUAGES)
    assert len(set(touched)) == 1 + languages + languages + 1, sorted(set(touched))


def test_the_site_shows_the_eighth_section_everywhere(eighth):
    _, site, _ = eighth
    for language in LANGUAGES:
        assert re.search(r'<a href="extra/">8\. Extra</a>', html(site, language, "index")), language
        page = html(site, language, "extra")
        assert 'data-names="extra-limit-set"' in page and "<table>" in page
        assert "A deep agent comes with a step limit" in html(site, language, "matrix")


def test_parity_and_the_registry_take_it_in(eighth):
    project, _, _ = eighth
    from tools.parity import differences

    assert differences(project / "docs") == []
    assert "extra" not in {s.name for s in registry.sections()}, "the real project is untouched"
