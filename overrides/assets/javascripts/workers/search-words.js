// Material's search worker, with a query's Chinese cut into the words the index holds (sitegen/search.py, which
// says why). The page starts this file instead of Material's worker (sitegen/reading.py names it in the page's
// configuration, and writes Material's worker's file name below as the site is built); it loads Material's and
// changes two things:
// * A query's run of Han characters is cut into the words of the index, the fewest that make it up (the index's
//   words are jieba's, cut from the pages as the site was built: the query is cut by the same dictionary, as far as
//   the site uses it). The words of one run are all required ("递归上限": +递归* +上限*), so a phrase finds the
//   sections that hold it, and a phrase no page holds finds nothing. The browser's own segmenter (Intl.Segmenter,
//   ICU's dictionary) was tried first: Chromium's cuts 递归 into 递 and 归, words the index does not hold as one.
// * Material's own experimental cut of such a run (it looks up the run's beginnings in the index and keeps the
//   shortest: "上限" became "上*") sees the run as one word: asked whether the index holds a Han word, the index
//   says no (the lookups lunr makes to search are not asked that way, and are answered as before).
const MATERIAL = "search.MATERIAL.min.js";
const HAN = /\p{sc=Han}+/gu;
const LONGEST = 12; // no word of the index is longer, in Han characters (a pasted paragraph stays quick)
let terms = null; // the index's words: the inverted index lunr built
let material = null; // Material's message listener
const listen = self.addEventListener;
self.addEventListener = function (type, listener, ...options) {
  if (type === "message" && !material) material = listener;
  else listen.call(this, type, listener, ...options);
};

function holding() { // once Material's lunr is loaded: the index it builds answers `in` with no for Han words
  const builder = self.lunr?.Builder?.prototype;
  if (!builder || builder.build.words) return;
  const build = builder.build;
  builder.build = function () {
    const index = build.call(this);
    terms = index.invertedIndex;
    index.invertedIndex = new Proxy(terms, { has: (all, key) => !(typeof key === "string" && /\p{sc=Han}/u.test(key)) && key in all });
    return index;
  };
  builder.build.words = true;
}

function fitted(run) { // the fewest words of the index that make up the run (a character it lacks: alone)
  const best = [[]]; // best[i]: the words of run.slice(0, i)
  for (let end = 1; end <= run.length; end++)
    for (let start = Math.max(0, end - LONGEST); start < end; start++) {
      const word = run.slice(start, end);
      if (!(word in terms) && end - start > 1) continue;
      const words = [...best[start], word];
      if (!best[end] || words.length < best[end].length) best[end] = words;
    }
  return best[run.length];
}

function cut(query) {
  if (!terms) return query;
  return query.replace(HAN, (run) => {
    if (run in terms) return run;
    const pieces = fitted(run);
    return pieces.length > 1 ? ` ${pieces.map((piece) => `+${piece}*`).join(" ")} ` : run;
  });
}

listen.call(self, "message", function searched(event) {
  holding();
  const message = event.data;
  if (material === null) return void setTimeout(searched, 20, event); // Material's script is still loading
  if (message && typeof message.data === "string") // a query (a setup message carries the index)
    material({ data: { ...message, data: cut(message.data).trim() } });
  else
    material(event);
});
// Material's worker sits beside this file. Opened from disk (file://), the worker is an iframe (the vendored
// iframe-worker shim) whose scripts resolve against the page, and whose importScripts is asynchronous: hence this
// file's own address, and the wait above for Material's listener.
const here = typeof document === "undefined" ? self.location.href : document.currentScript.src;
importScripts(new URL(MATERIAL, here).href);
holding();
