// Mermaid (3.5 MB, 1 MB gzipped) is fetched when a diagram comes near the screen, not with the page.
// sitegen/assets.py adds this script, deferred, to a page that draws a diagram. Material renders each
// diagram with the global `mermaid` (initialize, then render) once the page is parsed; until the real
// one is here, this stand-in keeps Material's calls and answers them when it has loaded it, from the
// same folder (never Material's CDN copy).
(() => {
  const source = new URL("mermaid.min.js", document.currentScript.src).href;
  let settings, loading;
  const load = () => loading ||= new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src: source, onerror: reject });
    script.onload = () => { window.mermaid.initialize(settings); resolve(window.mermaid); };
    document.head.append(script);
  });
  const near = new Promise((resolve) => {
    const watch = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) { watch.disconnect(); resolve(); }
    }, { rootMargin: "200% 0px" });  // two screens ahead: drawn before the reader gets there
    document.querySelectorAll("pre.mermaid").forEach((diagram) => watch.observe(diagram));
  });
  window.mermaid = {
    initialize(options) { settings = options; },
    render: (id, text) => near.then(load).then((mermaid) => mermaid.render(id, text)),
  };
})();
