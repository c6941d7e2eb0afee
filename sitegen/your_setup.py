""""Your setup": every measured combination of runtime, model family, kind of child and what it carries, with
the tools the child is offered and what its `task` call returns (snippets/your_setup.py; JavaScript: what
snippets/js/measure.mjs measures with the site's own model).

Without JavaScript it is a table (on a phone each row a card, sitegen/reading.py); with it,
overrides/assets/javascripts/your-setup.js adds a list per picking column and shows only the matching row.
The picking columns are the first four (PICKED): the script reads their cells' text, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from snippets import paths
from sitegen.render import code, show
from sitegen.strings import word

SCRIPT = paths.ROOT / "overrides" / "assets" / "javascripts" / "your-setup.js"  # inlined: this page only

PICKED = 4  # runtime, model family, kind of child, what it carries: the columns the script offers to pick from
COLUMNS = ("runtime", "model", "kind", "carries", "tools", "task", "below")


@dataclass(frozen=True)
class Row:
    runtime: str  # "python", "js"
    model: str | None  # the setup's provider:model (None: the site's own, no profile matches)
    more: int  # how many more names share its profile
    kind: str  # snippets.your_setup.KINDS
    carries: str  # snippets.your_setup.CARRIES
    tools: list[str] | None  # None: not measured
    outcome: str  # fails, unmade, no_task, refused, grandchild, returned, unmeasured
    text: str | None  # what the `task` call returned, or the error
    below: bool | None  # an agent below the child ran (None: not measured)


def outcome(has_task: bool, got: str | None, error: str | None, refusal: str, grandchild: bool,
            made: bool = True) -> tuple[str, Any]:
    if error is not None:
        return ("fails" if made else "unmade"), error
    if not has_task:
        return "no_task", None
    if got is None:
        return "unmeasured", None
    if got == refusal:
        return "refused", got
    return ("grandchild" if grandchild else "returned"), got


def python_rows(found, under: dict[str, Any]) -> list[Row]:
    """Every model setup's combinations (a profile of the reader's own: under the site's own model only, where
    no shipped profile is in play)."""
    rows = []
    for setup in (s for s in found.setups if s.dimension == "model"):
        facts = under[setup.id]
        refusal = facts.refusal.text if facts.refusal.matches_source else None
        for c in facts.tool_surfaces.combinations:
            if c.carries == "profile" and setup.model is not None:
                continue
            kind, text = outcome(c.has_task, c.task_got, c.error, refusal, c.grandchild_ran, c.made)
            rows.append(Row("python", setup.model, max(len(setup.family) - 1, 0), c.kind, c.carries, c.tools,
                            kind, text, None if c.error else c.agent_ran))
    return rows


def js_rows(js) -> list[Row]:
    """What snippets/js/measure.mjs measures, with the site's own model: the three kinds' tools (section 2)
    and the chains of section 6 (what each child's first tool call got)."""
    surfaces, refusal = js.tool_surfaces, js.refusal.text if js.refusal.matches_source else None
    chains = {c.form: c for c in js.gap.chains}
    measured = [("isolated", "nothing", list(surfaces.isolated.tools), None),
                ("fork", "nothing", list(surfaces.fork.tools), chains.get("declarative fork")),
                ("runnable", "nothing", list(surfaces.runnable.tools), chains.get("runnable, no mode")),
                ("isolated", "own-task", None, chains.get("isolated, own task")),
                ("fork", "own-task", None, chains.get("fork, own task")),
                ("fork", "agent-tool", None, chains.get("fork, agent tool"))]
    rows = []
    for kind, carries, tools, chain in measured:
        error = chain.error if chain is not None and "error" in chain else None
        if chain is None:
            found, text, below = ("no_task" if "task" not in tools else "unmeasured"), None, None
        elif carries == "agent-tool":  # its one tool call is to the tool that runs an agent: no `task` result
            found, text, below = "unmeasured", None, chain.grandchild_ran
        else:
            found, text = outcome(True, chain.child_got, error, refusal, chain.grandchild_ran)
            below = None if error else chain.grandchild_ran
        rows.append(Row("js", None, 0, kind, carries, tools, found, text, below))
    return rows


def rows(found, under: dict[str, Any], js) -> list[Row]:
    return python_rows(found, under) + (js_rows(js) if js is not None else [])


def cells(row: Row, language: str) -> list[str]:
    says = word(language, "setups.picker")
    model = says["js_model"] if row.runtime == "js" else says["no_profile"] if row.model is None else code(row.model) + (
        " " + word(language, "setups.more").format(n=row.more) if row.more else "")
    told = says["outcomes"][row.outcome]
    task = told.format(text=code(row.text)) if row.text is not None else told
    return [says["runtimes"][row.runtime], model, says["kinds"][row.kind], says["carries"][row.carries],
            says["unmeasured"] if row.tools is None else show(row.tools, word(language, "list_separator")),
            task, says["unmeasured"] if row.below is None else show(row.below)]


def table(found, under: dict[str, Any], js, language: str) -> str:
    """The section's table in a `.your-setup` block, with the (hidden) place for the script's lists: its words
    in data attributes, literal."""
    says = word(language, "setups.picker")
    lines = ["| " + " | ".join(says["labels"][c] for c in COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(cells(row, language)) + " |" for row in rows(found, under, js)]
    picker = f'<div class="your-setup-picker" data-picked="{PICKED}" hidden></div>'
    # Run as the block opens, before its table is read: with JavaScript, the rows the script will hide are never
    # laid out (site.css, `.picking`).
    picking = '<script>document.currentScript.parentElement.classList.add("picking")</script>'
    # The script is inlined under its table (as the matrix's release picker is): only this page loads it. No
    # blank line (it would end Markdown's HTML block), no comment line.
    script = "\n".join(line for line in SCRIPT.read_text(encoding="utf-8").splitlines()
                       if line.strip() and not line.lstrip().startswith("//"))
    return (f'<div class="your-setup" markdown>\n\n{picker}\n{picking}\n\n' + "\n".join(lines) + "\n\n</div>\n\n"
            f"<script>\n{script}\n</script>\n")
