// A program's copy button says what it copies (sitegen/copying.py): the block carries its words in the page's
// language ("Copy the whole file, choose.py, 76 lines") as data-copy-title, and an excerpt the whole file as
// data-copy, which Material's button copies instead of the lines shown. Material adds a block's button when it
// mounts the block (as the page loads, or later, as the block first shows); each gets its block's words as its
// title and accessible name once it is in.
(() => {
  const named = (block) => {
    const button = block.querySelector('button[data-md-type="copy"]');
    if (!button) return false;
    button.title = block.dataset.copyTitle;
    button.setAttribute("aria-label", block.dataset.copyTitle);
    return true;
  };
  for (const block of document.querySelectorAll("[data-copy-title]")) {
    if (named(block)) continue;
    const watching = new MutationObserver(() => named(block) && watching.disconnect());
    watching.observe(block, { childList: true, subtree: true });
  }
})();
