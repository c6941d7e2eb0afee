// Measure what npm deepagents does, section by section: the JavaScript twin of the
// experiments in snippets/<section>.py.
//
//   node snippets/js/measure.mjs <section> [<section> ...]      (or: all)
//   node snippets/js/measure.mjs --keep-going all   (a section that fails is noted under
//                                                    "failed", the others are measured)
//
// No list of sections here: each is declared once, where it is measured
// (`section("refusal", measureRefusal)`), and snippets/js.py names those it wants: the
// sections of snippets/registry.py whose scenarios have a .mjs twin. `all`: every one declared.
//
// Each section imports its scenarios (snippets/scenarios/<name>.mjs, the examples a
// reader copies), records what each printed with console.log, measures the facts its
// Python experiment measures, and the whole run prints ONE JSON object on stdout:
//   {"versions": {...}, "deepagents_dir": "...", "<section>": {..., "printed": {...}}}
// A value JavaScript has no equivalent for is null, with the reason under "notes".
// A failure exits 1 with one line on stderr naming the section and what was looked for.
//
// DEEPAGENTS_JS_SETUPS=<setup>,... measures the sections once more under each of these setups of a
// reader's (snippets/setups.py), all in this process, each scenario imported anew under each:
//   model=<key>|<key>|...  every ScriptedModel reports the first key as its model name, from which npm
//                          deepagents picks a harness profile. The keys are one family: Python deepagents
//                          gives them equal profiles, and so must npm deepagents, or the run fails naming
//                          the two that differ.
//   args=<kind>            every `task` call a child's model makes (a model called inside another agent's
//                          tool) sends malformed arguments instead: unknown-key (an invented key beside the
//                          two the schema defines) or no-description.
//   parent=<what>          every deep agent made with sub-agents carries what a reader's parent may:
//                          own-tool, own-middleware (one that adds a tool), async-subagent, or
//                          interrupt-task (a human approves each `task` call: its outermost run is
//                          resumed, every call approved, until it ends).
//   child=<key>            every declarative child sets that key of its spec too (system-prompt, skills,
//                          interrupt-on, permissions, response-format), where deepagents' own check of a
//                          spec allows it there (skills on a fork child: it refuses).
// A parent or child setup reaches the scenarios through deepagents_under.mjs (resolve_hook.mjs).
// The JSON object then holds {"setups": {<setup id>: {<section>: ...}}} (a model setup's id names its
// first key: model=<key>).
//
// DEEPAGENTS_JS_DIR=<folder> measures another copy of deepagents: a patched copy at
// <folder>/node_modules/deepagents (mutation testing), or a whole install of another
// release with its own LangChain packages (see resolve_hook.mjs).
import { readFileSync, readdirSync } from "node:fs";
import { register } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format } from "node:util";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "..", "..");
const SCENARIOS = join(ROOT, "snippets", "scenarios");
const RECIPES = ["choose", "delegate_on_purpose", "never_nest", "depth_limit", "step_limit",
  "step_limit_runnable", "no_task"];
const PACKAGES = ["deepagents", "@langchain/core", "@langchain/langgraph",
  "@langchain/langgraph-checkpoint", "@langchain/langgraph-sdk", "langchain",
  "langsmith", "zod"];

class Failure extends Error {} // an expected failure: one line, naming the section

const MEASURES = new Map(); // section name -> its measurement, in the order declared
const section = (name, measure) => { MEASURES.set(name, measure); };

const fail = (section, what) => { throw new Failure(`section '${section}': ${what}`); };

function expect(condition, section, lookedFor) {
  if (!condition) {
    fail(section, `looked for ${lookedFor}, and deepagents ${versionOf("deepagents")} ` +
      "did not show it");
  }
}

// --- loading deepagents (or a copy of it) -------------------------------------------

// Run as a command (not imported by tools/measure_copies.mjs, which measures many copies in one
// process: it imports this module once per copy, as `measure.mjs?copy=<folder>`).
const COMMAND = import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href;

// A parent or child setup rewrites what the scenarios hand createDeepAgent: the hook gives a scenario imported
// under a setup (`?setup=...`) deepagents_under.mjs for "deepagents".
const REWRITING = /(^|,)(parent|child)=/.test(process.env.DEEPAGENTS_JS_SETUPS ?? "");
if (COMMAND && (process.env.DEEPAGENTS_JS_DIR || REWRITING)) {
  const dir = process.env.DEEPAGENTS_JS_DIR ? resolve(process.env.DEEPAGENTS_JS_DIR) : null;
  register("./resolve_hook.mjs", import.meta.url, { data: { dir, root: ROOT } });
}

function packageDir(name) {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (manifest.name === name) return { dir, version: manifest.version };
    } catch { /* no package.json here: go up */ }
    if (dirname(dir) === dir) throw new Error(`no package.json for ${name}`);
    dir = dirname(dir);
  }
}

const versionOf = (name) => { try { return packageDir(name).version; } catch { return null; } };

const { createDeepAgent: createDeepAgentAsIs, createSubAgentMiddleware, createFilesystemMiddleware,
  getHarnessProfile, serializeProfile } = await import("deepagents");
const { createAgent, createMiddleware, tool } = await import("langchain");
const { z } = await import("zod");
const REWRITE = Symbol.for("subagent-depth-docs.rewrite"); // deepagents_under.mjs reads both
const MADE = Symbol.for("subagent-depth-docs.made");
/** createDeepAgent as the experiments call it: under a parent or child setup, with what the setup adds to its
 * parameters (REWRITE) and to the agent made (MADE: how its runs are answered). */
const createDeepAgent = (params) => {
  const made = createDeepAgentAsIs(globalThis[REWRITE]?.(params) ?? params);
  return globalThis[MADE]?.(made, params) ?? made;
};
const { Command, MemorySaver, GraphRecursionError, getConfig } = await import("@langchain/langgraph");
const { AIMessage } = await import("@langchain/core/messages");
const { BaseCallbackHandler } = await import("@langchain/core/callbacks/base");
const { ScriptedModel, delegate, say, call } =
  await import(pathToFileURL(join(SCENARIOS, "scripted_model.mjs")).href);

// --- reading the installed deepagents source (dist/*.js) ----------------------------

const DIST = join(packageDir("deepagents").dir, "dist");
const SOURCES = readdirSync(DIST).filter((name) => /^[^.]+(-[\w-]+)?\.js$/.test(name))
  .map((name) => ({ name, text: readFileSync(join(DIST, name), "utf8") }));

/** "dist/<file>:<line>" of the first line matching `pattern`, or null. */
function where(pattern) {
  for (const { name, text } of SOURCES) {
    const lines = text.split("\n");
    const at = lines.findIndex((line) => pattern.test(line));
    if (at >= 0) return `dist/${name}:${at + 1}`;
  }
  return null;
}

/** The string constant `const NAME = "..."` of the source, or null. */
function constant(name) {
  const pattern = new RegExp(`\\bconst ${name} = ("(?:[^"\\\\]|\\\\.)*");`);
  for (const { text } of SOURCES) {
    const found = text.match(pattern);
    if (found) return JSON.parse(found[1]);
  }
  return null;
}

