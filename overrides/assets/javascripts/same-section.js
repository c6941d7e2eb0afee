// The language switcher keeps the reader on the same page and section.
// Material's own switcher looks the page up in the other language's sitemap,
// which works for sibling language folders (/en/, /zh/) but not for a default
// language at the root with /zh/ below it, as here. Both languages have the same
// pages and heading ids (tools/parity.py checks it), so the path is enough.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest(".md-select__link[hreflang]");
  if (!link) return;
  const config = JSON.parse(document.getElementById("__config").textContent);
  const here = new URL(config.base.replace(/\/?$/, "/"), location.href).href; // this language's root
  if (!location.href.startsWith(here)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  location.href = new URL(location.href.slice(here.length), link.href).href;
}, true);
