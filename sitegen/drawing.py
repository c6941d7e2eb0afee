"""Diagrams drawn at build time: a ```mermaid fence becomes a figure of inline SVG, no script for the reader.

* Mermaid itself draws them: the vendored node_modules/mermaid (package.json pins
  it) in a headless Chromium driven by Playwright, once per colour scheme
  (Material's `default` and `slate`, Mermaid's `default` and `dark` themes). The
  page holds both SVGs; the stylesheet shows the one of the reader's scheme.
* A drawing is kept like an exec block (sitegen/blocks.py): in memory for the
  languages and rebuilds of one process, and under .cache/diagrams/, keyed by its
  source, the theme, Mermaid's version and the settings and script that draw it.
  Off, as the other caches are, under CI or FACTS_CACHE=0. Chromium is started
  once per build, at the first diagram not kept, and closed when the build ends:
  a build whose diagrams are all kept starts no browser.
* Each figure is named (`accTitle:` in its source, required: its caption and the
  SVG's `aria-label`), and carries a text alternative made from what Mermaid
  parsed (its edges and their labels): the same strings as the drawing, in the
  page's language, folded under the drawing.
* Chromium is found as $SITEGEN_CHROMIUM, else on PATH (chromium, Chrome). With
  none, a build that has a diagram to draw stops with one line saying what to
  install (`make` installs Debian's chromium when it finds no Chromium or Chrome).
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import html
import json
import os
import re
import shutil
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError

from snippets import cache, paths

log = logging.getLogger("mkdocs.plugins.sitegen.drawing")

MERMAID_DIR = paths.NODE_MODULES / "mermaid"
MERMAID_JS = MERMAID_DIR / "dist" / "mermaid.min.js"
SCHEMES = {"default": "default", "slate": "dark"}  # Material's colour scheme -> Mermaid's theme
# An edge's label sits on the page's own background (Material's --md-default-bg-color in each scheme).
BACKGROUND = {"default": "#ffffff", "dark": "#1e2029"}
# A colour a diagram's source names (Mermaid's `linkStyle` and `style` take no CSS variable) is written for the
# light scheme; its twin here replaces it in the dark drawing. Both read at 4.5:1 or more on their background.
DARK_TWIN = {"#c62828": "#ff5252"}  # Material's red 800 (5.6:1 on white), red A200 (5.1:1 on slate)
# Material's own font stack (theme font: false), so that the labels read as the page does.
FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, "Noto Sans CJK SC", "PingFang SC", sans-serif'
SETTINGS = {
    "startOnLoad": False,
    "securityLevel": "strict",
    "deterministicIds": True,
    "handDrawnSeed": 1,
    "fontFamily": FONT,
    "fontSize": 16,
    "themeVariables": {"fontFamily": FONT, "fontSize": "16px"},
    # SVG text, not HTML in a foreignObject: a reader whose font runs wider sees a label overflow its box
    # a little, never cut off.
    "flowchart": {"htmlLabels": False, "nodeSpacing": 20, "rankSpacing": 56, "padding": 8, "useMaxWidth": True},
}
# What runs in the page that holds Mermaid: the SVG, and what Mermaid parsed (name, nodes, edges).
DRAW = """async ([source, id, settings]) => {
  mermaid.initialize(settings);
  const { svg } = await mermaid.render(id, source);
  const db = (await mermaid.mermaidAPI.getDiagramFromText(source)).db;
  const vertices = db.getVertices ? db.getVertices() : new Map();
  const nodes = [...(vertices instanceof Map ? vertices.values() : Object.values(vertices))];
  return {
    svg,
    title: db.getAccTitle ? db.getAccTitle() : "",
    nodes: nodes.map((node) => [node.id, node.text ?? node.id]),
    edges: (db.getEdges ? db.getEdges() : []).map((edge) => [edge.start, edge.end, edge.text ?? ""]),
  };
}"""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
KEPT = 200  # drawings kept under .cache/diagrams/, the most recently used
LINE_BREAK = re.compile(r"<br\s*/?>", re.I)
CODE = re.compile(r"#(\d+);")  # Mermaid's own escapes (sitegen.render.mermaid_label)


@functools.cache
def mermaid_version() -> str:
    package = MERMAID_DIR / "package.json"
    if not package.exists():
        raise PluginError(f"{paths.shown(package)} is missing: run `make setup` (it runs `npm ci`); Mermaid draws the diagrams")
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def key(source: str, theme: str) -> str:
    """A drawing depends on its source, its theme, Mermaid's version and how it is drawn (SETTINGS, DRAW)."""
    digest = hashlib.sha256()
    for part in (source, theme, mermaid_version(), json.dumps([SETTINGS, BACKGROUND, DARK_TWIN], sort_keys=True), DRAW):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:24]


