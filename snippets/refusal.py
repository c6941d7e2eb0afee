"""Section 4: what a fork child gets back when it calls `task`."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import experiment, expect, internal

# deepagents and langchain are imported where an experiment runs, not here: a build
# with every result cached never loads them (tests/test_cache.py checks).

@dataclass(frozen=True)
class Refusal:
    text: str  # the refusal, as the child model received it
    message_type: str  # how it arrived in the child's conversation
    refusals_received: int  # tool results the child got back
    identical: bool  # were all of them the same text?
    matches_source: bool  # equal to the constant in deepagents' source?
    missing_agent_refused_the_same: bool  # the call naming `ghost` got the same refusal
    child_rounds: int  # model calls the child made
    child_messages: int  # messages in the child's conversation at its last call, plus its answer
    grandchild_ran: bool
    on_parent_side: int  # times the refusal text appears anywhere the parent saw
    parent_finished: bool  # the parent produced its final answer

    @property
    def length(self) -> int:
        return len(self.text)



@experiment("refusal")
def measure_refusal() -> Refusal:
    # --8<-- [start:scenario]
    from deepagents import create_deep_agent

    from snippets.scripted import ScriptedModel, delegate, say

    parent = ScriptedModel(agent="parent", script=[delegate("fk", "write the summary", "p1"), say("parent done")])
    fk = ScriptedModel(agent="fk", script=[
        delegate("iso", "write it for me", "f1"),  # an isolated sub-agent that exists
        delegate("ghost", "write it for me", "f2"),  # one that does not
        say("fork wrote the summary itself"),
    ])
    iso = ScriptedModel(agent="iso", script=[say("never")])
    agent = create_deep_agent(model=parent, subagents=[
        {"name": "fk", "description": "a forked helper", "mode": "fork", "model": fk},
        {"name": "iso", "description": "an isolated helper", "model": iso},
    ])
    final = agent.invoke({"messages": [{"role": "user", "content": "please summarise"}]})

    for message in fk.calls[-1]:  # the fork child's conversation at its last model call
        if message.type == "tool":  # what its two `task` calls returned
            print(type(message).__name__, repr(message.content))
    # --8<-- [end:scenario]
    from langchain_core.messages import AIMessage, SystemMessage, ToolMessage

    last_call = fk.calls[-1]
    results = [m for m in last_call if isinstance(m, ToolMessage)]
    expect(len(results) == 2, needed_by="refusal", looked_for="two tool results in the fork child's conversation")
    source = internal("deepagents.middleware.subagents", "_FORK_RECURSION_REFUSAL",
                      needed_by="refusal", meaning="the text a fork child gets when it calls task")
    parent_seen = [m for call in parent.calls for m in call] + list(final["messages"])
    answer = final["messages"][-1]
    return Refusal(
        text=results[0].text,
        message_type=type(results[0]).__name__,
        refusals_received=len(results),
        identical=len({r.text for r in results}) == 1,
        matches_source=results[0].text == source,
        missing_agent_refused_the_same=results[1].text == results[0].text,
        child_rounds=len(fk.calls),
        child_messages=sum(not isinstance(m, SystemMessage) for m in last_call) + 1,  # + its answer
        grandchild_ran=bool(iso.calls),
        on_parent_side=sum(results[0].text in str(m.content) for m in parent_seen),
        parent_finished=isinstance(answer, AIMessage) and answer.text == "parent done",
    )
