"""Section 7: how to use it. The article's three recommendations and the recipes readers ask for, each run."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import Claim, Section, experiment, internal, run_scenario

RECIPES = ("choose", "nest_one_level", "never_nest", "step_limit", "no_task")  # snippets/scenarios/<name>.py


@dataclass(frozen=True)
class Handed:
    """What a child starts from: the messages of its first model call."""

    messages: int
    characters: int
    knows_the_conversation: bool  # does it hold what the user told the parent?


@dataclass(frozen=True)
class Guidance:
    printed: dict[str, str]  # recipe -> what its scenario printed
    isolated: Handed
    fork: Handed
    runnable: Handed  # your own compiled agent, handed over in the `runnable` form without `mode`
    warnings: dict[str, list[str]]  # kind of child -> the warnings attaching one emits
    depth: dict[str, int]  # nest_one_level: agent -> its depth below the parent
    deepest_refused: bool  # nest_one_level: the deepest agent's own `task` call got deepagents' refusal
    never_nest: dict[str, tuple[list[str], list[str]]]  # stream/astream -> (agents that ran, refusals)
    guarded: dict[str, tuple[list[str], str]]  # invoke/ainvoke -> (agents whose model was called, the parent's answer)
    guard_refusal: str  # what NoDeeperThanThis answers
    default_limit: int  # a deep agent's own recursion_limit
    limit_raises: str | None  # what the parent's invoke raised when a sub-agent hit its limit, unhandled
    limit_result: tuple[str, str | None]  # with report_step_limit: (type, status) of what the parent's task call returned
    limit_parent_answer: str
    deep_agent_tools: list[str]  # create_deep_agent with no sub-agents
    plain_agent_tools: list[str]  # a create_agent sub-agent
    sync_guard_under_async: str | None  # what a guard with only wrap_tool_call does under ainvoke
    spec_keys: list[str]  # the keys a declarative spec (SubAgent) may have


def handed(messages) -> Handed:
    return Handed(len(messages), sum(len(m.text) for m in messages), any("BLUE-HERON" in m.text for m in messages))


@experiment("guidance")
def measure_guidance() -> Guidance:
    from snippets.modes import assemble, child
    from snippets.refusal import measure_refusal

    runs = {name: run_scenario(name, needed_by="guidance") for name in RECIPES}
    choose, nest, never, limit, no_task = (runs[name] for name in RECIPES)
    deepest = nest["fact_checker"]["model"].seen
    refusal = measure_refusal().text
    result = limit["messages"][-2]
    return Guidance(
        printed={name: run.printed for name, run in runs.items()},
        isolated=handed(choose["handed"]["iso"]),
        fork=handed(choose["handed"]["fk"]),
        runnable=handed(choose["handed"]["own"]),
        warnings={"isolated": assemble(child("a1"))[1], "declarative fork": assemble(child("a1", mode="fork"))[1],
                  "runnable": assemble({"name": "a1", "description": "helper", "runnable": choose["own"]})[1]},
        depth=dict(nest["depth"]),
        deepest_refused=any(m.type == "tool" and m.text == refusal for m in deepest[-1]) if deepest else False,
        never_nest=dict(never["outcomes"]),
        guarded=guarded(never),
        guard_refusal=never["NoDeeperThanThis"].refusal,
        default_limit=limit["own_limit"],
        limit_raises=type(limit["raised"]).__name__ if "raised" in limit.variables else None,
        limit_result=(result.type, getattr(result, "status", None)),
        limit_parent_answer=limit["messages"][-1].text,
        deep_agent_tools=[tool.name for tool in no_task["offered"]["deep agent, no subagents"]],
        plain_agent_tools=[tool.name for tool in no_task["offered"]["create_agent sub-agent"]],
        sync_guard_under_async=sync_guard_under_async(),
        spec_keys=sorted(internal("deepagents.middleware.subagents", "SubAgent", needed_by="guidance",
                                  meaning="the declarative spec's type").__annotations__),
    )


def guarded(never) -> dict[str, tuple[list[str], str]]:
    """The never_nest example's agent under `invoke` and `ainvoke` (the example follows it with stream and
    astream): which agents' models were called, seen by a callback as an application's tracing sees them."""
    import asyncio

    from langchain_core.callbacks import BaseCallbackHandler

    class Called(BaseCallbackHandler):
        def __init__(self) -> None:
            self.agents: set[str] = set()

        def on_chat_model_start(self, serialized, messages, *, metadata=None, **kwargs):
            self.agents.add((metadata or {}).get("lc_agent_name") or "parent")

    found = {}
    for way in ("invoke", "ainvoke"):
        called, agent = Called(), never["build"]()
        config = {"callbacks": [called]}
        if way == "invoke":
            final = agent.invoke(never["request"], config)
        else:
            final = asyncio.run(agent.ainvoke(never["request"], config))
        found[way] = (sorted(called.agents), final["messages"][-1].text)
    return found


def sync_guard_under_async() -> str | None:
    """A guard that defines only `wrap_tool_call`, attached to an agent run with `ainvoke`: the error it
    makes, or None when the run goes through."""
    import asyncio

    from deepagents import create_deep_agent
    from langchain.agents.middleware import AgentMiddleware
    from scripted_model import ScriptedModel, call, say

    class SyncOnlyGuard(AgentMiddleware):
        def wrap_tool_call(self, request, handler):
            return handler(request)

    agent = create_deep_agent(model=ScriptedModel(script=[call("ls", path="/"), say("done")]), middleware=[SyncOnlyGuard()])
    try:
        asyncio.run(agent.ainvoke({"messages": [{"role": "user", "content": "list the files"}]}))
    except Exception as error:  # noqa: BLE001 - the error is the measurement
        return type(error).__name__
    return None


def _guard_holds(way: str):
    """Under `way`, the guarded agent's grandchild never runs and the parent finishes; and the example's own
    run of the same kind (stream for invoke, astream for ainvoke) got the guard's refusal, and only it."""
    def holds(facts) -> bool:
        guidance = facts.guidance
        agents, answer = guidance.guarded[way]
        streamed, refused = guidance.never_nest["stream" if way == "invoke" else "astream"]
        return "gc" not in agents and "writer" in agents and answer == "report finished" \
            and "gc" not in streamed and refused == [guidance.guard_refusal]
    return holds


