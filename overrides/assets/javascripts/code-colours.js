// Colours highlighted code with the CSS Custom Highlight API, without an element per token (sitegen/reading.py):
// each block's <code data-hl="k:0+4,12+3 s:20+6"> names, by colour, where its tokens are in its text (UTF-16
// offsets), and site.css gives each colour (::highlight(code-k)) Material's variable. A browser without the API
// shows the code uncoloured. StaticRange: nothing to keep up to date when Material adds its copy buttons.
// The blocks are coloured a few at a time, each batch a task of its own after the page's first script work:
// on a page of forty blocks the whole takes tens of milliseconds on a phone, and one long task holds up a tap.
// A block in a closed fold (a recipe's output, "How this is measured") is coloured when its fold first opens:
// a page's folds hold most of its code, and colouring them weighs on the page's first seconds for nothing.
(() => {
  const all = [...document.querySelectorAll("code[data-hl]")];
  if (!all.length || !(window.CSS && CSS.highlights && window.Highlight && window.StaticRange)) return;
  const folded = (code) => code.closest("details:not([open])");
  const blocks = all.filter((code) => !folded(code));
  const colours = new Map();
  const colour = (letter) => {
    if (!colours.has(letter)) {
      colours.set(letter, new Highlight());
      CSS.highlights.set(`code-${letter}`, colours.get(letter));
    }
    return colours.get(letter);
  };
  const paint = (code) => {
    const nodes = [], starts = [];
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let at = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push(node);
      starts.push(at);
      at += node.length;
    }
    if (!nodes.length) return;
    const place = (offset) => {  // the text node holding this offset, and the offset in it
      let low = 0, high = nodes.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle] <= offset) low = middle;
        else high = middle - 1;
      }
      return [nodes[low], Math.min(offset - starts[low], nodes[low].length)];
    };
    for (const part of code.dataset.hl.split(" ")) {
      const [letter, places] = part.split(":");
      const highlight = colour(letter);
      for (const span of places.split(",")) {
        const [start, length] = span.split("+").map(Number);
        const [startContainer, startOffset] = place(start);
        const [endContainer, endOffset] = place(start + length);
        highlight.add(new StaticRange({ startContainer, startOffset, endContainer, endOffset }));
      }
    }
  };
  const batch = () => {
    const until = performance.now() + 4;
    while (blocks.length && performance.now() < until) paint(blocks.shift());
    if (blocks.length) setTimeout(batch, 0);
  };
  const waiting = new Set(all.filter(folded));
  document.addEventListener("toggle", (event) => {  // toggle does not bubble: caught on its way down
    if (!event.target.open) return;
    const opened = [...waiting].filter((code) => event.target.contains(code) && !folded(code));
    opened.forEach((code) => waiting.delete(code));
    if (opened.length && !blocks.length) setTimeout(batch, 0);
    blocks.push(...opened);
  }, true);
  setTimeout(batch, 0);
})();
