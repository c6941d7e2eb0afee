"""The make targets that print (make facts, make sentences, make parity, make check) run and print what they promise.

They read the facts the session's build measured (its cache): what they print, not the measuring, is tested here."""

import subprocess
import sys

from snippets import cache as facts_cache
from snippets import paths, registry
from tests.site_build import LANGUAGES, QUIET


def run(*command: str, cache=None) -> str:
    import os

    done = subprocess.run([sys.executable, "-m", *command], cwd=paths.ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **QUIET, **facts_cache.environment(cache)})
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_make_facts_prints_every_section_table(site, build_cache):
    printed = run("sitegen.tables", cache=build_cache)
    for section in registry.sections():
        assert f"## {section.name}\n" in printed


def test_make_sentences_prints_the_register_of_a_built_site(site, build_cache):
    printed = run("claims", "sentences", "--site", str(site), cache=build_cache)  # what make sentences runs
    assert all(f"## {code}\n" in printed for code in LANGUAGES) and "## Counts" in printed


def test_make_parity_says_every_page_has_its_translation():
    assert run("claims", "parity").startswith("parity: every page of")  # what make parity runs


def test_make_check_passes_the_writers_checks(site, build_cache):
    assert run("claims", "check", cache=build_cache).startswith("check: every claim, marker, translation, mutant and scope")
