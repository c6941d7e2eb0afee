"""What must hold of the experiments under any deepagents release.

No assertion here restates a measured value: each checks a relation between
measurements (often of different runs), between an example's printed output and
what its experiment measured, or the agreement of the claims with the version
matrix. So `DEEPAGENTS=0.7.30 make test` passes where the site would adapt.
"""

import json

import pytest

from snippets import js, registry
from snippets.facts import live_row
from snippets.lab import RUNTIMES
from snippets.modes import CANDIDATES
from sitegen.verdicts import matrix_rows


def lines(printed: str) -> list[str]:
    return printed.strip().splitlines()


# The claims and the matrix -------------------------------------------------------
# Each runtime's claims against its own rows: PyPI's deepagents, and npm's for the JavaScript twins.
RELEASE = {"python": "deepagents", "js": js.VERSION_KEY}


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_claims_agree_with_the_matrix_row_of_the_installed_release(facts, runtime):
    release = facts.versions[RELEASE[runtime]]
    rows = matrix_rows(runtime)
    if release not in rows:
        pytest.skip(f"{RELEASE[runtime]} {release} is not in data/matrix.json (`make matrix` records it); the drift watch reports it")
    live = json.loads(json.dumps(live_row(facts, (runtime,))["facts"], default=str))
    differing = {claim: (rows[release].get(claim), value) for claim, value in live.items() if rows[release].get(claim) != value}
    assert differing == {}, f"data/matrix.json for {release} says otherwise (recorded, measured now); run `make matrix`"


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_every_claim_of_the_article_is_recorded_for_every_release_of_the_matrix(runtime):
    """The article's claims need their history (the drift report says since when they changed); a claim the
    site adds shows as not recorded until `make matrix` runs again, so adding one touches no data file."""
    article = {claim.id for claim in registry.claims(runtime) if claim.from_article}
    ids = {claim.id for claim in registry.claims(runtime)}
    assert matrix_rows(runtime), f"data/matrix.json has no {runtime} rows: run `make matrix`"
    for release, values in matrix_rows(runtime).items():
        assert article <= set(values) <= ids, f"{release}: run `make matrix` (claims added or removed since it was recorded)"


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_claim_bound_to_a_sentence_is_yes_or_no_in_every_release(runtime):
    from snippets import paths
    from sitegen import bindings

    ids = {c.id for c in registry.claims(runtime)}
    bound = {c for page in paths.DOCS.rglob("*.md") for s in bindings.segments(page.read_text(encoding="utf-8"))
             for c in s.claims if c in ids}
    for release, values in matrix_rows(runtime).items():
        assert {c for c in bound if not isinstance(values.get(c), bool)} == set(), release


# 1. modes ------------------------------------------------------------------------
def test_every_candidate_mode_was_tried(facts):
    assert [o.mode for o in facts.modes.outcomes] == CANDIDATES


def test_the_example_prints_what_the_experiment_measured(facts):
    for line in lines(facts.modes.printed):
        mode, said = line.split(": ", 1)
        outcome = facts.modes.outcome(mode)
        assert said == ("accepted" if outcome.accepted else outcome.error), line


def test_a_rejection_names_the_spec_and_the_value(facts):
    for outcome in facts.modes.outcomes:
        if not outcome.accepted:
            assert "'a1'" in outcome.error and f"'{outcome.mode}'" in outcome.error


def test_every_accepted_value_but_fork_gives_the_child_of_a_spec_without_mode(facts):
    default = facts.modes.outcome(None).child_tools
    for outcome in facts.modes.outcomes:
        if outcome.accepted and outcome.mode != "fork":
            assert outcome.child_tools == default, outcome.mode


def test_a_fork_child_holds_the_default_child_tools_plus_task(facts):
    assert facts.modes.outcome("fork").child_tools == [*facts.modes.outcome(None).child_tools, "task"]


def test_the_fork_rules_have_errors_of_their_own(facts):
    modes = facts.modes
    assert modes.fork_skills_error is None or "skills" in modes.fork_skills_error
    assert modes.duplicate_name_error_fork is None or "'a1'" in modes.duplicate_name_error_fork


# 2. tool surfaces ------------------------------------------------------------------
def test_the_example_prints_the_surfaces_measured(facts):
    surfaces = facts.tool_surfaces
    by_agent = {s.agent: s.tools for s in (surfaces.parent, *surfaces.children)}
    for line in lines(surfaces.printed):
        agent, tools = line.split(": ", 1)
        assert tools == repr(by_agent[agent])


def test_surfaces_agree_across_runs(facts):
    assert facts.tool_surfaces.isolated.tools == facts.modes.outcome(None).child_tools
    assert facts.tool_surfaces.fork.tools == facts.modes.outcome("fork").child_tools
    assert [p.parent for p in facts.why_kept.positions] == facts.tool_surfaces.parent.tools
    assert [p.fork for p in facts.why_kept.positions] == facts.tool_surfaces.fork.tools


def test_the_parent_lists_each_subagent_it_was_given(facts):
    assert {"iso", "fk", "compiled"} <= set(facts.tool_surfaces.listed)


