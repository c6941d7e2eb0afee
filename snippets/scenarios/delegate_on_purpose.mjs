// Let a declared sub-agent delegate, on purpose: a sub-agent middleware in its
// spec.
import { createDeepAgent, createSubAgentMiddleware } from "deepagents";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

// The researcher's own sub-agent: a fork, which tries to go deeper still.
export const factChecker = {
  name: "fact-checker",
  description: "checks figures",
  mode: "fork",
  model: new ScriptedModel({
    script: [delegate("fact-checker", "again"), say("checked")],
  }),
  tools: [],
};
// --8<-- [start:nest]
const researcher = {
  name: "researcher",
  description: "researches",
  model: new ScriptedModel({
    script: [delegate("fact-checker", "check"), say("done")],
  }),
  middleware: [
    createSubAgentMiddleware({
      defaultModel: factChecker.model, // required: for specs that name no model
      generalPurposeAgent: false,
      subagents: [factChecker],
    }),
  ],
};
// --8<-- [end:nest]
const parent = new ScriptedModel({
  script: [delegate("researcher", "research it"), say("written")],
});
const agent = createDeepAgent({
  model: parent, name: "parent", subagents: [researcher],
});

const request = { messages: [{ role: "user", content: "write the report" }] };
const options = { streamMode: "messages", subgraphs: true };
export const events = [];
for await (const event of await agent.stream(request, options)) events.push(event);
export const depth = {}; // agent -> how deep below the parent it ran
for (const [, [message, metadata]] of events) {
  const graphs = metadata.langgraph_checkpoint_ns.split("|"); // one entry per graph
  depth[metadata.lc_agent_name] = graphs.length - 1;
  if (message.type === "tool") { // every tool result, with the agent that got it
    console.log(`${metadata.lc_agent_name} got: ${message.content}`);
  }
}
console.log(depth);
