"""Never nest: a guard that answers every `task` call of its agent, in a sync and
an async run alike."""

import asyncio

from deepagents import create_deep_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage

from scripted_model import ScriptedModel, delegate, say


class NoDeeperThanThis(AgentMiddleware):
    """The agent it is attached to stays a leaf: its `task` calls are refused,
    sync and async."""

    refusal = (
        "This agent runs as a sub-agent and may not delegate. Do the task yourself."
    )

    def wrap_tool_call(self, request, handler):
        if request.tool_call["name"] == "task":
            return ToolMessage(
                self.refusal, tool_call_id=request.tool_call["id"], status="error"
            )
        return handler(request)

    async def awrap_tool_call(self, request, handler):
        if request.tool_call["name"] == "task":
            return ToolMessage(
                self.refusal, tool_call_id=request.tool_call["id"], status="error"
            )
        return await handler(request)


def build():
    # Your own deep agent may hold `task` (and a sub-agent behind it);
    # the guard keeps it a leaf.
    writer = create_deep_agent(
        model=ScriptedModel(script=[delegate("gc", "write it"), say("report written")]),
        middleware=[NoDeeperThanThis()],
        subagents=[
            {
                "name": "gc",
                "description": "a grandchild",
                "model": ScriptedModel(script=[say("grandchild wrote it")]),
            },
        ],
    )
    parent = ScriptedModel(
        script=[delegate("writer", "finish the report"), say("report finished")]
    )
    return create_deep_agent(
        model=parent,
        subagents=[{"name": "writer", "description": "writes", "runnable": writer}],
    )


request = {"messages": [{"role": "user", "content": "write the report"}]}


def outcome(chunks):
    """Which agents ran, and the tool results that came back as errors
    (the guard's refusals)."""
    agents = sorted(
        {metadata.get("lc_agent_name") or "parent" for _, (_, metadata) in chunks}
    )
    refused = [
        message.content
        for _, (message, _) in chunks
        if message.type == "tool" and message.status == "error"
    ]
    return agents, refused


async def stream_async():
    return [
        chunk
        async for chunk in build().astream(
            request, subgraphs=True, stream_mode="messages"
        )
    ]


outcomes = {  # stream() runs the graph as invoke() does; astream() as ainvoke() does
    "stream": outcome(
        list(build().stream(request, subgraphs=True, stream_mode="messages"))
    ),
    "astream": outcome(asyncio.run(stream_async())),
}
for way, (agents, refused) in outcomes.items():
    print(f"{way}: agents that ran: {agents}; refused: {refused}")
