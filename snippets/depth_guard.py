"""A depth guard for a `runnable` fork: the agent it is attached to answers, it never delegates.

deepagents refuses `task` inside a declarative fork by itself; an agent you hand
over in the `runnable` form gets no such gate. Attach this middleware to it.
"""

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage


class NoDeeperThanThis(AgentMiddleware):
    """Answers every `task` call of its agent with a refusal, so the agent stays a leaf."""

    REFUSAL = "This agent runs as a sub-agent; it may not delegate. Do the task yourself."

    def wrap_tool_call(self, request, handler):
        if request.tool_call["name"] == "task":
            return ToolMessage(self.REFUSAL, tool_call_id=request.tool_call["id"], status="error")
        return handler(request)
