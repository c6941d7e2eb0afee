"""A writer's mistake stops `make check` (and so `make build` and `make serve`) before any page, in one line
naming file:line and, where there is one, the claim: never a traceback (issue 50)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from sitegen.provider import provider
from snippets import cache as facts_cache
from snippets import paths, registry
from tests.named_claims import GUARDED, NUMBER
from tests.site_build import LANGUAGES, QUIET, SOURCE, copy_project, mkdocs_build

OTHER = LANGUAGES[-1]

SECTION = registry.section_of(NUMBER.id).name  # the experiment that declares NUMBER, and the page that binds GUARDED
PAGE = f"docs/{SOURCE}/{SECTION}.md"
MARKER = f'{{{{ guard("{GUARDED.id}") }}}}'
READING = f"lambda facts: facts.{SECTION}.length,"  # NUMBER's reading, as declared


def line_of(file: str, text: str) -> int:
    source = (paths.ROOT / file).read_text(encoding="utf-8")
    return source[:source.index(text)].count("\n") + 1


# Each mistake: (the files it edits, what it replaces there, with what; the start of the one line the check prints).
MISTAKES = {
    "a marker in single quotes": (
        [PAGE], MARKER, MARKER.replace('"', "'"),
        f"{PAGE}:{line_of(PAGE, MARKER)}: {MARKER.replace(chr(34), chr(39))} is no marker the engine reads"),
    "a guard bound to a claim that is not yes or no": (  # in every language, as a writer binds a sentence
        [f"docs/{code}/{SECTION}.md" for code in LANGUAGES], MARKER, MARKER.replace(GUARDED.id, NUMBER.id),
        f"{PAGE}:{line_of(PAGE, MARKER)}: guard({NUMBER.id!r}) binds a sentence to claim {NUMBER.id!r}, whose value is"),
    "a claim whose reading raises": (  # and its JavaScript twin, read the same way: one mistake, one line
        [f"snippets/{SECTION}.py"], READING, READING.replace(".length", ".lenght"),
        f"{provider.declared_at(NUMBER.id)}: claim {NUMBER.id!r}: its reading raised AttributeError"),
    "a YAML error in a strings file": (
        [f"sitegen/strings/{OTHER}.yml"], "\nlist_separator:", "\nlist_separator: [\n",
        f"sitegen/strings/{OTHER}.yml:"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory, site, build_cache):
    """A copy of the project and a copy of the run's cache (what it reads is measured: nothing runs again)."""
    from tests.site_build import copy_cache

    root = tmp_path_factory.mktemp("mistakes")
    return copy_project(root / "project"), copy_cache(build_cache, root / "cache")


def making(project, mistake: str):
    """Make the mistake in the copy; returns what undoes it."""
    files, old, new, _ = MISTAKES[mistake]
    originals = {project / file: (project / file).read_text(encoding="utf-8") for file in files}
    for path, original in originals.items():
        assert old in original, f"{path.relative_to(project)} no longer has {old!r}: update MISTAKES"
        path.write_text(original.replace(old, new, 1), encoding="utf-8")
    return lambda: [path.write_text(original, encoding="utf-8") for path, original in originals.items()]


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_make_check_names_the_mistake_in_one_line(project, mistake):
    folder, cache = project
    undo = making(folder, mistake)
    try:
        done = subprocess.run([sys.executable, "-m", "claims", "check"], cwd=folder, capture_output=True, text=True,
                              timeout=300, env={**os.environ, **QUIET, **facts_cache.environment(cache)})
    finally:
        undo()
    printed = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 1 and len(printed) == 1, printed[-30:]
    assert printed[0].startswith(MISTAKES[mistake][3]), printed[0]


@pytest.mark.parametrize("mistake", ["a marker in single quotes", "a YAML error in a strings file"])
def test_the_build_stops_with_the_same_line(project, mistake, tmp_path):
    """The two mistakes that once reached other code than the checks (Jinja; the strings' reader)."""
    folder, cache = project
    undo = making(folder, mistake)
    try:
        done = mkdocs_build(tmp_path / "site", folder, cache=cache)
    finally:
        undo()
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    errors = [line for line in done.stderr.splitlines() if "ERROR" in line]
    assert len(errors) == 1 and MISTAKES[mistake][3] in errors[0], done.stderr[-3000:]
