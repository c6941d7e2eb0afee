// At most MAX_DEPTH levels of sub-agents: one guard in each agent with a `task`.
import { createDeepAgent, createSubAgentMiddleware } from "deepagents";
import { createMiddleware } from "langchain";
import { ToolMessage } from "@langchain/core/messages";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

const MAX_DEPTH = 2; // levels of sub-agents below the top agent

// --8<-- [start:guard]
// langgraph runs an agent's tools in its "tools" node, and an agent started
// there runs one "tools:<id>" step deeper in the namespace: a `task` call's
// namespace holds one such step per agent above the one it would start.
export function maxSubagentDepth(maxDepth) {
  return createMiddleware({
    name: "MaxSubagentDepth",
    wrapToolCall: async (request, handler) => {
      if (request.toolCall.name !== "task") return handler(request);
      const namespace = request.runtime.configurable?.checkpoint_ns ?? "";
      const steps = namespace.split("|");
      const level = steps.filter((step) => step.startsWith("tools:")).length;
      if (level <= maxDepth) return handler(request);
      return new ToolMessage({
        content:
          `Refused: this call would start sub-agent level ${level},` +
          ` and the limit is ${maxDepth}. Do it yourself.`,
        tool_call_id: request.toolCall.id,
        status: "error",
      });
    },
  });
}
// --8<-- [end:guard]

// A top agent and four levels below it, each asked to go one level deeper.
export function build(maxDepth) {
  const guard = maxSubagentDepth(maxDepth);
  const models = [0, 1, 2, 3].map(
    (n) =>
      new ScriptedModel({
        script: [delegate(`level${n + 1}`, "dig"), say(`level ${n} done`)],
      }),
  );
  models.push(new ScriptedModel({ script: [say("level 4 done")] }));
  const ownTask = (model, subagent) =>
    createSubAgentMiddleware({
      defaultModel: model,
      subagents: [subagent],
      generalPurposeAgent: false,
    });
  const level4 = { name: "level4", description: "digs", model: models[4], tools: [] };
  const level3 = {
    name: "level3",
    description: "digs",
    model: models[3],
    tools: [],
    middleware: [ownTask(models[3], level4), guard],
  };
  const level2 = {
    // an isolated sub-agent with a `task` of its own
    name: "level2",
    description: "digs",
    model: models[2],
    middleware: [ownTask(models[2], level3), guard],
  };
  const level1 = {
    // your own deep agent, in the `runnable` form
    name: "level1",
    description: "digs",
    runnable: createDeepAgent({ model: models[1], subagents: [level2], middleware: [guard] }),
  };
  const top = createDeepAgent({ model: models[0], subagents: [level1], middleware: [guard] });
  return [top, models];
}

const request = { messages: [{ role: "user", content: "dig as deep as you can" }] };
const [top, models] = build(MAX_DEPTH);
const final = await top.invoke(request);
const ran = models.flatMap((model, n) => (model.seen.length ? [n] : []));
console.log(`levels that ran: [${ran.join(", ")}]`);
models.forEach((model, n) => {
  const got = model.seen[1]?.at(-1);
  if (got?.status === "error") console.log(`level ${n}'s task call got: ${got.content}`);
});
console.log(`the top agent answered: ${final.messages.at(-1).content}`);
