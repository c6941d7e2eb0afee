// Material reads the search box on a key event only (keyup): text that arrives without one, as an input method
// commits Chinese, as a paste from the menu or a phone's suggestion brings it, was never searched, and the dialog
// kept saying "Type to start searching" over it. Each change of the box's text is told to Material as a keyup,
// once the input method has committed it. (Inlined by sitegen/reading.py into every page: each has the box.)
addEventListener("input", (event) => {
  const box = event.target;
  if (box.matches?.(".md-search__input") && !event.isComposing) box.dispatchEvent(new KeyboardEvent("keyup"));
}, true);
addEventListener("compositionend", (event) => {
  if (event.target.matches?.(".md-search__input")) event.target.dispatchEvent(new KeyboardEvent("keyup"));
}, true);
