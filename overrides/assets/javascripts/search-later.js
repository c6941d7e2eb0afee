// Material fetches the search index (search/search_index.json, a fifth of a page's bytes and growing with every
// page) as each page loads, though few readers search. It is fetched once the reader turns to search instead: the
// search box focused, the search button pressed, or a key that opens search typed. (Inlined by sitegen/reading.py
// into every page, before Material's script runs; issue 49: every page within 150 KiB.)
(() => {
  const INDEX = /\/search\/search_index\.json$/;
  const { open, send } = XMLHttpRequest.prototype;
  const held = [];
  let wanted = false;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.searchIndex = INDEX.test(new URL(String(url), location.href).pathname);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...body) {
    if (this.searchIndex && !wanted) return void held.push(() => send.apply(this, body));
    return send.apply(this, body);
  };
  const want = () => {
    if (!wanted) (wanted = true), held.splice(0).forEach((go) => go());
  };
  addEventListener("focusin", (event) => event.target.matches?.(".md-search__input") && want(), true);
  addEventListener("pointerdown", (event) => event.target.closest?.('label[for="__search"], .md-search') && want(), true);
  addEventListener("keydown", (event) => "/sSfF".includes(event.key) && event.key.length === 1 && want(), true);
  addEventListener("change", (event) => event.target.id === "__search" && want(), true);
})();
