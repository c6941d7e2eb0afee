// Never nest: langchain's toolCallLimitMiddleware allows an agent no `task` call.
import { createDeepAgent } from "deepagents";
import { toolCallLimitMiddleware } from "langchain";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export function build() {
  // Your own deep agent holds `task`, with a sub-agent; the limit keeps it a leaf.
  const grandchild = new ScriptedModel({ script: [say("grandchild wrote it")] });
  // --8<-- [start:guard]
  const writer = createDeepAgent({
    model: new ScriptedModel({
      script: [delegate("gc", "write it"), say("report written")],
    }),
    middleware: [toolCallLimitMiddleware({ toolName: "task", runLimit: 0 })],
    subagents: [{ name: "gc", description: "a grandchild", model: grandchild }],
  });
  const writes = { name: "writer", description: "writes", runnable: writer };
  // --8<-- [end:guard]
  const parent = new ScriptedModel({
    script: [delegate("writer", "finish it"), say("report finished")],
  });
  return createDeepAgent({ model: parent, subagents: [writes] });
}

export const request = { messages: [{ role: "user", content: "write the report" }] };

// Which agents ran, and the tool results that came back as errors.
export function outcome(chunks) {
  const names = chunks.map(([, [, metadata]]) => metadata.lc_agent_name ?? "parent");
  const agents = [...new Set(names)].sort();
  const errors = chunks
    .map(([, [message]]) => message)
    .filter((message) => message.type === "tool" && message.status === "error")
    .map((message) => message.content);
  return [agents, errors];
}

// JavaScript has one stream(), async: it runs the graph as invoke() does.
const chunks = [];
const options = { streamMode: "messages", subgraphs: true };
for await (const chunk of await build().stream(request, options)) chunks.push(chunk);
export const [agents, refused] = outcome(chunks);
const quote = (item) => (item.includes("'") ? `"${item}"` : `'${item}'`);
const quoted = (items) => `[${items.map(quote).join(", ")}]`;
console.log(`stream: agents that ran: ${quoted(agents)}; refused: ${quoted(refused)}`);
