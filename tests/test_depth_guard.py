"""The depth guard the guidance page shows (snippets/scenarios/never_nest.py: langchain's
ToolCallLimitMiddleware on `task`), on a compiled deep agent handed over as a `runnable` sub-agent:
under invoke and ainvoke alike, every `task` call of that agent is refused and its sub-agent never
runs, also when it makes several at once."""

import ast
import asyncio
from dataclasses import dataclass

import pytest
from deepagents import create_deep_agent
from langchain.agents.middleware import ToolCallLimitMiddleware
from langchain_core.messages import AIMessage, ToolMessage

from snippets.paths import SCENARIOS
from scripted_model import ScriptedModel, delegate, say  # importable beside the scenarios: snippets/__init__.py

NEVER_NEST = SCENARIOS / "never_nest.py"
REQUEST = {"messages": [{"role": "user", "content": "write the report"}]}


def guard_of_the_recipe():
    """The guard exactly as never_nest.py writes it: its `ToolCallLimitMiddleware(...)` expression."""
    source = NEVER_NEST.read_text(encoding="utf-8")
    [call] = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
              and getattr(node.func, "id", None) == ToolCallLimitMiddleware.__name__]
    return eval(ast.get_source_segment(source, call), {ToolCallLimitMiddleware.__name__: ToolCallLimitMiddleware})  # noqa: S307


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
    final, models = run([guard_of_the_recipe()], way)
    ids, results = task_results(models.writer)
    assert len(ids) == 3 and sorted(r.tool_call_id for r in results) == sorted(ids)
    assert all(r.status == "error" for r in results)
    assert models.gc.seen == []
    # The writer answered itself; the parent got that answer and finished.
    _, parent_results = task_results(models.parent)
    assert [r.text for r in parent_results] == [models.writer.script[-1].text]
    assert final["messages"][-1].text == models.parent.script[-1].text


@pytest.mark.parametrize("limit", [1, 3])
def test_the_depth_limit_example_prints_what_its_one_constant_allows(tmp_path, limit):
    """depth_limit.py as published, with its MAX_DEPTH changed (its one constant, at the top): what it prints
    follows, levels 0 to the limit and the refusal at the last of them (snippets/guidance.py measures every limit
    through its build(); this runs the file a reader edits)."""
    import re
    import subprocess
    import sys

    from snippets.paths import SCRIPTED_MODEL, published

    source = published(SCENARIOS / "depth_limit.py")
    assert len(re.findall(r"^MAX_DEPTH = \d+ ", source, re.M)) == 1, "one MAX_DEPTH, set at the top"
    (tmp_path / "depth_limit.py").write_text(re.sub(r"^MAX_DEPTH = \d+", f"MAX_DEPTH = {limit}", source, flags=re.M),
                                             encoding="utf-8")
    (tmp_path / SCRIPTED_MODEL.name).write_text(SCRIPTED_MODEL.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([sys.executable, "depth_limit.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].endswith(str(list(range(limit + 1)))), lines
    assert [line for line in lines if "task call got" in line] == [next(line for line in lines if line.startswith(f"level {limit}'s"))]
