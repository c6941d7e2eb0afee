// Parent and fork child, position by position: each tool's name, and whether
// its description is the same.
import { createDeepAgent } from "deepagents";
import { createMiddleware } from "langchain";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const offered = {}; // agent -> the tools its model is offered, in order

function watch(agent) {
  return createMiddleware({
    name: "watch", // one name: the fork's own watch replaces the one it inherits
    wrapModelCall: (request, handler) => {
      offered[agent] = request.tools;
      return handler(request);
    },
  });
}

const parent = new ScriptedModel({
  script: [delegate("fk", "summarise the notes"), say("done")],
});
const agent = createDeepAgent({
  model: parent,
  middleware: [watch("parent")],
  subagents: [
    {
      name: "fk",
      description: "a forked helper",
      mode: "fork",
      middleware: [watch("fk")],
      model: new ScriptedModel({ script: [say("forked summary")] }),
    },
  ],
});
await agent.invoke({ messages: [{ role: "user", content: "summarise the notes" }] });

const positions = Math.min(offered.parent.length, offered.fk.length);
for (let position = 0; position < positions; position += 1) {
  const [mine, theirs] = [offered.parent[position], offered.fk[position]];
  const same = mine.description === theirs.description;
  const verdict = same ? "same description" : "other description";
  console.log(position, mine.name, theirs.name, verdict);
}
