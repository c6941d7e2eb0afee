"""Setups as data (snippets/setups.py): every harness profile deepagents registers is a setup, measured with
the scripted model reporting that profile's provider and model name; and the build's quantifier check
(claims.checks.unscoped, fed by sitegen/provider.py) passes on the pages and stops an unscoped count."""

import dataclasses

import pytest

from claims import checks
from claims.provider import Page
from sitegen.provider import provider
from snippets import registry, setups
from snippets.lab import JS_SUFFIX
from snippets.facts import collect


# Setups and facts as the run's build measured them (its cache): measured once per run, not once per test.
pytestmark = pytest.mark.usefixtures("runs_cache")


def registered() -> dict:
    """deepagents' harness profiles, loaded (the setups' results may come from the cache, which loads nothing)."""
    from deepagents.profiles._builtin_profiles import _ensure_builtin_profiles_loaded
    from deepagents.profiles.harness.harness_profiles import _HARNESS_PROFILES

    _ensure_builtin_profiles_loaded()
    return _HARNESS_PROFILES


def test_every_harness_profile_deepagents_registers_is_one_setup_of_a_family():
    profiles = registered()
    found = setups.measured().setups
    assert (found[0].id, found[0].model) == (setups.DEFAULT, None)
    families = [s.family for s in found[1:] if s.dimension == "model"]
    assert sorted(key for family in families for key in family) == sorted(profiles)
    # keys registered with equal profiles (deepagents gives some models the same one) are one family, measured
    # once; no two families have equal profiles
    for family in families:
        assert all(profiles[key] == profiles[family[0]] for key in family), family
    firsts = [profiles[family[0]] for family in families]
    assert all(a != b for i, a in enumerate(firsts) for b in firsts[i + 1:])
    assert all(setups.profile_matched(setup) for setup in found)


def test_the_codex_profile_gives_both_children_the_tools_its_middleware_adds():
    """The issue: under openai:gpt-5.3-codex an isolated child holds one tool more (write_todos) and a fork
    child too. Read from deepagents' own profile: the tools of the middleware it adds; the other profiles
    add none."""
    profiles = registered()
    under = setups.facts_under(collect())
    own = under[setups.DEFAULT].tool_surfaces
    for setup in (s for s in setups.measured().setups[1:] if s.dimension == "model"):
        profile = profiles[setup.model]
        added = [t.name for m in profile.materialize_extra_middleware() for t in getattr(m, "tools", [])]
        there = under[setup.id].tool_surfaces
        assert there.isolated.tools == own.isolated.tools + added, setup.id
        assert sorted(there.fork.tools) == sorted(own.fork.tools + added), setup.id
    codex = next(s for s in setups.measured().setups if "openai:gpt-5.3-codex" in s.family)
    assert len(under[codex.id].tool_surfaces.isolated.tools) == len(own.isolated.tools) + 1
    assert len(under[codex.id].tool_surfaces.fork.tools) == len(own.fork.tools) + 1


def test_the_pages_state_the_scope_of_every_count_that_a_profile_changes():
    assert checks.unscoped(provider) == []


def overview_rewritten(monkeypatch, sentence: str, instead: str) -> str:
    """The provider's pages with one sentence of the English overview written otherwise; its new text."""
    pages = provider.pages()
    page = pages["en"]["index.md"]
    assert sentence in page.text
    text = page.text.replace(sentence, instead)
    pages["en"]["index.md"] = Page(page.language, page.name, page.file, text)
    monkeypatch.setattr(type(provider), "pages", lambda self: pages)
    return text


FRONT_MATTER_SCOPES = "scopes: [args-valid, model-unmatched, parent-toolless]"  # the overview's, for all its sentences
COUNT = "`task`: it holds"  # the overview's sentence that shows the isolated child's number of tools


def count_line(text: str) -> int:
    """The line of the marker that binds the overview's count sentence."""
    return text[:text.index("{{ guard(", text.index(COUNT))].count("\n") + 1


