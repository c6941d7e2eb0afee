// A module resolve hook for snippets/js/measure.mjs: measure another copy of deepagents.
//
// Registered (module.register) when DEEPAGENTS_JS_DIR names a folder, or when a reader's parent or
// child setup is measured (DEEPAGENTS_JS_SETUPS): a module imported with `?setup=` in its URL (a
// scenario measured under a setup) gets deepagents_under.mjs for `deepagents`, which rewrites what
// it hands createDeepAgent as the setup says.
//
// With DEEPAGENTS_JS_DIR, `deepagents`, the
// LangChain packages, langsmith and zod are then resolved from that folder's
// node_modules first, so a scenario, the harness and deepagents all share one copy of
// each: a patched deepagents alone (DIR/node_modules/deepagents) runs against the
// repository's LangChain; a full install of another release runs against its own.
// Whatever the folder does not hold resolves as usual, and a bare import that the
// folder's own files cannot resolve falls back to the repository's node_modules.
//
// Many copies in one process (tools/measure_copies.mjs): a module imported with
// `?copy=<folder>` in its URL resolves from that folder instead, and the repository's own
// files it imports (the harness, the scenarios, scripted_model.mjs) keep the query, so
// each copy gets its own instance of them and of its deepagents; the packages a copy
// does not hold (LangChain, zod) are loaded once and shared.
import { fileURLToPath, pathToFileURL } from "node:url";

const SHARED = /^(deepagents|langchain|langsmith|zod|@langchain\/[^/]+)(\/|$)/;
let folder; // file URL of DEEPAGENTS_JS_DIR, with a trailing slash (none: copies only)
let repository; // file URL of the repository root, with a trailing slash
let modules; // file URL of the repository's node_modules, with a trailing slash

export async function initialize({ dir, root }) {
  folder = dir ? pathToFileURL(`${dir}/`).href : null;
  repository = pathToFileURL(`${root}/`).href;
  modules = `${repository}node_modules/`;
}

function bare(specifier) {
  return !/^(\.|\/|#|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

/** The `?copy=<folder>` of a module's URL, as a folder URL with a trailing slash, or null. */
function copyOf(url) {
  const query = url ? new URL(url).searchParams.get("copy") : null;
  return query ? pathToFileURL(`${query}/`).href : null;
}

async function find(specifier, context, nextResolve, from) {
  if (from && SHARED.test(specifier)) {
    try {
      return await nextResolve(specifier, { ...context, parentURL: from });
    } catch (error) {
      if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    }
  }
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !bare(specifier)) throw error;
    return nextResolve(specifier, { ...context, parentURL: repository });
  }
}

const UNDER = "snippets/js/deepagents_under.mjs";

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL ? new URL(context.parentURL) : null;
  if (specifier === "deepagents" && parent?.searchParams.has("setup") && !parent.pathname.endsWith(UNDER)) {
    return { url: new URL(UNDER, repository).href, shortCircuit: true };
  }
  const copy = copyOf(context.parentURL);
  const found = await find(specifier, context, nextResolve, copy ?? folder);
  const ours = found.url.startsWith(repository) && !found.url.startsWith(modules);
  if (!copy || !ours) return found;
  const url = new URL(found.url);
  url.searchParams.set("copy", fileURLToPath(copy).replace(/\/$/, ""));
  return { ...found, url: url.href };
}
