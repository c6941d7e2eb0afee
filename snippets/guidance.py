"""Section 7: how to use it. The article's three recommendations and the recipes readers ask for, each run."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import Bench, Claim, SAME, Section, expect, internal

# snippets/scenarios/<name>.py, in the order the page shows them
RECIPES = (
    "choose",
    "delegate_on_purpose",
    "never_nest",
    "depth_limit",
    "step_limit",
    "step_limit_runnable",
    "no_task",
)


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
    # your own compiled agent, handed over in the `runnable` form without `mode`
    runnable: Handed
    warnings: dict[str, list[str]]  # kind of child -> the warnings attaching one emits
    # delegate_on_purpose: agent -> its depth below the parent
    depth: dict[str, int]
    # delegate_on_purpose: what each agent's `task` calls got back
    got: dict[str, list[str]]
    # never_nest: stream/astream -> (agents that ran, tool results that were errors)
    never_nest: dict[str, tuple[list[str], list[str]]]
    # invoke/ainvoke -> (agents whose model was called, the parent's answer)
    guarded: dict[str, tuple[list[str], str]]
    # depth_limit: invoke/ainvoke -> for each of DEPTH_LIMITS, (the levels whose model ran, the levels whose
    # `task` call got an error as its result, the top agent's answer)
    depth_limit: dict[str, list[tuple[list[int], list[int], str]]]
    # the same guard in the top agent's middleware alone, limit 1: child kind -> the levels whose model ran
    depth_top_only: dict[str, list[int]]
    # a level reached through a tool: invoke/ainvoke -> for each of TOOL_LIMITS, (the agents that called the top
    # agent's `consult` tool, whether the helper it runs ran, whether the helper's `task` got an error, whether
    # the helper's sub-agent ran)
    depth_through_a_tool: dict[str, list[tuple[list[str], bool, bool, bool]]]
    spec_limit: int  # step_limit: the run_limit its ModelCallLimitMiddleware is given
    spec_limit_calls: int  # ... the searcher's model calls under it
    spec_limit_result: str  # step_limit: what the parent's `task` call returned
    spec_limit_answer: str  # step_limit: the parent's final answer
    default_limit: int  # a deep agent's own recursion_limit
    # step_limit_runnable: what the parent's invoke raised when the sub-agent hit
    # its recursion limit, unhandled
    limit_raises: str | None
    limit_calls: int  # ... and how many model calls the sub-agent made within it
    # with ReportStepLimit: (type, status) of what the parent's task call returned
    limit_result: tuple[str, str | None]
    limit_parent_answer: str
    # the same under ainvoke: (type, status, the parent's answer), or (the error raised, None, None)
    limit_reported_async: tuple[str, str | None, str | None]
    deep_agent_tools: list[str]  # create_deep_agent with no sub-agents
    # the same, with a harness profile that turns general-purpose off
    no_general_purpose_tools: list[str]
    plain_agent_tools: list[str]  # a create_agent sub-agent
    # what a guard with only wrap_tool_call does under ainvoke
    sync_guard_under_async: str | None
    spec_keys: list[str]  # the keys a declarative spec (SubAgent) may have


def handed(messages) -> Handed:
    return Handed(
        len(messages),
        sum(len(m.text) for m in messages),
        any("BLUE-HERON" in m.text for m in messages),
    )


def tool_results(events) -> dict[str, list[str]]:
    """Agent -> the tool results it got, in a stream(subgraphs=True) of messages."""
    got: dict[str, list[str]] = {}
    for _, (message, metadata) in events:
        if message.type == "tool":
            got.setdefault(metadata.get("lc_agent_name") or "parent", []).append(message.text)
    return got


def measure_guidance(bench: Bench) -> Guidance:
    from snippets.modes import assemble, child

    runs = bench.runs(RECIPES)  # each recipe runs when a field first reads it
    return bench.result(
        Guidance,
        printed=lambda: {name: runs[name].printed for name in RECIPES},
        isolated=lambda: handed(runs["choose"]["handed"]["iso"]),
        fork=lambda: handed(runs["choose"]["handed"]["fk"]),
        runnable=lambda: handed(runs["choose"]["handed"]["own"]),
        warnings=lambda: {
            "isolated": assemble(child("a1"))[1],
            "declarative fork": assemble(child("a1", mode="fork"))[1],
            "runnable": assemble(
                {
                    "name": "a1",
                    "description": "helper",
                    "runnable": runs["choose"]["own"],
                }
            )[1],
        },
        depth=lambda: dict(depths(runs["delegate_on_purpose"])["depth"]),
        got=lambda: tool_results(depths(runs["delegate_on_purpose"])["events"]),
        never_nest=lambda: dict(runs["never_nest"]["outcomes"]),
        guarded=lambda: guarded(runs["never_nest"]),
        depth_limit=lambda: depth_limited(runs["depth_limit"]),
        depth_top_only=lambda: depth_top_only(runs["depth_limit"]),
        depth_through_a_tool=lambda: depth_through_a_tool(runs["depth_limit"]),
        spec_limit=lambda: runs["step_limit"]["searcher"]["middleware"][0].run_limit,
        spec_limit_calls=lambda: len(runs["step_limit"]["searches"].seen),
        spec_limit_result=lambda: runs["step_limit"]["messages"]["messages"][-2].text,
        spec_limit_answer=lambda: runs["step_limit"]["messages"]["messages"][-1].text,
        default_limit=lambda: runs["step_limit_runnable"]["own_limit"],
        limit_raises=lambda: (
            type(runs["step_limit_runnable"]["raised"]).__name__
            if "raised" in runs["step_limit_runnable"].variables
            else None
        ),
        limit_calls=lambda: len(runs["step_limit_runnable"]["searches"].seen),
        limit_result=lambda: (
            runs["step_limit_runnable"]["messages"][-2].type,
            getattr(runs["step_limit_runnable"]["messages"][-2], "status", None),
        ),
        limit_parent_answer=lambda: runs["step_limit_runnable"]["messages"][-1].text,
        limit_reported_async=lambda: reported_async(runs["step_limit_runnable"]),
        deep_agent_tools=lambda: [
            tool.name for tool in runs["no_task"]["offered"]["deep agent, no subagents"]
        ],
        no_general_purpose_tools=without_general_purpose,
        plain_agent_tools=lambda: [
            tool.name for tool in runs["no_task"]["offered"]["create_agent sub-agent"]
        ],
        sync_guard_under_async=sync_guard_under_async,
        spec_keys=lambda: sorted(
            internal(
                "deepagents.middleware.subagents",
                "SubAgent",
                meaning="the declarative spec's type",
            ).__annotations__
        ),
    )


def depths(nest):
    """delegate_on_purpose's run, once it holds the three agents it nests."""
    expect(
        set(nest["depth"]) == {"parent", "researcher", "fact-checker"},
        looked_for="the parent, the researcher and its fact-checker in delegate_on_purpose's run",
    )
    return nest


