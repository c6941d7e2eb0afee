"""An agent with no `task` at all: what create_deep_agent adds by itself, and what
a plain agent holds."""

from deepagents import create_deep_agent
from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.tools import tool

from scripted_model import ScriptedModel, delegate, say

offered = {}  # agent -> the tools its model is offered


class Watch(AgentMiddleware):
    """Records the tools an agent's model is offered (both hooks: sync and async)."""

    def __init__(self, agent):
        super().__init__()
        self.agent = agent

    def wrap_model_call(self, request, handler):
        offered[self.agent] = request.tools
        return handler(request)

    async def awrap_model_call(self, request, handler):
        offered[self.agent] = request.tools
        return await handler(request)


@tool
def lookup(term: str) -> str:
    """Look a term up in the glossary."""
    return f"{term}: see the glossary"


# A deep agent given no sub-agents, and a plain LangChain agent handed over
# as a sub-agent.
# --8<-- [start:agents]
solo = create_deep_agent(
    model=ScriptedModel(script=[say("done")]),
    middleware=[Watch("deep agent, no subagents")],
)
leaf = create_agent(
    ScriptedModel(script=[say("looked it up")]),
    tools=[lookup],
    middleware=[Watch("create_agent sub-agent")],
)
# --8<-- [end:agents]
parent = create_deep_agent(
    model=ScriptedModel(script=[delegate("leaf", "look up 'fork'"), say("done")]),
    subagents=[{"name": "leaf", "description": "looks terms up", "runnable": leaf}],
)
solo.invoke({"messages": [{"role": "user", "content": "hello"}]})
parent.invoke({"messages": [{"role": "user", "content": "what is a fork?"}]})

for name, tools in offered.items():
    print(f"{name}: {[tool.name for tool in tools]}")
