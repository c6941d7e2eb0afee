// Nest on purpose, exactly one level deeper: hand over a compiled deep agent as
// a sub-agent.
import { createDeepAgent } from "deepagents";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

// The researcher delegates to its own fact-checker, a declarative fork, which
// tries to go deeper still.
export const factChecker = {
  name: "fact-checker", description: "checks figures", mode: "fork",
  model: new ScriptedModel({
    script: [delegate("fact-checker", "check it again"), say("figures checked")],
  }),
};
const researcher = createDeepAgent({
  model: new ScriptedModel({
    script: [delegate("fact-checker", "check the figures"), say("research done")],
  }),
  subagents: [factChecker],
});
const agent = createDeepAgent({
  model: new ScriptedModel({
    script: [delegate("researcher", "research the topic"), say("report written")],
  }),
  name: "parent",
  subagents: [{ name: "researcher", description: "researches", runnable: researcher }],
});

const request = { messages: [{ role: "user", content: "write the report" }] };
const options = { streamMode: "messages", subgraphs: true };
export const depth = {}; // agent -> how deep below the parent it ran
for await (const [namespace, [, metadata]] of await agent.stream(request, options)) {
  depth[metadata.lc_agent_name] = namespace.length - 1; // minus the node's own entry
}
console.log(depth);
