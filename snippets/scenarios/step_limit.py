"""A step limit for one sub-agent, and what the parent gets back when the sub-agent
hits it."""

from deepagents import create_deep_agent
from langchain.agents.middleware import wrap_tool_call
from langchain_core.messages import ToolMessage
from langchain_core.tools import tool
from langgraph.errors import GraphRecursionError

from scripted_model import ScriptedModel, call, delegate, say


@tool
def search(query: str) -> str:
    """Search the notes."""
    return "nothing new"


def build(*parent_middleware):
    # A sub-agent that never stops searching, capped at 8 graph steps of its own.
    searcher = create_deep_agent(
        model=ScriptedModel(
            script=[call("search", f"s{n}", query="more") for n in range(50)]
        ),
        tools=[search],
    ).with_config({"recursion_limit": 8})
    parent = ScriptedModel(
        script=[delegate("searcher", "find everything"), say("parent done")]
    )
    return create_deep_agent(
        model=parent,
        middleware=parent_middleware,
        subagents=[
            {"name": "searcher", "description": "searches", "runnable": searcher}
        ],
    )


@wrap_tool_call(name="report_step_limit")
def report_step_limit(request, handler):
    """Turn a sub-agent's exhausted step limit into a tool result the parent's
    model can read."""
    try:
        return handler(request)
    except GraphRecursionError:
        return ToolMessage(
            "The sub-agent hit its step limit.",
            tool_call_id=request.tool_call["id"],
            status="error",
        )


request = {"messages": [{"role": "user", "content": "find everything"}]}
own_limit = build().config[
    "recursion_limit"
]  # what every deep agent gets unless told otherwise
print("a deep agent's own step limit:", own_limit)
try:
    build().invoke(request)
except GraphRecursionError as error:
    raised = error
    print("without a handler, the parent's invoke raises:", type(error).__name__)
messages = build(report_step_limit).invoke(request)["messages"]
print(
    "with report_step_limit, the parent got:",
    messages[-2].content,
    "and answered:",
    messages[-1].content,
)
