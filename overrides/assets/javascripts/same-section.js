// The language switcher keeps the reader on the same page and section, in the same colour scheme and runtime.
// Material's own switcher looks the page up in the other language's sitemap, which works for sibling language
// folders (/en/, /zh/) but not for a default language at the root with /zh/ below it, as here. Both languages
// have the same pages and heading ids (tools/parity.py checks it), so the path and a heading's id are enough.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.(".md-select__link[hreflang]");
  if (!link) return;
  const base = JSON.parse(document.getElementById("__config").textContent).base;
  const root = new URL(base.replace(/\/?$/, "/"), location.href); // this language's root
  if (!location.href.startsWith(root.href)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const target = new URL(link.href);
  // Material keeps the colour scheme and the chosen tab per language root ("/zh/.__palette"): carry them over.
  for (const key of [".__palette", ".__tabs"]) {
    const value = localStorage.getItem(root.pathname + key);
    if (value === null) localStorage.removeItem(target.pathname + key);
    else localStorage.setItem(target.pathname + key, value);
  }
  // The section in view: the heading the address names if it is still at the top, else the last heading above
  // the upper quarter of the screen (never a tab's #__tabbed_1_2).
  const line = innerHeight / 4;
  const top = (h) => h.getBoundingClientRect().top;
  const headings = [...document.querySelectorAll("article :is(h2, h3, h4)[id]")];
  const named = headings.find((h) => `#${h.id}` === decodeURIComponent(location.hash));
  const heading = named && top(named) >= 0 && top(named) <= line ? named : headings.filter((h) => top(h) <= line).pop();
  const page = new URL(location.pathname.slice(root.pathname.length), target);
  page.hash = heading ? heading.id : "";
  location.href = page.href;
}, true);
