// A limit for one declared sub-agent: a modelCallLimitMiddleware in its spec.
import { createDeepAgent } from "deepagents";
import { modelCallLimitMiddleware, tool } from "langchain";
import { z } from "zod";

import { ScriptedModel, call, delegate, say } from "./scripted_model.mjs";

const search = tool(async () => "nothing new", {
  name: "search",
  description: "Search the notes.",
  schema: z.object({ query: z.string() }),
});

// A searcher that would search forever, allowed 3 model calls per run.
export const searches = new ScriptedModel({
  script: Array.from({ length: 50 }, (_, n) =>
    call("search", `s${n}`, { query: "more" })),
});
// --8<-- [start:spec]
export const searcher = {
  name: "searcher",
  description: "searches",
  model: searches,
  tools: [search],
  middleware: [modelCallLimitMiddleware({ runLimit: 3, exitBehavior: "end" })],
};
// --8<-- [end:spec]
const parent = new ScriptedModel({
  script: [delegate("searcher", "find everything"), say("parent done")],
});
const agent = createDeepAgent({ model: parent, subagents: [searcher] });

const request = { messages: [{ role: "user", content: "find everything" }] };
export const { messages } = await agent.invoke(request);
console.log("the searcher's model calls:", searches.seen.length);
console.log("the parent got:", messages.at(-2).content);
console.log("and answered:", messages.at(-1).content);
