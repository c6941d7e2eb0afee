"""Sentences about deepagents are bound to claims (sitegen/macros.py: live() and guard()).

A guarded sentence whose claim no longer holds stops the strict build, naming
the page and line, the sentence, the claim and its experiment; live() only
picks between forms by a yes/no claim; an unknown claim id is named.
"""

import re

import pytest

from sitegen.macros import BY_ID
from sitegen.parity import BINDING, DOCS
from tests.site_build import LANGUAGES, copy_project, mkdocs_build


def _build_with(tmp_path, page: str, extra: str):
    project = copy_project(tmp_path / "project")
    target = project / "docs" / "en" / page
    target.write_text(target.read_text(encoding="utf-8") + "\n" + extra + "\n", encoding="utf-8")
    line = len(target.read_text(encoding="utf-8").splitlines())
    return mkdocs_build(tmp_path / "site", project), line


def test_every_bound_claim_exists():
    bound = {claim for page in DOCS.rglob("*.md") for claim in BINDING.findall(page.read_text(encoding="utf-8"))}
    assert bound and bound <= set(BY_ID), sorted(bound - set(BY_ID))


def test_a_stale_guarded_sentence_stops_the_build_and_names_it(tmp_path, facts):
    sentence = "The legacy name handoff is still accepted."
    assert BY_ID["mode-handoff"].live(facts) is False, "the test needs a claim that does not hold today"
    result, line = _build_with(tmp_path, "modes.md", f'{{% call guard("mode-handoff") %}}{sentence}{{% endcall %}}')
    assert result.returncode != 0
    log = result.stdout + result.stderr
    assert f"docs/en/modes.md:{line}: this sentence is no longer true under deepagents" in log
    assert sentence in log
    assert "claim 'mode-handoff'" in log and "experiment 'modes' (snippets/modes.py)" in log


def test_live_takes_only_yes_no_claims(tmp_path):
    result, _ = _build_with(tmp_path, "refusal.md", '{% if live("refusal-length") %}x{% endif %}')
    assert result.returncode != 0
    assert re.search(r"docs/en/refusal\.md: live\('refusal-length'\) needs a yes/no claim", result.stdout + result.stderr)


def test_an_unknown_claim_is_named(tmp_path):
    result, _ = _build_with(tmp_path, "flag.md", '{% if live("no-such-claim") %}x{% endif %}')
    assert result.returncode != 0
    assert "docs/en/flag.md: no claim 'no-such-claim' in snippets/article.py" in result.stdout + result.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bound_sentence_takes_its_other_form(site, language):
    """The overview's first answer is the 'No, for two reasons' form today (its claims hold)."""
    from tests.site_build import html

    text = html(site, language, "index")
    assert ("two different reasons" if language == "en" else "原因有两种") in text


def test_the_sentences_bound_to_a_claim_are_found_for_the_drift_watch():
    from sitegen import sentences_bound_to

    places = sentences_bound_to("refusal-tool-message")
    assert [p.split(":")[0] for p in places] == ["docs/en/refusal.md", "docs/zh/refusal.md"]
    page, line = places[0].split(":")
    assert 'live("refusal-tool-message")' in (DOCS.parent / page).read_text(encoding="utf-8").splitlines()[int(line) - 1]
