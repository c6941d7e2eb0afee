// The light/dark toggle, in place of Material's (overrides/partials/palette.html). Material's applies the scheme
// again as every page opens, which has the browser restyle the whole page twice inside its opening script (on a
// phone the largest part of the time a page does not answer a tap: Lighthouse's "total blocking time"). Here the
// page opens in the stored scheme (Material's own inline script in the header, before anything is drawn), and
// the whole page is restyled only when the reader switches. The choice is kept where Material keeps it
// (__md_set("__palette"), per language root), so same-section.js carries it to the other language.
(() => {
  const form = document.querySelector("form[data-palette]");
  if (!form) return;
  const inputs = [...form.querySelectorAll("input")];
  const colour = (input) => Object.fromEntries(["media", "scheme", "primary", "accent"]
    .map((key) => [key, input.getAttribute(`data-md-color-${key}`)]));
  const show = (index) => {  // each option's label switches to the next one: only the chosen option's shows
    inputs.forEach((input, at) => {
      input.checked = at === index;
      const label = input.nextElementSibling;
      if (label instanceof HTMLLabelElement) label.hidden = at !== index;
    });
  };
  const themeColour = () => {
    let meta = document.querySelector('meta[name="theme-color"]');
    if (!meta) meta = document.head.appendChild(Object.assign(document.createElement("meta"), { name: "theme-color" }));
    const rgb = getComputedStyle(document.querySelector("header")).backgroundColor.match(/\d+/g) || [];
    meta.content = "#" + rgb.slice(0, 3).map((c) => (+c).toString(16).padStart(2, "0")).join("");
  };
  const stored = __md_get("__palette");
  let index = stored && Number.isInteger(stored.index) ? stored.index
    : Math.max(0, inputs.findIndex((input) => matchMedia(input.getAttribute("data-md-color-media")).matches));
  index = Math.min(index, inputs.length - 1);
  const apply = (chosen) => {
    index = chosen;
    document.body.setAttribute("data-md-color-switching", "");  // Material's: no transitions while switching
    for (const [key, value] of Object.entries(colour(inputs[index]))) document.body.setAttribute(`data-md-color-${key}`, value);
    show(index);
    __md_set("__palette", { index, color: colour(inputs[index]) });
    requestAnimationFrame(() => {
      document.body.removeAttribute("data-md-color-switching");
      themeColour();
    });
  };
  // A first visit follows the system's preference; a stored choice is already on the page (nothing to restyle).
  if (document.body.getAttribute("data-md-color-scheme") !== colour(inputs[index]).scheme) apply(index);
  else {
    show(index);
    setTimeout(themeColour, 0);  // after the first drawing: the style is computed by then, reading it costs nothing
  }
  inputs.forEach((input, at) => input.addEventListener("change", () => input.checked && apply(at)));
  form.addEventListener("keydown", (event) => {  // as Material's: Enter moves to the next option
    if (event.key !== "Enter") return;
    event.preventDefault();
    const next = (index + 1) % inputs.length;
    apply(next);
    inputs[next].focus();
  });
})();
