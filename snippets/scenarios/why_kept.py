"""Parent and fork child, position by position: each tool's name, and whether its
description is the same."""

from deepagents import create_deep_agent
from langchain.agents.middleware import AgentMiddleware

from scripted_model import ScriptedModel, delegate, say

offered = {}  # agent -> the tools its model is offered, in order


class Watch(AgentMiddleware):
    """Records the tools an agent's model is offered (both hooks: sync and async).
    One name for every Watch: the fork's own Watch replaces the one it inherits."""

    def __init__(self, agent):
        super().__init__()
        self.agent = agent

    def wrap_model_call(self, request, handler):  # invoke, stream
        offered[self.agent] = request.tools
        return handler(request)

    async def awrap_model_call(self, request, handler):  # ainvoke, astream
        offered[self.agent] = request.tools
        return await handler(request)


parent = ScriptedModel(script=[delegate("fk", "summarise the notes"), say("done")])
agent = create_deep_agent(
    model=parent,
    middleware=[Watch("parent")],
    subagents=[
        {
            "name": "fk",
            "description": "a forked helper",
            "mode": "fork",
            "middleware": [Watch("fk")],
            "model": ScriptedModel(script=[say("forked summary")]),
        },
    ],
)
agent.invoke({"messages": [{"role": "user", "content": "summarise the notes"}]})

for position, (mine, theirs) in enumerate(zip(offered["parent"], offered["fk"])):
    print(
        position,
        mine.name,
        theirs.name,
        "same description"
        if mine.description == theirs.description
        else "other description",
    )