/** The array constant `const NAME = [...]` (strings, constants, spreads), or null. */
function constantArray(name) {
  const pattern = new RegExp(`\\bconst ${name} = \\[([^\\]]*)\\];`);
  for (const { text } of SOURCES) {
    const found = text.match(pattern);
    if (!found) continue;
    return found[1].split(",").map((item) => item.trim()).filter(Boolean).flatMap((item) => {
      if (item.startsWith('"')) return [JSON.parse(item)];
      if (item.startsWith("...")) return constantArray(item.slice(3)) ?? [];
      return [constant(item) ?? item];
    });
  }
  return null;
}

/** The sentence of a source comment that contains `phrase`, or null. */
function sourceNote(phrase) {
  for (const { text } of SOURCES) {
    const comments = [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map(([c]) => c
      .replace(/^\/\*+|\*+\/$|^\/\//g, "").split("\n")
      .map((line) => line.replace(/^\s*\*?\s?/, "")).join(" ").replace(/\s+/g, " ").trim());
    for (const comment of comments) {
      const sentences = comment.split(/(?<=[.!?])\s+(?=[A-Z`(])/);
      const found = sentences.find((sentence) => sentence.includes(phrase));
      if (found) return found;
    }
  }
  return null;
}

// --- running scenarios as a reader would, capturing what they print ------------------

const scenarios = new Map(); // name -> {module, printed}
let under = null; // the setup being measured under (DEEPAGENTS_JS_SETUPS): {id, model?, args?, rewrite?}

async function capture(work) {
  const printed = [];
  const saved = { log: console.log, info: console.info, write: process.stdout.write };
  console.log = console.info = (...args) => { printed.push(`${format(...args)}\n`); };
  process.stdout.write = (chunk) => { printed.push(String(chunk)); return true; };
  try {
    return { value: await work(), printed: printed.join("") };
  } finally {
    Object.assign(console, { log: saved.log, info: saved.info });
    process.stdout.write = saved.write;
  }
}

async function scenario(name, section) {
  if (!scenarios.has(name)) {
    const url = pathToFileURL(join(SCENARIOS, `${name}.mjs`)).href +
      (under ? `?setup=${encodeURIComponent(under.id)}` : ""); // run anew under each setup
    try {
      const { value, printed } = await capture(() => import(url));
      scenarios.set(name, { module: value, printed });
    } catch (error) {
      const message = String(error?.message ?? error).split("\n")[0];
      fail(section, `scenario snippets/scenarios/${name}.mjs threw ` +
        `${error?.name ?? "an error"}: ${message}`);
    }
  }
  return scenarios.get(name);
}

// --- small helpers shared by the sections ---------------------------------------------

const user = (content) => ({ messages: [{ role: "user", content }] });
const names = (tools) => tools.map((tool) => tool.name);
// How deep below the parent the agent that streamed a message ran (the parent is 0), from the event's
// metadata: its checkpoint namespace has one entry per graph, down to the sending node's own. The stream's
// namespace kept that last entry before @langchain/langgraph 1.7 and leaves it out since (as Python does).
const depthOf = (metadata) => (metadata.langgraph_checkpoint_ns ?? metadata.checkpoint_ns).split("|").length - 1;

function watch(record, agent) { // harness-side: the tools an agent's model is offered
  return createMiddleware({
    name: "harness_watch",
    wrapModelCall: (request, handler) => {
      record[agent] ??= request.tools; // its first call (a fork inherits the parent's)
      return handler(request);
    },
  });
}

async function streamed(agent, input, config = {}) {
  const events = [];
  const options = { ...config, streamMode: "messages", subgraphs: true };
  for await (const event of await agent.stream(input, options)) events.push(event);
  return events;
}

/** Assemble a parent with these children: {error, warnings} (nothing is invoked). */
async function assemble(...specs) {
  const warnings = [];
  const warn = console.warn;
  const onWarning = (warning) => warnings.push(String(warning?.message ?? warning));
  console.warn = (...args) => warnings.push(format(...args));
  process.on("warning", onWarning);
  let error = null;
  try {
    createDeepAgent({ model: new ScriptedModel({ script: [] }), subagents: specs });
  } catch (caught) {
    error = caught.message;
  } finally {
    console.warn = warn;
  }
  await new Promise((done) => setImmediate(done)); // process warnings arrive on a tick
  process.off("warning", onWarning);
  return { error, warnings };
}

const child = (name, extra = {}) =>
  ({ name, description: "helper", model: new ScriptedModel({ script: [] }), ...extra });

/** The sub-agents a `task` description lists: its "- name: ..." lines up to a blank line. */
function listed(description) {
  const lines = (description ?? "").split("\n").map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith("- "));
  if (start < 0) return [];
  const end = lines.indexOf("", start);
  return lines.slice(start, end < 0 ? undefined : end)
    .filter((line) => line.startsWith("- ") && line.includes(":"))
    .map((line) => line.slice(2).split(":")[0]);
}

function surface(agent, tools) {
  const task = tools.find((tool) => tool.name === "task");
  const list = names(tools);
  const at = list.indexOf("task");
  return { agent, tools: list, task_description: task?.description ?? null,
    has_task: at >= 0, task_index: at >= 0 ? at : null };
}

function flagFacts() { // what the flag is called and how the source declares and sets it
  const key = constant("FORKED_CONTEXT_KEY");
  const setter = key && where(/beforeAgent: \(\) => \(\{ \[FORKED_CONTEXT_KEY\]: true \}\)/);
  return {
    name: key,
    kind: key ? "state key" : null,
    declared_at: where(/z\.object\(\{ \[FORKED_CONTEXT_KEY\]: z\.boolean\(\)/),
    set_by: setter ? "the fork child's own beforeAgent hook (forkTaskToolMiddleware)" : null,
    set_at: setter,
    checked_at: where(/if \(currentState\[FORKED_CONTEXT_KEY\]\) return FORK_RECURSION_REFUSAL/),
  };
}

// --- section 1: modes -----------------------------------------------------------------

section("modes", measureModes);

const CANDIDATES = [null, "isolated", "fork", "handoff", "forked", "shared", "inherit"];

async function tryMode(mode) {
  const offered = {};
  const spec = { name: "a1", description: "helper", middleware: [watch(offered, "a1")],
    model: new ScriptedModel({ script: [say("done")] }), ...(mode === null ? {} : { mode }) };
  const { error } = await assemble(spec);
  if (error) return { mode, accepted: false, error, child_tools: null };
  const parent = new ScriptedModel({ script: [delegate("a1", "say done"), say("ok")] });
  await createDeepAgent({ model: parent, subagents: [spec] }).invoke(user("delegate to a1"));
  return { mode, accepted: true, error: null, child_tools: names(offered.a1 ?? []) };
}

async function unknownSubagent() { // the parent (no fork) calls a sub-agent that does not exist
  const parent = new ScriptedModel({ script: [delegate("ghost", "do it"), say("parent done")] });
  const agent = createDeepAgent({ model: parent, subagents: [child("iso")] });
  try {
    const { messages } = await agent.invoke(user("delegate to ghost"));
    const result = messages.find((message) => message.type === "tool");
    return { raised: null, tool_result: result?.content ?? null,
      parent_finished: messages.at(-1)?.text === "parent done" };
  } catch (error) {
    const root = rootCause(error);
    return { raised: error.name, root_error: root.message, tool_result: null,
      parent_finished: false, thrown_at: where(/throw new Error\(`Error: invoked agent of type/) };
  }
}

const NO_PROMPT_ANSWER = "the child answered without a prompt"; // as snippets/modes.py

async function withoutSystemPrompt() { // the parent delegates once to an isolated spec without `systemPrompt`
  const spec = { name: "np", description: "helper", model: new ScriptedModel({ script: [say(NO_PROMPT_ANSWER)] }) };
  const parent = new ScriptedModel({ script: [delegate("np", "answer"), say("parent done")] });
  try {
    const { messages } = await createDeepAgent({ model: parent, subagents: [spec] }).invoke(user("delegate to np"));
    return messages.find((message) => message.type === "tool")?.content ?? null;
  } catch (error) {
    return `${error.name}: ${error.message}`;
  }
}

function rootCause(error) {
  let root = error;
  while (root?.cause) root = root.cause;
  return root;
}

async function measureModes(section) {
  const shown = await scenario("modes", section);
  const outcomes = [];
  for (const mode of CANDIDATES) outcomes.push(await tryMode(mode));
  const skillsOnFork = await assemble(child("a1", { mode: "fork", skills: ["/skills/"] }));
  const skillsOnIsolated = await assemble(child("a1", { skills: ["/skills/"] }));
  const fork = await assemble(child("a1", { mode: "fork" }));
  const isolated = await assemble(child("a1"));
  return {
    outcomes,
    fork_skills_error: skillsOnFork.error,
    isolated_skills_accepted: skillsOnIsolated.error === null,
    duplicate_name_error_isolated: (await assemble(child("a1"), child("a1"))).error,
    duplicate_name_error_fork:
      (await assemble(child("a1", { mode: "fork" }), child("a1", { mode: "fork" }))).error,
    fork_warnings: fork.warnings,
    isolated_warnings: isolated.warnings,
    unknown_subagent: await unknownSubagent(),
    no_prompt_result: await withoutSystemPrompt(),
    flag: flagFacts(),
    names_reason: sourceNote("purely by name"),
    printed: { modes: shown.printed },
    notes: {
      names_reason: "null: the npm source gives no reason beside its duplicate-name check",
      fork_warnings: "console.warn and process warnings while attaching one fork; npm " +
        "deepagents has no beta warning",
    },
  };
}

// --- section 2: tool_surfaces ---------------------------------------------------------

section("tool_surfaces", measureToolSurfaces);

async function measureToolSurfaces(section) {
  const run = await scenario("tool_surfaces", section);
  const { offered } = run.module;
  const agents = Object.keys(offered ?? {}).sort().join(",");
  expect(agents === "compiled,fk,iso,parent", section,
    "a model call by the parent and by each of its three children");
  const parent = surface("parent", offered.parent);
  const holding = Object.values(offered).map((tools) => surface("", tools))
    .filter((s) => s.has_task);
  return {
    parent,
    isolated: surface("iso", offered.iso),
    fork: surface("fk", offered.fk),
    runnable: surface("compiled", offered.compiled),
    listed: listed(parent.task_description),
    filesystem: names(createFilesystemMiddleware().tools), // the tools its filesystem middleware offers
    general_purpose: await offeredToGeneralPurpose(),
    general_purpose_everywhere: holding.length > 0 &&
      holding.every((s) => listed(s.task_description).includes("general-purpose")),
    printed: { tool_surfaces: run.printed },
  };
}

// The tools the parent's model is offered and those the general-purpose sub-agent's model is, under a parent
// with a tool of its own, a middleware that adds one and a declared sub-agent (snippets/tool_surfaces.py
// offered_to_general_purpose): the general-purpose sub-agent has the parent's model, whose three bindings
// (parent, general-purpose, parent) are recorded.
async function offeredToGeneralPurpose() {
  const bound = [];
  class Recording extends ScriptedModel {
    bindTools(tools, kwargs = {}) {
      bound.push(tools.map((t) => t.name ?? t.function?.name ?? null));
      return super.bindTools(tools, kwargs);
    }
  }
  const schema = z.object({});
  const parentTool = tool(() => "", { name: "parent tool", description: "A tool the parent is given.", schema });
  const middlewareTool = tool(() => "", { name: "middleware tool", description: "A tool the parent's middleware adds.", schema });
  const model = new Recording({ script: [delegate("general-purpose", "go"), say("general-purpose done"), say("parent done")] });
  const helper = { name: "helper", description: "a helper", model: new ScriptedModel({ script: [say("never")] }) };
  await createDeepAgent({
    model, tools: [parentTool], subagents: [helper],
    middleware: [createMiddleware({ name: "Adds", tools: [middlewareTool] })],
  }).invoke(user("go"));
  // two calls: no general-purpose sub-agent ran (the parent answered after its `task` call): it was offered nothing
  return { parent: bound[0], "general-purpose": bound.length === 3 ? bound[1] : null };
}

// --- section 3: why_kept ---------------------------------------------------------------

section("why_kept", measureWhyKept);

const NOTES = {
  "call time": "instead of omitting the tool",
  "tool order": "same order",
  tests: "Tests assert that tool order",
  cache: "cache hits",
  "cache reuse": "prompt-cache reuse",
  "graph shape": "same graph shape",
};

async function measureWhyKept(section) {
  const run = await scenario("why_kept", section);
  const { parent, fk } = run.module.offered ?? {};
  expect(parent && fk, section, "a model call by the parent and by its fork child");
  const positions = Array.from({ length: Math.max(parent.length, fk.length) }, (_, i) => ({
    parent: parent[i]?.name ?? "—", fork: fk[i]?.name ?? "—",
    same_description: Boolean(parent[i] && fk[i]) && parent[i].description === fk[i].description,
  }));
  let prefix = 0;
  while (prefix < positions.length && positions[prefix].parent === positions[prefix].fork &&
    positions[prefix].same_description) prefix += 1;
  const taskAt = (side) => {
    const at = positions.findIndex((p) => p[side] === "task");
    return at < 0 ? null : at;
  };
  return {
    positions,
    shared_prefix: prefix,
    same_surface: prefix === positions.length,
    task_position: { parent: taskAt("parent"), fork: taskAt("fork") },
    notes_in_source: Object.fromEntries(Object.entries(NOTES)
      .map(([key, phrase]) => [key, sourceNote(phrase)])),
    mirrored_task_at: where(/mirroredTaskTool: tool\(runTask/),
    inserted_after_filesystem_at:
      where(/splice\(fsIndex \+ 1, 0, createForkTaskToolMiddleware/),
    printed: { why_kept: run.printed },
    notes: {
      notes_in_source: "the Python experiment quotes comments of deepagents' source; the " +
        "npm dist keeps its comments, none of them with these phrases is null",
      middleware_doc: "null: the npm source has no docstring for the fork's task middleware",
    },
    middleware_doc: null,
  };
}

// --- section 4: refusal ----------------------------------------------------------------

section("refusal", async (section) => ({ ...await measureRefusal(section), docs_example_call: await docsExampleCall() }));

// deepagents' docs write a call of the general-purpose sub-agent as `task(name="general-purpose", task="...")`
// (snippets/refusal.py DOCS_EXAMPLE_CALL). [what the call got back, whether as a tool error, whether a sub-agent
// ran: the general-purpose sub-agent has the parent's model, it would be the model's second call of three]
async function docsExampleCall() {
  const args = { name: "general-purpose", task: "Research quantum computing trends" };
  const model = new ScriptedModel({ script: [call("task", "call", args), say("general-purpose done"), say("parent done")] });
  const helper = { name: "helper", description: "a helper", model: new ScriptedModel({ script: [say("never")] }) };
  await createDeepAgent({ model, subagents: [helper] }).invoke(user("research"));
  const got = (model.seen.at(-1) ?? []).filter((message) => message.type === "tool");
  expect(got.length === 1, "refusal", "one tool result for the `task` call written as deepagents' docs write it");
  return [got[0].text, got[0].status === "error", model.seen.length === 3];
}

async function measureRefusal(section) {
  const run = await scenario("refusal", section);
  const { events, forkChild, parent } = run.module;
  const lastCall = forkChild.seen.at(-1) ?? [];
  const results = lastCall.filter((message) => message.type === "tool");
  expect(results.length === 2, section, "two tool results in the fork child's conversation");
  const text = results[0].text;
  const source = constant("FORK_RECURSION_REFUSAL");
  const top = events.filter(([, [, metadata]]) => depthOf(metadata) === 0);
  const parentSide = [...parent.seen.flat(), ...top.map(([, [message]]) => message)];
  const answers = top.map(([, [message]]) => message).filter((message) => message.type === "ai");
  return {
    text,
    length: text.length,
    message_type: results[0].constructor.name,
    status: results[0].status ?? null,
    refusals_received: results.length,
    identical: new Set(results.map((message) => message.text)).size === 1,
    matches_source: source !== null && text === source,
    source_at: where(/const FORK_RECURSION_REFUSAL = /),
    missing_agent_refused_the_same: results[1].text === text,
    child_rounds: forkChild.seen.length,
    child_messages: lastCall.filter((message) => message.type !== "system").length + 1,
    grandchild_ran: events.some(([, [, metadata]]) => metadata.lc_agent_name === "iso"),
    streamed_to: events
      .filter(([, [message]]) => message.type === "tool" && message.text === text)
      .map(([, [, metadata]]) => [metadata.lc_agent_name ?? null, depthOf(metadata)]),
    on_parent_side: parentSide.filter((message) => String(message.text).includes(text)).length,
    parent_finished: answers.at(-1)?.text === "parent done",
    parent_result_streamed: top.some(([, [message]]) => message.type === "tool"),
    printed: { refusal: run.printed },
    notes: {
      depth: "read from the checkpoint namespace in the event's metadata: one entry per graph, " +
        "down to the node that sent the message; depth is its length minus one (the parent is 0)",
      parent_result_streamed: "whether the parent's own task result reaches a " +
        "stream(streamMode: messages) caller",
    },
  };
}

// --- section 5: flag ---------------------------------------------------------------------

section("flag", measureFlag);

/** Each child's state keys (with a value) at its first model call, read from a checkpointer. */
async function childStates() {
  const saver = new MemorySaver();
  const namespaces = {}; // agent -> its checkpoint namespace
  const note = (agent) => createMiddleware({
    name: "harness_namespace",
    beforeModel: () => { namespaces[agent] ??= getConfig()?.configurable?.checkpoint_ns; },
  });
  const offered = {};
  const compiled = createDeepAgent({ model: new ScriptedModel({ script: [say("done")] }),
    middleware: [note("cfk")] });
  const task = "summarise the notes";
  const parent = new ScriptedModel({ script: [delegate("iso", task, "c1"),
    delegate("fk", task, "c2"), delegate("cfk", task, "c3"), say("done")] });
  const agent = createDeepAgent({ model: parent, checkpointer: saver,
    middleware: [watch(offered, "parent")], subagents: [
      { name: "iso", description: "isolated", middleware: [note("iso")],
        model: new ScriptedModel({ script: [say("done")] }) },
      { name: "fk", description: "declarative fork", mode: "fork", middleware: [note("fk")],
        model: new ScriptedModel({ script: [say("done")] }) },
      { name: "cfk", description: "runnable fork", mode: "fork", runnable: compiled },
    ] });
  const thread = { configurable: { thread_id: "flag" } };
  await agent.invoke(user("summarise the notes three ways"), thread);
  // This run names its thread, so under a parent whose `task` calls a human approves, it answers them itself.
  for (let resume; (resume = await approvals(agent, thread));) await agent.invoke(resume, thread);
  const all = [];
  for await (const tuple of saver.list(thread)) all.push(tuple);
  all.reverse(); // oldest first
  const keys = (values) => Object.entries(values)
    .filter(([key, value]) => value !== undefined && !key.startsWith("__") &&
      !key.startsWith("branch:")).map(([key]) => key).sort();
  const flag = constant("FORKED_CONTEXT_KEY") ?? "_deepagentsForkedContext";
  const states = {};
  for (const [name, namespace] of Object.entries(namespaces)) {
    const own = all.filter((t) => namespace?.startsWith(t.config.configurable.checkpoint_ns) &&
      t.config.configurable.checkpoint_ns !== "");
    const beforeModel = own.find((t) => "branch:to:model_request" in t.checkpoint.channel_values);
    const firstWithFlag = own.findIndex((t) => t.checkpoint.channel_values[flag] !== undefined);
    const setter = firstWithFlag > 0 ? Object.keys(own[firstWithFlag - 1].checkpoint.channel_values)
      .find((key) => key.startsWith("branch:to:"))?.slice("branch:to:".length) : null;
    states[name] = {
      keys: beforeModel ? keys(beforeModel.checkpoint.channel_values) : null,
      flag_on_input: own[0]?.checkpoint.channel_values[flag] === true,
      flag_set_by_node: setter ?? null,
    };
  }
  const parentHasFlag = all.some((t) => t.config.configurable.checkpoint_ns === "" &&
    t.checkpoint.channel_values[flag] !== undefined);
  return { states, parentHasFlag, listing: surface("parent", offered.parent ?? []) };
}

function suffixOf(listing, head, following) {
  const start = listing.indexOf(head);
  const end = following ? listing.indexOf(`\n- ${following}:`, start)
    : listing.indexOf("\n\n", start);
  return start >= 0 && end > start ? listing.slice(start + head.length, end) : null;
}

async function measureFlag(section) {
  const run = await scenario("flag", section);
  const { firstState, task, parent, request, final, FLAG } = run.module;
  const forms = { iso: "isolated", fk: "declarative fork", cfk: "runnable fork" };
  expect(Object.keys(firstState).sort().join() === "cfk,fk,iso", section,
    "a first model call by each of the three children");
  const messages = firstState.fk.messages;
  const carrying = messages.map((m, i) => (m.type === "human" && m.text.endsWith(task) ? i : -1))
    .filter((i) => i >= 0);
  expect(carrying.length > 0, section, "a message of the declarative fork that ends with its task");
  const at = carrying.at(-1);
  const preamble = messages[at].text.slice(0, -task.length);
  const parentSaw = (parent.seen[1] ?? []).filter((m) => m.type !== "system")
    .map((m) => [m.type, m.text]);
  const inherited = messages.slice(0, at).map((m) => [m.type, m.text]);
  const firstHuman = messages.find((m) => m.type === "human");
  const runnableTask = firstState.cfk.messages.at(-1)?.text;
  const { states, parentHasFlag, listing } = await childStates();
  const surfaces = await measureToolSurfaces("flag");
  const suffixes = listed(listing.task_description);
  const next = (name, list) => list[list.indexOf(name) + 1];
  const excluded = constantArray("EXCLUDED_STATE_KEYS");
  return {
    flag: flagFacts(),
    children: Object.entries(forms).map(([agent, form]) => ({
      agent, form, keys: states[agent]?.keys ?? null, flag: firstState[agent][FLAG] ?? null,
      flag_on_input: states[agent]?.flag_on_input ?? null, // in the state task hands it
      flag_set_by_node: states[agent]?.flag_set_by_node ?? null })),
    reaches_parent: FLAG in final || parentHasFlag,
    excluded_from_updates: excluded ? excluded.includes(FLAG) : null,
    excluded_from_fork_input: (constantArray("FORK_EXCLUDED_STATE_KEYS") ?? []).includes(FLAG),
    kept_on_input: null,
    kept_on_output: null,
    first_messages: messages.map((m) => m.type),
    preamble,
    preamble_length: preamble.length,
    preamble_matches_source: preamble === constant("FORK_TASK_PREAMBLE"),
    preamble_message: at,
    inherited_is_parents: JSON.stringify(inherited) === JSON.stringify(parentSaw),
    first_human_starts_with_preamble: Boolean(preamble) && firstHuman.text.startsWith(preamble),
    first_human_is_users: firstHuman.text === request.messages[0].content,
    runnable_fork_preamble: Boolean(preamble) && runnableTask === preamble + task,
    suffix: suffixOf(surfaces.parent.task_description ?? "", "- fk: a forked helper",
      next("fk", surfaces.listed)),
    runnable_fork_suffix: suffixOf(listing.task_description ?? "", "- cfk: runnable fork",
      next("cfk", suffixes)),
    declared_by: states.fk?.flag_set_by_node ? [states.fk.flag_set_by_node.split(".")[0]] : [],
    declarer_doc: null,
    why_declared: null,
    printed: { flag: run.printed },
    notes: {
      keys: "state keys holding a value at the child's checkpoint before its first " +
        "model call (a harness run of the same three children with a MemorySaver): a JS " +
        "middleware hook sees only the keys its own stateSchema declares",
      kept_on_input: "null: Python declares the flag with OmitFromSchema; npm declares it " +
        "in forkTaskToolMiddleware's zod stateSchema, private by its leading underscore",
      kept_on_output: "null: as kept_on_input",
      declarer_doc: "null: the npm source has no docstring for forkTaskToolMiddleware",
      why_declared: "null: the npm source gives no reason for declaring the key",
    },
  };
}

// --- section 6: gap ----------------------------------------------------------------------

section("gap", measureGap);

/** A child that holds a sub-agent middleware of its own (isolated or fork) calls `task`. */
async function middlewareChain(mode) {
  const inner = createSubAgentMiddleware({
    defaultModel: new ScriptedModel({ script: [] }), defaultTools: [],
    generalPurposeAgent: false,
    subagents: [{ name: "gc", description: "digs deeper",
      model: new ScriptedModel({ script: [say("grandchild dug deeper")] }) }],
  });
  const model = new ScriptedModel({ script: [delegate("gc", "dig deeper"), say("done")] });
  const spec = { name: "child", description: "a helper", model, middleware: [inner],
    ...(mode ? { mode } : {}) };
  const parent = new ScriptedModel({
    script: [delegate("child", "go deeper"), say("parent done")] });
  try {
    const agent = createDeepAgent({ model: parent, subagents: [spec] });
    const events = await streamed(agent, user("go as deep as you can"));
    const got = (model.seen.at(-1) ?? []).filter((m) => m.type === "tool").map((m) => m.text);
    return { form: `${mode ?? "isolated"} + createSubAgentMiddleware`, error: null,
      child_got: got[0] ?? null,
      grandchild_ran: events.some(([, [, meta]]) => meta.lc_agent_name === "gc") };
  } catch (error) {
    return { form: `${mode ?? "isolated"} + createSubAgentMiddleware`,
      error: rootCause(error).message, child_got: null, grandchild_ran: false };
  }
}

async function measureGap(section) {
  const run = await scenario("gap", section);
  const refusal = await measureRefusal("gap");
  const { seen, childModels } = run.module;
  const chains = Object.entries(seen).map(([form, events]) => {
    // What the child's model saw after its `task` call: the tool result it got.
    const got = (childModels[form]?.seen.at(-1) ?? []).filter((m) => m.type === "tool")
      .map((m) => m.text);
    const streamed = events.filter(([, [m, meta]]) => depthOf(meta) === 1 && m.type === "tool")
      .map(([, [m]]) => m.text);
    const grandchild = events.some(([, [, meta]]) => meta.lc_agent_name === "gc");
    return { form, child_got: got[0] ?? null, streamed_to_caller: streamed[0] ?? null,
      grandchild_ran: grandchild, refused: refusal.matches_source && got[0] === refusal.text };
  });
  expect(chains.length === 3, section, "the three forms of the child");
  const own = await scenario("own_delegation", section);
  for (const [form, events] of Object.entries(own.module.seen)) {
    const error = own.module.errors[form];
    const got = (own.module.children[form].model.seen.at(-1) ?? [])
      .filter((m) => m.type === "tool").map((m) => m.text);
    chains.push({ form, child_got: got[0] ?? null, streamed_to_caller: null,
      grandchild_ran: events.some(([, [, meta]]) => meta.lc_agent_name === "gc"),
      refused: refusal.matches_source && got[0] === refusal.text,
      error: error ? rootCause(error).message.split("\n")[0] : null });
  }
  expect(chains.length === 8, section, "the five forms of own_delegation's child");
  return {
    chains,
    middleware_chains: [await middlewareChain(null), await middlewareChain("fork")],
    why_no_flag: sourceNote("runnable is opaque"),
    printed: { gap: run.printed, own_delegation: own.printed },
    notes: {
      child_got: "the tool result the child's model saw for its task call",
      error: "own_delegation: the error a child's run ended with (a fork child holding " +
        "its own createSubAgentMiddleware), else null",
      streamed_to_caller: "that result as a stream(streamMode: messages) caller saw it: " +
        "null when not streamed (a completed task returns a Command, which JS does not " +
        "stream as a message)",
      why_no_flag: "null: the npm source gives no reason the runnable form gets no flag",
    },
  };
}

// --- section 7: guidance (the recipes) --------------------------------------------------

section("guidance", measureGuidance);

function handed(messages) {
  return { messages: messages.length,
    characters: messages.reduce((sum, m) => sum + m.text.length, 0),
    knows_the_conversation: messages.some((m) => m.text.includes("BLUE-HERON")) };
}

async function guarded(build, request) { // which agents' models ran under invoke
  const agents = new Set();
  const handler = BaseCallbackHandler.fromMethods({
    handleChatModelStart(_llm, _messages, _run, _parent, _extra, _tags, metadata) {
      agents.add(metadata?.lc_agent_name ?? "parent");
    },
  });
  const final = await build().invoke(request, { callbacks: [handler] });
  return [[...agents].sort(), final.messages.at(-1)?.text ?? null];
}

const DEPTH_LIMITS = [0, 1, 2, 3]; // depth_limit's chain has four levels below its top agent (snippets/guidance.py)

function levels(models) { // [the levels whose model ran, those whose task call got an error as its result]
  return [models.flatMap((model, n) => (model.seen.length ? [n] : [])),
    models.flatMap((model, n) => (model.seen[1]?.at(-1)?.status === "error" ? [n] : []))];
}

async function depthLimited(scenario) { // depth_limit's chain under each limit
  const runs = [];
  for (const limit of DEPTH_LIMITS) {
    const [top, models] = scenario.build(limit);
    const final = await top.invoke(user("dig as deep as you can"));
    runs.push([...levels(models), final.messages.at(-1)?.text ?? null]);
  }
  return { invoke: runs };
}

async function depthTopOnly(scenario) { // the guard (limit 1) in the top agent alone: the levels that ran
  const found = {};
  for (const kind of ["isolated", "runnable"]) {
    const models = [0, 1].map((n) => new ScriptedModel({
      script: [delegate(`level${n + 1}`, "dig"), say(`level ${n} done`)] }));
    models.push(new ScriptedModel({ script: [say("level 2 done")] }));
    const level2 = { name: "level2", description: "digs", model: models[2], tools: [] };
    const level1 = kind === "isolated"
      ? { name: "level1", description: "digs", model: models[1], middleware: [createSubAgentMiddleware(
        { defaultModel: models[1], subagents: [level2], generalPurposeAgent: false })] }
      : { name: "level1", description: "digs",
        runnable: createDeepAgent({ model: models[1], subagents: [level2] }) };
    const top = createDeepAgent({ model: models[0], subagents: [level1],
      middleware: [scenario.maxSubagentDepth(1)] });
    await top.invoke(user("dig as deep as you can"));
    found[kind] = levels(models)[0];
  }
  return found;
}

const TOOL_LIMITS = [1, 2, 3]; // snippets/guidance.py TOOL_LIMITS

// The guard in a top agent with a tool of its own, `consult`, that runs your own guarded deep agent `helper`;
// the top agent hands the work to `general-purpose`, whose model (the top agent's) calls `consult`; the helper
// delegates to its `leaf`. For each limit: [the agents that called consult, whether the helper ran, whether
// its task call got an error, whether the leaf ran] (snippets/guidance.py depth_through_a_tool).
async function depthThroughATool(scenario) {
  const runs = [];
  for (const limit of TOOL_LIMITS) {
    const guard = scenario.maxSubagentDepth(limit);
    const callers = [];
    const helperModel = new ScriptedModel({ script: [delegate("leaf", "dig"), say("helper done")] });
    const leafModel = new ScriptedModel({ script: [say("leaf done")] });
    const helper = createDeepAgent({ model: helperModel, middleware: [guard],
      subagents: [{ name: "leaf", description: "digs", model: leafModel, tools: [] }] });
    const consult = tool(async ({ question }, config) => {
      callers.push(config?.metadata?.lc_agent_name ?? null);
      return (await helper.invoke(user(question))).messages.at(-1)?.text ?? "";
    }, { name: "consult", description: "Ask the helper agent.", schema: z.object({ question: z.string() }) });
    const top = createDeepAgent({ model: new ScriptedModel({ script: [
      delegate("general-purpose", "consult the helper"), call("consult", "call", { question: "dig" }),
      say("general-purpose done"), say("top done")] }), tools: [consult], middleware: [guard] });
    await top.invoke(user("dig as deep as you can"));
    runs.push([callers, helperModel.seen.length > 0, helperModel.seen[1]?.at(-1)?.status === "error",
      leafModel.seen.length > 0]);
  }
  return { invoke: runs };
}

async function withConfigLimit() { // does withConfig({recursionLimit}) cap a runnable child?
  const script = [...Array.from({ length: 30 }, (_, n) => call("ls", `s${n}`, { path: "/" })),
    say("searched")];
  const model = new ScriptedModel({ script });
  const searcher = createDeepAgent({ model }).withConfig({ recursionLimit: 8 });
  const parent = new ScriptedModel({ script: [delegate("searcher", "find"), say("parent done")] });
  const agent = createDeepAgent({ model: parent,
    subagents: [{ name: "searcher", description: "searches", runnable: searcher }] });
  let raised = null;
  try { await agent.invoke(user("find everything")); } catch (error) { raised = error.name; }
  return { limit: 8, searcher_model_calls: model.seen.length, raised, held: raised !== null };
}

function specKeys() { // the keys a declarative spec (interface SubAgent) may have
  const interfaces = {};
  for (const name of readdirSync(DIST).filter((n) => n.endsWith(".d.ts"))) {
    const text = readFileSync(join(DIST, name), "utf8");
    for (const [, id, bases, body] of
      text.matchAll(/\ninterface (\w+)(?: extends ([\w, ]+))? \{([\s\S]*?)\n\}/g)) {
      interfaces[id] ??= { bases: bases ? bases.split(",").map((b) => b.trim()) : [],
        keys: [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, key]) => key) };
    }
  }
  const keysOf = (id) => (interfaces[id] ? [...interfaces[id].keys,
    ...interfaces[id].bases.flatMap(keysOf)] : []);
  return interfaces.SubAgent ? [...new Set(keysOf("SubAgent"))].sort() : null;
}

async function measureGuidance(section) {
  const runs = {};
  for (const name of RECIPES) runs[name] = await scenario(name, section);
  const { choose, delegate_on_purpose: nest, never_nest: never, depth_limit: depth, step_limit: spec,
    step_limit_runnable: limit, no_task: noTask } =
    Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.module]));
  const refusal = await measureRefusal("guidance");
  const result = limit.messages.at(-2);
  const got = {}; // agent -> the tool results it got (delegate_on_purpose)
  for (const [, [message, metadata]] of nest.events) {
    if (message.type === "tool") (got[metadata.lc_agent_name ?? "parent"] ??= []).push(message.text);
  }
  return {
    isolated: handed(choose.handed.iso),
    fork: handed(choose.handed.fk),
    runnable: handed(choose.handed.own),
    warnings: {
      isolated: (await assemble(child("a1"))).warnings,
      "declarative fork": (await assemble(child("a1", { mode: "fork" }))).warnings,
      runnable: (await assemble({ name: "a1", description: "helper", runnable: choose.own }))
        .warnings,
    },
    attach_warned: choose.warned,
    depth: nest.depth,
    got,
    refusal_text: refusal.text,
    spec_limit: Number(readFileSync(join(SCENARIOS, "step_limit.mjs"), "utf8")
      .match(/runLimit: (\d+)/)?.[1] ?? NaN),
    spec_limit_calls: spec.searches.seen.length,
    spec_limit_result: spec.messages.at(-2)?.text ?? null,
    spec_limit_answer: spec.messages.at(-1)?.text ?? null,
    limit_calls: limit.searcherCalls,
    never_nest: { stream: [never.agents, never.refused] },
    guarded: { invoke: await guarded(never.build, never.request) },
    depth_limit: await depthLimited(depth),
    depth_top_only: await depthTopOnly(depth),
    depth_through_a_tool: await depthThroughATool(depth),
    default_limit: limit.ownLimit ?? null,
    limit_raises: limit.raised?.name ?? null,
    limit_result: [result?.type ?? null, result?.status ?? null],
    limit_parent_answer: limit.messages.at(-1)?.text ?? null,
    with_config_limit: await withConfigLimit(),
    deep_agent_tools: names(noTask.offered["deep agent, no subagents"] ?? []),
    plain_agent_tools: names(noTask.offered["createAgent sub-agent"] ?? []),
    sync_guard_under_async: null,
    spec_keys: specKeys(),
    printed: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.printed])),
    notes: {
      never_nest: "JavaScript has one stream (async): no stream/astream pair",
      guarded: "JavaScript has one invoke (async): no invoke/ainvoke pair",
      depth_limit: "JavaScript has one invoke (async): no invoke/ainvoke pair",
      depth_through_a_tool: "JavaScript has one invoke (async): no invoke/ainvoke pair",
      sync_guard_under_async: "null: a JS middleware hook is one async function; there " +
        "is no sync-only guard to fail under an async run",
      with_config_limit: "a compiled child bound with withConfig({recursionLimit: 8}) and " +
        "handed over as a runnable: task invokes it with the parent's config",
      step_limit_runnable: "the step_limit_runnable scenario caps the child in a " +
        "RunnableLambda that sets recursionLimit on the call itself",
      spec_limit: "the runLimit the step_limit scenario gives its modelCallLimitMiddleware, " +
        "read from its source (the middleware does not expose it)",
    },
  };
}

