// Isolated, fork or your own agent: what each child is handed of the parent's
// conversation, and what attaching says.
import { createDeepAgent } from "deepagents";
import { createMiddleware } from "langchain";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const handed = {}; // child -> the messages it starts from

function probe(agent) {
  return createMiddleware({
    name: "probe",
    beforeModel: (state) => {
      handed[agent] ??= state.messages;
    },
  });
}

// what the parent and the user said before the parent delegates
const conversation = [
  { role: "user", content: "Our codename is BLUE-HERON. Draft the launch plan." },
  { role: "assistant",
    content: "Draft: launch BLUE-HERON in three steps, starting with the beta." },
  { role: "user", content: "Good. Now have someone write the announcement." },
];
const task = "write the announcement";
const parent = new ScriptedModel({
  script: [
    delegate("iso", task, "c1"),
    delegate("fk", task, "c2"),
    delegate("own", task, "c3"),
    say("three drafts are in"),
  ],
});
const writer = () => new ScriptedModel({ script: [say("announcement")] });
export const own = createDeepAgent({ model: writer(), middleware: [probe("own")] });

export const warned = []; // what attaching them prints with console.warn
const warn = console.warn;
console.warn = (...args) => warned.push(args.join(" "));
let agent;
try {
  agent = createDeepAgent({
    model: parent,
    // --8<-- [start:children]
    subagents: [
      { name: "iso", description: "isolated writer", model: writer(),
        middleware: [probe("iso")] },
      { name: "fk", description: "forked writer", mode: "fork", model: writer(),
        middleware: [probe("fk")] },
      { name: "own", description: "your own writer", runnable: own },
    ],
    // --8<-- [end:children]
  });
} finally {
  console.warn = warn;
}
await agent.invoke({ messages: conversation });

console.log("attaching them warns:", JSON.stringify(warned));
for (const [child, messages] of Object.entries(handed)) {
  const characters = messages.reduce((sum, message) => sum + message.text.length, 0);
  const knows = messages.some((message) => message.text.includes("BLUE-HERON"));
  console.log(`${child}: messages=${messages.length}, characters=${characters}, ` +
    `knows the codename: ${knows}`);
}