def test_a_count_without_its_scope_stops_the_build_naming_page_line_and_the_setups(monkeypatch):
    text = overview_rewritten(monkeypatch, FRONT_MATTER_SCOPES, "scopes: [args-valid]")
    codex = next(s.id for s in setups.measured().setups if "openai:gpt-5.3-codex" in s.family)
    own = collect().tool_surfaces.isolated.tools
    # the overview then states one scope for all its sentences, which covers both
    assert f"docs/en/index.md:{count_line(text)}: states its scope, 'with well-formed arguments', yet is false under " \
           f"{codex}, parent=own-tool, which that covers ({{{{ facts.tool_surfaces.isolated.tools | length }}}} is " \
           f"{len(own) + 1} under {codex}, {len(own)} under {setups.DEFAULT}): rewrite it" \
           in [str(p) for p in checks.unscoped(provider)]


def test_one_scope_of_two_is_not_enough_where_the_parent_s_own_tool_changes_the_count(monkeypatch):
    """A parent's own tool reaches every child whose spec names no tools: the count is one more, so the
    page states both scopes, and the build names the one it lacks."""
    text = overview_rewritten(monkeypatch, FRONT_MATTER_SCOPES, "scopes: [args-valid, model-unmatched]")
    found = [str(p) for p in checks.unscoped(provider) if p.line == count_line(text) and p.file == "docs/en/index.md"]
    assert len(found) == 1 and "yet is false under parent=own-tool, which that covers" in found[0]
    assert found[0].endswith("rewrite it, or state 'a parent without tools or middleware of its own' too")
    under = setups.facts_under(collect())
    own = under[setups.DEFAULT].tool_surfaces
    for kind in ("isolated", "fork"):  # the tool the parent carries, offered to both kinds of child
        extra = [t for t in getattr(under["parent=own-tool"].tool_surfaces, kind).tools
                 if t not in getattr(own, kind).tools]
        assert len(extra) == 1, kind
    # a middleware of its own, with a tool: a fork child inherits it (and the tool), an isolated child does not
    middleware = under["parent=own-middleware"].tool_surfaces
    assert len(middleware.fork.tools) == len(own.fork.tools) + 1
    assert middleware.isolated.tools == own.isolated.tools


def test_task_comes_right_after_the_filesystem_tools_under_every_profile():
    """The fork child's `task` follows its filesystem tools under every profile; what a profile adds (Codex:
    write_todos) comes after it, and the filesystem tools are those deepagents' filesystem middleware offers."""
    under = setups.facts_under(collect())
    for setup in (s for s in setups.measured().setups if s.dimension == "model"):
        fork = under[setup.id].tool_surfaces.fork
        assert fork.has_task, setup.id
        before = fork.tools[: fork.task_index]
        assert before and set(before) <= set(under[setup.id].tool_surfaces.filesystem), setup.id
        assert not set(fork.tools[fork.task_index + 1:]) & set(under[setup.id].tool_surfaces.filesystem), setup.id


def test_the_profiles_an_experiment_registers_for_its_own_models_are_no_setups():
    """gap and guidance register profiles for model classes of their own; measured in this process, they
    leave deepagents' registry as it was, so the setups are what deepagents ships."""
    from snippets import lab, registry as sections

    shipped = set(registered())
    gap = sections.section("gap")
    lab.measure(gap, {"refusal": collect().refusal})
    lab.measure(sections.section("guidance"), {name: getattr(collect(), name) for name in sections.section("guidance").reads})
    assert set(registered()) == shipped
    assert {key for s in setups.model_setups()[1:] for key in s.family} == shipped


def test_every_way_of_running_is_one_setup_and_measures_what_a_child_s_task_call_gets():
    from snippets import lab

    measured = setups.measured()
    runs = [s for s in measured.setups if s.dimension == "run"]
    assert [s.run for s in runs] == [run for run in lab.RUNS if run != "invoke"]
    for setup in runs:
        assert set(measured.results[setup.id]) == set(setups.DIMENSIONS["run"]), setup.id
    under = setups.facts_under(collect())
    own = under[setups.DEFAULT]
    for setup in runs:  # the refusal, as the fork child got it and as a caller of (a)stream saw it
        there = under[setup.id]
        assert there.refusal.text == own.refusal.text and there.refusal.matches_source, setup.id
        assert there.refusal.streamed_to == own.refusal.streamed_to and there.refusal.parent_finished, setup.id
        assert [c.keys for c in there.flag.children] == [c.keys for c in own.flag.children], setup.id


