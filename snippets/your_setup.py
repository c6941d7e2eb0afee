"""Your setup: for each kind of child and each thing it may carry, the tools its model is offered and what its
`task` call returns (section 2's experiment measures it, so it is measured again, and cached, under every
setup of snippets/setups.py that re-measures `tool_surfaces`: every model family among them).

Each combination runs once, with a parent of its own that delegates to the child once: the child's model
calls `task` for a grandchild (`gc`), then, when it carries a tool that runs an agent, that tool, then answers.
What it was offered is recorded by the harness's watch (lab.tools_watch); what its `task` call returned is
the tool result its model saw for that call. A run that fails is recorded with its error.
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass

KINDS = ("isolated", "fork", "runnable")  # a spec without `mode`, a spec with mode="fork", a compiled deep agent
# what a child may carry besides what its kind gives it
CARRIES = ("nothing", "own-task", "agent-tool", "inherited", "profile")
MEANINGFUL = {  # kind -> what it may carry (a compiled deep agent holds a `task` of its own already)
    "isolated": CARRIES,
    "fork": CARRIES,
    "runnable": ("nothing", "agent-tool", "inherited", "profile"),
}
# What measure_combinations measures a child carrying: every carry but while snippets/setups.py measures a setup
# the page shows fewer for (a shipped profile's model: no profile of the reader's own; a parent setup: none)
WANTED = contextvars.ContextVar("your_setup_wanted", default=CARRIES)


@contextlib.contextmanager
def wanted(carries: tuple[str, ...]):
    """While inside, measure_combinations measures the children carrying one of `carries` only."""
    token = WANTED.set(carries)
    try:
        yield
    finally:
        WANTED.reset(token)


PROVIDER = "your-provider"  # the provider the child's model reports under the "profile" carry (+ "-<kind>")


@dataclass(frozen=True)
class Combination:
    kind: str  # KINDS
    carries: str  # CARRIES
    tools: list[str] | None  # the tools the child's model was offered, in order (None: it never ran)
    task_got: str | None  # the tool result its `task` call got (None: it holds no `task`, or never ran)
    grandchild_ran: bool  # the grandchild behind its `task` ran
    agent_ran: bool  # an agent below it ran, by `task` or by its tool
    error: str | None  # the error the parent's run ended with, if it did not finish (or making the child's)
    made: bool = True  # False: making the child (compiling it, in the `runnable` form) failed, with `error`

    @property
    def has_task(self) -> bool:
        return bool(self.tools) and "task" in self.tools


def measure_combinations() -> list[Combination]:
    """Every kind of child with everything it may carry (MEANINGFUL), each measured once: two parents, one
    with a tool of its own (for "inherited"), each delegating to all its children in one turn; a child that
    cannot be made, or a run that fails, is measured again on its own (its error is then its own). Only
    those carrying what WANTED holds."""
    from snippets.lab import own_harness_profiles

    wanted = [(kind, carries) for kind in KINDS for carries in MEANINGFUL[kind] if carries in WANTED.get()]
    if not wanted:
        return []
    found: dict[tuple[str, str], Combination] = {}
    with own_harness_profiles():  # the "profile" children's, registered as each is made
        for inherited in (False, True):
            batch = [combo for combo in wanted if (combo[1] == "inherited") == inherited]
            found |= _run(batch, inherited) if batch else {}
    return [found[combo] for combo in wanted]


def _grandchild():
    from scripted_model import ScriptedModel, say

    return ScriptedModel(script=[say("grandchild dug deeper")])


def _own_task(grandchild):
    """A `task` of the child's own, with the grandchild behind it."""
    from deepagents.backends import StateBackend
    from deepagents.middleware import SubAgentMiddleware

    return SubAgentMiddleware(backend=StateBackend(), subagents=[
        {"name": "gc", "description": "digs deeper", "model": grandchild, "tools": []}])


