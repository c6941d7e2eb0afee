"""Which `mode` a sub-agent spec may carry: deepagents checks it while it assembles
the agent."""

from deepagents import create_deep_agent

from scripted_model import ScriptedModel

for mode in ["isolated", "fork", "handoff", "forked"]:
    helper = {
        "name": "a1",
        "description": "a helper",
        "mode": mode,
        "model": ScriptedModel(script=[]),
    }
    try:
        create_deep_agent(
            model=ScriptedModel(script=[]), subagents=[helper]
        )  # no model is called here
        print(f"{mode}: accepted")
    except ValueError as error:
        print(f"{mode}: {error}")
