"""Section 4: what a fork child gets back when it calls `task`, and who sees it."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import Bench, Claim, SAME, Section, expect, internal, sending


@dataclass(frozen=True)
class Reviewed:
    """The example's agents, the parent given `interrupt_on={"task": True}` and a checkpointer."""

    asked: list[str]  # the sub-agent each `task` call a person was asked about names, in order
    child_got: list[str]  # what the fork child got for its calls, the person having rejected them


@dataclass(frozen=True)
class Refusal:
    printed: str
    text: str  # the refusal, as the child model received it
    message_type: str  # how it arrived in the child's conversation
    refusals_received: int  # tool results the child got for its two `task` calls
    identical: bool  # were they the same text?
    matches_source: bool  # equal to deepagents' constant for it?
    missing_agent_refused_the_same: bool  # the call naming `ghost` got the same refusal
    child_rounds: int  # model calls the child made
    child_messages: int  # messages in the child's conversation at its last model call, plus its answer
    grandchild_ran: bool
    streamed_to: list[
        tuple[str | None, int]
    ]  # (agent, namespace depth) of each refusal a `stream` caller saw
    on_parent_side: int  # times the refusal appears in what the parent's model saw or the parent streamed
    parent_finished: bool  # the parent produced its final answer
    reviewed: Reviewed  # under a human's review of every `task` call
    # what the fork child's first `task` call got, whether as a tool error, and whether a grandchild ran, when its
    # model sends an invented key beside the two the schema defines (lab.sending("unknown-key"))
    unknown_key: tuple[str, bool, bool]
    # what a deep agent's `task` call written as deepagents' docs write it (DOCS_EXAMPLE_CALL) got, whether as a
    # tool error, and whether a sub-agent ran
    docs_example_call: tuple[str, bool, bool]

    @property
    def length(self) -> int:
        return len(self.text)


