"""A step limit on a compiled sub-agent (`recursion_limit`): what reaches the parent."""

from deepagents import create_deep_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage
from langchain_core.tools import tool
from langgraph.errors import GraphRecursionError

from scripted_model import ScriptedModel, call, delegate, say


@tool
def search(query: str) -> str:
    """Search the notes."""
    return "nothing new"


def build(*parent_middleware):
    # A sub-agent that would search forever, capped at 8 graph steps of its own.
    searches = ScriptedModel(
        script=[call("search", f"s{n}", query="x") for n in range(50)]
    )
    searcher = create_deep_agent(model=searches, tools=[search])
    # --8<-- [start:limit]
    capped = searcher.with_config({"recursion_limit": 8})
    spec = {"name": "searcher", "description": "searches", "runnable": capped}
    # --8<-- [end:limit]
    parent = ScriptedModel(script=[delegate("searcher", "find it"), say("parent done")])
    agent = create_deep_agent(
        model=parent, middleware=parent_middleware, subagents=[spec]
    )
    return agent, searches


# --8<-- [start:report]
class ReportStepLimit(AgentMiddleware):
    """Hand the parent's model a tool result when a sub-agent hits its step limit."""

    def wrap_tool_call(self, request, handler):  # invoke, stream
        try:
            return handler(request)
        except GraphRecursionError:
            return limit_hit(request)

    async def awrap_tool_call(self, request, handler):  # ainvoke, astream
        try:
            return await handler(request)
        except GraphRecursionError:
            return limit_hit(request)
            # --8<-- [end:report]


def limit_hit(request):
    text = "The sub-agent hit its step limit."
    return ToolMessage(text, tool_call_id=request.tool_call["id"], status="error")


request = {"messages": [{"role": "user", "content": "find everything"}]}
own_limit = build()[0].config["recursion_limit"]  # every deep agent gets one
print("a deep agent's own step limit:", own_limit)
agent, searches = build()
try:
    agent.invoke(request)
except GraphRecursionError as error:
    raised = error
    print("without a handler, the parent's invoke raises:", type(error).__name__)
print("model calls the searcher made within 8 steps:", len(searches.seen))
messages = build(ReportStepLimit())[0].invoke(request)["messages"]
print("with ReportStepLimit, the parent got:", messages[-2].content)
print("and answered:", messages[-1].content)
