"""Let a declared sub-agent delegate, on purpose: a SubAgentMiddleware in its spec."""

from deepagents import create_deep_agent
from deepagents.backends import StateBackend
from deepagents.middleware import SubAgentMiddleware

from scripted_model import ScriptedModel, delegate, say

# The researcher's own sub-agent: a fork, which tries to go deeper still.
fact_checker = {
    "name": "fact-checker",
    "description": "checks figures",
    "mode": "fork",
    "model": ScriptedModel(script=[delegate("fact-checker", "again"), say("checked")]),
    "tools": [],
}
# --8<-- [start:nest]
researcher = {
    "name": "researcher",
    "description": "researches",
    "model": ScriptedModel(script=[delegate("fact-checker", "check"), say("done")]),
    "middleware": [
        SubAgentMiddleware(backend=StateBackend(), subagents=[fact_checker])
    ],
}
# --8<-- [end:nest]
parent = ScriptedModel(script=[delegate("researcher", "research it"), say("written")])
agent = create_deep_agent(model=parent, name="parent", subagents=[researcher])

request = {"messages": [{"role": "user", "content": "write the report"}]}
events = list(agent.stream(request, subgraphs=True, stream_mode="messages"))
depth = {}  # agent -> how deep below the parent it ran
for namespace, (message, metadata) in events:
    depth[metadata["lc_agent_name"]] = len(namespace)
    if message.type == "tool":  # every tool result, with the agent that got it
        print(f"{metadata['lc_agent_name']} got: {message.content}")
print(depth)