def _beta(kind: str):
    return lambda facts: any("beta" in warning for warning in facts.guidance.warnings[kind])


SECTION = Section("guidance", 7, "guidance.md", measure_guidance, scenarios=RECIPES, claims=[
    Claim("guide-fork", True, lambda facts: facts.guidance.fork.knows_the_conversation and not facts.guidance.isolated.knows_the_conversation),
    Claim("runnable-starts-from-task", None, lambda facts: facts.guidance.runnable == facts.guidance.isolated),
    Claim("isolated-beta", None, _beta("isolated")),
    Claim("runnable-beta", None, _beta("runnable")),
    Claim("guide-own-gate", True, _guard_holds("invoke")),
    Claim("guard-async", None, _guard_holds("ainvoke")),
    Claim("sync-guard-fails-async", None, lambda facts: facts.guidance.sync_guard_under_async is not None),
    Claim("nest-one-level", None, lambda facts: max(facts.guidance.depth.values()) == 2 and facts.guidance.deepest_refused),
    Claim("fork-carries-more", None, lambda facts: facts.guidance.fork.messages > facts.guidance.isolated.messages == 1),
    Claim("step-limit-raises", None, lambda facts: facts.guidance.limit_raises == "GraphRecursionError"),
    Claim("step-limit-reported", None, lambda facts: facts.guidance.limit_result == ("tool", "error")
          and facts.guidance.limit_parent_answer == "parent done"),
    Claim("default-recursion-limit", None, lambda facts: facts.guidance.default_limit),
    Claim("own-limit-is-set", None, lambda facts: isinstance(facts.guidance.default_limit, int)),
    Claim("no-spec-step-limit", None, lambda facts: "recursion_limit" not in facts.guidance.spec_keys),
    Claim("deep-agent-always-has-task", None, lambda facts: "task" in facts.guidance.deep_agent_tools),
    Claim("plain-agent-has-no-task", None, lambda facts: "task" not in facts.guidance.plain_agent_tools),
])
