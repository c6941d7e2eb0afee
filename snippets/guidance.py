"""Section 7: how to use it. The article's three recommendations and the recipes readers ask for, each run."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import (
    Bench,
    Claim,
    Mutant,
    Patch,
    Section,
    FACTORY_PY,
    GRAPH_PY,
    internal,
    SUBAGENTS_PY,
)

RECIPES = (
    "choose",
    "nest_one_level",
    "never_nest",
    "step_limit",
    "no_task",
)  # snippets/scenarios/<name>.py


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
    never_nest: dict[
        str, tuple[list[str], list[str]]
    ]  # stream/astream -> (agents that ran, refusals)
    guarded: dict[
        str, tuple[list[str], str]
    ]  # invoke/ainvoke -> (agents whose model was called, the parent's answer)
    guard_refusal: str  # what NoDeeperThanThis answers
    default_limit: int  # a deep agent's own recursion_limit
    limit_raises: (
        str | None
    )  # what the parent's invoke raised when a sub-agent hit its limit, unhandled
    limit_result: tuple[
        str, str | None
    ]  # with report_step_limit: (type, status) of what the parent's task call returned
    limit_parent_answer: str
    deep_agent_tools: list[str]  # create_deep_agent with no sub-agents
    plain_agent_tools: list[str]  # a create_agent sub-agent
    sync_guard_under_async: (
        str | None
    )  # what a guard with only wrap_tool_call does under ainvoke
    spec_keys: list[str]  # the keys a declarative spec (SubAgent) may have


def handed(messages) -> Handed:
    return Handed(
        len(messages),
        sum(len(m.text) for m in messages),
        any("BLUE-HERON" in m.text for m in messages),
    )


def measure_guidance(bench: Bench) -> Guidance:
    from snippets.modes import assemble, child

    runs = {name: bench.run(name) for name in RECIPES}
    choose, nest, never, limit, no_task = (runs[name] for name in RECIPES)
    deepest = nest["fact_checker"]["model"].seen
    refusal = bench.read("refusal").text
    result = limit["messages"][-2]
    return Guidance(
        printed={name: run.printed for name, run in runs.items()},
        isolated=handed(choose["handed"]["iso"]),
        fork=handed(choose["handed"]["fk"]),
        runnable=handed(choose["handed"]["own"]),
        warnings={
            "isolated": assemble(child("a1"))[1],
            "declarative fork": assemble(child("a1", mode="fork"))[1],
            "runnable": assemble(
                {"name": "a1", "description": "helper", "runnable": choose["own"]}
            )[1],
        },
        depth=dict(nest["depth"]),
        deepest_refused=any(m.type == "tool" and m.text == refusal for m in deepest[-1])
        if deepest
        else False,
        never_nest=dict(never["outcomes"]),
        guarded=guarded(never),
        guard_refusal=never["NoDeeperThanThis"].refusal,
        default_limit=limit["own_limit"],
        limit_raises=type(limit["raised"]).__name__
        if "raised" in limit.variables
        else None,
        limit_result=(result.type, getattr(result, "status", None)),
        limit_parent_answer=limit["messages"][-1].text,
        deep_agent_tools=[
            tool.name for tool in no_task["offered"]["deep agent, no subagents"]
        ],
        plain_agent_tools=[
            tool.name for tool in no_task["offered"]["create_agent sub-agent"]
        ],
        sync_guard_under_async=sync_guard_under_async(),
        spec_keys=sorted(
            internal(
                "deepagents.middleware.subagents",
                "SubAgent",
                meaning="the declarative spec's type",
            ).__annotations__
        ),
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
    """Under `way`, the guarded agent's grandchild never runs and the parent finishes; and the example's own
    run of the same kind (stream for invoke, astream for ainvoke) got the guard's refusal, and only it."""

    def holds(facts) -> bool:
        guidance = facts.guidance
        agents, answer = guidance.guarded[way]
        streamed, refused = guidance.never_nest[
            "stream" if way == "invoke" else "astream"
        ]
        return (
            "gc" not in agents
            and "writer" in agents
            and answer == "report finished"
            and "gc" not in streamed
            and refused == [guidance.guard_refusal]
        )

    return holds


