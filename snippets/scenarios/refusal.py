"""A fork child calls `task` twice; what comes back, seen from the caller's side
of `stream`."""

from deepagents import create_deep_agent

from scripted_model import ScriptedModel, delegate, say

parent = ScriptedModel(script=[delegate("fk", "write the summary"), say("parent done")])
fork_child = ScriptedModel(
    script=[
        delegate("iso", "write it for me", "f1"),  # an isolated sub-agent that exists
        delegate("ghost", "write it for me", "f2"),  # one that does not
        say("fork wrote the summary itself"),
    ]
)
agent = create_deep_agent(
    model=parent,
    name="parent",
    subagents=[
        {
            "name": "fk",
            "description": "a forked helper",
            "mode": "fork",
            "model": fork_child,
        },
        {
            "name": "iso",
            "description": "an isolated helper",
            "model": ScriptedModel(script=[say("never")]),
        },
    ],
)

request = {"messages": [{"role": "user", "content": "please summarise"}]}
events = list(agent.stream(request, subgraphs=True, stream_mode="messages"))
for namespace, (message, metadata) in events:
    if message.type == "tool":  # every tool result, with the agent that got it
        agent, depth = metadata["lc_agent_name"], len(namespace)
        print(f"{agent} (depth {depth}) got: {message.content}")
