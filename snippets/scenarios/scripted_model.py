"""A chat model that replays a script: deepagents examples that run offline.

Download this file next to an example and run the example with `python`:
only `pip install deepagents` is needed, no API key, no network. Each agent
gets its own ScriptedModel, whose `script` is that agent's side of the
conversation, one reply per model call. To run an example for real, pass a
chat model (or a name such as "provider:model-name") as `model=` instead.
"""

from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult


class ScriptedModel(BaseChatModel):
    """Replies with `script[0]` on its first call, `script[1]` on its second,
    and so on."""

    script: list[AIMessage]
    name: str | None = "agent"  # names the agent when its script runs out
    seen: list[
        list[BaseMessage]
    ] = []  # the messages of each call so far: what the agent saw

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any):
        return self.bind(**kwargs)  # the script decides which tools are called

    def _generate(
        self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        if len(self.seen) == len(self.script):
            msg = (
                f"the script of {self.name!r} has {len(self.script)} replies;"
                " the agent asked for one more"
            )
            raise RuntimeError(msg)
        self.seen.append(list(messages))
        return ChatResult(
            generations=[ChatGeneration(message=self.script[len(self.seen) - 1])]
        )


def say(text: str) -> AIMessage:
    """A final answer: no tool call, so the agent's loop ends."""
    return AIMessage(content=text)


def delegate(subagent: str, task: str, call_id: str = "call") -> AIMessage:
    """A reply that calls the `task` tool: hand `task` to the sub-agent
    named `subagent`."""
    call = {
        "name": "task",
        "args": {"description": task, "subagent_type": subagent},
        "id": call_id,
        "type": "tool_call",
    }
    return AIMessage(content="", tool_calls=[call])


def call(tool: str, call_id: str = "call", **args: Any) -> AIMessage:
    """A reply that calls any other tool."""
    return AIMessage(
        content="",
        tool_calls=[{"name": tool, "args": args, "id": call_id, "type": "tool_call"}],
    )