def without_general_purpose() -> list[str]:
    """The tools a deep agent given no sub-agents offers its model under a harness profile (beta)
    that turns `general-purpose` off for that model (profiles are looked up by the model)."""
    from deepagents import (
        GeneralPurposeSubagentProfile,
        HarnessProfile,
        create_deep_agent,
        register_harness_profile,
    )
    from scripted_model import ScriptedModel, say

    from snippets.lab import own_harness_profiles, tools_watch

    class Leaf(ScriptedModel):  # its own provider: the profile applies to this model only
        pass

    off = GeneralPurposeSubagentProfile(enabled=False)
    offered: dict[str, list] = {}
    with own_harness_profiles():
        register_harness_profile("leaf", HarnessProfile(general_purpose_subagent=off))
        agent = create_deep_agent(
            model=Leaf(script=[say("done")]), middleware=[tools_watch(offered)("leaf")]
        )
        agent.invoke({"messages": [{"role": "user", "content": "hello"}]})
    return [tool.name for tool in offered["leaf"]]


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


DEPTH_LIMITS = (0, 1, 2, 3)  # depth_limit's chain has four levels below its top agent
DEPTH_REQUEST = {"messages": [{"role": "user", "content": "dig as deep as you can"}]}


def _levels(models) -> tuple[list[int], list[int]]:
    """(the levels whose model was called, the levels whose `task` call got an error as its result)."""
    ran = [n for n, model in enumerate(models) if model.seen]
    refused = [n for n, model in enumerate(models)
               if len(model.seen) > 1 and getattr(model.seen[1][-1], "status", None) == "error"]
    return ran, refused


