// Code not shown yet is inert until it is (sitegen/reading.py keeps it in a <template>): the blocks of
// a closed <details>, put in place when the reader opens it; and those of a tab after the first of its
// set, put in place when that tab is chosen (a click, a linked tab, or the choice Material restores).
const unfold = (where) => {
  for (const kept of where.querySelectorAll("template.folded-code")) kept.replaceWith(kept.content);
};
const showTab = (input) => {
  const set = input.parentElement;
  const index = [...set.querySelectorAll(":scope > input")].indexOf(input);
  const block = set.querySelector(":scope > .tabbed-content")?.children[index];
  if (block) unfold(block);
};
document.addEventListener("toggle", (event) => {
  if (event.target instanceof HTMLDetailsElement && event.target.open) unfold(event.target);
}, true);
document.addEventListener("change", (event) => {
  if (event.target.matches?.(".tabbed-set > input")) showTab(event.target);
}, true);
for (const input of document.querySelectorAll(".tabbed-set > input:checked")) showTab(input);
