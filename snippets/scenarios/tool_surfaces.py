"""The tools each agent's model is offered: a parent and three kinds of sub-agent."""

from deepagents import create_deep_agent
from langchain.agents.middleware import AgentMiddleware

from scripted_model import ScriptedModel, delegate, say

offered = {}  # agent -> the tools its model is offered, in order


class Watch(AgentMiddleware):
    """Records the tools an agent's model is offered (both hooks: sync and async).
    One name for every Watch: a fork's own Watch replaces the one it inherits."""

    def __init__(self, agent):
        super().__init__()
        self.agent = agent

    def wrap_model_call(self, request, handler):  # invoke, stream
        offered[self.agent] = request.tools
        return handler(request)

    async def awrap_model_call(self, request, handler):  # ainvoke, astream
        offered[self.agent] = request.tools
        return await handler(request)


# A deep agent you compiled yourself, handed over as it is (the `runnable` form),
# without `mode`.
compiled = create_deep_agent(
    model=ScriptedModel(script=[say("compiled summary")]),
    middleware=[Watch("compiled")],
)
parent = ScriptedModel(
    script=[
        delegate("iso", "summarise the notes", "c1"),
        delegate("fk", "summarise the notes", "c2"),
        delegate("compiled", "summarise the notes", "c3"),
        say("all done"),
    ]
)
agent = create_deep_agent(
    model=parent,
    middleware=[Watch("parent")],
    subagents=[
        {
            "name": "iso",
            "description": "an isolated helper",
            "middleware": [Watch("iso")],
            "model": ScriptedModel(script=[say("isolated summary")]),
        },
        {
            "name": "fk",
            "description": "a forked helper",
            "mode": "fork",
            "middleware": [Watch("fk")],
            "model": ScriptedModel(script=[say("forked summary")]),
        },
        {
            "name": "compiled",
            "description": "your own deep agent",
            "runnable": compiled,
        },
    ],
)
agent.invoke(
    {"messages": [{"role": "user", "content": "summarise the notes, three ways"}]}
)

for name, tools in offered.items():
    print(f"{name}: {[tool.name for tool in tools]}")
