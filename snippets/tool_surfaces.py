"""Section 2: the tools each agent's model is offered, for every kind of child."""

from __future__ import annotations

from dataclasses import dataclass

from snippets.lab import Claim, Section, experiment, expect, listed_subagents, run_scenario

FS_TOOLS = ["ls", "read_file", "write_file", "edit_file", "delete", "glob", "grep"]  # as the article listed them


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
    return Surface(agent, [tool.name for tool in tools], task.description if task else None)


@experiment("tool_surfaces")
def measure_tool_surfaces() -> ToolSurfaces:
    run = run_scenario("tool_surfaces", needed_by="tool_surfaces")
    offered = run["offered"]
    expect(set(offered) == {"parent", "iso", "fk", "compiled"}, needed_by="tool_surfaces",
           looked_for="a model call by the parent and by each of its three children")
    parent = surface("parent", offered["parent"])
    return ToolSurfaces(run.printed, parent, surface("iso", offered["iso"]), surface("fk", offered["fk"]),
                        surface("compiled", offered["compiled"]), listed_subagents(parent.task_description or ""))


def _fork_task_after_files(facts) -> bool:
    fork = facts.tool_surfaces.fork
    return fork.has_task and fork.tools[: fork.task_index] == facts.tool_surfaces.isolated.tools


def _general_purpose_everywhere(facts) -> bool:
    """Every deep agent the examples make and that holds `task` lists `general-purpose`: parents and compiled children."""
    holding_task = [listed for made in facts.deep_agents.values() for listed in made if listed]
    return bool(holding_task) and all("general-purpose" in listed for listed in holding_task)


SECTION = Section("tool_surfaces", 2, "tool-surfaces.md", measure_tool_surfaces, scenarios=("tool_surfaces",), claims=[
    Claim("isolated-tools", FS_TOOLS, lambda facts: facts.tool_surfaces.isolated.tools),
    Claim("isolated-count", 7, lambda facts: len(facts.tool_surfaces.isolated.tools)),
    Claim("fork-count", 8, lambda facts: len(facts.tool_surfaces.fork.tools)),
    Claim("parent-tools", [*FS_TOOLS, "task"], lambda facts: facts.tool_surfaces.parent.tools),
    Claim("isolated-has-task", False, lambda facts: facts.tool_surfaces.isolated.has_task),
    Claim("fork-has-task", True, lambda facts: facts.tool_surfaces.fork.has_task),
    Claim("fork-task-after-files", True, _fork_task_after_files),
    # The article: "those 7 are exactly the ones you wrote in the spec; the framework adds none". The spec
    # names no tool at all: every one of them is added by deepagents (its filesystem middleware).
    Claim("isolated-tools-from-spec", True, lambda facts: not facts.tool_surfaces.isolated.tools),
    Claim("runnable-has-task", None, lambda facts: facts.tool_surfaces.runnable.has_task),
    Claim("general-purpose-added", None, _general_purpose_everywhere),
])
