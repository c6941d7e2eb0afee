// What a declared child's own middleware and tools add: which grandchild runs?
import { createDeepAgent, createSubAgentMiddleware } from "deepagents";
import { createAgent, tool } from "langchain";
import { z } from "zod";

import { ScriptedModel, call, delegate, say } from "./scripted_model.mjs";

function grandchild() {
  const model = new ScriptedModel({ script: [say("grandchild dug deeper")] });
  return { name: "gc", description: "digs deeper", model, tools: [] };
}

function ownTask() { // a `task` of the child's own, with the grandchild behind it
  const gc = grandchild();
  return createSubAgentMiddleware({
    defaultModel: gc.model, generalPurposeAgent: false, subagents: [gc],
  });
}

const askExpert = tool(async ({ question }) => {
  const model = new ScriptedModel({ script: [say("expert answered")] });
  const expert = createAgent({ model, name: "gc" });
  const request = { messages: [{ role: "user", content: question }] };
  const reply = await expert.invoke(request);
  return reply.messages.at(-1).content;
}, {
  name: "ask_expert",
  description: "Ask another agent, the expert.",
  schema: z.object({ question: z.string() }),
});

const digs = () =>
  new ScriptedModel({ script: [delegate("gc", "dig deeper"), say("done")] });
const asks = () => new ScriptedModel({
  script: [call("ask_expert", "c1", { question: "dig" }), say("done")],
});

export const children = {
  "isolated, own task": { model: digs(), middleware: [ownTask()] },
  "fork, own task": { mode: "fork", model: digs(), middleware: [ownTask()] },
  "isolated, agent tool": { tools: [askExpert], model: asks() },
  "fork, agent tool": { mode: "fork", tools: [askExpert], model: asks() },
  // no `tools` in its spec: the child is given the parent's, askExpert among them
  "isolated, parent's agent tool": { model: asks() },
};
const parentTools = { "isolated, parent's agent tool": [askExpert] };
export const seen = {}; // form -> what a caller of stream() saw
export const errors = {}; // form -> the error the run ended with, if it did
for (const [form, spec] of Object.entries(children)) {
  const child = { name: "child", description: "a helper", ...spec };
  const parent = new ScriptedModel({
    script: [delegate("child", "go deeper"), say("parent done")],
  });
  const tools = parentTools[form] ?? [];
  const agent = createDeepAgent({ model: parent, tools, subagents: [child] });
  const request = { messages: [{ role: "user", content: "go as deep as you can" }] };
  const options = { streamMode: "messages", subgraphs: true };
  seen[form] = [];
  try {
    for await (const event of await agent.stream(request, options)) {
      seen[form].push(event);
    }
  } catch (error) {
    errors[form] = error;
    console.log(`${form}: the run failed: ${error.message.split("\n")[0]}`);
    continue;
  }
  const agents = new Set(seen[form].map(([, [, metadata]]) => metadata.lc_agent_name));
  console.log(`${form}: grandchild ran: ${agents.has("gc")}`);
}