def test_running_a_way_runs_the_outermost_call_that_way_and_leaves_deepagents_its_own(monkeypatch):
    """lab.running: the scenario's `invoke` runs as ainvoke, stream or astream; the child that `task` runs is
    run as deepagents runs it (sync: invoke; async: ainvoke)."""
    from langgraph.pregel import Pregel

    from snippets import lab

    calls = []
    for name in ("invoke", "ainvoke", "stream", "astream"):
        def record(self, *args, _own=getattr(Pregel, name), _name=name, **kwargs):
            calls.append((_name, self.name))
            return _own(self, *args, **kwargs)
        monkeypatch.setattr(Pregel, name, record)
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    for run in lab.RUNS:
        calls.clear()
        child = {"name": "child", "description": "a child", "model": ScriptedModel(script=[say("child done")])}
        agent = create_deep_agent(model=ScriptedModel(script=[delegate("child", "go"), say("done")]),
                                  subagents=[child], name="parent")
        with lab.running(run):
            final = agent.invoke({"messages": [{"role": "user", "content": "go"}]})
        assert final["messages"][-1].text == "done", run
        first = calls[0]
        assert first == ("invoke" if run == "invoke" else ("ainvoke" if run == "ainvoke" else run), "parent"), run
        inner = next(name for name, agent_name in calls if agent_name == "child")  # its first call
        assert inner == ("ainvoke" if run.startswith("a") else "invoke"), run
    assert Pregel.invoke is not None and lab._RUN["inside"] is False


def test_a_middleware_with_only_the_sync_hook_fails_under_ainvoke():
    """What the run setups are for (issue 37): a `wrap_tool_call` middleware with only its sync hook stops the
    parent's first tool call under ainvoke and astream, and runs under invoke and stream."""
    from deepagents import create_deep_agent
    from langchain.agents.middleware import wrap_tool_call
    from scripted_model import ScriptedModel, call, say

    from snippets import lab

    @wrap_tool_call
    def passes(request, handler):
        return handler(request)

    for run in lab.RUNS:
        agent = create_deep_agent(model=ScriptedModel(script=[call("ls", path="/"), say("done")]), middleware=[passes])
        with lab.running(run):
            try:
                agent.invoke({"messages": [{"role": "user", "content": "go"}]})
                failed = False
            except NotImplementedError:
                failed = True
        assert failed == run.startswith("a"), run


def test_a_parent_that_asks_a_human_before_task_pauses_at_each_task_call_then_the_refusal_holds():
    """Under parent=interrupt-task the run stops at the parent's `task` call, and again at each of the fork
    child's (a declared child inherits the parent's `interrupt_on`); approved, the child gets deepagents'
    refusal as under the site's own setup."""
    from langgraph.pregel import Pregel

    from snippets import lab, registry as sections

    paused = []
    own_get_state = Pregel.get_state

    def get_state(self, config, **kwargs):
        state = own_get_state(self, config, **kwargs)
        if config["configurable"]["thread_id"].startswith("approved-"):  # the harness's, not under_review's
            paused.extend(i.value["action_requests"][0]["name"] for i in state.interrupts)
        return state

    Pregel.get_state = get_state
    try:
        with setups.carrying("interrupt-task"), lab.running("invoke", approve=True):
            refusal = lab.measure(sections.section("refusal"), {}).result
    finally:
        Pregel.get_state = own_get_state
    own = collect().refusal
    # the example's run: the parent's call, then each of the child's; then, with an invented key
    # (refusal.with_unknown_key), the parent's call and the child's one; then the parent's call written as
    # deepagents' docs write it (refusal.docs_example_call)
    assert paused == ["task"] * (1 + own.refusals_received + 2 + 1)
    assert (refusal.text, refusal.streamed_to, refusal.parent_finished) == (own.text, own.streamed_to, True)
    under = setups.facts_under(collect())["parent=interrupt-task"]
    assert under.refusal == dataclasses.replace(own, printed=under.refusal.printed)


def test_an_npm_parent_that_asks_a_human_before_task_is_answered_and_the_refusal_holds():
    """In JavaScript too, under parent=interrupt-task every `task` call is approved (measure.mjs
    approvingEveryTask): the fork child gets npm's refusal as under the site's own setup, and nothing else
    of the JavaScript twins differs there. Unanswered, the run would stop at the parent's first `task` call."""
    found = setups.measured()
    own, there = collect().js._data, found.results["parent=interrupt-task"][setups.JS]
    assert "refusal" in there, "the refusal is measured under parent=interrupt-task in JavaScript"
    def measured(section: dict) -> dict:  # what a section measured, less what its scenario printed
        return {key: value for key, value in section.items() if key != "printed"}

    assert there["refusal"]["text"] and measured(there["refusal"]) == measured(own["refusal"])
    assert {name: measured(there[name]) for name in there} == {name: measured(own[name]) for name in there}


