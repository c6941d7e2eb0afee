"""Never nest: langchain's ToolCallLimitMiddleware allows an agent no `task` call."""

import asyncio

from deepagents import create_deep_agent
from langchain.agents.middleware import ToolCallLimitMiddleware

from scripted_model import ScriptedModel, delegate, say


def build():
    # Your own deep agent holds `task`, with a sub-agent; the limit keeps it a leaf.
    grandchild = ScriptedModel(script=[say("grandchild wrote it")])
    # --8<-- [start:guard]
    writer = create_deep_agent(
        model=ScriptedModel(script=[delegate("gc", "write it"), say("report written")]),
        middleware=[ToolCallLimitMiddleware(tool_name="task", run_limit=0)],
        subagents=[{"name": "gc", "description": "a grandchild", "model": grandchild}],
    )
    writes = {"name": "writer", "description": "writes", "runnable": writer}
    # --8<-- [end:guard]
    parent = ScriptedModel(
        script=[delegate("writer", "finish it"), say("report finished")]
    )
    return create_deep_agent(model=parent, subagents=[writes])


request = {"messages": [{"role": "user", "content": "write the report"}]}


def outcome(chunks):
    """Which agents ran, and the tool results that came back as errors."""
    agents = sorted(
        {metadata.get("lc_agent_name") or "parent" for _, (_, metadata) in chunks}
    )
    errors = [
        m.content for _, (m, _) in chunks if m.type == "tool" and m.status == "error"
    ]
    return agents, errors


async def stream_async():
    chunks = build().astream(request, subgraphs=True, stream_mode="messages")
    return [chunk async for chunk in chunks]


outcomes = {  # stream() runs the graph as invoke() does; astream() as ainvoke() does
    "stream": outcome(
        list(build().stream(request, subgraphs=True, stream_mode="messages"))
    ),
    "astream": outcome(asyncio.run(stream_async())),
}
for way, (agents, errors) in outcomes.items():
    print(f"{way}: agents that ran: {agents}; refused: {errors}")
