"""Bad input fails loudly, in one line naming what and where."""

import socket

import pytest

import deepagents.middleware.subagents as subagents_module
from snippets import lab, registry
from snippets.lab import ExperimentFailed, InternalMoved, Section
from scripted_model import ScriptedModel, delegate, say


def test_a_script_that_runs_out_names_its_agent():
    model = ScriptedModel(name="grandchild", script=[say("only reply")])
    model.invoke("first")
    with pytest.raises(RuntimeError, match=r"the script of 'grandchild' has 1 replies; the agent asked for one more"):
        model.invoke("second")


def test_an_exhausted_script_inside_an_agent_names_the_experiment():
    def too_short(bench):
        from deepagents import create_deep_agent

        parent = ScriptedModel(name="parent", script=[delegate("kid", "work")])  # no final reply
        agent = create_deep_agent(model=parent, subagents=[
            {"name": "kid", "description": "kid", "model": ScriptedModel(name="kid", script=[say("done")])}])
        agent.invoke({"messages": [{"role": "user", "content": "go"}]})

    with pytest.raises(ExperimentFailed, match=r"experiment 'too-short' \(snippets/too-short\.py\) failed: .*the script of 'parent'"):
        lab.measure(Section("too-short", 99, "x.md", "T", "t", too_short), {})


def _measure(name: str):
    section = registry.section(name)
    from snippets.facts import collect

    return lab.measure(section, {read: collect().results[read] for read in section.reads})


def test_a_moved_internal_names_the_experiment_and_what_it_looked_for(monkeypatch, facts):
    monkeypatch.delattr(subagents_module, "_ForkedContextState")
    with pytest.raises(InternalMoved, match=r"^experiment 'flag' \(snippets/flag\.py\) failed: deepagents \S+ has no "
                                            r"deepagents\.middleware\.subagents\._ForkedContextState"):
        _measure("flag")


def test_moved_behaviour_names_the_experiment(monkeypatch):
    # A release that lists sub-agents in another format in the task description.
    monkeypatch.setattr(subagents_module, "_describe_subagent_for_tool",
                        lambda name, description, *, forked: f"* {name} = {description}")
    from snippets.flag import measure_flag

    with pytest.raises(ExperimentFailed, match=r"experiment 'flag' .*: looked for the line '- fk: a forked helper"):
        lab.measure(registry.section("flag"), {"tool_surfaces": lab.measure(registry.section("tool_surfaces"), {}).result})
    assert measure_flag is registry.section("flag").measure


def test_a_scenario_that_raises_names_its_file_and_experiment(tmp_path, monkeypatch):
    from snippets import paths

    (tmp_path / "broken.py").write_text("raise KeyError('the state moved')\n", encoding="utf-8")
    monkeypatch.setattr(lab, "SCENARIOS", tmp_path)
    broken = Section("x", 99, "x.md", "X", "x", lambda bench: bench.run("broken"), scenarios=("broken",))
    with pytest.raises(ExperimentFailed, match=r"experiment 'x' .*: scenario snippets/scenarios/broken\.py raised KeyError"):
        lab.measure(broken, {})
    assert paths.SCENARIOS != tmp_path


def test_an_undeclared_scenario_or_section_is_named():
    section = Section("x", 99, "x.md", "X", "x", lambda bench: bench.run("refusal"))
    with pytest.raises(ExperimentFailed, match=r"snippets/x\.py runs scenario 'refusal': add it to its SECTION's scenarios"):
        lab.measure(section, {})
    section = Section("x", 99, "x.md", "X", "x", lambda bench: bench.read("refusal"))
    with pytest.raises(ExperimentFailed, match=r"snippets/x\.py reads section 'refusal': add it to its SECTION's reads"):
        lab.measure(section, {})


def test_the_network_is_blocked():
    with pytest.raises(Exception, match="socket"):
        socket.create_connection(("127.0.0.1", 9))