def example_agents(calls: list[str], **options):
    """(the parent, its fork child, the isolated child) of the example again: the fork child calls `task` once
    for each sub-agent named in `calls`, then answers; `options` go to create_deep_agent."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, delegate, say

    fork_child = ScriptedModel(script=[*(delegate(name, "write it for me", f"f{i}") for i, name in enumerate(calls, 1)),
                                       say("fork wrote it itself")])
    grandchild = ScriptedModel(script=[say("never")])
    agent = create_deep_agent(
        model=ScriptedModel(script=[delegate("fk", "write the summary"), say("parent done")]),
        subagents=[{"name": "fk", "description": "a forked helper", "mode": "fork", "model": fork_child},
                   {"name": "iso", "description": "an isolated helper", "model": grandchild}],
        **options,
    )
    return agent, fork_child, grandchild


def with_unknown_key() -> tuple[str, bool, bool]:
    """The example's agents again, the fork child's model sending an invented `prompt` key with its `task` call
    (lab.sending): what its call got back, whether as a tool error (`status="error"`), and whether the isolated
    child it names ran."""
    agent, fork_child, grandchild = example_agents(["iso"])
    with sending("unknown-key"):
        agent.invoke({"messages": [{"role": "user", "content": "please summarise"}]})
    got = [m for m in (fork_child.seen or [[]])[-1] if m.type == "tool"]
    expect(len(got) == 1, looked_for="one tool result for the fork child's `task` call with an invented key")
    return got[0].text, got[0].status == "error", bool(grandchild.seen)


# deepagents' docs write a call of the general-purpose sub-agent as `task(name="general-purpose", task="...")`
# (data/docs_quotes.yml, docs-example-call); the tool's arguments are `description` and `subagent_type`.
DOCS_EXAMPLE_CALL = {"name": "general-purpose", "task": "Research quantum computing trends"}


def docs_example_call() -> tuple[str, bool, bool]:
    """A deep agent whose model calls `task` with DOCS_EXAMPLE_CALL's arguments: what the call got back, whether
    as a tool error, and whether a sub-agent ran (the general-purpose sub-agent has the parent's model: it would be
    the model's second call of three; the declared `helper`, never named, has a model of its own)."""
    from deepagents import create_deep_agent
    from scripted_model import ScriptedModel, call, say

    model = ScriptedModel(script=[call("task", **DOCS_EXAMPLE_CALL), say("general-purpose done"), say("parent done")])
    helper = {"name": "helper", "description": "a helper", "model": ScriptedModel(script=[say("never")])}
    create_deep_agent(model=model, subagents=[helper]).invoke({"messages": [{"role": "user", "content": "research"}]})
    got = [m for m in model.seen[-1] if m.type == "tool"]
    expect(len(got) == 1, looked_for="one tool result for the `task` call written as deepagents' docs write it")
    return got[0].text, got[0].status == "error", len(model.seen) == len(model.script)


def _rejected_naming_the_key(refusal: Refusal) -> bool:
    """The call with an invented `prompt` key got a tool error naming it, not the refusal, and ran no grandchild."""
    text, error, grandchild_ran = refusal.unknown_key
    return error and text != refusal.text and "'prompt'" in text and not grandchild_ran


def under_review() -> Reviewed:
    """The example's agents again, the parent given `interrupt_on={"task": True}` and a checkpointer: a person
    approves the parent's `task` call and rejects each call of the fork child."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    agent, fork_child, _ = example_agents(["iso", "ghost"], interrupt_on={"task": True}, checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "review"}}
    agent.invoke({"messages": [{"role": "user", "content": "please summarise"}]}, config)
    asked: list[str] = []
    while pending := agent.get_state(config).interrupts:
        answers = {}
        for waiting in pending:
            named = [request["args"]["subagent_type"] for request in waiting.value["action_requests"]]
            asked += named
            answers[waiting.id] = {"decisions": [{"type": "approve"} if name == "fk" else
                                                 {"type": "reject", "message": "do it yourself"} for name in named]}
        agent.invoke(Command(resume=answers), config)
    return Reviewed(asked, [m.text for m in (fork_child.seen or [[]])[-1] if m.type == "tool"])


def measure_refusal(bench: Bench) -> Refusal:
    from langchain_core.messages import SystemMessage, ToolMessage

    run = bench.run("refusal")
    events, child, parent = run["events"], run["fork_child"], run["parent"]
    last_call = child.seen[-1] if child.seen else []
    results = [m for m in last_call if isinstance(m, ToolMessage)]
    expect(
        len(results) == 2,
        looked_for="two tool results in the fork child's conversation",
    )
    text = results[0].text
    source = internal(
        "deepagents.middleware.subagents",
        "_FORK_RECURSION_REFUSAL",
        meaning="the text a fork child gets when it calls task",
    )
    parent_side = [m for call in parent.seen for m in call] + [
        m for namespace, (m, _) in events if not namespace
    ]
    answers = [m for namespace, (m, _) in events if not namespace and m.type == "ai"]
    return Refusal(
        printed=run.printed,
        text=text,
        message_type=type(results[0]).__name__,
        refusals_received=len(results),
        identical=len({r.text for r in results}) == 1,
        matches_source=text == source,
        missing_agent_refused_the_same=results[1].text == text,
        child_rounds=len(child.seen),
        child_messages=sum(not isinstance(m, SystemMessage) for m in last_call)
        + 1,  # + its answer
        grandchild_ran=any(
            metadata.get("lc_agent_name") == "iso" for _, (_, metadata) in events
        ),
        streamed_to=[
            (metadata.get("lc_agent_name"), len(namespace))
            for namespace, (m, metadata) in events
            if isinstance(m, ToolMessage) and m.text == text
        ],
        on_parent_side=sum(text in str(m.content) for m in parent_side),
        parent_finished=bool(answers) and answers[-1].text == "parent done",
        reviewed=under_review(),
        unknown_key=with_unknown_key(),
        docs_example_call=docs_example_call(),
    )


SECTION = Section(
    "refusal",
    4,
    "refusal.md",
    "What a refused `task` call returns",
    "what a fork child gets back, and who sees it",
    measure_refusal,
    scenarios=("refusal",),
    claims=[
        Claim(
            "refusal-text",
            "The refusal",
            "You are a subagent and cannot delegate to another subagent. "
            "Complete this task yourself instead of calling this tool again.",
            lambda facts: facts.refusal.text,
            js=SAME,
        ),
        Claim(
            "fork-refused",
            "A fork child's `task` call gets deepagents' refusal, and no grandchild runs",
            True,
            lambda facts: facts.refusal.matches_source
            and not facts.refusal.grandchild_ran,
            js=SAME,
        ),
        Claim(
            "unknown-task-argument-rejected",
            "A fork child's `task` call that carries a key the tool's schema does not define gets a validation "
            "error naming that key, not the refusal, and no grandchild runs",
            None,
            lambda facts: _rejected_naming_the_key(facts.refusal),
        ),
        # deepagents' docs write the general-purpose sub-agent's call otherwise (data/docs_quotes.yml).
        Claim(
            "docs-example-call-rejected",
            'A `task` call written as deepagents\' docs write it, `task(name="general-purpose", task="...")`, gets '
            "an error as its tool result, and no sub-agent runs",
            None,
            lambda facts: facts.refusal.docs_example_call[1] and not facts.refusal.docs_example_call[2],
            js=SAME,
        ),
        Claim(
            "refusal-length",
            "The refusal's length in characters",
            123,
            lambda facts: facts.refusal.length,
            js=SAME,
        ),
        Claim(
            "refusal-tool-message",
            "It arrives as a tool result, not an exception, and the run goes on",
            True,
            lambda facts: facts.refusal.message_type == "ToolMessage"
            and facts.refusal.parent_finished,
            js=SAME,
        ),
        Claim(
            "refusal-rounds",
            "Model calls the child makes before it finishes",
            3,
            lambda facts: facts.refusal.child_rounds,
            js=SAME,
        ),
        Claim(
            "refusal-messages",
            "Messages in the child's conversation at the end",
            9,
            lambda facts: facts.refusal.child_messages,
            setup="The count includes the conversation a fork child inherits from its parent, and the parent's conversation here is a single user message",
            js=SAME,
        ),
        Claim(
            "refusal-repeat",
            "Two calls get two identical refusals",
            True,
            lambda facts: facts.refusal.refusals_received == 2
            and facts.refusal.identical,
            js=SAME,
        ),
        Claim(
            "refusal-before-lookup",
            "A call naming a missing sub-agent gets the same refusal",
            True,
            lambda facts: facts.refusal.missing_agent_refused_the_same,
            js=SAME,
        ),
        Claim(
            "refusal-stays-inside",
            "The refusal stays inside the child; the parent finishes normally",
            True,
            lambda facts: facts.refusal.on_parent_side == 0
            and facts.refusal.parent_finished,
            js=SAME,
        ),
        Claim(
            "refusal-parent",
            "Times the refusal appears on the parent's side",
            0,
            lambda facts: facts.refusal.on_parent_side,
            js=SAME,
        ),
        Claim(
            "refusal-reviewed",
            "With `interrupt_on={\"task\": True}` on the parent, a person is asked about the fork child's `task` "
            "calls too, and a call they reject gets their answer, not the refusal",
            None,
            lambda facts: (r := facts.refusal.reviewed).asked[:1] == ["fk"]
            and len(r.asked) == 1 + facts.refusal.refusals_received
            and len(r.child_got) == facts.refusal.refusals_received
            and facts.refusal.text not in r.child_got,
        ),
        Claim(
            "refusal-streamed-in-child-namespace",
            "A caller of `stream(subgraphs=True)` sees the refusal in the fork child's namespace only",
            None,
            lambda facts: len(facts.refusal.streamed_to)
            == facts.refusal.refusals_received
            and all(
                depth == 1 and agent == "fk"
                for agent, depth in facts.refusal.streamed_to
            ),
            js=SAME,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("length", "parent_result_streamed", "source_at", "status"),
    python_only=("reviewed", "unknown_key"),
)
