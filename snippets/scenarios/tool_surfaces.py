"""The tools each agent's model is offered: a parent and three kinds of sub-agent."""

from deepagents import create_deep_agent
from langchain.agents.middleware import wrap_model_call

from scripted_model import ScriptedModel, delegate, say

offered = {}  # agent -> the tools its model is offered, in order


def watch(agent):
    @wrap_model_call(
        name="watch"
    )  # one name: a fork's own watch replaces the one it inherits
    def record(request, handler):
        offered[agent] = request.tools
        return handler(request)

    return record


# A deep agent you compiled yourself, handed over as it is (the `runnable` form),
# without `mode`.
compiled = create_deep_agent(
    model=ScriptedModel(script=[say("compiled summary")]),
    middleware=[watch("compiled")],
)
parent = ScriptedModel(
    script=[
        delegate("iso", "summarise the notes", "c1"),
        delegate("fk", "summarise the notes", "c2"),
        delegate("compiled", "summarise the notes", "c3"),
        say("all done"),
    ]
)
agent = create_deep_agent(
    model=parent,
    middleware=[watch("parent")],
    subagents=[
        {
            "name": "iso",
            "description": "an isolated helper",
            "middleware": [watch("iso")],
            "model": ScriptedModel(script=[say("isolated summary")]),
        },
        {
            "name": "fk",
            "description": "a forked helper",
            "mode": "fork",
            "middleware": [watch("fk")],
            "model": ScriptedModel(script=[say("forked summary")]),
        },
        {
            "name": "compiled",
            "description": "your own deep agent",
            "runnable": compiled,
        },
    ],
)
agent.invoke(
    {"messages": [{"role": "user", "content": "summarise the notes, three ways"}]}
)

for name, tools in offered.items():
    print(f"{name}: {[tool.name for tool in tools]}")