def _beta(kind: str):
    return lambda facts: any(
        "beta" in warning for warning in facts.guidance.warnings[kind]
    )


# Mutants: deepagents (or langchain) with one behaviour changed; each must flip the claims named
# (tools/mutation.py builds the site against each).
_INVOKE = "        with _subagent_tracing_context():\n            result = subagent.invoke(subagent_state, subagent_config)\n"
_ISOLATED_MESSAGES = (
    '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
)
MUTANTS = [
    Mutant(
        "beta-for-every-child",
        "attaching any sub-agent emits the beta warning, not only a fork",
        (
            Patch(
                SUBAGENTS_PY,
                "        if any(_is_forked_subagent(spec) or _is_forked_compiled_subagent(spec) for spec in subagents):\n",
                "        if subagents:\n",
            ),
        ),
        flips=("isolated-beta", "runnable-beta"),
    ),
    Mutant(
        "runnable-gets-the-conversation",
        "your own agent handed over without `mode` gets the parent's conversation",
        (
            Patch(
                SUBAGENTS_PY,
                '            subagent_state["messages"] = [HumanMessage(content=description)]\n',
                '            subagent_state["messages"] = [HumanMessage(content=description)]\n'
                "            if _is_compiled_subagent(subagent):\n"
                '                subagent_state["messages"] = [*runtime.state.get("messages", [])[:-1], *subagent_state["messages"]]\n',
            ),
        ),
        flips=("runnable-starts-from-task",),
    ),
    Mutant(
        "fork-forgets-conversation",
        "a declarative fork no longer receives the parent's conversation, only its task",
        (
            Patch(
                SUBAGENTS_PY,
                "    return [*effective, HumanMessage(content=preamble + description)]\n",
                "    return [HumanMessage(content=preamble + description)]\n",
            ),
        ),
        flips=("guide-fork",),
    ),
    Mutant(
        "isolated-sees-conversation",
        "an isolated child is handed the parent's conversation before its task",
        (
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                '            subagent_state["messages"] = [*runtime.state.get("messages", [])[:-1], '
                "HumanMessage(content=description)]\n",
            ),
        ),
        flips=("guide-fork", "fork-carries-more"),
    ),
    Mutant(
        "isolated-gets-a-preface",
        "an isolated child starts from two messages: a preface, then its task",
        (
            Patch(
                SUBAGENTS_PY,
                _ISOLATED_MESSAGES,
                '            subagent_state["messages"] = [HumanMessage(content="You are a sub-agent."), '
                "HumanMessage(content=description)]\n",
            ),
        ),
        flips=("fork-carries-more",),
    ),
    Mutant(
        "sync-skips-tool-guards",
        "langchain: under invoke, no middleware wraps a tool call",
        (
            Patch(
                FACTORY_PY,
                "        wrap_tool_call_wrapper = _chain_tool_call_wrappers(wrappers)\n",
                "        wrap_tool_call_wrapper = lambda request, execute: execute(request)  # middleware skipped\n",
                package="langchain",
            ),
        ),
        flips=("guide-own-gate",),
    ),
    Mutant(
        "async-skips-tool-guards",
        "langchain: under ainvoke, no middleware wraps a tool call",
        (
            Patch(
                FACTORY_PY,
                "        awrap_tool_call_wrapper = _chain_async_tool_call_wrappers(async_wrappers)\n",
                "        awrap_tool_call_wrapper = lambda request, execute: execute(request)  # middleware skipped\n",
                package="langchain",
            ),
        ),
        flips=("guard-async", "sync-guard-fails-async"),
    ),
    Mutant(
        "sync-guard-skipped-async",
        "langchain: under ainvoke, a middleware with only wrap_tool_call is skipped, not an error",
        (
            Patch(
                FACTORY_PY,
                "        if m.__class__.awrap_tool_call is not AgentMiddleware.awrap_tool_call\n"
                "        or m.__class__.wrap_tool_call is not AgentMiddleware.wrap_tool_call\n",
                "        if m.__class__.awrap_tool_call is not AgentMiddleware.awrap_tool_call\n",
                package="langchain",
            ),
        ),
        flips=("sync-guard-fails-async",),
    ),
    Mutant(
        "step-limit-answered",
        "a sub-agent that hits its step limit makes `task` return a message instead of raising",
        (
            Patch(
                SUBAGENTS_PY,
                _INVOKE,
                "        with _subagent_tracing_context():\n            try:\n"
                "                result = subagent.invoke(subagent_state, subagent_config)\n"
                "            except Exception as error:\n"
                '                if type(error).__name__ != "GraphRecursionError":\n                    raise\n'
                '                return f"The subagent {subagent_type} stopped at its step limit."\n',
            ),
        ),
        flips=("step-limit-raises",),
    ),
    Mutant(
        "step-limit-rewrapped",
        "a sub-agent's exhausted step limit reaches the parent as a RuntimeError, past a handler of GraphRecursionError",
        (
            Patch(
                SUBAGENTS_PY,
                _INVOKE,
                "        with _subagent_tracing_context():\n            try:\n"
                "                result = subagent.invoke(subagent_state, subagent_config)\n"
                "            except Exception as error:\n"
                '                if type(error).__name__ == "GraphRecursionError":\n'
                '                    raise RuntimeError(f"subagent {subagent_type} hit its step limit") from error\n'
                "                raise\n",
            ),
        ),
        flips=("step-limit-reported",),
    ),
    Mutant(
        "lower-default-limit",
        "a deep agent's own recursion limit is 1000, not 9999",
        (
            Patch(
                GRAPH_PY,
                '            "recursion_limit": 9_999,\n',
                '            "recursion_limit": 1_000,\n',
            ),
        ),
        flips=("default-recursion-limit",),
    ),
    Mutant(
        "no-own-limit",
        "a deep agent sets no recursion limit of its own (neither deepagents nor langchain's create_agent)",
        (
            Patch(GRAPH_PY, '            "recursion_limit": 9_999,\n', ""),
            Patch(
                FACTORY_PY,
                '    config: RunnableConfig = {"recursion_limit": 9_999}\n',
                "    config: RunnableConfig = {}\n",
                package="langchain",
            ),
        ),
        flips=("own-limit-is-set", "default-recursion-limit"),
    ),
    Mutant(
        "spec-has-step-limit",
        "a declarative spec gains a `recursion_limit` key",
        (
            Patch(
                SUBAGENTS_PY,
                '    system_prompt: NotRequired[str]\n    """Instructions for the subagent.',
                '    recursion_limit: NotRequired[int]\n    """Step limit of the subagent\'s own run."""\n\n'
                '    system_prompt: NotRequired[str]\n    """Instructions for the subagent.',
            ),
        ),
        flips=("no-spec-step-limit",),
    ),
    Mutant(
        "task-only-with-own-subagents",
        "`task` is added only when the caller names sub-agents (general-purpose alone gets none)",
        (
            Patch(
                GRAPH_PY,
                "    if inline_subagents:\n        sub_agent_middleware = SubAgentMiddleware(",
                "    if inline_subagents and subagents:\n        sub_agent_middleware = SubAgentMiddleware(",
            ),
        ),
        flips=("deep-agent-always-has-task", "runnable-has-task"),
    ),
    Mutant(
        "every-agent-gets-task",
        "langchain: create_agent gives every agent a `task` tool of its own",
        (
            Patch(
                FACTORY_PY,
                '    middleware_tools = [t for m in middleware for t in getattr(m, "tools", [])]\n',
                '    middleware_tools = [t for m in middleware for t in getattr(m, "tools", [])]\n'
                '    if not any(getattr(t, "name", None) == "task" for t in [*tools, *middleware_tools]):\n'
                "        from langchain_core.tools import StructuredTool\n\n"
                "        def task(description: str, subagent_type: str) -> str:\n"
                '            """Delegate a task."""\n'
                '            return "no sub-agents here"\n\n'
                "        middleware_tools.append(StructuredTool.from_function(task))\n",
                package="langchain",
            ),
        ),
        flips=("plain-agent-has-no-task",),
    ),
]

