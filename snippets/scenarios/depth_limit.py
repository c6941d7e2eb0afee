"""At most MAX_DEPTH levels of sub-agents: one guard in each agent with a `task`."""

from deepagents import create_deep_agent
from deepagents.backends import StateBackend
from deepagents.middleware import SubAgentMiddleware
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage

from scripted_model import ScriptedModel, delegate, say

MAX_DEPTH = 2  # levels of sub-agents below the top agent


# --8<-- [start:guard]
class MaxSubagentDepth(AgentMiddleware):
    """Refuses a `task` call that would start a sub-agent deeper than max_depth.

    langgraph runs an agent's tools in its "tools" node, and an agent started
    there runs one "tools:<id>" step deeper in the namespace: a `task` call's
    namespace holds one such step per agent above the one it would start.
    """

    def __init__(self, max_depth):
        super().__init__()
        self.max_depth = max_depth

    def refusal(self, request):
        if request.tool_call["name"] != "task":
            return None
        namespace = request.runtime.config["configurable"].get("checkpoint_ns", "")
        level = sum(step.startswith("tools:") for step in namespace.split("|"))
        if level <= self.max_depth:
            return None
        return ToolMessage(
            f"Refused: this call would start sub-agent level {level},"
            f" and the limit is {self.max_depth}. Do it yourself.",
            tool_call_id=request.tool_call["id"],
            status="error",
        )

    def wrap_tool_call(self, request, handler):  # invoke, stream
        return self.refusal(request) or handler(request)

    async def awrap_tool_call(self, request, handler):  # ainvoke, astream
        return self.refusal(request) or await handler(request)
        # --8<-- [end:guard]


def build(max_depth):
    """A top agent and four levels below it, each asked to go one level deeper."""
    guard = MaxSubagentDepth(max_depth)
    models = [
        ScriptedModel(script=[delegate(f"level{n + 1}", "dig"), say(f"level {n} done")])
        for n in range(4)
    ] + [ScriptedModel(script=[say("level 4 done")])]
    level4 = {"name": "level4", "description": "digs", "model": models[4], "tools": []}
    level3 = {
        "name": "level3",
        "description": "digs",
        "model": models[3],
        "tools": [],
        "middleware": [
            SubAgentMiddleware(backend=StateBackend(), subagents=[level4]),
            guard,
        ],
    }
    level2 = {  # an isolated sub-agent with a `task` of its own
        "name": "level2",
        "description": "digs",
        "model": models[2],
        "middleware": [
            SubAgentMiddleware(backend=StateBackend(), subagents=[level3]),
            guard,
        ],
    }
    level1 = {  # your own deep agent, in the `runnable` form
        "name": "level1",
        "description": "digs",
        "runnable": create_deep_agent(
            model=models[1], subagents=[level2], middleware=[guard]
        ),
    }
    top = create_deep_agent(model=models[0], subagents=[level1], middleware=[guard])
    return top, models


request = {"messages": [{"role": "user", "content": "dig as deep as you can"}]}
top, models = build(MAX_DEPTH)
final = top.invoke(request)
print("levels that ran:", [n for n, model in enumerate(models) if model.seen])
for n, model in enumerate(models):
    got = model.seen[1][-1] if len(model.seen) > 1 else None
    if got is not None and got.status == "error":
        print(f"level {n}'s task call got: {got.content}")
print("the top agent answered:", final["messages"][-1].content)