def test_what_each_deep_agent_lists_is_measured_under_every_setup_too():
    """The listings of `task` descriptions (what the claim that every deep agent lists `general-purpose` reads)
    come from each setup's own runs
    of its scenarios, not the site's: every scenario of its sections was listed under it."""
    from snippets import registry as sections

    found = setups.measured()
    under = setups.facts_under(collect())
    for setup in found.setups[1:]:
        scenarios = {s for name in setup.sections for s in sections.section(name).scenarios}
        assert set(found.listed[setup.id]) == scenarios, setup.id
        for scenario in scenarios:
            assert under[setup.id].deep_agents[scenario] == found.listed[setup.id][scenario]
            holding = [listed for listed in found.listed[setup.id][scenario] if listed]
            assert holding and all("general-purpose" in listed for listed in holding), (setup.id, scenario)



def test_an_experiment_that_fails_under_a_setup_stops_the_build_in_one_line_naming_it_the_setup_and_pages(monkeypatch):
    """A change of deepagents may break an experiment under one harness profile only (a mutant that gives the
    parent `write_todos` meets the Codex profile's own: duplicate middleware): the build stops as it does when
    the site's own measurement fails, not with a traceback."""
    import pytest
    from mkdocs.exceptions import PluginError

    from sitegen import provider as site_provider
    from snippets import cache, lab

    def broken(section, reads):
        raise lab.ExperimentFailed(f"experiment {section.name!r} failed: duplicate middleware", section.name)

    monkeypatch.setattr(cache, "enabled", lambda: False)
    monkeypatch.setattr(lab, "measure", broken)
    site_provider.setups_measured.cache_clear()
    try:
        with pytest.raises(PluginError) as stopped:
            site_provider.setups_measured()
    finally:
        site_provider.setups_measured.cache_clear()
    message = str(stopped.value)
    assert "\n" not in message
    assert f"(under {setups.all_setups()[1].id})" in message
    assert "pages that show it: docs/" in message and "tool-surfaces.md" in message


def test_setups_measured_side_by_side_come_back_in_full_and_a_failure_names_its_setup(monkeypatch):
    """_measure_in_parallel: each forked process's share comes back whole; an experiment that fails in one is
    raised here, in one line naming the setup, whichever process measured it."""
    from snippets import lab

    shares = [setups.Setup(f"run=fake-{i}", run="invoke") for i in range(5)]

    def fake(setup, own, keys=None):
        if setup.id == "run=fake-3" and own.get("fail"):
            raise lab.ExperimentFailed(f"experiment 'refusal' failed: gone (under {setup.id})", "refusal")
        return {"refusal": setup.id.upper()}, {"refusal": [[setup.id]]}

    monkeypatch.setattr(setups, "measure_setup", fake)
    monkeypatch.setattr(setups.os, "cpu_count", lambda: 2)
    found = setups._measure_in_parallel(shares, {})
    assert found == {s.id: ({"refusal": s.id.upper()}, {"refusal": [[s.id]]}) for s in shares}
    with pytest.raises(lab.ExperimentFailed, match=r"\(under run=fake-3\)") as failed:
        setups._measure_in_parallel(shares, {"fail": True})
    assert failed.value.experiment == "refusal"


def test_each_kind_of_malformed_arguments_is_one_setup_and_the_refusal_needs_well_formed_ones():
    """Under args=<kind> a child's `task` call sends that kind of arguments (lab.sending): the tool's schema
    answers before deepagents' gate, so the fork child gets a validation error instead of the refusal (which
    the pages scope: `scopes: [args-valid]`)."""
    from snippets import lab
    from tests.named_claims import GUARDED  # fork-refused: a fork child's call gets the refusal

    measured = setups.measured()
    malformed = [s for s in measured.setups if s.dimension == "args"]
    assert [s.args for s in malformed] == list(lab.MALFORMED)
    under = setups.facts_under(collect())
    own = under[setups.DEFAULT].refusal.text
    for setup in malformed:
        assert set(measured.results[setup.id]) == {*setups.DIMENSIONS["args"], setups.JS}, setup.id
        assert GUARDED.live(under[setup.id]) is False, setup.id
        got = under[setup.id].refusal.text
        assert got != own and ("'prompt'" if setup.args == "unknown-key" else "description") in got, got
    assert GUARDED.live(under[setups.DEFAULT]) is True