def chromium() -> str:
    """The Chromium that draws: $SITEGEN_CHROMIUM, else the first Chromium or Chrome on PATH."""
    chosen = os.environ.get("SITEGEN_CHROMIUM")
    if chosen:
        return chosen
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    mac = Path("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")
    return str(mac) if mac.exists() else "/usr/bin/chromium"


class Browser:
    """One headless Chromium with Mermaid loaded, started at the first drawing asked for; close() ends it."""

    def __init__(self) -> None:
        self._playwright = self._browser = self._page = None
        self._thread: int | None = None
        self.launches = 0  # how many times this process started Chromium (a kept build: none)
        self.drawn = 0
        self.started = 0.0  # seconds Chromium and Mermaid took to start

    def draw(self, source: str, theme: str, element_id: str) -> dict:
        if self._page is None or self._thread != threading.get_ident():
            self.close()  # Playwright's objects belong to the thread that made them (`mkdocs serve` rebuilds in another)
            self._start()
        if theme == "dark":
            for light, dark in DARK_TWIN.items():
                source = source.replace(light, dark)
        settings = {**SETTINGS, "theme": theme,
                    "themeVariables": {**SETTINGS["themeVariables"], "edgeLabelBackground": BACKGROUND[theme]}}
        try:
            drawn = self._page.evaluate(DRAW, [source, element_id, settings])
        except Exception as error:  # noqa: BLE001 - Mermaid's message says what is wrong with the source
            message = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise PluginError(f"Mermaid could not draw this diagram ({message}):\n{source}") from None
        if re.search(r"&amp;#\w+;", drawn["svg"]):  # Mermaid 11 draws an edge label's `#58;` as written, in SVG text
            raise PluginError("Mermaid drew an escape (`#…;`) as text in this diagram: an edge label drawn as SVG text "
                              f"is not decoded; write the character itself (inside quotes):\n{source}")
        self.drawn += 1
        return drawn

    def _start(self) -> None:
        try:
            from playwright.sync_api import Error, sync_playwright
        except ImportError:
            raise PluginError("diagrams are drawn at build time with Playwright, which is not installed: run "
                              "`make setup`") from None
        executable = chromium()
        if not Path(executable).exists():
            raise PluginError(f"diagrams are drawn at build time by Mermaid in Chromium, and {executable} is missing: "
                              "install Chromium (Debian: `sudo apt-get install chromium`) or Chrome, or set "
                              "SITEGEN_CHROMIUM to one")
        if not MERMAID_JS.exists():
            raise PluginError(f"{paths.shown(MERMAID_JS)} is missing: run `make setup` (it runs `npm ci`)")
        started = time.monotonic()
        self._playwright = sync_playwright().start()
        try:
            self._browser = self._playwright.chromium.launch(executable_path=executable, args=ARGS)
        except Error as error:
            self.close()
            raise PluginError(f"Chromium ({executable}) did not start to draw the diagrams: "
                              f"{str(error).splitlines()[0]}") from None
        self._page = self._browser.new_page()
        self._page.set_content("<!doctype html><html><body></body></html>")
        self._page.add_script_tag(path=str(MERMAID_JS))
        self._thread = threading.get_ident()
        self.launches += 1
        self.started = time.monotonic() - started

    def close(self) -> None:
        for closing in (self._browser, self._playwright):
            if closing is not None:
                try:
                    closing.close() if closing is self._browser else closing.stop()
                except Exception:  # noqa: BLE001,S110 - a browser of another thread, or already gone
                    pass
        self._playwright = self._browser = self._page = None
        self._thread = None


BROWSER = Browser()
atexit.register(BROWSER.close)
_memory: dict[str, dict] = {}  # key -> drawing, for the languages and rebuilds of one process


def _disk(drawing_key: str) -> Path:
    return paths.CACHE / "diagrams" / f"{drawing_key}.json"


