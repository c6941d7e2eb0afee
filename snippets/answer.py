"""The overview's answer, as data: for each kind of child, the outcomes a reader may meet and the claims that
decide each one (sitegen/tables.py renders it, Python and JavaScript side by side).

A row is its key (`verdict.rows.<key>` in the site's strings) and its outcomes in order
(`verdict.outcomes.<outcome>`): the cell shows the first outcome whose claims all hold ("!id": must be
false), read like a guard; when none holds, the kind was not measured that way and the cell says so. A
JavaScript cell reads each claim's twin (`<id>@js`).
"""

ANSWER = (
    ("isolated", (("no_task", ("!isolated-has-task",)),)),
    ("fork", (("no_task", ("!fork-has-task",)), ("refused", ("fork-refused",)), ("reaches", ("gap-declarative",)))),
    ("runnable", (("reaches", ("gap-runnable", "gap-runnable-no-mode")),)),
    ("isolated_own_task", (("reaches", ("gap-isolated-own-task",)),)),
    ("fork_own_task", (("refused", ("gap-fork-own-task-refused",)), ("fails", ("gap-fork-own-task-fails",)))),
    ("isolated_agent_tool", (("reaches", ("gap-isolated-agent-tool",)),)),
    ("fork_agent_tool", (("reaches", ("gap-agent-tool",)),)),
)

# The words the overview's first screen explains where they first appear, in its verdict's table (a tooltip, and
# a line under the table), in this order, and the claims each gloss states (`terms.<key>.gloss` in the site's strings; "!id": must be
# false), read like a guard: while they do not all hold, in Python and in npm, the term is glossed by what declares it
# (`terms.<key>.plain`, which says nothing of deepagents' behaviour), and the sentences bound to them stop the build.
TERMS = {
    "spec": (),  # what a reader writes: no behaviour of deepagents
    "runnable": (),
    "isolated": ("guide-fork",),  # the isolated child starts from the task alone; a fork from the conversation
    "fork": ("guide-fork",),
    "refused": ("refusal-tool-message",),  # the refusal arrives as a tool result, and the run goes on
    "fails": (),  # the words of an outcome: the outcome's own claims decide it
    "reaches": (),
}
