"""What must hold of each experiment's live result.

No assertion here restates a measured number: each checks a relation between
measurements (often from different runs) or the behaviour the article claims.
"""

from importlib.metadata import version

import pytest

from tests.site_build import LANGUAGES

from snippets.flag import FLAG
from snippets.modes import CANDIDATES


def test_versions_are_the_installed_ones(facts):
    for package, seen in facts.versions.items():
        assert seen == version(package)


# 1. modes ------------------------------------------------------------------
def test_every_candidate_mode_was_tried(facts):
    assert [o.mode for o in facts.modes.outcomes] == CANDIDATES


def test_omitted_isolated_and_fork_are_accepted(facts):
    for mode in (None, "isolated", "fork"):
        outcome = facts.modes.outcome(mode)
        assert outcome.accepted and outcome.error is None and outcome.child_tools


def test_rejections_name_the_spec_and_the_value(facts):
    rejected = [o for o in facts.modes.outcomes if not o.accepted]
    assert rejected, "the article saw values rejected; so should we"
    for outcome in rejected:
        assert "'a1'" in outcome.error and f"'{outcome.mode}'" in outcome.error


def test_an_accepted_legacy_value_behaves_as_isolated(facts):
    isolated = facts.modes.outcome("isolated").child_tools
    for outcome in facts.modes.outcomes:
        if outcome.accepted and outcome.mode not in (None, "isolated", "fork"):
            assert outcome.child_tools == isolated


def test_fork_child_gets_the_isolated_tools_plus_task(facts):
    assert facts.modes.outcome("fork").child_tools == [*facts.modes.outcome("isolated").child_tools, "task"]


def test_fork_restrictions_have_their_own_errors(facts):
    modes = facts.modes
    assert modes.fork_skills_error and "skills" in modes.fork_skills_error
    assert modes.isolated_skills_accepted, "skills are only forbidden under fork"
    assert modes.duplicate_name_error_fork and "'a1'" in modes.duplicate_name_error_fork
    assert any("beta" in w for w in modes.fork_warnings)


# 2. tool surfaces --------------------------------------------------------------
def test_parent_ends_with_task_and_isolated_child_lacks_it(facts):
    surfaces = facts.tool_surfaces
    assert surfaces.parent.tools[-1] == "task"
    assert not surfaces.isolated.has_task and surfaces.isolated.task_description is None
    assert surfaces.isolated.tools == surfaces.parent.tools[:-1]


def test_surfaces_agree_across_runs(facts):
    # Section 1 and section 2 build different agents; the children must match.
    assert facts.tool_surfaces.isolated.tools == facts.modes.outcome("isolated").child_tools
    assert facts.tool_surfaces.fork.tools == facts.modes.outcome("fork").child_tools


# 3. why `task` is kept ------------------------------------------------------------
def test_why_kept_agrees_with_the_surfaces(facts):
    parent, fork = facts.tool_surfaces.parent, facts.tool_surfaces.fork
    kept = facts.why_kept
    assert kept.task_index_parent == parent.tools.index("task") == kept.task_index_fork
    assert parent.tools[: kept.shared_prefix] == fork.tools[: kept.shared_prefix]
    assert kept.task_description_identical
    assert all(kept.reasons.values()), "every reason is quoted from the installed source"
    assert "- fk: a forked helper" in fork.task_description


# 4. refusal --------------------------------------------------------------------
def test_refusal_is_the_same_in_every_run_that_meets_it(facts):
    assert facts.refusal.text == facts.gap.chain("declarative").child_got
    assert facts.refusal.text == facts.guidance.recipe("declarative fork").child_task_result


def test_refusal_is_a_tool_result_not_an_exception(facts):
    refusal = facts.refusal
    assert refusal.message_type == "ToolMessage"
    assert refusal.refusals_received == 2 and refusal.identical and refusal.matches_source
    assert refusal.missing_agent_refused_the_same
    assert refusal.child_rounds == refusal.refusals_received + 1  # two refused calls, then the answer
    assert not refusal.grandchild_ran and refusal.on_parent_side == 0 and refusal.parent_finished


# 5. flag -----------------------------------------------------------------------
def test_only_the_declarative_fork_carries_the_flag(facts):
    flag = facts.flag
    assert flag.child("fork").flag is True and FLAG in flag.child("fork").keys
    for form in ("isolated", "runnable fork"):
        assert FLAG not in flag.child(form).keys and flag.child(form).flag is None


def test_flag_goes_in_but_never_comes_back(facts):
    assert facts.flag.kept_on_input and not facts.flag.kept_on_output
    assert not facts.flag.reaches_parent


def test_preamble_warns_before_the_gate_refuses(facts):
    assert "refused" in facts.flag.preamble and facts.flag.preamble.endswith("\n\n")


def test_suffix_is_on_the_fork_line_only(facts):
    description = facts.tool_surfaces.parent.task_description  # another run's parent
    lines = description.splitlines()
    assert f"- fk: a forked helper{facts.flag.suffix}" in lines
    assert "- iso: an isolated helper" in lines
    assert "delegate" not in facts.flag.suffix, "the article: the suffix never says the fork cannot delegate"


# 6. gap ------------------------------------------------------------------------
def test_runnable_fork_delegates_and_declarative_fork_does_not(facts):
    declarative, runnable = facts.gap.chain("declarative"), facts.gap.chain("runnable")
    assert declarative.refused and not declarative.grandchild_ran
    assert runnable.grandchild_ran and not runnable.refused


# 7. guidance -------------------------------------------------------------------
def test_each_recipe_works(facts):
    isolated = facts.guidance.recipe("isolated (default)")
    fork = facts.guidance.recipe("declarative fork")
    guarded = facts.guidance.recipe("runnable fork + own gate")
    assert not isolated.child_has_task and not isolated.child_saw_parent_conversation
    assert fork.child_saw_parent_conversation and fork.child_task_result == facts.refusal.text
    from snippets.depth_guard import NoDeeperThanThis

    assert guarded.child_task_result == NoDeeperThanThis.REFUSAL
    assert not any(r.grandchild_ran for r in facts.guidance.recipes)
    assert {r.parent_answer for r in facts.guidance.recipes} == {"report finished"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_renders_in_both_languages(facts, language):
    from sitegen.tables import TABLES, choosing

    for name, section in facts.sections.items():
        lines = TABLES[name](section, language).splitlines()
        assert len(lines) >= 3 and lines[1].startswith("|---"), name
    assert len(choosing(facts, language).splitlines()) == 5


def test_a_scenario_prints_for_its_page_not_for_the_build(capsys):
    from snippets import lab
    from snippets.tool_surfaces import measure_tool_surfaces

    lab.forget()
    measure_tool_surfaces()
    assert capsys.readouterr().out == ""