def depth_limited(scenario) -> dict[str, list[tuple[list[int], list[int], str]]]:
    """depth_limit's chain (the guard in every agent that has a `task` of its own) under each limit, run with
    `invoke` and with `ainvoke`."""
    import asyncio

    found: dict[str, list[tuple[list[int], list[int], str]]] = {}
    for way in ("invoke", "ainvoke"):
        found[way] = []
        for limit in DEPTH_LIMITS:
            top, models = scenario["build"](limit)
            final = (top.invoke(DEPTH_REQUEST) if way == "invoke" else asyncio.run(top.ainvoke(DEPTH_REQUEST)))
            found[way].append((*_levels(models), final["messages"][-1].text))
    return found


def depth_top_only(scenario) -> dict[str, list[int]]:
    """depth_limit's guard with limit 1 in the top agent's middleware only; below it a child with a `task` of
    its own, isolated (a SubAgentMiddleware in its spec, no `mode`) or your own deep agent in the `runnable` form, whose
    model delegates once more: the levels whose model ran."""
    from deepagents import create_deep_agent
    from deepagents.backends import StateBackend
    from deepagents.middleware import SubAgentMiddleware
    from scripted_model import ScriptedModel, delegate, say

    found = {}
    for kind in ("isolated", "runnable"):
        models = [ScriptedModel(script=[delegate(f"level{n + 1}", "dig"), say(f"level {n} done")]) for n in range(2)]
        models.append(ScriptedModel(script=[say("level 2 done")]))
        level2 = {"name": "level2", "description": "digs", "model": models[2], "tools": []}
        if kind == "isolated":
            level1 = {"name": "level1", "description": "digs", "model": models[1],
                      "middleware": [SubAgentMiddleware(backend=StateBackend(), subagents=[level2])]}
        else:
            level1 = {"name": "level1", "description": "digs",
                      "runnable": create_deep_agent(model=models[1], subagents=[level2])}
        top = create_deep_agent(model=models[0], subagents=[level1], middleware=[scenario["MaxSubagentDepth"](1)])
        top.invoke(DEPTH_REQUEST)
        found[kind] = _levels(models)[0]
    return found


TOOL_LIMITS = (1, 2, 3)  # the helper a tool starts from the general-purpose sub-agent is level 2, its sub-agent 3


def depth_through_a_tool(scenario) -> dict[str, list[tuple[list[str], bool, bool, bool]]]:
    """depth_limit's guard (each limit of TOOL_LIMITS) in a top agent with a tool of its own, `consult`, that runs
    your own deep agent `helper`, guarded too. The top agent hands the work to `general-purpose`, whose model (the
    top agent's) calls `consult`; the helper delegates to its `leaf`. Run with `invoke` and with `ainvoke`."""
    import asyncio

    from deepagents import create_deep_agent
    from langchain_core.tools import tool
    from langgraph.config import get_config
    from scripted_model import ScriptedModel, call, delegate, say

    found: dict[str, list[tuple[list[str], bool, bool, bool]]] = {}
    for way in ("invoke", "ainvoke"):
        found[way] = []
        for limit in TOOL_LIMITS:
            guard, callers = scenario["MaxSubagentDepth"](limit), []
            helper_model = ScriptedModel(script=[delegate("leaf", "dig"), say("helper done")])
            leaf_model = ScriptedModel(script=[say("leaf done")])
            helper = create_deep_agent(model=helper_model, middleware=[guard], subagents=[
                {"name": "leaf", "description": "digs", "model": leaf_model, "tools": []}])

            @tool
            def consult(question: str) -> str:
                """Ask the helper agent."""
                callers.append(get_config()["metadata"].get("lc_agent_name"))
                return helper.invoke({"messages": [{"role": "user", "content": question}]})["messages"][-1].text

            top = create_deep_agent(model=ScriptedModel(script=[
                delegate("general-purpose", "consult the helper"), call("consult", question="dig"),
                say("general-purpose done"), say("top done")]), tools=[consult], middleware=[guard])
            top.invoke(DEPTH_REQUEST) if way == "invoke" else asyncio.run(top.ainvoke(DEPTH_REQUEST))
            refused = len(helper_model.seen) > 1 and getattr(helper_model.seen[1][-1], "status", None) == "error"
            found[way].append((callers, bool(helper_model.seen), refused, bool(leaf_model.seen)))
    return found