// --- the run ------------------------------------------------------------------------------

/** `dir` relative to `root` when inside it, else absolute. */
function inside(root, dir) {
  const path = relative(root, dir);
  return path.startsWith("..") ? dir : path;
}

async function main(argv) {
  const keepGoing = argv.includes("--keep-going");
  const args = argv.filter((arg) => arg !== "--keep-going");
  const known = [...MEASURES.keys()];
  const wanted = args.includes("all") ? known : args;
  if (wanted.length === 0) {
    throw new Failure(`usage: node snippets/js/measure.mjs [--keep-going] <section>... | all ` +
      `(sections: ${known.join(", ")})`);
  }
  const unknown = wanted.filter((name) => !MEASURES.has(name));
  if (unknown.length) {
    throw new Failure(`no section ${unknown.join(", ")} (sections: ${known.join(", ")}; a section ` +
      `is declared where it is measured, section("<name>", measure<Name>))`);
  }
  const out = {
    versions: Object.fromEntries(PACKAGES.map((name) => [name, versionOf(name)])),
    deepagents_dir: inside(ROOT, packageDir("deepagents").dir),
  };
  const setups = (process.env.DEEPAGENTS_JS_SETUPS ?? "").split(",").filter(Boolean);
  if (setups.length) return { ...out, setups: await underSetups(setups, wanted) };
  for (const name of wanted) {
    try {
      out[name] = await MEASURES.get(name)(name);
    } catch (error) {
      const message = String(error?.message ?? error).split("\n")[0];
      const failure = error instanceof Failure ? error
        : new Failure(`section '${name}': ${error?.name ?? "Error"}: ${message}`);
      if (!keepGoing) throw failure;
      // --keep-going: the section's one line under "failed", and on to the next section
      (out.failed ??= {})[name] = `measure.mjs: ${failure.message}`;
    }
  }
  return out;
}

