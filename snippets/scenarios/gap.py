"""Three ways to attach a child that calls `task` for a grandchild:
which grandchild runs?"""

from deepagents import create_deep_agent

from scripted_model import ScriptedModel, delegate, say


def grandchild():
    return {
        "name": "gc",
        "description": "digs deeper",
        "model": ScriptedModel(script=[say("grandchild dug deeper")]),
    }


def my_agent():  # a deep agent you compiled yourself, with a sub-agent of its own
    return create_deep_agent(
        model=ScriptedModel(script=[delegate("gc", "dig deeper"), say("done")]),
        subagents=[grandchild()],
    )


children = {
    "declarative fork": {
        "name": "child",
        "description": "a fork",
        "mode": "fork",
        "model": ScriptedModel(script=[delegate("gc", "dig deeper"), say("done")]),
    },
    "runnable fork": {
        "name": "child",
        "description": "a fork",
        "mode": "fork",
        "runnable": my_agent(),
    },
    "runnable, no mode": {
        "name": "child",
        "description": "a helper",
        "runnable": my_agent(),
    },
}
seen = {}  # form -> what a caller of stream() saw
for form, child in children.items():
    parent = ScriptedModel(script=[delegate("child", "go deeper"), say("parent done")])
    agent = create_deep_agent(model=parent, subagents=[child, grandchild()])
    request = {"messages": [{"role": "user", "content": "go as deep as you can"}]}
    seen[form] = list(agent.stream(request, subgraphs=True, stream_mode="messages"))
    agents = {metadata.get("lc_agent_name") for _, (_, metadata) in seen[form]}
    print(f"{form}: grandchild ran: {'gc' in agents}")
