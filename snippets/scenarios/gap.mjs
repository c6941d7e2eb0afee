// Three ways to attach a child that calls `task` for a grandchild: which
// grandchild runs?
import { createDeepAgent } from "deepagents";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

function grandchild() {
  const model = new ScriptedModel({ script: [say("grandchild dug deeper")] });
  return { name: "gc", description: "digs deeper", model };
}

export const childModels = {}; // form -> the child's model (what it saw: .seen)

function childModel(form) {
  const script = [delegate("gc", "dig deeper"), say("done")];
  return (childModels[form] = new ScriptedModel({ script }));
}

// A deep agent you compiled yourself, with a sub-agent of its own.
function myAgent(form) {
  return createDeepAgent({ model: childModel(form), subagents: [grandchild()] });
}

const children = {
  "declarative fork": { name: "child", description: "a fork", mode: "fork",
    model: childModel("declarative fork") },
  "runnable fork": { name: "child", description: "a fork", mode: "fork",
    runnable: myAgent("runnable fork") },
  "runnable, no mode": { name: "child", description: "a helper",
    runnable: myAgent("runnable, no mode") },
};
export const seen = {}; // form -> what a caller of stream() saw
for (const [form, child] of Object.entries(children)) {
  const parent = new ScriptedModel({
    script: [delegate("child", "go deeper"), say("parent done")],
  });
  const agent = createDeepAgent({ model: parent, subagents: [child, grandchild()] });
  const request = { messages: [{ role: "user", content: "go as deep as you can" }] };
  const options = { streamMode: "messages", subgraphs: true };
  seen[form] = [];
  for await (const event of await agent.stream(request, options)) {
    seen[form].push(event);
  }
  const ran = seen[form].some(([, [, meta]]) => meta.lc_agent_name === "gc");
  console.log(`${form}: grandchild ran: ${ran}`);
}