/** Setup id -> section -> what it measured under that setup (DEEPAGENTS_JS_SETUPS). */
async function underSetups(texts, wanted) {
  const found = {};
  const setups = texts.map(readSetup); // a family npm deepagents splits fails here, before any measurement
  const own = ScriptedModel.prototype._generate;
  let current = wanted[0];
  try {
    for (under of setups) {
      if (under.model) ScriptedModel.prototype.modelName = under.model; // getModelIdentifier reads it
      else delete ScriptedModel.prototype.modelName;
      ScriptedModel.prototype._generate = under.args ? sendingMalformed(own, under.args) : own;
      globalThis[REWRITE] = under.rewrite;
      globalThis[MADE] = under.made;
      scenarios.clear();
      found[under.id] = {};
      for (current of wanted) found[under.id][current] = await MEASURES.get(current)(current);
    }
  } catch (error) {
    const message = String(error?.message ?? error).split("\n")[0];
    const line = error instanceof Failure ? message : `section '${current}': ${error?.name ?? "Error"}: ${message}`;
    throw new Failure(`${line} (under ${under?.id})`);
  } finally {
    under = null;
    delete ScriptedModel.prototype.modelName;
    ScriptedModel.prototype._generate = own;
    delete globalThis[REWRITE];
    delete globalThis[MADE];
    scenarios.clear();
  }
  return found;
}

