"""Isolated, fork or your own agent: what each child is handed of the parent's
conversation, and what attaching says."""

import warnings

from deepagents import create_deep_agent
from langchain.agents.middleware import before_model

from scripted_model import ScriptedModel, delegate, say

handed = {}  # child -> the messages it starts from


def probe(agent):
    @before_model(name="probe")
    def record(state, runtime):
        handed.setdefault(agent, state["messages"])

    return record


conversation = [  # what the parent and the user said before the parent delegates
    {"role": "user", "content": "Our codename is BLUE-HERON. Draft the launch plan."},
    {
        "role": "assistant",
        "content": "Draft: launch BLUE-HERON in three steps, starting with the beta.",
    },
    {"role": "user", "content": "Good. Now have someone write the announcement."},
]
task = "write the announcement"
parent = ScriptedModel(
    script=[
        delegate("iso", task, "c1"),
        delegate("fk", task, "c2"),
        delegate("own", task, "c3"),
        say("three drafts are in"),
    ]
)


def writer():
    return ScriptedModel(script=[say("announcement")])


own = create_deep_agent(model=writer(), middleware=[probe("own")])  # compiled by you
with warnings.catch_warnings(record=True) as warned:
    warnings.simplefilter("always")
    agent = create_deep_agent(
        model=parent,
        # --8<-- [start:children]
        subagents=[
            {
                "name": "iso",
                "description": "isolated writer",
                "model": writer(),
                "middleware": [probe("iso")],
            },
            {
                "name": "fk",
                "description": "forked writer",
                "mode": "fork",
                "model": writer(),
                "middleware": [probe("fk")],
            },
            {"name": "own", "description": "your own writer", "runnable": own},
        ],
        # --8<-- [end:children]
    )
agent.invoke({"messages": conversation})

print("attaching them warns:", [str(warning.message) for warning in warned])
for child, messages in handed.items():
    characters = sum(len(message.text) for message in messages)
    knows = any("BLUE-HERON" in message.text for message in messages)
    print(
        f"{child}: messages={len(messages)}, characters={characters},"
        f" knows the codename: {knows}"
    )
