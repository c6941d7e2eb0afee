"""Section 2: the tools each agent's model is offered, for every kind of child."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import (
    Bench,
    Claim,
    Mutant,
    Patch,
    Section,
    expect,
    GRAPH_PY,
    listed_subagents,
    SUBAGENTS_PY,
)

FS_TOOLS = [
    "ls",
    "read_file",
    "write_file",
    "edit_file",
    "delete",
    "glob",
    "grep",
]  # as the article listed them


@dataclass(frozen=True)
class Surface:
    agent: str
    tools: list[str]  # in the order the model is offered them
    task_description: str | None  # the `task` tool's description, if it has one

    @property
    def has_task(self) -> bool:
        return "task" in self.tools

    @property
    def task_index(self) -> int | None:
        return self.tools.index("task") if self.has_task else None


@dataclass(frozen=True)
class ToolSurfaces:
    printed: str
    parent: Surface
    isolated: Surface  # a declarative spec without `mode` (isolated is the default)
    fork: Surface  # a declarative spec with mode="fork"
    runnable: Surface  # a compiled deep agent handed over in the `runnable` form, without `mode`
    listed: list[str]  # the sub-agents the parent's `task` description lists, in order

    @property
    def children(self) -> list[Surface]:
        return [self.isolated, self.fork, self.runnable]


def surface(agent: str, tools: list) -> Surface:
    task = next((tool for tool in tools if tool.name == "task"), None)
    return Surface(
        agent, [tool.name for tool in tools], task.description if task else None
    )


def measure_tool_surfaces(bench: Bench) -> ToolSurfaces:
    run = bench.run("tool_surfaces")
    offered = run["offered"]
    expect(
        set(offered) == {"parent", "iso", "fk", "compiled"},
        looked_for="a model call by the parent and by each of its three children",
    )
    parent = surface("parent", offered["parent"])
    return ToolSurfaces(
        run.printed,
        parent,
        surface("iso", offered["iso"]),
        surface("fk", offered["fk"]),
        surface("compiled", offered["compiled"]),
        listed_subagents(parent.task_description or ""),
    )


def _fork_task_after_files(facts) -> bool:
    fork = facts.tool_surfaces.fork
    return (
        fork.has_task
        and fork.tools[: fork.task_index] == facts.tool_surfaces.isolated.tools
    )


def _general_purpose_everywhere(facts) -> bool:
    """Every deep agent the examples make and that holds `task` lists `general-purpose`: parents and compiled children."""
    holding_task = [
        listed for made in facts.deep_agents.values() for listed in made if listed
    ]
    return bool(holding_task) and all(
        "general-purpose" in listed for listed in holding_task
    )


# Mutants: deepagents (or langchain) with one behaviour changed; each must flip the claims named
# (tools/mutation.py builds the site against each).
_GENERAL_PURPOSE = 'if gp_profile.enabled is not False and not any(spec["name"] == GENERAL_PURPOSE_SUBAGENT["name"] for spec in inline_subagents):'
_TODOS = '__import__("langchain.agents.middleware").agents.middleware.TodoListMiddleware()'
MUTANTS = [
    Mutant(
        "parent-gets-todos",
        "a deep agent itself is also given langchain's `write_todos`, after `task`",
        (
            Patch(
                GRAPH_PY,
                "        deepagent_middleware.append(sub_agent_middleware)\n",
                "        deepagent_middleware.append(sub_agent_middleware)\n"
                f"        deepagent_middleware.append({_TODOS})\n",
            ),
        ),
        flips=("parent-tools",),
    ),
    Mutant(
        "isolated-child-gets-task",
        "an isolated child is given `task` too (unguarded: it is not a fork)",
        (
            Patch(
                SUBAGENTS_PY,
                "        if not _is_forked_subagent(spec):\n            return spec\n",
                '        if "runnable" in spec:\n            return spec\n',
            ),
        ),
        flips=("isolated-has-task", "isolated-tools", "isolated-count"),
    ),
    Mutant(
        "isolated-child-has-no-tools",
        "an isolated child gets no filesystem tools: only what its spec names",
        (
            Patch(
                GRAPH_PY,
                "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n",
                "            subagent_middleware.extend(_subagent_profile.materialize_extra_middleware())\n"
                "            if not is_forked:\n"
                "                subagent_middleware = [m for m in subagent_middleware if not isinstance(m, FilesystemMiddleware)]\n",
            ),
        ),
        flips=("isolated-tools-from-spec", "isolated-tools", "isolated-count", "keys-isolated"),
    ),
    Mutant(
        "fork-has-no-task",
        "a fork child is not given `task` at all",
        (
            Patch(
                SUBAGENTS_PY,
                "        fork_middleware.insert(fs_index + 1, _ForkTaskToolMiddleware(fork_task_tool))\n",
                "        del fs_index  # no `task` for the fork\n",
            ),
        ),
        flips=("fork-has-task",),
    ),
    Mutant(
        "no-default-subagent",
        "a deep agent given no sub-agents gets no general-purpose one, so no `task`",
        (
            Patch(
                GRAPH_PY,
                _GENERAL_PURPOSE,
                "if subagents and " + _GENERAL_PURPOSE.removeprefix("if "),
            ),
        ),
        flips=("runnable-has-task", "deep-agent-always-has-task"),
    ),
    Mutant(
        "general-purpose-only-alone",
        "general-purpose is added only when the caller names no sub-agent",
        (
            Patch(
                GRAPH_PY,
                _GENERAL_PURPOSE,
                "if not subagents and " + _GENERAL_PURPOSE.removeprefix("if "),
            ),
        ),
        flips=("general-purpose-added",),
    ),
]

SECTION = Section(
    "tool_surfaces",
    2,
    "tool-surfaces.md",
    "Tool surfaces",
    "the tools each kind of child is offered",
    measure_tool_surfaces,
    scenarios=("tool_surfaces",),
    mutants=MUTANTS,
    claims=[
        Claim(
            "isolated-tools",
            "Tools of an isolated child",
            FS_TOOLS,
            lambda facts: facts.tool_surfaces.isolated.tools,
            js=lambda facts: facts.js.tool_surfaces.isolated.tools,
        ),
        Claim(
            "isolated-count",
            "Number of tools of an isolated child",
            7,
            lambda facts: len(facts.tool_surfaces.isolated.tools),
            js=lambda facts: len(facts.js.tool_surfaces.isolated.tools),
        ),
        Claim(
            "fork-count",
            "Number of tools of a fork child",
            8,
            lambda facts: len(facts.tool_surfaces.fork.tools),
            js=lambda facts: len(facts.js.tool_surfaces.fork.tools),
        ),
        Claim(
            "parent-tools",
            "The parent's tools: the filesystem tools, then `task`",
            [*FS_TOOLS, "task"],
            lambda facts: facts.tool_surfaces.parent.tools,
            js=lambda facts: facts.js.tool_surfaces.parent.tools,
        ),
        Claim(
            "isolated-has-task",
            "A declarative isolated child is given `task`",
            False,
            lambda facts: facts.tool_surfaces.isolated.has_task,
            js=lambda facts: facts.js.tool_surfaces.isolated.has_task,
        ),
        Claim(
            "fork-has-task",
            "A declarative fork child is given `task`",
            True,
            lambda facts: facts.tool_surfaces.fork.has_task,
            js=lambda facts: facts.js.tool_surfaces.fork.has_task,
        ),
        Claim(
            "fork-task-after-files",
            "A fork child's `task` comes right after its filesystem tools",
            True,
            _fork_task_after_files,
            js=lambda facts: (
                (fork := facts.js.tool_surfaces.fork).has_task
                and fork.tools[: fork.task_index] == facts.js.tool_surfaces.isolated.tools
            ),
        ),
        # The article: "those 7 are exactly the ones you wrote in the spec; the framework adds none". The spec
        # names no tool at all: every one of them is added by deepagents (its filesystem middleware).
        Claim(
            "isolated-tools-from-spec",
            "An isolated child's tools are exactly the ones its spec names",
            True,
            lambda facts: not facts.tool_surfaces.isolated.tools,
            js=lambda facts: not facts.js.tool_surfaces.isolated.tools,
        ),
        Claim(
            "runnable-has-task",
            "A deep agent you compiled, handed over in the `runnable` form without `mode`, holds `task`",
            None,
            lambda facts: facts.tool_surfaces.runnable.has_task,
            js=lambda facts: facts.js.tool_surfaces.runnable.has_task,
        ),
        Claim(
            "general-purpose-added",
            "Every deep agent the examples make lists a `general-purpose` sub-agent it was not given",
            None,
            _general_purpose_everywhere,
        ),
    ],
)