def test_under_each_kind_of_malformed_arguments_the_javascript_twins_are_measured_too():
    """measure.mjs rewrites a JavaScript child's `task` calls as lab.sending rewrites a Python child's: under
    each args setup the twins are measured, and where npm's schema answers instead of deepagents' gate the fork
    child's call gets another text than the refusal."""
    from tests.named_claims import GUARDED  # fork-refused: a fork child's call gets the refusal

    twin = registry.claim(GUARDED.id + JS_SUFFIX)
    found = setups.measured()
    under = setups.facts_under(collect(), found)
    own = under[setups.DEFAULT].js.refusal.text
    refused = {}
    for setup in (s for s in found.setups if s.dimension == "args"):
        assert set(found.results[setup.id][setups.JS]) == set(setup.js_sections) == set(setups.DIMENSIONS["args"]), setup.id
        assert twin.id in setups.measured_claims(setup)
        refused[setup.args] = twin.live(under[setup.id])
        assert refused[setup.args] == (under[setup.id].js.refusal.text == own), setup.id
    assert not all(refused.values()), f"no kind of malformed arguments reaches npm's task tool: {refused}"


def test_what_a_reader_s_parent_carries_or_child_sets_reaches_a_javascript_child_as_it_reaches_a_python_one():
    """Under each parent and child setup measured in JavaScript (measure.mjs, through deepagents_under.mjs), each
    kind of child gains as many tools over its own as a Python child does there (a tool of the parent's own
    reaches an isolated child that names none in both runtimes; a middleware's tool only a fork child)."""
    found = setups.measured()
    under = setups.facts_under(collect(), found)
    measured = [s for s in found.setups if s.dimension in ("parent", "child") and s.js_sections]
    assert {s.parent for s in measured if s.parent} == set(setups.PARENTS)
    assert {s.child for s in measured if s.child} == {s.child for s in found.setups if s.child}
    gains = {}
    for setup in measured:
        assert set(found.results[setup.id][setups.JS]) == set(setup.js_sections), setup.id
        for kind in ("isolated", "fork"):
            counts = {runtime: len(getattr(surfaces(under[setup.id]), kind).tools)
                      - len(getattr(surfaces(under[setups.DEFAULT]), kind).tools)
                      for runtime, surfaces in (("python", lambda f: f.tool_surfaces), ("js", lambda f: f.js.tool_surfaces))}
            assert counts["js"] == counts["python"], (setup.id, kind, counts)
            gains[setup.id, kind] = counts["js"]
    assert any(gains.values()), "some parent setup gives a child a tool in both runtimes"


def test_a_parent_s_async_sub_agent_adds_tools_to_the_parent_and_none_to_any_child():
    """parent=async-subagent: an AsyncSubAgent spec beside the synchronous ones gives the parent its tools to start
    and follow remote tasks; no kind of child is offered any of them (a fork child inherits only the parent's
    own `middleware`), so every sentence about the children's tools holds there too."""
    under = setups.facts_under(collect())
    own, there = under[setups.DEFAULT].tool_surfaces, under["parent=async-subagent"].tool_surfaces
    assert [tool for tool in there.parent.tools if tool not in own.parent.tools], "the parent gains the async tools"
    assert [child.tools for child in there.children] == [child.tools for child in own.children]


def test_sending_rewrites_only_a_child_s_task_call_and_names_what_it_does_not_know():
    """lab.sending leaves a model called outside any agent (and an outermost agent's, measured above) as
    written; it knows lab.MALFORMED only."""
    from scripted_model import ScriptedModel, delegate

    from snippets import lab

    model = ScriptedModel(script=[delegate("iso", "write it")])
    with lab.sending("unknown-key"):
        assert model.invoke("hi").tool_calls[0]["args"] == {"description": "write it", "subagent_type": "iso"}
    with pytest.raises(ValueError, match="none of"), lab.sending("typo"):
        pass


