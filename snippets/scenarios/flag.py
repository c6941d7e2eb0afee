"""What each kind of child holds in its state when its model is first called."""

from deepagents import create_deep_agent
from langchain.agents.middleware import before_model

from scripted_model import ScriptedModel, delegate, say

first_state = {}  # agent -> its state just before its first model call


def probe(agent):
    @before_model(name="probe")
    def record(state, runtime):
        first_state.setdefault(agent, dict(state))

    return record


# The `runnable` form: a deep agent you compiled yourself, handed over as a fork.
compiled = create_deep_agent(
    model=ScriptedModel(script=[say("done")]), middleware=[probe("cfk")]
)
task = "summarise the notes"
parent = ScriptedModel(
    script=[
        delegate("iso", task, "c1"),
        delegate("fk", task, "c2"),
        delegate("cfk", task, "c3"),
        say("done"),
    ]
)
agent = create_deep_agent(
    model=parent,
    subagents=[
        {
            "name": "iso",
            "description": "isolated",
            "model": ScriptedModel(script=[say("done")]),
            "middleware": [probe("iso")],
        },
        {
            "name": "fk",
            "description": "declarative fork",
            "mode": "fork",
            "model": ScriptedModel(script=[say("done")]),
            "middleware": [probe("fk")],
        },
        {
            "name": "cfk",
            "description": "runnable fork",
            "mode": "fork",
            "runnable": compiled,
        },
    ],
)
request = {"messages": [{"role": "user", "content": "summarise the notes three ways"}]}
final = agent.invoke(request)

for name, state in first_state.items():
    print(f"{name}: {sorted(state)}")
print(
    "fk's first messages:", [message.type for message in first_state["fk"]["messages"]]
)
