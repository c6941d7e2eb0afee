"""Sentences bound to claims in the real build (the markers' own tests: claims/tests/test_engine_markers.py)."""

from tests.site_build import LANGUAGES, SOURCE, copy_project, mkdocs_build


def test_a_stale_sentence_stops_the_real_build_naming_page_and_line(tmp_path, facts, cache_copy):
    """End to end: a page of the copy binds a sentence to a claim that is false today."""
    from snippets import registry

    false = next(c.id for c in registry.claims() if c.live(facts) is False)
    project = copy_project(tmp_path / "project")
    for language in LANGUAGES:  # every language binds it, in the same place (else the build stops before any page)
        page = project / "docs" / language / "modes.md"
        page.write_text(page.read_text(encoding="utf-8") + f'\nThis is stale. {{{{ guard("{false}") }}}}\n', encoding="utf-8")
    page = project / "docs" / SOURCE / "modes.md"
    line = len(page.read_text(encoding="utf-8").splitlines())
    result = mkdocs_build(tmp_path / "site", project, cache=cache_copy)
    assert result.returncode != 0
    log = result.stdout + result.stderr
    stop = next(text for text in log.splitlines() if f"docs/{SOURCE}/modes.md:{line}: no longer true" in text)
    assert '"This is stale."' in stop and f"{false} (" in stop and "snippets/" in stop and "rewrite the sentence" in stop