def _child(kind: str, carries: str, offered: dict) -> tuple[dict, dict]:
    """A child of that kind carrying that, named after both; and the models to read afterwards."""
    from deepagents import HarnessProfile, create_deep_agent, register_harness_profile
    from langchain.agents import create_agent
    from langchain_core.tools import tool
    from scripted_model import ScriptedModel, call, delegate, say

    from snippets.lab import tools_watch

    name = f"{kind}-{carries}"
    grandchild, expert = _grandchild(), ScriptedModel(script=[say("expert answered")])

    @tool
    def ask_expert(question: str) -> str:
        """Ask another agent, the expert."""
        reply = create_agent(expert, name="expert").invoke({"messages": [{"role": "user", "content": question}]})
        return reply["messages"][-1].content

    class YourModel(ScriptedModel):  # a model whose provider has a harness profile of the reader's own
        def _get_ls_params(self, stop=None, **kwargs):
            return {**super()._get_ls_params(stop=stop, **kwargs), "ls_provider": f"{PROVIDER}-{kind}"}

    if carries == "profile":  # it adds a `task` of the child's own, with this child's grandchild behind it
        register_harness_profile(f"{PROVIDER}-{kind}", HarnessProfile(extra_middleware=lambda: [_own_task(grandchild)]))

    script = [delegate("gc", "dig deeper", "t1"), *([call("ask_expert", "a1", question="dig")]
                                                    if carries == "agent-tool" else []), say("done")]
    model = (YourModel if carries == "profile" else ScriptedModel)(script=script)
    watch = tools_watch(offered)(name)
    extra: dict = {"middleware": [_own_task(grandchild), watch] if carries == "own-task" else [watch]}
    if carries == "agent-tool":
        extra["tools"] = [ask_expert]
    if kind == "runnable":  # a deep agent you compiled, with the grandchild as its own sub-agent
        subagents = [{"name": "gc", "description": "digs deeper", "model": grandchild, "tools": []}]
        spec = {"runnable": create_deep_agent(model=model, subagents=subagents, **extra)}
    else:
        spec = {"model": model, **extra, **({"mode": "fork"} if kind == "fork" else {})}
    return {"name": name, "description": "a helper", **spec}, {"child": model, "grandchild": grandchild,
                                                               "expert": expert}


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _run(batch: list[tuple[str, str]], inherited: bool) -> dict[tuple[str, str], Combination]:
    from deepagents import create_deep_agent
    from langchain_core.tools import tool
    from scripted_model import ScriptedModel, say

    from snippets.lab import delegating_to_each

    @tool
    def parent_note(text: str) -> str:
        """Note a line in the reader's own log."""
        return "noted"

    offered: dict[str, list] = {}
    made, models, found = [], {}, {}
    for combo in batch:
        try:
            spec, models[combo] = _child(*combo, offered)
            made.append((combo, spec))
        except Exception as error:  # noqa: BLE001 - a child that cannot be made: what a reader gets
            found[combo] = Combination(*combo, None, None, False, False, _first_line(error), made=False)
    parent = ScriptedModel(script=[delegating_to_each([spec["name"] for _, spec in made], "go deeper"), say("parent done")])
    error = None
    try:
        create_deep_agent(model=parent, subagents=[spec for _, spec in made],
                          tools=[parent_note] if inherited else None).invoke(
            {"messages": [{"role": "user", "content": "go as deep as you can"}]})
    except Exception as failure:  # noqa: BLE001
        if len(made) == 1:
            error = _first_line(failure)
        else:  # which child: each on its own
            for combo, _ in made:
                found |= _run([combo], inherited)
            return found
    for combo, spec in made:
        tools = [t.name for t in offered[spec["name"]]] if spec["name"] in offered else None
        seen = models[combo]["child"].seen
        got = next((m.text for m in (seen[-1] if seen else []) if m.type == "tool"
                    and getattr(m, "tool_call_id", None) == "t1"), None)
        ran = bool(models[combo]["grandchild"].seen)
        found[combo] = Combination(*combo, tools, got if tools and "task" in tools else None,
                                   ran, ran or bool(models[combo]["expert"].seen), error)
    return found
