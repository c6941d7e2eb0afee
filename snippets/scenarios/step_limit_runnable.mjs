// A step limit for one sub-agent, and what the parent gets back when the
// sub-agent hits it.
import { RunnableLambda } from "@langchain/core/runnables";
import { GraphRecursionError } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { ToolMessage, createMiddleware, tool } from "langchain";
import { z } from "zod";

import { ScriptedModel, call, delegate, say } from "./scripted_model.mjs";

const search = tool(async () => "nothing new", {
  name: "search",
  description: "Search the notes.",
  schema: z.object({ query: z.string() }),
});

export function build(...parentMiddleware) {
  // A sub-agent that never stops searching, capped at 8 graph steps of its own.
  const script = Array.from({ length: 50 }, (_, n) =>
    call("search", `s${n}`, { query: "more" }));
  const model = new ScriptedModel({ script });
  const searcher = createDeepAgent({ model, tools: [search] });
  // --8<-- [start:limit]
  // `task` invokes a sub-agent with the parent's config, whose recursionLimit
  // wins over one bound with withConfig(): set the limit on the call itself.
  const capped = RunnableLambda.from((state, config) =>
    searcher.invoke(state, { ...config, recursionLimit: 8 }));
  // --8<-- [end:limit]
  const parent = new ScriptedModel({
    script: [delegate("searcher", "find everything"), say("parent done")],
  });
  const agent = createDeepAgent({
    model: parent,
    middleware: parentMiddleware,
    subagents: [{ name: "searcher", description: "searches", runnable: capped }],
  });
  return [agent, model];
}

// Turn a sub-agent's exhausted step limit into a tool result the parent's model
// can read.
// --8<-- [start:report]
export const reportStepLimit = createMiddleware({
  name: "reportStepLimit",
  wrapToolCall: async (request, handler) => {
    try {
      return await handler(request);
    } catch (error) {
      if (!(error instanceof GraphRecursionError)) throw error;
      return new ToolMessage({ content: "The sub-agent hit its step limit.",
        tool_call_id: request.toolCall.id, status: "error" });
    }
  },
});
// --8<-- [end:report]

export const request = { messages: [{ role: "user", content: "find everything" }] };
// what every deep agent gets unless told otherwise
export const ownLimit = build()[0].graph.config?.recursionLimit;
console.log("a deep agent's own step limit:", ownLimit);
const [agent, searches] = build();
export let raised;
try {
  await agent.invoke(request);
} catch (error) {
  raised = error;
  console.log("without a handler, the parent's invoke raises:", error.name);
}
export const searcherCalls = searches.seen.length;
console.log("model calls the searcher made within 8 steps:", searcherCalls);
export const { messages } = await build(reportStepLimit)[0].invoke(request);
console.log("with reportStepLimit, the parent got:", messages.at(-2).content);
console.log("and answered:", messages.at(-1).content);