def test_each_spec_key_a_child_may_set_is_one_setup_and_its_own_interrupt_on_replaces_the_parent_s():
    """child=<key>: every declarative child sets that spec key too (tool_surfaces.spec_values()), where
    deepagents' own check allows it. A child with an `interrupt_on` of its own does not inherit the parent's, so
    its `task` calls are not reviewed: the refusal page's sentence about review states that scope."""
    from snippets.tool_surfaces import spec_values

    children = [s for s in setups.measured().setups if s.dimension == "child"]
    assert [s.child for s in children] == [key for key, value in spec_values().items() if value is not None]
    under = setups.facts_under(collect())
    own = under[setups.DEFAULT]
    reviewed = [claim for claim in registry.claims_of(registry.section("refusal"))
                if "interrupt_on" in claim.label and claim.runtime == "python"]
    assert len(reviewed) == 1, "the one claim about a human review of `task`"
    assert reviewed[0].live(own) is True and reviewed[0].live(under["child=interrupt-on"]) is False
    scope = next(s for s in setups.SCOPES if s.id == "child-own-interrupt-on")
    assert [s.id for s in children if not scope.covers(s)] == ["child=interrupt-on"]


def test_declaring_sets_a_key_on_declarative_children_only_where_deepagents_allows_it():
    import deepagents

    made = []

    def recording(*args, **kwargs):
        made.append(kwargs["subagents"])
        raise SystemExit  # nothing is built

    specs = [{"name": "iso", "description": "d"}, {"name": "fk", "description": "d", "mode": "fork"},
             {"name": "own", "description": "d", "runnable": object()}, {"name": "set", "description": "d", "skills": []}]
    original = deepagents.create_deep_agent
    deepagents.create_deep_agent = recording
    try:
        with setups.declaring("skills"), pytest.raises(SystemExit):
            deepagents.create_deep_agent(subagents=specs)
    finally:
        deepagents.create_deep_agent = original
    iso, fk, own, already = made[-1]
    assert iso["skills"] == ["/skills/"] and "skills" not in fk, "a fork child may not set skills (section 1)"
    assert "skills" not in own and already["skills"] == []
    assert deepagents.create_deep_agent is original


def test_under_a_model_setup_a_subclass_of_the_scripted_model_keeps_its_own_provider():
    """reporting(model) turns every plain ScriptedModel into that provider's model; gap's experiment makes
    subclasses to be models of providers of its own (their harness profiles), and they stay so."""
    from scripted_model import ScriptedModel

    class Adder(ScriptedModel):
        pass

    with setups.reporting("anthropic:claude-opus-4-7"):
        assert ScriptedModel(script=[])._get_ls_params()["ls_provider"] == "anthropic"
        assert Adder(script=[])._get_ls_params()["ls_provider"] == "adder"
    assert ScriptedModel(script=[])._get_ls_params()["ls_provider"] != "anthropic"


def test_every_model_setup_measures_what_a_child_is_offered_and_what_its_task_call_gets():
    """In both runtimes: npm deepagents picks a harness profile by the model's name too."""
    found = setups.measured()
    for setup in (s for s in found.setups[1:] if s.dimension == "model"):
        assert set(found.results[setup.id]) == {"tool_surfaces", "refusal", "flag", "gap", setups.JS}, setup.id
        assert set(found.results[setup.id][setups.JS]) == {"tool_surfaces", "refusal", "flag", "gap"}, setup.id


def test_npm_deepagents_must_give_a_family_s_keys_equal_profiles_or_measure_mjs_names_the_two():
    """A model setup is measured in JavaScript under its family's first key (DEEPAGENTS_JS_SETUPS="model=<key>|<key>"):
    measure.mjs checks that npm deepagents gives every key of the family an equal profile. The site's own
    families pass (the run's build measured them); a family joined with a key that has no profile, or with
    another family's key, fails in one line naming both keys and what differs."""
    import os
    import subprocess

    from snippets import js, paths

    families = [s.family for s in setups.listed() if s.model]

    def run(family: tuple[str, ...]) -> subprocess.CompletedProcess:
        return subprocess.run([js.node(), str(paths.MEASURE_JS), "refusal"], cwd=paths.ROOT, capture_output=True,
                              text=True, timeout=120, env={**os.environ, js.SETUPS: "model=" + "|".join(family)})

    differing = [(family[0], other) for family in families for other in ("scripted:no-such-model",)]
    differing += [(a[0], b[0]) for a, b in zip(families, families[1:])]
    failed = 0
    for first, other in differing:
        done = run((first, other))
        if done.returncode:
            failed += 1
            assert done.stderr.count("\n") == 1 and f"gives {other} another harness profile than {first}" in done.stderr
            assert " differ)" in done.stderr, done.stderr
    assert failed, "npm deepagents ships a profile for some family's key"
    assert run(next(f for f in families if len(f) > 1)).returncode == 0


