"""An agent with no `task` at all: what create_deep_agent adds by itself, and what
a plain agent holds."""

from deepagents import create_deep_agent
from langchain.agents import create_agent
from langchain.agents.middleware import wrap_model_call
from langchain_core.tools import tool

from scripted_model import ScriptedModel, delegate, say

offered = {}  # agent -> the names of the tools its model is offered


def watch(agent):
    @wrap_model_call(name="watch")
    def record(request, handler):
        offered[agent] = request.tools
        return handler(request)

    return record


@tool
def lookup(term: str) -> str:
    """Look a term up in the glossary."""
    return f"{term}: see the glossary"


# A deep agent given no sub-agents, and a plain LangChain agent handed over
# as a sub-agent.
solo = create_deep_agent(
    model=ScriptedModel(script=[say("done")]),
    middleware=[watch("deep agent, no subagents")],
)
solo.invoke({"messages": [{"role": "user", "content": "hello"}]})
leaf = create_agent(
    ScriptedModel(script=[say("looked it up")]),
    tools=[lookup],
    middleware=[watch("create_agent sub-agent")],
)
parent = create_deep_agent(
    model=ScriptedModel(script=[delegate("leaf", "look up 'fork'"), say("done")]),
    subagents=[{"name": "leaf", "description": "looks terms up", "runnable": leaf}],
)
parent.invoke({"messages": [{"role": "user", "content": "what is a fork?"}]})

for name, tools in offered.items():
    print(f"{name}: {[tool.name for tool in tools]}")
