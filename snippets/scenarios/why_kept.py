"""Parent and fork child, position by position: each tool's name, and whether its
description is the same."""

from deepagents import create_deep_agent
from langchain.agents.middleware import wrap_model_call

from scripted_model import ScriptedModel, delegate, say

offered = {}  # agent -> the tools its model is offered, in order


def watch(agent):
    @wrap_model_call(
        name="watch"
    )  # one name: the fork's own watch replaces the one it inherits
    def record(request, handler):
        offered[agent] = request.tools
        return handler(request)

    return record


parent = ScriptedModel(script=[delegate("fk", "summarise the notes"), say("done")])
agent = create_deep_agent(
    model=parent,
    middleware=[watch("parent")],
    subagents=[
        {
            "name": "fk",
            "description": "a forked helper",
            "mode": "fork",
            "middleware": [watch("fk")],
            "model": ScriptedModel(script=[say("forked summary")]),
        },
    ],
)
agent.invoke({"messages": [{"role": "user", "content": "summarise the notes"}]})

for position, (mine, theirs) in enumerate(zip(offered["parent"], offered["fk"])):
    print(
        position,
        mine.name,
        theirs.name,
        "same description"
        if mine.description == theirs.description
        else "other description",
    )
