"""A chat model that replays a script and records everything it is shown.

Each agent in an experiment (parent, child, grandchild) gets its own
`ScriptedModel`, so each script reads as one side of a conversation. Nothing
here touches the network: the replies are the script, nothing else.
"""

from __future__ import annotations

from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field


class ScriptExhausted(RuntimeError):
    """The model was called more often than its script has replies."""


class ScriptedModel(BaseChatModel):
    """Replays `script` one reply per call; records tools and messages seen."""

    agent: str
    script: list[AIMessage]
    bound_tools: list[dict] = Field(default_factory=list)
    """Name and description of each tool, as the latest `bind_tools` gave them."""
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    """Every message list the model received, one per turn."""

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def tool_names(self) -> list[str]:
        return [tool["name"] for tool in self.bound_tools]

    def tool_description(self, name: str) -> str:
        return next(t["description"] for t in self.bound_tools if t["name"] == name)

    def bind_tools(self, tools: Any, **kwargs: Any):  # returns a Runnable, like every chat model
        self.bound_tools = [convert_to_openai_tool(tool)["function"] for tool in tools]
        return self.bind(**kwargs)

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        self.calls.append(list(messages))
        turn = len(self.calls)
        if turn > len(self.script):
            msg = (
                f"scripted model of agent {self.agent!r} ran out of script at turn {turn}: "
                f"it has {len(self.script)} replies; the last message it got was "
                f"{type(messages[-1]).__name__}: {str(messages[-1].content)[:120]!r}"
            )
            raise ScriptExhausted(msg)
        return ChatResult(generations=[ChatGeneration(message=self.script[turn - 1])])


def say(text: str) -> AIMessage:
    """A final reply: no tool call, so the agent's loop ends."""
    return AIMessage(content=text)


def delegate(subagent: str, description: str, call_id: str) -> AIMessage:
    """A reply that calls the `task` tool."""
    args = {"description": description, "subagent_type": subagent}
    return AIMessage(content="", tool_calls=[{"name": "task", "args": args, "id": call_id, "type": "tool_call"}])


class StateProbe(AgentMiddleware):
    """Records the agent's state each time its model is about to be called."""

    def __init__(self, agent: str) -> None:
        super().__init__()
        self.agent = agent
        self.seen: list[dict[str, Any]] = []

    @property
    def name(self) -> str:  # middleware names must be unique within an agent
        return f"StateProbe[{self.agent}]"

    def before_model(self, state: dict[str, Any], runtime: Any) -> None:
        self.seen.append(dict(state))

    @property
    def first(self) -> dict[str, Any]:
        if not self.seen:
            msg = f"agent {self.agent!r} never reached its model: nothing was probed"
            raise AssertionError(msg)
        return self.seen[0]
