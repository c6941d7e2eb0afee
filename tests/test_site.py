"""The strict build of both languages, checked on the built HTML."""

import json
import re

import pytest

from tests.site_build import LANGUAGES, PAGES, copy_project, html, mkdocs_build, text



@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_with_stamp_and_switcher(site, facts, language, page):
    text = html(site, language, page)
    assert f'data-deepagents="{facts.versions["deepagents"]}"' in text
    assert all(f'hreflang="{code}"' in text for code in LANGUAGES)
    assert f'<html lang="{language}"' in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_live_tables_are_on_their_pages(site, facts, language):
    assert facts.refusal.text in text(site, language, "refusal")
    modes = text(site, language, "modes")
    for outcome in facts.modes.outcomes:
        assert outcome.error is None or outcome.error in modes
    assert "_deepagents_forked_context" in text(site, language, "flag")
    assert html(site, language, "flag").count("<table>") >= 1
    for page in ("modes", "tool-surfaces", "why-kept", "refusal", "flag", "gap", "guidance", "drift"):
        assert "<table>" in html(site, language, page), page
    assert '<pre class="mermaid">' in html(site, language, "gap")


def test_tables_speak_the_page_language(site):
    assert "<th>measured</th>" in html(site, "en", "refusal")
    assert "<th>测量项</th>" in html(site, "zh", "refusal")


def test_no_request_leaves_the_site(site):
    external = re.compile(r'<(?:script|link|img|iframe)[^>]+(?:src|href)="(https?:)?//(?!127\.0\.0\.1)[^"]+"')
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        offending = [m.group(0) for m in external.finditer(text) if 'rel="alternate"' not in m.group(0)
                     and 'rel="canonical"' not in m.group(0)]
        assert not offending, f"{page}: {offending[:3]}"
        assert "fonts.googleapis" not in text and "unpkg.com" not in text
    assert (site / "assets" / "javascripts" / "mermaid.min.js").exists()


def test_chinese_search_finds_words(site):
    index = json.loads((site / "zh" / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"].replace("\\u200b", "\u200b"))
    tokens = {doc["location"]: set(separator.split(re.sub(r"<[^>]+>", " ", doc["text"]))) for doc in index["docs"]}
    assert any("标记" in words for location, words in tokens.items() if location.startswith("flag/"))
    assert any("拒绝" in words for location, words in tokens.items() if location.startswith("refusal/"))


def test_drift_report_lists_every_claim_in_both_languages(site):
    from snippets.article import CLAIMS

    for language in ("en", "zh"):
        page = html(site, language, "drift")
        for claim in CLAIMS:
            assert f'id="{claim.id}"' in page, (language, claim.id)


def test_failing_block_fails_the_build_naming_page_and_line(tmp_path):
    project = copy_project(tmp_path / "project")
    page = project / "docs" / "zh" / "gap.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    lines[2:2] = ["", '```python exec="on" id="broken-block"', 'raise RuntimeError("kaput")', "```", ""]
    page.write_text("\n".join(lines), encoding="utf-8")
    result = mkdocs_build(tmp_path / "site", project)
    assert result.returncode != 0
    assert "docs/zh/gap.md:4: markdown_exec: Execution of python code block 'broken-block'" in result.stderr
    assert "RuntimeError: kaput" in result.stderr


def test_raising_experiment_fails_the_build_naming_experiment_and_page(tmp_path):
    project = copy_project(tmp_path / "project")
    snippet = project / "snippets" / "gap.py"
    text = snippet.read_text(encoding="utf-8")
    snippet.write_text(text.replace('    refusal = measure_refusal()', '    raise LookupError("the gap moved")\n    refusal = measure_refusal()'),
                       encoding="utf-8")
    result = mkdocs_build(tmp_path / "site", project)
    assert result.returncode != 0
    output = result.stderr + result.stdout
    assert "experiment 'gap' failed: LookupError: the gap moved" in output
    assert "pages that show it: docs/en/gap.md, docs/zh/gap.md" in output


def test_code_is_shown_but_not_indexed(site):
    assert "snippets/gap.py</span><pre" in html(site, "en", "gap")
    assert "parked-code" not in html(site, "en", "gap")
    for language_root in (site, site / "zh"):
        index = (language_root / "search" / "search_index.json").read_text(encoding="utf-8")
        assert "def measure_gap" not in index and "from __future__ import annotations" not in index