def test_under_codex_a_javascript_child_holds_the_tool_a_python_child_gains_there():
    """npm deepagents ships a Codex profile too, whose middleware adds the same tool deepagents' adds: under it,
    both kinds of JavaScript child hold one tool more, the one a Python child gains, and the pages' own
    JavaScript counts are not theirs (the JavaScript twins are measured under every model setup)."""
    under = setups.facts_under(collect())
    codex = next(s.id for s in setups.measured().setups if "openai:gpt-5.3-codex" in s.family)
    for kind in ("isolated", "fork"):
        gained = {}
        for runtime, surfaces in (("python", lambda f: f.tool_surfaces), ("js", lambda f: f.js.tool_surfaces)):
            own = getattr(surfaces(under[setups.DEFAULT]), kind).tools
            gained[runtime] = [t for t in getattr(surfaces(under[codex]), kind).tools if t not in own]
        assert len(gained["js"]) == 1 and gained["js"] == gained["python"], (kind, gained)
    measured_there = setups.measured_claims(next(s for s in setups.measured().setups if s.id == codex))
    assert any(claim.endswith(JS_SUFFIX) for claim in measured_there)


def test_a_section_s_table_names_each_value_that_differs_in_a_reader_s_setup_and_where():
    """Under each section's table, every claim (a JavaScript twin too, said so) whose value under some setup is
    not the site's own is listed with those setups (sitegen/tables.py elsewhere): a table row follows the same
    rule as prose."""
    from sitegen import render, tables
    from sitegen.strings import claim_words, word
    from tests.site_build import LANGUAGES

    def item(claim, code: str) -> str:  # how the list begins that claim's line
        words = claim_words(claim, code)
        words = word(code, "setups.in_npm").format(claim=words) if claim.runtime == "js" else words
        return "- " + word(code, "setups.differs_under").split("{setups}")[0].format(claim=words)

    own, under, listed = collect(), setups.facts_under(collect()), 0
    found = setups.measured().setups[1:]  # once: each call hashes every experiment's code again for its keys
    for section in registry.sections():
        note = {code: tables.elsewhere(section.name, own, code) for code in LANGUAGES}
        for claim in registry.claims_of(section):
            there = [s.id for s in found if claim.id in setups.measured_claims(s)
                     and claim.live(under[s.id]) != claim.live(own)]
            for code, text in note.items():
                line = next((line for line in text.splitlines() if line.startswith(item(claim, code))), "")
                assert all(render.code(s) in line for s in there) and bool(line) == bool(there), (code, claim.id)
            listed += bool(there)
    assert listed, "some value differs in some reader's setup (the malformed arguments', at least)"
    assert tables.elsewhere("modes", own, LANGUAGES[0]) == ""


def test_an_edit_of_one_experiment_changes_the_keys_of_it_and_its_readers_only_under_each_setup(monkeypatch):
    """setups.keys: a section's result under a setup is kept under a key of its own, so a writer's edit of one
    experiment measures that one again under each setup (and those that read it), not every section of them."""
    from snippets import cache

    edits = {}
    monkeypatch.setattr(cache, "key", lambda section, reads: f"{section.name}{edits.get(section.name, 0)}{sorted(reads.items())}")
    found = setups.all_setups()[1:]
    before = setups.keys(found)
    readers = {s for s in setups.SECTIONS if "refusal" in registry.section(s).reads}
    assert readers, "a section measured under setups reads another"
    edits["refusal"] = 1
    after = setups.keys(found)
    for setup in found:
        changed = {name for name in setup.sections if after[setup.id][name] != before[setup.id][name]}
        assert changed == {"refusal", *readers} & set(setup.sections), setup.id
    assert len({key for keys in after.values() for key in keys.values()}) == sum(len(s.parts) for s in found)

