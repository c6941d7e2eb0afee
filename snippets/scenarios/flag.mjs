// What each kind of child holds in its state when its model is first called.
import { createDeepAgent } from "deepagents";
import { createMiddleware } from "langchain";
import { z } from "zod";

import { ScriptedModel, delegate, say } from "./scripted_model.mjs";

export const FLAG = "_deepagentsForkedContext"; // the key deepagents sets on a fork
export const firstState = {}; // agent -> its state just before its first model call

function probe(agent) {
  return createMiddleware({
    name: "probe",
    // A hook sees `messages` and the keys its own stateSchema declares.
    stateSchema: z.object({ [FLAG]: z.boolean().optional() }),
    beforeModel: (state) => {
      firstState[agent] ??= state;
    },
  });
}

// The `runnable` form: a deep agent you compiled yourself, handed over as a fork.
const compiled = createDeepAgent({
  model: new ScriptedModel({ script: [say("done")] }),
  middleware: [probe("cfk")],
});
export const task = "summarise the notes";
export const parent = new ScriptedModel({
  script: [
    delegate("iso", task, "c1"),
    delegate("fk", task, "c2"),
    delegate("cfk", task, "c3"),
    say("done"),
  ],
});
const agent = createDeepAgent({
  model: parent,
  subagents: [
    { name: "iso", description: "isolated", middleware: [probe("iso")],
      model: new ScriptedModel({ script: [say("done")] }) },
    { name: "fk", description: "declarative fork", mode: "fork",
      middleware: [probe("fk")], model: new ScriptedModel({ script: [say("done")] }) },
    { name: "cfk", description: "runnable fork", mode: "fork", runnable: compiled },
  ],
});
export const request = {
  messages: [{ role: "user", content: "summarise the notes three ways" }],
};
export const final = await agent.invoke(request);

for (const [name, state] of Object.entries(firstState)) {
  console.log(`${name}: ${FLAG} = ${state[FLAG]}`);
}
const first = firstState.fk.messages.map((message) => `'${message.type}'`);
console.log(`fk's first messages: [${first.join(", ")}]`);