const MALFORMED = ["unknown-key", "no-description"]; // snippets/lab.py MALFORMED

/** "model=<key>|<key>", "args=<kind>", "parent=<what>" or "child=<key>" as {id, model}, {id, args} or {id, rewrite}. */
function readSetup(text) {
  const [dimension, value] = [text.slice(0, text.indexOf("=")), text.slice(text.indexOf("=") + 1)];
  if (dimension === "model") {
    const model = sameProfile(value.split("|"));
    return { id: `model=${model}`, model };
  }
  if (dimension === "args" && MALFORMED.includes(value)) return { id: text, args: value };
  if (dimension === "parent" && value in PARENTS) {
    const made = value === "interrupt-task"
      ? (agent, params) => (params.subagents?.length ? approvingEveryTask(agent) : agent) : undefined;
    return { id: text, rewrite: carrying(PARENTS[value]), made };
  }
  if (dimension === "child" && value in CHILD_KEYS) return { id: text, rewrite: declaring(...CHILD_KEYS[value]) };
  throw new Failure(`no setup ${text}: measure.mjs measures under model=<key>|<key>..., ` +
    `args=${MALFORMED.join("|")}, parent=${Object.keys(PARENTS).join("|")} and child=${Object.keys(CHILD_KEYS).join("|")}`);
}

