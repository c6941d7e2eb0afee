// Never nest: a guard that answers every `task` call of its agent.
import { createDeepAgent } from "deepagents";
import { ToolMessage, createMiddleware } from "langchain";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const refusal =
  "This agent runs as a sub-agent and may not delegate. Do the task yourself.";

// The agent it is attached to stays a leaf: its `task` calls are refused.
export const noDeeperThanThis = createMiddleware({
  name: "NoDeeperThanThis",
  wrapToolCall: async (request, handler) => {
    if (request.toolCall.name === "task") {
      const id = request.toolCall.id;
      return new ToolMessage({ content: refusal, tool_call_id: id, status: "error" });
    }
    return handler(request);
  },
});

export function build() {
  // Your own deep agent may hold `task` (and a sub-agent behind it); the guard
  // keeps it a leaf.
  const script = [delegate("gc", "write it"), say("report written")];
  const writer = createDeepAgent({
    model: new ScriptedModel({ script }),
    middleware: [noDeeperThanThis],
    subagents: [{ name: "gc", description: "a grandchild",
      model: new ScriptedModel({ script: [say("grandchild wrote it")] }) }],
  });
  const parent = new ScriptedModel({
    script: [delegate("writer", "finish the report"), say("report finished")],
  });
  return createDeepAgent({
    model: parent,
    subagents: [{ name: "writer", description: "writes", runnable: writer }],
  });
}

export const request = { messages: [{ role: "user", content: "write the report" }] };

// Which agents ran, and the tool results that came back as errors (the guard's
// refusals).
export function outcome(chunks) {
  const names = chunks.map(([, [, metadata]]) => metadata.lc_agent_name ?? "parent");
  const agents = [...new Set(names)].sort();
  const refused = chunks
    .map(([, [message]]) => message)
    .filter((message) => message.type === "tool" && message.status === "error")
    .map((message) => message.content);
  return [agents, refused];
}

const chunks = [];
const options = { streamMode: "messages", subgraphs: true };
for await (const chunk of await build().stream(request, options)) chunks.push(chunk);
export const [agents, refused] = outcome(chunks);
const quoted = (items) => `[${items.map((item) => `'${item}'`).join(", ")}]`;
console.log(`stream: agents that ran: ${quoted(agents)}; refused: ${quoted(refused)}`);
