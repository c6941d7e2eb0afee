"""Nest on purpose, exactly one level deeper: hand over a compiled deep agent
as a sub-agent."""

from deepagents import create_deep_agent

from scripted_model import ScriptedModel, delegate, say

# The researcher delegates to its own fact-checker, a declarative fork,
# which tries to go deeper still.
fact_checker = {
    "name": "fact-checker",
    "description": "checks figures",
    "mode": "fork",
    "model": ScriptedModel(
        script=[delegate("fact-checker", "check it again"), say("figures checked")]
    ),
}
researcher = create_deep_agent(
    model=ScriptedModel(
        script=[delegate("fact-checker", "check the figures"), say("research done")]
    ),
    subagents=[fact_checker],
)
agent = create_deep_agent(
    model=ScriptedModel(
        script=[delegate("researcher", "research the topic"), say("report written")]
    ),
    name="parent",
    subagents=[
        {"name": "researcher", "description": "researches", "runnable": researcher}
    ],
)

request = {"messages": [{"role": "user", "content": "write the report"}]}
depth = {}  # agent -> how deep below the parent it ran
for namespace, (message, metadata) in agent.stream(
    request, subgraphs=True, stream_mode="messages"
):
    depth[metadata["lc_agent_name"]] = len(namespace)
print(depth)
