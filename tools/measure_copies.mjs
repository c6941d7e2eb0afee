// Measure many copies of npm deepagents in ONE node process (the mutation suite's npm mutants).
//
//   node tools/measure_copies.mjs PLAN.json
//
// PLAN.json: [{"name": ..., "dir": <folder whose node_modules/deepagents is the copy>,
//              "sections": [...], "out": <file>}, ...]. For each job, in order, it imports
// snippets/js/measure.mjs as `measure.mjs?copy=<dir>` (snippets/js/resolve_hook.mjs gives
// that instance, and the scenarios it imports, the copy's deepagents; LangChain is loaded
// once and shared) and writes to `out` what `DEEPAGENTS_JS_DIR=<dir> node measure.mjs
// --keep-going <sections>` would have printed: {"code", "out", "err"}. One line per job on
// stderr says how long it took. Starting node and importing LangChain once instead of once
// per copy is what this saves (about a second a copy).
import { readFileSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const HARNESS = pathToFileURL(join(ROOT, "snippets", "js", "measure.mjs"));

register(pathToFileURL(join(ROOT, "snippets", "js", "resolve_hook.mjs")), import.meta.url,
  { data: { dir: null, root: ROOT } });

const oneLine = (error) => `${error?.name ?? "Error"}: ${String(error?.message ?? error).split("\n")[0]}`;
// A promise a copy leaves rejected would end a process of its own (exit 1, its error last on stderr): here it
// fails the job under way, and the next copies are still measured.
let rejected = null;
process.on("unhandledRejection", (error) => { rejected ??= error; });

for (const job of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const began = performance.now();
  rejected = null;
  const url = new URL(HARNESS);
  url.searchParams.set("copy", resolve(job.dir));
  let result;
  try {
    const harness = await import(url.href);
    result = await harness.run(["--keep-going", ...job.sections]);
  } catch (error) { // the copy's deepagents did not even load
    result = { code: 1, out: "", err: `measure.mjs: ${oneLine(error)}\n` };
  }
  if (rejected) result = { code: 1, out: "", err: `${oneLine(rejected)}\n` };
  writeFileSync(job.out, JSON.stringify(result));
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  process.stderr.write(`measure_copies: ${job.name} in ${seconds} s\n`);
}