SECTION = Section(
    "guidance",
    7,
    "guidance.md",
    "How to use it",
    "the article's advice and the recipes readers ask for, each run",
    measure_guidance,
    scenarios=RECIPES,
    reads=("refusal",),
    mutants=MUTANTS,
    claims=[
        Claim(
            "guide-fork",
            "A declarative fork starts from the parent's conversation; an isolated child does not",
            True,
            lambda facts: facts.guidance.fork.knows_the_conversation
            and not facts.guidance.isolated.knows_the_conversation,
            js=lambda facts: (
                facts.js.guidance.fork.knows_the_conversation
                and not facts.js.guidance.isolated.knows_the_conversation
            ),
        ),
        Claim(
            "runnable-starts-from-task",
            "Your own agent handed over without `mode` starts from the task alone, as an isolated child does",
            None,
            lambda facts: facts.guidance.runnable == facts.guidance.isolated,
            js=lambda facts: facts.js.guidance.runnable == facts.js.guidance.isolated,
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
            "A guard of your own keeps a `runnable` child's grandchild from running (sync runs)",
            True,
            _guard_holds("invoke"),
        ),
        Claim(
            "guard-async",
            "The same guard works in async runs",
            None,
            _guard_holds("ainvoke"),
            # npm deepagents has one invoke and one stream, both async: its runs are async runs
            js=lambda facts: (
                "gc" not in (ran := (g := facts.js.guidance).guarded["invoke"])[0]
                and "writer" in ran[0]
                and ran[1] == "report finished"
                and "gc" not in g.never_nest["stream"][0]
                and g.never_nest["stream"][1] == [g.guard_refusal]
            ),
        ),
        Claim(
            "sync-guard-fails-async",
            "A guard with only `wrap_tool_call` breaks every tool call under `ainvoke`",
            None,
            lambda facts: facts.guidance.sync_guard_under_async is not None,
        ),
        Claim(
            "nest-one-level",
            "A compiled deep agent as a sub-agent nests exactly one level deeper",
            None,
            lambda facts: max(facts.guidance.depth.values()) == 2
            and facts.guidance.deepest_refused,
            js=lambda facts: (
                max(facts.js.guidance.depth[k] for k in facts.js.guidance.depth) == 2
                and facts.js.guidance.deepest_refused
            ),
        ),
        Claim(
            "fork-carries-more",
            "A fork child starts from more messages than an isolated one",
            None,
            lambda facts: facts.guidance.fork.messages
            > facts.guidance.isolated.messages
            == 1,
            js=lambda facts: (
                facts.js.guidance.fork.messages > facts.js.guidance.isolated.messages == 1
            ),
        ),
        Claim(
            "step-limit-raises",
            "A sub-agent that hits its own step limit makes the parent's `invoke` raise",
            None,
            lambda facts: facts.guidance.limit_raises == "GraphRecursionError",
            js=lambda facts: facts.js.guidance.limit_raises == "GraphRecursionError",
        ),
        Claim(
            "step-limit-reported",
            "A `wrap_tool_call` on the parent turns that into a tool result, and the parent finishes",
            None,
            lambda facts: facts.guidance.limit_result == ("tool", "error")
            and facts.guidance.limit_parent_answer == "parent done",
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
            js=lambda facts: facts.js.guidance.default_limit,
        ),
        Claim(
            "own-limit-is-set",
            "An agent returned by `create_deep_agent` comes with a step limit of its own",
            None,
            lambda facts: isinstance(facts.guidance.default_limit, int),
            js=lambda facts: isinstance(facts.js.guidance.default_limit, int),
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
            "A deep agent given no sub-agents still holds `task`",
            None,
            lambda facts: "task" in facts.guidance.deep_agent_tools,
            js=lambda facts: "task" in facts.js.guidance.deep_agent_tools,
        ),
        Claim(
            "plain-agent-has-no-task",
            "An agent made with `create_agent` holds no `task`",
            None,
            lambda facts: "task" not in facts.guidance.plain_agent_tools,
            js=lambda facts: "task" not in facts.js.guidance.plain_agent_tools,
        ),
    ],
)
