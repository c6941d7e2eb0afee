"""The depth guard a reader copies from the guidance page (snippets/depth_guard.py)."""

from deepagents import create_deep_agent
from langchain_core.messages import AIMessage, ToolMessage

from snippets.depth_guard import NoDeeperThanThis
from snippets.scripted import ScriptedModel, delegate, say


def run(middleware: list):
    helper = ScriptedModel(agent="helper", script=[delegate("gc", "dig", "h1"), say("done myself")])
    gc = ScriptedModel(agent="gc", script=[say("dug")])
    agent = create_deep_agent(model=helper, middleware=middleware,
                              subagents=[{"name": "gc", "description": "grandchild", "model": gc}])
    final = agent.invoke({"messages": [{"role": "user", "content": "dig"}]})
    results = [m for m in helper.calls[-1] if isinstance(m, ToolMessage)]
    return final, results, gc


def test_without_the_guard_the_grandchild_runs():
    _, results, gc = run([])
    assert gc.calls and results[0].text == "dug"


def test_the_guard_refuses_task_and_the_agent_answers_itself():
    final, results, gc = run([NoDeeperThanThis()])
    assert not gc.calls
    assert results[0].text == NoDeeperThanThis.REFUSAL and results[0].status == "error"
    assert final["messages"][-1].text == "done myself"


def test_other_tools_pass_through():
    list_files = AIMessage(content="", tool_calls=[{"name": "ls", "args": {"path": "/"}, "id": "l1", "type": "tool_call"}])
    helper = ScriptedModel(agent="helper", script=[list_files, say("listed")])
    agent = create_deep_agent(model=helper, middleware=[NoDeeperThanThis()])
    agent.invoke({"messages": [{"role": "user", "content": "list"}]})
    result = next(m for m in helper.calls[-1] if isinstance(m, ToolMessage))
    assert result.name == "ls" and result.text != NoDeeperThanThis.REFUSAL and result.status != "error"