// What a reader's parent may carry that the examples' parents do not (snippets/setups.py PARENTS).
const parentNote = tool(() => "noted", {
  name: "parent_note", description: "Note a line in the reader's own log.", schema: z.object({ text: z.string() }),
});
const PARENTS = {
  "own-tool": (params) => ({ ...params, tools: [...(params.tools ?? []), parentNote] }),
  "own-middleware": (params) => ({
    ...params, middleware: [...(params.middleware ?? []), createMiddleware({ name: "ParentsMiddleware", tools: [parentNote] })],
  }),
  // a human approves each `task` call: its outermost run is resumed, every call approved (approvingEveryTask)
  "interrupt-task": (params) => ({
    ...params, interruptOn: { ...(params.interruptOn ?? {}), task: true }, checkpointer: params.checkpointer ?? new MemorySaver(),
  }),
  // never started: no model of the examples calls its tools (snippets/setups.py REMOTE)
  "async-subagent": (params) => ({
    ...params,
    subagents: [...params.subagents, { name: "remote", description: "a helper on another server", graphId: "agent", url: "http://127.0.0.1:9" }],
  }),
};

let approving = false; // an approved run is under way: what runs inside it (a tool's own agent) runs as written
let approvedThreads = 0;

/** What resumes `agent`'s run on the thread of `config` with every pending interrupt answered, each of its tool
 * calls approved; null when nothing waits for a human. */
