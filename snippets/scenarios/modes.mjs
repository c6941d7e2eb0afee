// Which `mode` a sub-agent spec may carry: deepagents checks it while it
// assembles the agent.
import { createDeepAgent } from "deepagents";

import { ScriptedModel } from "./scripted_model.mjs";

for (const mode of ["isolated", "fork", "handoff", "forked"]) {
  const model = new ScriptedModel({ script: [] }); // no model is called here
  const helper = { name: "a1", description: "a helper", mode, model };
  try {
    createDeepAgent({ model: new ScriptedModel({ script: [] }), subagents: [helper] });
    console.log(`${mode}: accepted`);
  } catch (error) {
    console.log(`${mode}: ${error.message}`);
  }
}