def _tool_level_counted(runs: list) -> bool:
    """The helper, started by `consult` from the general-purpose sub-agent, is level 2: its `task` (level 3) is
    refused under limits 1 and 2, and runs under 3."""
    return len(runs) == len(TOOL_LIMITS) and all(
        callers == ["general-purpose"] and refused == (limit < 3) and leaf == (limit >= 3)
        for limit, (callers, _, refused, leaf) in zip(TOOL_LIMITS, runs))


def _depth_held(runs: list) -> bool:
    """Under each limit N: levels 0 to N ran, only level N's `task` call got an error, and the top answered."""
    return len(runs) == len(DEPTH_LIMITS) and all(
        list(ran) == list(range(limit + 1)) and list(refused) == [limit] and answer == "level 0 done"
        for limit, (ran, refused, answer) in zip(DEPTH_LIMITS, runs)
    )


# The depth recipe's runs: Python's `invoke` and `ainvoke`; npm deepagents has one `invoke`, async.
PYTHON_RUNS = ("invoke", "ainvoke")


def in_every_run(field: str, holds) -> dict:
    """A claim's Python reading (`live`) and JavaScript one (`js`) of the statement that `holds` of the result field
    `field` in each run: every run of PYTHON_RUNS in Python, the one `invoke` in JavaScript."""
    return {"live": lambda facts: all(holds(getattr(facts.guidance, field)[way]) for way in PYTHON_RUNS),
            "js": lambda facts: holds(getattr(facts.js.guidance, field)["invoke"])}


def reported_async(capped) -> tuple[str, str | None, str | None]:
    """step_limit_runnable's parent with its ReportStepLimit, run with `ainvoke`: (type, status) of what the
    parent's `task` call returned and the parent's answer; or the error the run raised."""
    import asyncio

    agent = capped["build"](capped["ReportStepLimit"]())[0]
    try:
        final = asyncio.run(agent.ainvoke(capped["request"]))
    except Exception as error:  # noqa: BLE001 - the error is the measurement
        return (type(error).__name__, None, None)
    result = final["messages"][-2]
    return (result.type, getattr(result, "status", None), final["messages"][-1].text)


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

    agent = create_deep_agent(
        model=ScriptedModel(script=[call("ls", path="/"), say("done")]),
        middleware=[SyncOnlyGuard()],
    )
    try:
        asyncio.run(
            agent.ainvoke({"messages": [{"role": "user", "content": "list the files"}]})
        )
    except Exception as error:  # noqa: BLE001 - the error is the measurement
        return type(error).__name__
    return None


def _guard_holds(way: str):
    """Under `way`, the guarded agent's grandchild never runs and the parent finishes; and the example's
    own run of the same kind (stream for invoke, astream for ainvoke) refused one `task` call, and the
    grandchild did not run there either."""

    def holds(facts) -> bool:
        guidance = facts.guidance
        agents, answer = guidance.guarded[way]
        streamed, refused = guidance.never_nest["stream" if way == "invoke" else "astream"]
        return (
            "gc" not in agents
            and "writer" in agents
            and answer == "report finished"
            and "gc" not in streamed
            and len(refused) == 1
        )

    return holds


def _nests_one_level(facts) -> bool:
    """The declared researcher's own sub-agent runs two levels down, and is refused deeper."""
    guidance, refusal = facts.guidance, facts.refusal.text
    return (
        max(guidance.depth.values()) == 2
        and refusal not in guidance.got.get("researcher", [])
        and guidance.got.get("fact-checker") == [refusal]
    )


def _js_nests_one_level(facts) -> bool:
    """The same in npm deepagents (delegate_on_purpose.mjs): `got` holds only the agents whose tool
    results a stream(messages) caller saw."""
    guidance = facts.js.guidance
    got = {agent: list(guidance.got[agent]) for agent in guidance.got}
    return (
        max(guidance.depth[agent] for agent in guidance.depth) == 2
        and guidance.refusal_text not in got.get("researcher", [])
        and got.get("fact-checker") == [guidance.refusal_text]
    )


