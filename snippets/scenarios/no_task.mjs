// An agent with no `task` at all: what createDeepAgent adds by itself, and what
// a plain agent holds.
import { createDeepAgent } from "deepagents";
import { createAgent, createMiddleware, tool } from "langchain";
import { z } from "zod";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const offered = {}; // agent -> the tools its model is offered

function watch(agent) {
  return createMiddleware({
    name: "watch",
    wrapModelCall: (request, handler) => {
      offered[agent] = request.tools;
      return handler(request);
    },
  });
}

const lookup = tool(async ({ term }) => `${term}: see the glossary`, {
  name: "lookup",
  description: "Look a term up in the glossary.",
  schema: z.object({ term: z.string() }),
});

// A deep agent given no sub-agents, and a plain LangChain agent handed over as
// a sub-agent.
// --8<-- [start:agents]
const solo = createDeepAgent({
  model: new ScriptedModel({ script: [say("done")] }),
  middleware: [watch("deep agent, no subagents")],
});
const leaf = createAgent({
  model: new ScriptedModel({ script: [say("looked it up")] }),
  tools: [lookup],
  middleware: [watch("createAgent sub-agent")],
});
// --8<-- [end:agents]
const script = [delegate("leaf", "look up 'fork'"), say("done")];
const parent = createDeepAgent({
  model: new ScriptedModel({ script }),
  subagents: [{ name: "leaf", description: "looks terms up", runnable: leaf }],
});
await solo.invoke({ messages: [{ role: "user", content: "hello" }] });
await parent.invoke({ messages: [{ role: "user", content: "what is a fork?" }] });

const quoted = (names) => `[${names.map((name) => `'${name}'`).join(", ")}]`;
for (const [name, tools] of Object.entries(offered)) {
  console.log(`${name}: ${quoted(tools.map((tool) => tool.name))}`);
}