def drawn(source: str, theme: str) -> dict:
    """Mermaid's drawing of `source` in `theme`: from memory, from .cache/diagrams/, or from Chromium."""
    drawing_key = key(source, theme)
    if drawing_key in _memory:
        return _memory[drawing_key]
    stored = _disk(drawing_key)
    if cache.enabled() and stored.exists():
        try:
            _memory[drawing_key] = json.loads(stored.read_text(encoding="utf-8"))
            os.utime(stored)  # most recently used: kept longest
            return _memory[drawing_key]
        except (OSError, ValueError):
            pass  # half a file, or another format: drawn again
    _memory[drawing_key] = BROWSER.draw(source, theme, f"diagram-{drawing_key[:12]}")
    if cache.enabled():
        cache.write_atomically(stored, json.dumps(_memory[drawing_key], ensure_ascii=False).encode("utf-8"))
        cache.keep_newest(list(stored.parent.glob("*.json")), KEPT)
    return _memory[drawing_key]


def end_of_build() -> None:
    """The build (every language) is done: Chromium, if it was started, is closed (and the log says so)."""
    if BROWSER.launches:
        log.info(f"Drew {BROWSER.drawn} diagram(s) with Mermaid {mermaid_version()} in Chromium "
                 f"(started {BROWSER.launches} time(s), {BROWSER.started:.1f} s to start)")
    BROWSER.close()
    BROWSER.launches = BROWSER.drawn = 0


# --------------------------------------------------------------------------- the figure on the page


@dataclass(frozen=True)
class Words:
    """The words of the page's language (sitegen/strings: diagram.*)."""

    as_text: str = "The diagram as text"  # the summary of the text alternative
    comma: str = ", "  # between a box's lines
    colon: str = ": "  # before an arrow's label


def _plain(label: str, comma: str = ", ") -> str:
    """A label as Mermaid parsed it, as text: its escapes decoded (`#58;`, which Mermaid's parser keeps as
    `ﬂ°°58¶ß`), a line break read as the language's comma (so a label breaks its lines between items)."""
    text = label.replace("ﬂ°°", "&#").replace("ﬂ°", "&").replace("¶ß", ";")  # Mermaid's decodeEntities
    text = html.unescape(re.sub(r"<[^>]+>", "", LINE_BREAK.sub(comma, text)))  # markup first, then escapes
    return " ".join(CODE.sub(lambda found: chr(int(found.group(1))), text).split())


def text_alternative(drawing: dict, words: Words = Words()) -> list[str]:
    """One line per arrow, `from → to: label`, in Mermaid's order, from what Mermaid parsed."""
    names = {node: _plain(text, words.comma) for node, text in drawing["nodes"]}
    lines = []
    for start, end, label in drawing["edges"]:
        line = f"{names.get(start, start)} → {names.get(end, end)}"
        lines.append(f"{line}{words.colon}{_plain(label)}" if _plain(label) else line)
    return lines


def _named(svg: str, name: str, scheme: str) -> str:
    """Mermaid's root <svg>, as an image named `name`, marked for its colour scheme."""
    head, rest = svg.split(">", 1)
    head = re.sub(r'\s(?:role|aria-roledescription|aria-labelledby|aria-describedby)="[^"]*"', "", head)
    head = head.replace(' class="', f' class="diagram__drawing diagram__drawing--{scheme} ', 1)
    return f'{head} role="img" aria-label="{html.escape(name)}">{rest}'


def figure(source: str, words: Words) -> str:
    """The figure a ```mermaid fence becomes: one SVG per colour scheme, its name as caption, its text alternative."""
    drawings = {scheme: drawn(source, theme) for scheme, theme in SCHEMES.items()}
    first = drawings["default"]
    name = _plain(first["title"])
    if not name:
        raise PluginError("a diagram needs a name: a line `accTitle: …` in its source (the caption, and what a "
                          f"screen reader says):\n{source}")
    svgs = "".join(_named(drawing["svg"], name, scheme) for scheme, drawing in drawings.items())
    items = "".join(f"<li>{html.escape(line)}</li>" for line in text_alternative(first, words))
    return (f'<figure class="diagram">{svgs}<figcaption>{html.escape(name)}</figcaption>'
            f'<details class="diagram__text"><summary>{html.escape(words.as_text)}</summary><ul>{items}</ul></details>'
            "</figure>")


_words = Words()


def speak(words: Words) -> None:
    """The words of the language being built (sitegen.assets sets them as each language's build starts)."""
    global _words
    _words = words


def fence(source, language, css_class, options, md, **kwargs):
    """pymdownx.superfences' format for ```mermaid (mkdocs.yml): the figure, drawn at build time."""
    return figure(source.strip(), _words)
