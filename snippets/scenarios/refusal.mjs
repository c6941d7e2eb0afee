// A fork child calls `task` twice; what comes back, seen from the caller's side
// of `stream`.
import { createDeepAgent } from "deepagents";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const parent = new ScriptedModel({
  script: [delegate("fk", "write the summary"), say("parent done")],
});
export const forkChild = new ScriptedModel({
  script: [
    delegate("iso", "write it for me", "f1"), // an isolated sub-agent that exists
    delegate("ghost", "write it for me", "f2"), // one that does not
    say("fork wrote the summary itself"),
  ],
});
const agent = createDeepAgent({
  model: parent,
  name: "parent",
  subagents: [
    { name: "fk", description: "a forked helper", mode: "fork", model: forkChild },
    { name: "iso", description: "an isolated helper",
      model: new ScriptedModel({ script: [say("never")] }) },
  ],
});

const request = { messages: [{ role: "user", content: "please summarise" }] };
export const events = [];
const options = { streamMode: "messages", subgraphs: true };
for await (const event of await agent.stream(request, options)) events.push(event);
for (const [, [message, metadata]] of events) {
  if (message.type === "tool") { // every tool result, with the agent that got it
    // Its checkpoint namespace has one entry per graph, down to the node that
    // sent it: depth 0 is the parent.
    const depth = metadata.langgraph_checkpoint_ns.split("|").length - 1;
    console.log(`${metadata.lc_agent_name} (depth ${depth}) got: ${message.content}`);
  }
}