def _beta(kind: str):
    return lambda facts: any(
        "beta" in warning for warning in facts.guidance.warnings[kind]
    )


SECTION = Section(
    "guidance",
    7,
    "guidance.md",
    "How to use it: recipes",
    "the article's advice and the recipes readers ask for, each run",
    measure_guidance,
    scenarios=RECIPES,
    claims=[
        Claim(
            "guide-fork",
            "A declarative fork starts from the parent's conversation; an isolated child does not",
            True,
            lambda facts: facts.guidance.fork.knows_the_conversation
            and not facts.guidance.isolated.knows_the_conversation,
            js=SAME,
        ),
        Claim(
            "runnable-starts-from-task",
            "Your own agent handed over without `mode` starts from the task alone, as an isolated child does",
            None,
            lambda facts: facts.guidance.runnable == facts.guidance.isolated,
            js=SAME,
        ),
        Claim(
            "isolated-beta",
            "Attaching an isolated child emits a beta warning",
            None,
            _beta("isolated"),
            js=lambda facts: (
                any("beta" in w for w in facts.js.guidance.warnings["isolated"])
            ),
        ),
        Claim(
            "runnable-beta",
            "Attaching your own agent in the `runnable` form emits a beta warning",
            None,
            _beta("runnable"),
            js=lambda facts: (
                any("beta" in w for w in facts.js.guidance.warnings["runnable"])
            ),
        ),
        Claim(
            "guide-own-gate",
            "langchain's `ToolCallLimitMiddleware` on `task` keeps an agent's grandchild from running (sync runs)",
            True,
            _guard_holds("invoke"),
        ),
        Claim(
            "guard-async",
            "The same limit holds in async runs",
            None,
            _guard_holds("ainvoke"),
            # npm deepagents has one invoke and one stream, both async: its runs are async runs
            js=lambda facts: (
                "gc" not in (ran := (g := facts.js.guidance).guarded["invoke"])[0]
                and "writer" in ran[0]
                and ran[1] == "report finished"
                and "gc" not in g.never_nest["stream"][0]
                and len(g.never_nest["stream"][1]) == 1
            ),
        ),
        Claim(
            "depth-limit-holds",
            "`MaxSubagentDepth(N)`, in every agent that has a `task` of its own, lets exactly N levels of "
            "sub-agents run: the call that would start the next gets an error as its result, and the top agent "
            "finishes, in sync and async runs",
            None,
            **in_every_run("depth_limit", _depth_held),
        ),
        Claim(
            "depth-guard-top-only",
            "The same guard in the top agent's `middleware` alone does not reach a child's own `task`, isolated "
            "or in the `runnable` form: its sub-agent runs",
            None,
            lambda facts: all(2 in facts.guidance.depth_top_only[kind] for kind in ("isolated", "runnable")),
            js=lambda facts: all(2 in facts.js.guidance.depth_top_only[kind] for kind in ("isolated", "runnable")),
        ),
        Claim(
            "depth-counts-tool-levels",
            "An agent that a tool starts counts as a level: your guarded deep agent, started by a tool the "
            "general-purpose sub-agent (level 1) inherits from the top agent, is level 2, and its `task` call is "
            "refused under limits 1 and 2 and runs under 3, in sync and async runs",
            None,
            **in_every_run("depth_through_a_tool", _tool_level_counted),
        ),
        Claim(
            "depth-guard-task-only",
            "The guard refuses `task` calls only: under a limit of 1, the agent a tool starts at level 2 runs",
            None,
            **in_every_run("depth_through_a_tool", lambda runs: runs[0][1]),  # limit 1: the helper started
        ),
        Claim(
            "sync-guard-fails-async",
            "A guard with only `wrap_tool_call` breaks every tool call under `ainvoke`",
            None,
            lambda facts: facts.guidance.sync_guard_under_async is not None,
        ),
        Claim(
            "nest-one-level",
            "A declarative sub-agent with a `SubAgentMiddleware` of its own, whose sub-agents are forks, nests exactly one level deeper",
            None,
            _nests_one_level,
            js=_js_nests_one_level,
        ),
        Claim(
            "fork-carries-more",
            "A fork child starts from more messages than an isolated one",
            None,
            lambda facts: facts.guidance.fork.messages
            > facts.guidance.isolated.messages
            == 1,
            js=SAME,
        ),
        Claim(
            "spec-limit-ends-run",
            "A `ModelCallLimitMiddleware` in a spec's `middleware` ends that sub-agent's run at its limit, and the parent finishes",
            None,
            lambda facts: facts.guidance.spec_limit_calls == facts.guidance.spec_limit
            and facts.guidance.spec_limit_answer == "parent done",
            js=SAME,
        ),
        Claim(
            "recursion-limit-counts-steps",
            "A sub-agent's `recursion_limit` counts graph steps: fewer model calls fit in it than its number",
            None,
            lambda facts: 0 < facts.guidance.limit_calls < 8,
            js=SAME,
        ),
        Claim(
            "with-config-limit",
            "A step limit bound to a compiled sub-agent with `with_config` caps its run",
            None,
            # step_limit_runnable.py binds 8 steps with with_config, and the parent's invoke raises
            lambda facts: facts.guidance.limit_raises == "GraphRecursionError"
            and 0 < facts.guidance.limit_calls < 8,
            # measure.mjs: a child bound with withConfig({recursionLimit: 8}), handed over as a runnable
            js=lambda facts: facts.js.guidance.with_config_limit.held,
        ),
        Claim(
            "step-limit-raises",
            "A sub-agent that hits its own step limit makes the parent's `invoke` raise",
            None,
            lambda facts: facts.guidance.limit_raises == "GraphRecursionError",
            js=SAME,
        ),
        Claim(
            "step-limit-reported",
            "A tool-call middleware on the parent turns that into a tool result, and the parent finishes, "
            "in sync and async runs",
            None,
            # step_limit_runnable.py's ReportStepLimit, under invoke and under ainvoke
            lambda facts: facts.guidance.limit_result == ("tool", "error")
            and facts.guidance.limit_parent_answer == "parent done"
            and tuple(facts.guidance.limit_reported_async)
            == ("tool", "error", "parent done"),
            js=lambda facts: (
                tuple(facts.js.guidance.limit_result) == ("tool", "error")
                and facts.js.guidance.limit_parent_answer == "parent done"
            ),
        ),
        Claim(
            "default-recursion-limit",
            "A deep agent's own step limit (`recursion_limit`)",
            None,
            lambda facts: facts.guidance.default_limit,
            js=SAME,
        ),
        Claim(
            "own-limit-is-set",
            "An agent returned by `create_deep_agent` comes with a step limit of its own",
            None,
            lambda facts: isinstance(facts.guidance.default_limit, int),
            js=SAME,
        ),
        Claim(
            "no-spec-step-limit",
            "A declarative spec has no key for a step limit",
            None,
            lambda facts: "recursion_limit" not in facts.guidance.spec_keys,
            # a JavaScript spec's keys are camelCase
            js=lambda facts: "recursionLimit" not in facts.js.guidance.spec_keys,
        ),
        Claim(
            "deep-agent-always-has-task",
            "By default, a deep agent given no sub-agents still holds `task`",
            None,
            lambda facts: "task" in facts.guidance.deep_agent_tools,
            js=SAME,
        ),
        Claim(
            "general-purpose-can-be-disabled",
            "A harness profile that turns `general-purpose` off leaves a deep agent with no sub-agents without `task`",
            None,
            lambda facts: "task" not in facts.guidance.no_general_purpose_tools,
        ),
        Claim(
            "plain-agent-has-no-task",
            "An agent made with `create_agent` and no `SubAgentMiddleware` holds no `task`",
            None,
            lambda facts: "task" not in facts.guidance.plain_agent_tools,
            js=SAME,
        ),
    ],
    # what its JavaScript twin returns besides its result's fields, and which of them it leaves out (lab.Section)
    js_only=("attach_warned", "refusal_text", "with_config_limit"),
    python_only=("limit_reported_async", "no_general_purpose_tools"),
)
