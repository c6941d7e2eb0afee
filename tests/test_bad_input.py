"""Bad input fails loudly, naming what and where."""

import socket

import pytest

import deepagents.middleware.subagents as subagents_module
from snippets import lab
from snippets.lab import ExperimentFailed, InternalMoved, experiment
from scripted_model import ScriptedModel, delegate, say


@pytest.fixture
def fresh_results():
    lab.forget()
    yield
    lab.forget()


def test_a_script_that_runs_out_names_its_agent():
    model = ScriptedModel(name="grandchild", script=[say("only reply")])
    model.invoke("first")
    with pytest.raises(RuntimeError, match=r"the script of 'grandchild' has 1 replies; the agent asked for one more"):
        model.invoke("second")


def test_an_exhausted_script_inside_an_agent_names_the_experiment(fresh_results):
    @experiment("too-short")
    def too_short():
        from deepagents import create_deep_agent

        parent = ScriptedModel(name="parent", script=[delegate("kid", "work")])  # no final reply
        agent = create_deep_agent(model=parent, subagents=[
            {"name": "kid", "description": "kid", "model": ScriptedModel(name="kid", script=[say("done")])}])
        agent.invoke({"messages": [{"role": "user", "content": "go"}]})

    with pytest.raises(ExperimentFailed, match=r"experiment 'too-short' failed: .*the script of 'parent'"):
        too_short()


def test_a_moved_internal_names_the_experiment_and_what_it_looked_for(monkeypatch, fresh_results):
    from snippets.flag import measure_flag

    monkeypatch.delattr(subagents_module, "_ForkedContextState")
    with pytest.raises(InternalMoved, match=r"experiment 'flag'.*deepagents\.middleware\.subagents\._ForkedContextState"):
        measure_flag()


def test_moved_behaviour_names_the_experiment(monkeypatch, fresh_results):
    from snippets.flag import measure_flag

    # A release that lists sub-agents in another format in the task description.
    monkeypatch.setattr(subagents_module, "_describe_subagent_for_tool",
                        lambda name, description, *, forked: f"* {name} = {description}")
    with pytest.raises(ExperimentFailed, match=r"experiment 'flag': looked for the line '- fk: a forked helper"):
        measure_flag()


def test_a_scenario_that_raises_names_its_file_and_experiment(tmp_path, monkeypatch, fresh_results):
    from snippets import paths

    (tmp_path / "broken.py").write_text("raise KeyError('the state moved')\n", encoding="utf-8")
    monkeypatch.setattr(lab, "SCENARIOS", tmp_path)
    with pytest.raises(ExperimentFailed, match=r"experiment 'x': scenario snippets/scenarios/broken\.py raised KeyError"):
        lab.run_scenario("broken", needed_by="x")
    assert paths.SCENARIOS != tmp_path


def test_identical_code_is_measured_once(fresh_results):
    runs = []

    def make():
        @experiment("counted")
        def counted():
            runs.append(1)
            return {len(runs)}  # a set literal: its order must not change the code's key

        return counted

    assert make()() == make()() == {1}, "a second definition of the same code reuses the result"


def test_the_network_is_blocked():
    with pytest.raises(Exception, match="socket"):
        socket.create_connection(("127.0.0.1", 9))
