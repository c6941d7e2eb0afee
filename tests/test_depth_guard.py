"""The depth guard the guidance page shows (NoDeeperThanThis, snippets/scenarios/never_nest.py),
on a compiled deep agent handed over as a `runnable` sub-agent: under invoke and ainvoke alike,
every `task` call of that agent is refused and its sub-agent never runs. A guard with only the
sync hook fails under ainvoke: that is why it defines both."""

import ast
import asyncio
from dataclasses import dataclass

import pytest
from deepagents import create_deep_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import AIMessage, ToolMessage

from snippets.paths import SCENARIOS
from scripted_model import ScriptedModel, delegate, say  # importable beside the scenarios: snippets/__init__.py

NEVER_NEST = SCENARIOS / "never_nest.py"
REQUEST = {"messages": [{"role": "user", "content": "write the report"}]}


def load_guard() -> type[AgentMiddleware]:
    """NoDeeperThanThis as never_nest.py defines it: its imports and the class, not the demo around them."""
    module = ast.parse(NEVER_NEST.read_text(encoding="utf-8"), filename=str(NEVER_NEST))
    module.body = [node for node in module.body
                   if isinstance(node, ast.Import | ast.ImportFrom) or getattr(node, "name", None) == "NoDeeperThanThis"]
    namespace: dict = {}
    exec(compile(module, str(NEVER_NEST), "exec"), namespace)  # noqa: S102 - the reader's own file
    return namespace["NoDeeperThanThis"]


NoDeeperThanThis = load_guard()


class SyncOnly(AgentMiddleware):
    """The same guard without its async hook."""

    refusal = NoDeeperThanThis.refusal
    wrap_tool_call = NoDeeperThanThis.wrap_tool_call


def two_task_calls_at_once() -> AIMessage:
    calls = [delegate("gc", f"part {n}", f"t{n}").tool_calls[0] for n in (1, 2)]
    return AIMessage(content="", tool_calls=calls)


@dataclass
class Agents:
    parent: ScriptedModel
    writer: ScriptedModel
    gc: ScriptedModel


def build(guards: list):
    """A parent hands a task to `writer`, a compiled deep agent whose sub-agent `gc` would run one level deeper.
    The writer calls `task` three times (two at once, then one more) before it answers itself."""
    models = Agents(
        parent=ScriptedModel(name="parent", script=[delegate("writer", "finish the report", "p1"), say("report finished")]),
        writer=ScriptedModel(name="writer", script=[two_task_calls_at_once(), delegate("gc", "part 3", "t3"), say("written myself")]),
        gc=ScriptedModel(name="gc", script=[say("grandchild wrote it")] * 3),
    )
    writer = create_deep_agent(model=models.writer, middleware=guards,
                               subagents=[{"name": "gc", "description": "a grandchild", "model": models.gc}])
    parent = create_deep_agent(model=models.parent, subagents=[{"name": "writer", "description": "writes", "runnable": writer}])
    return parent, models


def run(guards: list, way: str):
    parent, models = build(guards)
    final = parent.invoke(REQUEST) if way == "invoke" else asyncio.run(parent.ainvoke(REQUEST))
    return final, models


def task_results(model: ScriptedModel) -> tuple[list[str], list[ToolMessage]]:
    """The ids of the `task` calls the agent made, and the tool results it saw for them, at its last call."""
    last = model.seen[-1]
    ids = [call["id"] for m in last if isinstance(m, AIMessage) for call in m.tool_calls if call["name"] == "task"]
    return ids, [m for m in last if isinstance(m, ToolMessage) and m.tool_call_id in ids]


@pytest.mark.parametrize("way", ["invoke", "ainvoke"])
def test_without_a_guard_the_grandchild_runs(way):
    """The set-up reaches one level deeper: what the guard stops is real."""
    _, models = run([], way)
    ids, results = task_results(models.writer)
    assert len(models.gc.seen) == len(ids) == 3
    assert [r.text for r in results] == [models.gc.script[0].text] * 3 and all(r.status != "error" for r in results)


@pytest.mark.parametrize("way", ["invoke", "ainvoke"])
def test_the_guard_refuses_every_task_call_and_the_grandchild_never_runs(way):
    final, models = run([NoDeeperThanThis()], way)
    ids, results = task_results(models.writer)
    assert len(ids) == 3 and sorted(r.tool_call_id for r in results) == sorted(ids)
    assert all(r.text == NoDeeperThanThis.refusal and r.status == "error" for r in results)
    assert models.gc.seen == []
    # The writer answered itself; the parent got that answer and finished.
    _, parent_results = task_results(models.parent)
    assert [r.text for r in parent_results] == [models.writer.script[-1].text]
    assert final["messages"][-1].text == models.parent.script[-1].text


def test_the_sync_hook_alone_guards_invoke_but_fails_under_ainvoke():
    _, models = run([SyncOnly()], "invoke")
    ids, results = task_results(models.writer)
    assert len(results) == len(ids) == 3 and all(r.text == SyncOnly.refusal for r in results) and models.gc.seen == []

    [missing_hook] = set(vars(NoDeeperThanThis)) - set(vars(SyncOnly))
    parent, models = build([SyncOnly()])
    with pytest.raises(Exception, match=missing_hook):  # noqa: PT011 - the error names the hook SyncOnly lacks
        asyncio.run(parent.ainvoke(REQUEST))
    assert len(models.writer.seen) == 1 and models.gc.seen == []  # failed at the writer's first tool call
