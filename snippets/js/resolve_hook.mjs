// A module resolve hook for snippets/js/measure.mjs: measure another copy of deepagents.
//
// Registered (module.register) when DEEPAGENTS_JS_DIR names a folder. `deepagents`, the
// LangChain packages, langsmith and zod are then resolved from that folder's
// node_modules first, so a scenario, the harness and deepagents all share one copy of
// each: a patched deepagents alone (DIR/node_modules/deepagents) runs against the
// repository's LangChain; a full install of another release runs against its own.
// Whatever the folder does not hold resolves as usual, and a bare import that the
// folder's own files cannot resolve falls back to the repository's node_modules.
import { pathToFileURL } from "node:url";

const SHARED = /^(deepagents|langchain|langsmith|zod|@langchain\/[^/]+)(\/|$)/;
let folder; // file URL of DEEPAGENTS_JS_DIR, with a trailing slash
let repository; // file URL of the repository root, with a trailing slash

export async function initialize({ dir, root }) {
  folder = pathToFileURL(`${dir}/`).href;
  repository = pathToFileURL(`${root}/`).href;
}

function bare(specifier) {
  return !/^(\.|\/|#|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

export async function resolve(specifier, context, nextResolve) {
  if (SHARED.test(specifier)) {
    try {
      return await nextResolve(specifier, { ...context, parentURL: folder });
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
