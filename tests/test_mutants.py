"""The mutation suite (tests/mutation.py): every behavioural mutant of deepagents is caught in both languages.

One session builds the baseline and every mutant (two at a time); each mutant is
then one test, whose failure message is its row of the `make mutate` table and
the sentences that changed. The harness itself is tested below on small
hand-written pages, without building anything.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import mutation as mutate
from tests.mutation import LANGUAGES, Build, Mutant, MutantNoLongerApplies, Patch


@pytest.fixture(scope="session")
def suite(tmp_path_factory):
    result = mutate.run_suite(out=tmp_path_factory.mktemp("mutants"))
    print("\n" + result.table())
    return result


@pytest.mark.parametrize("name", [m.name for m in mutate.MUTANTS])
def test_mutant_is_caught(suite, name):
    verdict = next(v for v in suite.verdicts if v.mutant.name == name)
    assert verdict.caught, verdict.report()


def test_every_section_has_a_mutant():
    from snippets.facts import EXPERIMENTS

    assert len(mutate.MUTANTS) >= 12
    assert {m.section for m in mutate.MUTANTS} == set(EXPERIMENTS)
    assert len({m.name for m in mutate.MUTANTS}) == len(mutate.MUTANTS)


def test_every_expected_fact_is_a_claim_or_a_fact_path():
    from snippets.article import CLAIMS

    ids = {c.id for c in CLAIMS}
    for mutant in mutate.MUTANTS:
        for key in mutant.expect:
            assert key in ids or "." in key, f"mutant {mutant.name}: {key!r} is neither a claim id nor a fact path"
        assert set(mutant.stale) == set(LANGUAGES), f"mutant {mutant.name}: stale phrases needed in every language"


# --------------------------------------------------------------------------- the harness


def test_every_mutant_applies_to_the_pinned_deepagents(tmp_path):
    for mutant in mutate.MUTANTS:
        scratch = mutate.scratch_copy(tmp_path / mutant.name)
        mutate.apply_patches(scratch, mutant.patches, mutant.name)


def test_a_mutant_whose_old_text_is_gone_fails_naming_itself(tmp_path):
    ghost = Mutant("ghost-mutant", "refusal", "patches text deepagents does not have",
                   (Patch(mutate.SUBAGENTS, "this text is not in deepagents", "x"),), expect=("refusal-text",))
    with pytest.raises(MutantNoLongerApplies,
                       match=r"mutant ghost-mutant no longer applies to deepagents 0\.7\.32: middleware/subagents\.py has no "):
        mutate.apply_patches(mutate.scratch_copy(tmp_path / "s"), ghost.patches, ghost.name)
    # Through the suite: the verdict is a failure that names the mutant, and nothing is built.
    verdict = mutate.judge(ghost, _fake_build(tmp_path / "baseline", {}), mutate._run_one(ghost, tmp_path))
    assert not verdict.caught
    assert "mutant ghost-mutant no longer applies" in verdict.row()


def test_an_old_text_found_twice_is_refused(tmp_path):
    twice = Patch(mutate.SUBAGENTS, "return _FORK_RECURSION_REFUSAL", "raise RuntimeError()")
    with pytest.raises(MutantNoLongerApplies, match="has 2 copies of .* exactly once"):
        mutate.apply_patches(mutate.scratch_copy(tmp_path / "s"), [twice], "twice")


def _page(text: str, callout: str = "") -> str:
    box = (f'<div class="admonition warning"><p class="admonition-title">Changed since the article</p>'
           f"<ul><li>{callout}</li></ul></div>") if callout else ""
    return (f"<html><body><nav>It is not an exception.</nav><article class='md-content__inner'>"
            f"<h1>The refusal<a class='headerlink' href='#x'>¶</a></h1><p>{text}</p>{box}</article></body></html>")


def _fake_build(site: Path, pages: dict[tuple[str, str], str], live: dict | None = None) -> Build:
    for (language, page), content in pages.items():
        path = mutate.page_path(site, language, page)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return Build(ok=True, log="", site_dir=site, live=live or {}, facts={})


STALE = Mutant("raises", "refusal", "raises", (), expect=("refusal-tool-message",),
               stale={"en": ("It is not an exception.",), "zh": ("它不是异常。",)})


def _baseline(tmp_path: Path) -> Build:
    return _fake_build(tmp_path / "base", {("en", "refusal"): _page("It is not an exception. It arrives as a\n<code>ToolMessage</code>."),
                                           ("zh", "refusal"): _page("它不是异常。它以 <code>ToolMessage</code> 的身份送达。")},
                       live={"refusal-tool-message": True})


def test_the_stale_phrase_check_catches_a_stale_sentence(tmp_path):
    baseline = _baseline(tmp_path)
    mutant = _fake_build(tmp_path / "mutant", {("en", "refusal"): _page("It is not an\n exception. It arrives as an exception."),
                                               ("zh", "refusal"): _page("它是一个异常。")},
                         live={"refusal-tool-message": False})
    verdict = mutate.judge(STALE, baseline, mutant)
    assert not verdict.caught
    assert "en/refusal still says 'It is not an exception.'" in verdict.row()
    assert "zh/refusal" not in verdict.row()
    assert verdict.remaining == {"en": [("refusal", "It is not an exception.")], "zh": []}


def test_a_mutant_is_caught_when_facts_change_and_no_page_keeps_the_old_sentence(tmp_path):
    baseline = _baseline(tmp_path)
    # The old sentence may still be quoted where the article is attributed (the callout), and outside the article.
    mutant = _fake_build(tmp_path / "mutant", {("en", "refusal"): _page("It raises.", callout="It is not an exception.: the article saw ✅"),
                                               ("zh", "refusal"): _page("它会抛异常。")},
                         live={"refusal-tool-message": False})
    verdict = mutate.judge(STALE, baseline, mutant)
    assert verdict.caught, verdict.report()
    assert "en: refusal (2→3); zh: refusal (2→1)" in verdict.row()  # sentences before→after, callout included


def test_a_mutant_that_changes_no_expected_fact_is_not_caught(tmp_path):
    baseline = _baseline(tmp_path)
    mutant = _fake_build(tmp_path / "mutant", {("en", "refusal"): _page("It raises."), ("zh", "refusal"): _page("它会抛异常。")},
                         live={"refusal-tool-message": True})
    verdict = mutate.judge(STALE, baseline, mutant)
    assert not verdict.caught
    assert "no expected fact changed (refusal-tool-message)" in verdict.row()


def test_a_stale_phrase_missing_from_the_baseline_is_a_wrong_declaration(tmp_path):
    baseline = _baseline(tmp_path)
    wrong = Mutant("misquoted", "refusal", "x", (), expect=("refusal-tool-message",),
                   stale={"en": ("It is never an exception.",), "zh": ()})
    mutant = _fake_build(tmp_path / "mutant", {("en", "refusal"): _page("It raises."), ("zh", "refusal"): _page("它会抛异常。")},
                         live={"refusal-tool-message": False})
    verdict = mutate.judge(wrong, baseline, mutant)
    assert not verdict.caught
    assert "declaration wrong: stale phrase 'It is never an exception.' (en) is not on any page of the baseline build" in verdict.row()


def test_a_failed_build_is_caught_only_when_it_names_a_page(tmp_path):
    baseline = _baseline(tmp_path)
    named = Build(ok=False, site_dir=tmp_path / "m1", log="ERROR   -  experiment 'refusal' failed: RuntimeError: no\n"
                  "  pages that show it: docs/en/refusal.md, docs/zh/refusal.md\nAborted with a BuildError!")
    anonymous = Build(ok=False, site_dir=tmp_path / "m2", log="Traceback (most recent call last):\nKeyError: 'x'")
    assert mutate.judge(STALE, baseline, named).caught
    verdict = mutate.judge(STALE, baseline, anonymous)
    assert not verdict.caught and "naming no page" in verdict.row()


def test_visible_text_reads_the_article_only(tmp_path):
    site = _fake_build(tmp_path / "s", {("en", "index"): _page("a <b>bold</b>\nline &amp; more", callout="old value")}).site_dir
    assert mutate.visible_text(site, "en", "index") == "The refusal\na bold line & more\nChanged since the article\nold value"
    assert mutate.visible_text(site, "en", "index", skip_callouts=True) == "The refusal\na bold line & more"