# 3. why kept ----------------------------------------------------------------------
def test_the_positions_printed_are_the_positions_measured(facts):
    printed = lines(facts.why_kept.printed)
    assert len(printed) == min(len(facts.tool_surfaces.parent.tools), len(facts.tool_surfaces.fork.tools))
    for line, position in zip(printed, facts.why_kept.positions):
        index, parent, fork, *same = line.split()
        assert (parent, fork) == (position.parent, position.fork)


def test_each_quoted_note_is_a_sentence_of_the_installed_source(facts):
    import inspect

    import deepagents.middleware.subagents as module

    source = " ".join(inspect.getsource(module).replace("#", " ").split())
    for name, note in facts.why_kept.notes.items():
        if note is not None:
            assert " ".join(note.split()[:6]) in source, name


# 4. refusal -----------------------------------------------------------------------
def test_the_refusal_is_the_same_in_every_run_that_meets_it(facts):
    if facts.refusal.matches_source:
        assert facts.gap.chain("declarative fork").child_got == facts.refusal.text


def test_the_example_prints_each_tool_result_with_the_agent_that_got_it(facts):
    refusal = facts.refusal
    printed = lines(refusal.printed)
    child_lines = [line for line in printed if line.endswith(refusal.text)]
    assert len(child_lines) == refusal.refusals_received if refusal.identical else len(child_lines) >= 1
    assert refusal.child_rounds == refusal.refusals_received + 1  # the calls, then the answer


# 5. flag --------------------------------------------------------------------------
def test_the_example_prints_the_state_keys_measured(facts):
    keys = {c.agent: c.keys for c in facts.flag.children}
    printed = [line for line in lines(facts.flag.printed) if not line.startswith("fk's first messages")]
    assert {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in printed} == {a: repr(k) for a, k in keys.items()}


def test_the_flag_key_is_present_exactly_where_its_value_is_set(facts):
    from snippets.flag import FLAG

    for child in facts.flag.children:
        assert (FLAG in child.keys) == (child.flag is not None)


def test_the_suffix_is_on_the_fork_line_only(facts):
    description = facts.tool_surfaces.parent.task_description.splitlines()
    assert f"- fk: a forked helper{facts.flag.suffix}" in description
    assert "- iso: an isolated helper" in description


# 6. gap ---------------------------------------------------------------------------
def test_a_chain_is_refused_or_reaches_its_grandchild_never_both(facts):
    for chain in facts.gap.chains:
        assert not (chain.refused and chain.grandchild_ran), chain.form


# 7. guidance -----------------------------------------------------------------------
def test_the_recipes_print_what_was_measured(facts):
    guidance = facts.guidance
    assert str(guidance.default_limit) in guidance.printed["step_limit_runnable"]
    assert f"model calls the searcher made within 8 steps: {guidance.limit_calls}" in guidance.printed["step_limit_runnable"]
    assert f"the searcher's model calls: {guidance.spec_limit_calls}" in guidance.printed["step_limit"]
    assert str(guidance.depth) in guidance.printed["delegate_on_purpose"]
    for way, (agents, refused) in guidance.never_nest.items():
        assert f"{way}: agents that ran: {agents}; refused: {refused}" in guidance.printed["never_nest"]
    for child, handed in (("iso", guidance.isolated), ("fk", guidance.fork), ("own", guidance.runnable)):
        assert f"{child}: messages={handed.messages}, characters={handed.characters}" in guidance.printed["choose"]


def test_the_limit_refuses_in_the_same_words_sync_and_async(facts):
    refusals = [refused for _, refused in facts.guidance.never_nest.values()]
    assert len(refusals) == 2 and refusals[0] == refusals[1] and len(refusals[0]) == 1


def test_a_scenario_prints_for_its_page_not_for_the_build(capsys):
    from snippets import lab, registry

    measured = lab.measure(registry.section("tool_surfaces"), {})
    assert capsys.readouterr().out == "" and measured.printed["tool_surfaces"]


def test_the_default_forms_follow_the_modes_they_name():
    """The modes page writes "rejected" as the other form of "gives the same child": so in every release a mode
    that is accepted gives the default child, and a mode that does not is rejected."""
    for release, values in matrix_rows().items():
        for claim in (c for c in registry.claims() if c.id.endswith("-is-default")):  # <mode>-is-default, mode-<mode>
            assert values[claim.id] == values["mode-" + claim.id.removesuffix("-is-default")], (release, claim.id)


def test_the_sub_agents_a_task_description_lists_are_its_agents_block_only(facts):
    """What each deep agent lists is read from deepagents' own description: the block of `- name: ...` lines,
    not the usage notes after it (bullets too, one with a colon: "- Each invocation is stateless by default: ...")."""
    from snippets.lab import listed_subagents

    description = facts.tool_surfaces.parent.task_description
    assert description.count("\n- ") > len(facts.tool_surfaces.listed), "the usage notes are bullets too: nothing tested"
    assert listed_subagents(description) == facts.tool_surfaces.listed
    listed = [name for made in facts.deep_agents.values() for names in made for name in names]
    assert listed and all(" " not in name for name in listed), listed
