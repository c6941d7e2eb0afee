"""Your setup: for each kind of child and each thing it may carry, the tools its model is offered and what its
`task` call returns (section 2's experiment measures it, so it is measured again, and cached, under every
setup of snippets/setups.py that re-measures `tool_surfaces`: every model family among them).

Each combination runs once, with a parent of its own that delegates to the child once: the child's model
calls `task` for a grandchild (`gc`), then, when it carries a tool that runs an agent, that tool, then answers.
What it was offered is recorded by the harness's watch (lab.tools_watch); what its `task` call returned is
the tool result its model saw for that call. A run that fails is recorded with its error.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("isolated", "fork", "runnable")  # a spec without `mode`, a spec with mode="fork", a compiled deep agent
# what a child may carry besides what its kind gives it
CARRIES = ("nothing", "own-task", "agent-tool", "inherited", "profile")
MEANINGFUL = {  # kind -> what it may carry (a compiled deep agent holds a `task` of its own already)
    "isolated": CARRIES,
    "fork": CARRIES,
    "runnable": ("nothing", "agent-tool", "inherited", "profile"),
}
PROVIDER = "your-provider"  # the provider the child's model reports under the "profile" carry


@dataclass(frozen=True)
class Combination:
    kind: str  # KINDS
    carries: str  # CARRIES
    tools: list[str] | None  # the tools the child's model was offered, in order (None: it never ran)
    task_got: str | None  # the tool result its `task` call got (None: it holds no `task`, or never ran)
    grandchild_ran: bool  # the grandchild behind its `task` ran
    agent_ran: bool  # an agent below it ran, by `task` or by its tool
    error: str | None  # the error the parent's run ended with, if it did not finish

    @property
    def has_task(self) -> bool:
        return bool(self.tools) and "task" in self.tools


def measure_combinations() -> list[Combination]:
    """Every kind of child with everything it may carry (MEANINGFUL), each measured once."""
    return [measure_one(kind, carries) for kind in KINDS for carries in MEANINGFUL[kind]]


def measure_one(kind: str, carries: str) -> Combination:
    from deepagents import HarnessProfile, create_deep_agent, register_harness_profile
    from deepagents.backends import StateBackend
    from deepagents.middleware import SubAgentMiddleware
    from langchain.agents import create_agent
    from langchain_core.tools import tool
    from scripted_model import ScriptedModel, call, delegate, say

    from snippets.lab import own_harness_profiles, tools_watch

    grandchild = ScriptedModel(script=[say("grandchild dug deeper")])
    expert = ScriptedModel(script=[say("expert answered")])

    def own_task():  # a `task` of the child's own, with the grandchild behind it
        return SubAgentMiddleware(backend=StateBackend(), subagents=[
            {"name": "gc", "description": "digs deeper", "model": grandchild, "tools": []}])

    @tool
    def ask_expert(question: str) -> str:
        """Ask another agent, the expert."""
        reply = create_agent(expert, name="expert").invoke({"messages": [{"role": "user", "content": question}]})
        return reply["messages"][-1].content

    @tool
    def parent_note(text: str) -> str:
        """Note a line in the reader's own log."""
        return "noted"

    class YourModel(ScriptedModel):  # a model whose provider has a harness profile of the reader's own
        def _get_ls_params(self, stop=None, **kwargs):
            return {**super()._get_ls_params(stop=stop, **kwargs), "ls_provider": PROVIDER}

    script = [delegate("gc", "dig deeper", "t1"), *([call("ask_expert", "a1", question="dig")]
                                                    if carries == "agent-tool" else []), say("done")]
    child_model = (YourModel if carries == "profile" else ScriptedModel)(script=script)
    offered: dict[str, list] = {}
    watch = tools_watch(offered)("child")
    extra = {"middleware": [own_task(), watch]} if carries == "own-task" else {"middleware": [watch]}
    if carries == "agent-tool":
        extra["tools"] = [ask_expert]
    if kind == "runnable":
        compiled_subagents = [{"name": "gc", "description": "digs deeper", "model": grandchild, "tools": []}]
        child = {"name": "child", "description": "a helper",
                 "runnable": create_deep_agent(model=child_model, subagents=compiled_subagents, **extra)}
    else:
        child = {"name": "child", "description": "a helper", "model": child_model, **extra,
                 **({"mode": "fork"} if kind == "fork" else {})}
    parent = ScriptedModel(script=[delegate("child", "go deeper", "p1"), say("parent done")])
    error = None
    with own_harness_profiles():
        if carries == "profile":
            register_harness_profile(PROVIDER, HarnessProfile(extra_middleware=lambda: [own_task()]))
        try:
            if kind == "runnable" and carries == "profile":  # the profile applies when it is compiled
                child["runnable"] = create_deep_agent(model=child_model, subagents=compiled_subagents, **extra)
            agent = create_deep_agent(model=parent, subagents=[child],
                                      tools=[parent_note] if carries == "inherited" else None)
            agent.invoke({"messages": [{"role": "user", "content": "go as deep as you can"}]})
        except Exception as failure:  # noqa: BLE001 - what a reader's run ends with is the measurement
            error = (str(failure).strip().splitlines() or [type(failure).__name__])[0]
    tools = [t.name for t in offered["child"]] if "child" in offered else None
    results = [m for m in (child_model.seen[-1] if child_model.seen else []) if m.type == "tool"]
    task_got = next((m.text for m in results if getattr(m, "tool_call_id", None) == "t1"), None)
    holds_task = bool(tools) and "task" in tools
    return Combination(kind, carries, tools, task_got if holds_task else None,
                       bool(grandchild.seen), bool(grandchild.seen) or bool(expert.seen), error)
