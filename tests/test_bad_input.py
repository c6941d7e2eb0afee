"""Bad input fails loudly, naming what and where."""

import socket

import pytest

import deepagents.middleware.subagents as subagents_module
from snippets import lab
from snippets.lab import ExperimentFailed, InternalMoved, experiment
from snippets.scripted import ScriptedModel, ScriptExhausted, say


@pytest.fixture
def fresh_results():
    lab.forget()
    yield
    lab.forget()


def test_script_that_runs_out_names_agent_and_turn():
    model = ScriptedModel(agent="grandchild", script=[say("only reply")])
    model.invoke("first")
    with pytest.raises(ScriptExhausted, match=r"agent 'grandchild' ran out of script at turn 2"):
        model.invoke("second")


def test_exhausted_script_inside_an_agent_names_the_experiment(fresh_results):
    @experiment("too-short")
    def too_short():
        from snippets.lab import ask, build
        from snippets.scripted import delegate

        parent = ScriptedModel(agent="parent", script=[delegate("kid", "work", "c1")])  # no final reply
        kid = ScriptedModel(agent="kid", script=[say("done")])
        agent, _ = build(parent, [{"name": "kid", "description": "kid", "model": kid}])
        ask(agent, "go")

    with pytest.raises(ExperimentFailed, match=r"experiment 'too-short' failed: .*agent 'parent' ran out of script at turn 2"):
        too_short()


def test_moved_internal_names_experiment_and_what_it_looked_for(monkeypatch, fresh_results):
    from snippets.flag import measure_flag

    monkeypatch.delattr(subagents_module, "_ForkedContextState")
    with pytest.raises(InternalMoved, match=r"experiment 'flag'.*deepagents\.middleware\.subagents\._ForkedContextState"):
        measure_flag()


def test_moved_behaviour_names_experiment(monkeypatch, fresh_results):
    from snippets.flag import measure_flag

    # A release that lists sub-agents in another format in the task description.
    monkeypatch.setattr(subagents_module, "_describe_subagent_for_tool",
                        lambda name, description, *, forked: f"* {name} = {description}")
    with pytest.raises(ExperimentFailed, match=r"experiment 'flag': looked for the line '- fk: forked helper"):
        measure_flag()


def test_identical_code_is_measured_once(fresh_results):
    runs = []

    def make():
        @experiment("counted")
        def counted():
            runs.append(1)
            return len(runs)

        return counted

    assert make()() == make()() == 1, "a second definition of the same code reuses the result"


def test_network_is_blocked():
    with pytest.raises(Exception, match="socket"):
        socket.create_connection(("127.0.0.1", 9))
