// npm deepagents as a scenario sees it while snippets/js/measure.mjs measures under a reader's parent or child
// setup (DEEPAGENTS_JS_SETUPS parent=... or child=...): every export as it is, and createDeepAgent with its
// parameters rewritten as the setup says (measure.mjs sets the rewrite; resolve_hook.mjs gives a scenario
// imported under a setup this module for "deepagents"). The scenario files stay as readers copy them.
export * from "deepagents";
import { createDeepAgent as asIs } from "deepagents";

const REWRITE = Symbol.for("subagent-depth-docs.rewrite");

export function createDeepAgent(params) {
  return asIs(globalThis[REWRITE]?.(params) ?? params);
}
