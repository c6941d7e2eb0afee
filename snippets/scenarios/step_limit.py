"""A limit for one declared sub-agent: a ModelCallLimitMiddleware in its spec."""

from deepagents import create_deep_agent
from langchain.agents.middleware import ModelCallLimitMiddleware
from langchain_core.tools import tool

from scripted_model import ScriptedModel, call, delegate, say


@tool
def search(query: str) -> str:
    """Search the notes."""
    return "nothing new"


# A searcher that would search forever, allowed 3 model calls per run.
searches = ScriptedModel(
    script=[call("search", f"s{n}", query="more") for n in range(50)]
)
# --8<-- [start:spec]
searcher = {
    "name": "searcher",
    "description": "searches",
    "model": searches,
    "tools": [search],
    "middleware": [ModelCallLimitMiddleware(run_limit=3, exit_behavior="end")],
}
# --8<-- [end:spec]
parent = ScriptedModel(
    script=[delegate("searcher", "find everything"), say("parent done")]
)
agent = create_deep_agent(model=parent, subagents=[searcher])

messages = agent.invoke({"messages": [{"role": "user", "content": "find everything"}]})
print("the searcher's model calls:", len(searches.seen))
print("the parent got:", messages["messages"][-2].content)
print("and answered:", messages["messages"][-1].content)
