"""What a declared child's own middleware and tools add: which grandchild runs?"""

from deepagents import create_deep_agent
from deepagents.backends import StateBackend
from deepagents.middleware import SubAgentMiddleware
from langchain.agents import create_agent
from langchain_core.tools import tool

from scripted_model import ScriptedModel, call, delegate, say


def grandchild():
    model = ScriptedModel(script=[say("grandchild dug deeper")])
    return {"name": "gc", "description": "digs deeper", "model": model, "tools": []}


def own_task():  # a `task` of the child's own, with the grandchild behind it
    return SubAgentMiddleware(backend=StateBackend(), subagents=[grandchild()])


@tool
def ask_expert(question: str) -> str:
    """Ask another agent, the expert."""
    expert = create_agent(ScriptedModel(script=[say("expert answered")]), name="gc")
    reply = expert.invoke({"messages": [{"role": "user", "content": question}]})
    return reply["messages"][-1].content


def digs():
    return ScriptedModel(script=[delegate("gc", "dig deeper"), say("done")])


def asks():
    return ScriptedModel(script=[call("ask_expert", question="dig"), say("done")])


children = {
    "isolated, own task": {"model": digs(), "middleware": [own_task()]},
    "fork, own task": {"mode": "fork", "model": digs(), "middleware": [own_task()]},
    "isolated, agent tool": {"tools": [ask_expert], "model": asks()},
    "fork, agent tool": {"mode": "fork", "tools": [ask_expert], "model": asks()},
    # no `tools` in its spec: the child is given the parent's, ask_expert among them
    "isolated, parent's agent tool": {"model": asks()},
}
parent_tools = {"isolated, parent's agent tool": [ask_expert]}
seen = {}  # form -> what a caller of stream() saw
for form, spec in children.items():
    child = {"name": "child", "description": "a helper", **spec}
    parent = ScriptedModel(script=[delegate("child", "go deeper"), say("parent done")])
    tools = parent_tools.get(form, [])
    agent = create_deep_agent(model=parent, tools=tools, subagents=[child])
    request = {"messages": [{"role": "user", "content": "go as deep as you can"}]}
    seen[form] = list(agent.stream(request, subgraphs=True, stream_mode="messages"))
    agents = {metadata.get("lc_agent_name") for _, (_, metadata) in seen[form]}
    print(f"{form}: grandchild ran: {'gc' in agents}")
