// npm deepagents as a scenario sees it while snippets/js/measure.mjs measures under a reader's parent or child
// setup (DEEPAGENTS_JS_SETUPS parent=... or child=...): every export as it is, and createDeepAgent with its
// parameters rewritten as the setup says and its runs answered so (a human's approval: measure.mjs sets both;
// resolve_hook.mjs gives a scenario imported under a setup this module for "deepagents"). The scenario files
// stay as readers copy them.
export * from "deepagents";
import { createDeepAgent as asIs } from "deepagents";

const REWRITE = Symbol.for("subagent-depth-docs.rewrite"); // what the setup adds to the parameters
const MADE = Symbol.for("subagent-depth-docs.made"); // and to the agent made (how its runs are answered)

export function createDeepAgent(params) {
  const made = asIs(globalThis[REWRITE]?.(params) ?? params);
  return globalThis[MADE]?.(made, params) ?? made;
}
