// The tools each agent's model is offered: a parent and three kinds of sub-agent.
import { createDeepAgent } from "deepagents";
import { createMiddleware } from "langchain";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const offered = {}; // agent -> the tools its model is offered, in order

function watch(agent) {
  return createMiddleware({
    name: "watch", // one name: a fork's own watch replaces the one it inherits
    wrapModelCall: (request, handler) => {
      offered[agent] = request.tools;
      return handler(request);
    },
  });
}

// A deep agent you compiled yourself, handed over as it is (the `runnable`
// form), without `mode`.
const compiled = createDeepAgent({
  model: new ScriptedModel({ script: [say("compiled summary")] }),
  middleware: [watch("compiled")],
});
const parent = new ScriptedModel({
  script: [
    delegate("iso", "summarise the notes", "c1"),
    delegate("fk", "summarise the notes", "c2"),
    delegate("compiled", "summarise the notes", "c3"),
    say("all done"),
  ],
});
const agent = createDeepAgent({
  model: parent,
  middleware: [watch("parent")],
  subagents: [
    { name: "iso", description: "an isolated helper", middleware: [watch("iso")],
      model: new ScriptedModel({ script: [say("isolated summary")] }) },
    { name: "fk", description: "a forked helper", mode: "fork",
      middleware: [watch("fk")],
      model: new ScriptedModel({ script: [say("forked summary")] }) },
    { name: "compiled", description: "your own deep agent", runnable: compiled },
  ],
});
await agent.invoke({
  messages: [{ role: "user", content: "summarise the notes, three ways" }],
});

const quoted = (names) => `[${names.map((name) => `'${name}'`).join(", ")}]`;
for (const [name, tools] of Object.entries(offered)) {
  console.log(`${name}: ${quoted(tools.map((tool) => tool.name))}`);
}