async function approvals(agent, config) {
  const pending = (await agent.getState(config)).tasks.flatMap((task) => task.interrupts ?? []);
  const answer = (pause) => ({ decisions: pause.value.actionRequests.map(() => ({ type: "approve" })) });
  if (!pending.length) return null;
  return new Command({ resume: pending.length === 1 ? answer(pending[0])
    : Object.fromEntries(pending.map((pause) => [pause.id, answer(pause)])) });
}

/** `agent` whose outermost `invoke` or `stream` (one that names no thread of its own: its caller answers) runs on
 * a thread of its own and, while it waits for a human, is resumed with every pending tool call approved; a
 * `stream` yields the chunks of every resumption after those of the first (snippets/lab.py running). */
function approvingEveryTask(agent) {
  const invoke = agent.invoke.bind(agent);
  const stream = agent.stream.bind(agent);
  const asWritten = (config) => approving || config?.configurable?.thread_id;
  const threaded = (config) =>
    ({ ...config, configurable: { ...config?.configurable, thread_id: `approved-${++approvedThreads}` } });
  const resumption = (config) => approvals(agent, config);
  agent.invoke = async (input, config) => {
    if (asWritten(config)) return invoke(input, config);
    const thread = threaded(config);
    approving = true;
    try {
      let result = await invoke(input, thread);
      for (let resume; (resume = await resumption(thread));) result = await invoke(resume, thread);
      return result;
    } finally {
      approving = false;
    }
  };
  agent.stream = async (input, config) => {
    if (asWritten(config)) return stream(input, config);
    const thread = threaded(config);
    return (async function* () {
      approving = true;
      try {
        for (let next = input; next; next = await resumption(thread)) yield* await stream(next, thread);
      } finally {
        approving = false;
      }
    })();
  };
  return agent;
}

