// Three ways to attach a child that calls `task` for a grandchild: which
// grandchild runs?
import { createDeepAgent } from "deepagents";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

function grandchild() {
  const model = new ScriptedModel({ script: [say("grandchild dug deeper")] });
  return { name: "gc", description: "digs deeper", model };
}

// A deep agent you compiled yourself, with a sub-agent of its own.
function myAgent() {
  const script = [delegate("gc", "dig deeper"), say("done")];
  const model = new ScriptedModel({ script });
  return createDeepAgent({ model, subagents: [grandchild()] });
}

const children = {
  "declarative fork": { name: "child", description: "a fork", mode: "fork",
    model: new ScriptedModel({ script: [delegate("gc", "dig deeper"), say("done")] }) },
  "runnable fork": { name: "child", description: "a fork", mode: "fork",
    runnable: myAgent() },
  "runnable, no mode": { name: "child", description: "a helper", runnable: myAgent() },
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
