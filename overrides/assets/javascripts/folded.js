// Code folded away is inert until its fold is opened (sitegen/reading.py keeps each block of a
// closed <details> in a <template>): put it in place when the reader opens the fold.
document.addEventListener("toggle", (event) => {
  const fold = event.target;
  if (!(fold instanceof HTMLDetailsElement) || !fold.open) return;
  for (const kept of fold.querySelectorAll("template.folded-code")) kept.replaceWith(kept.content);
}, true);