/** Every deep agent made with sub-agents (a parent) carries what `add` adds. */
const carrying = (add) => (params) => (params.subagents?.length ? add(params) : params);

// The spec keys a reader's child may set, by the child setups' names: npm's name and the value it is set to (the
// values of snippets/tool_surfaces.py spec_values()).
const CHILD_KEYS = {
  "system-prompt": ["systemPrompt", "Be brief."],
  skills: ["skills", ["/skills/"]],
  "interrupt-on": ["interruptOn", { ls: true }],
  permissions: ["permissions", [{ operations: ["read"], paths: ["/**"] }]],
  "response-format": ["responseFormat", z.object({ text: z.string() })],
};

/** Every declarative child (neither a `runnable` nor an async one) that does not set `key` sets it to `value`,
 * unless deepagents refuses the spec so (its own check, run by making a sub-agent middleware of it alone). */
function declaring(key, value) {
  const allowed = (spec) => {
    try {
      createSubAgentMiddleware({ defaultModel: spec.model ?? new ScriptedModel({ script: [] }), subagents: [spec] });
      return true;
    } catch {
      return false;
    }
  };
  const declared = (spec) => {
    if ("runnable" in spec || "graphId" in spec || spec[key] !== undefined) return spec;
    const set = { ...spec, [key]: value };
    return allowed(set) ? set : spec;
  };
  return (params) => (params.subagents?.length ? { ...params, subagents: params.subagents.map(declared) } : params);
}

/** `_generate` whose every `task` call made by a child's model (inside another agent's tool: a checkpoint
 * namespace with "|") sends `kind` of malformed arguments; the outermost agent's calls stay as written. */
function sendingMalformed(own, kind) {
  const malformed = ({ description, ...rest }) =>
    kind === "unknown-key" ? { description, ...rest, prompt: description ?? "" } : rest;
  return async function (messages, options, runManager) {
    const result = await own.call(this, messages, options, runManager);
    let namespace = "";
    try {
      namespace = getConfig()?.metadata?.langgraph_checkpoint_ns ?? "";
    } catch {
      return result; // called outside any graph: no agent's call to rewrite
    }
    if (!namespace.includes("|")) return result;
    const message = result.generations[0].message;
    const calls = (message.tool_calls ?? []).map((call) =>
      call.name === "task" ? { ...call, args: malformed(call.args) } : call);
    const sent = new AIMessage({ content: message.content, tool_calls: calls, id: message.id });
    return { generations: [{ text: sent.text, message: sent }] };
  };
}

/** A family's first key, once npm deepagents is found to give every key of it an equal harness profile
 * (or none): one measurement under the first stands for them all. */
function sameProfile(keys) {
  const [first, ...others] = keys.map((key) => settingsOf(getHarnessProfile(key)));
  others.forEach((settings, i) => {
    const names = [...new Set([...Object.keys(first), ...Object.keys(settings)])];
    const differing = names.filter((name) => JSON.stringify(first[name]) !== JSON.stringify(settings[name]));
    if (differing.length) {
      throw new Failure(`npm deepagents ${versionOf("deepagents")} gives ${keys[i + 1]} another harness ` +
        `profile than ${keys[0]} (${differing.join(", ")} differ), where Python deepagents gives them equal ` +
        `ones: the model setups measure one key per family (snippets/setups.py)`);
    }
  });
  return keys[0];
}

/** A harness profile's settings, comparable: the serializable ones and the names of the middleware it adds
 * ({"profile": "none"} when the key has none). */
function settingsOf(profile) {
  if (profile === undefined) return { profile: "none" };
  const extra = typeof profile.extraMiddleware === "function" ? profile.extraMiddleware() : profile.extraMiddleware;
  return { ...serializeProfile({ ...profile, extraMiddleware: [] }),
    extraMiddleware: (extra ?? []).map((middleware) => middleware.name) };
}

/** What the command prints: {code: 0, out: "<the JSON object>\n"} or {code: 1, err: "measure.mjs: <one line>\n"}. */
export async function run(argv) {
  try {
    return { code: 0, out: `${JSON.stringify(await main(argv), null, 1)}\n`, err: "" };
  } catch (error) {
    const line = error instanceof Failure ? error.message
      : `${error?.name ?? "Error"}: ${String(error?.message ?? error).split("\n")[0]}`;
    return { code: 1, out: "", err: `measure.mjs: ${line}\n` };
  }
}

if (COMMAND) {
  const { code, out, err } = await run(process.argv.slice(2));
  process.stdout.write(out);
  process.stderr.write(err);
  process.exitCode = code;
}
