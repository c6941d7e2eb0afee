"""make audit: Lighthouse (mobile preset) on every page of every language, served with gzip as a static host serves it.

    python benchmarks/audit.py [SITE_DIR] [--pages gap refusal]   # default: site/, every page

Prints one row per page: the four scores and the page weight (bytes transferred,
gzipped), beside the targets, and the audits that keep a score below its target;
exit 1 if a page misses one. Then the recipes page's height on a phone (390 px wide), in every
language, beside half its height when issue 36 was filed. Every page is run three times and its performance is
the median (it times the main thread, which varies by several points from run to
run). One Chromium (Debian's, as the browser tests use)
serves every Lighthouse run; npm's `lighthouse` is pinned in package-lock.json.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from snippets import paths
from sitegen import languages

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LIGHTHOUSE = paths.NODE_MODULES / ".bin" / "lighthouse"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 90, "accessibility": 100, "best-practices": 100, "seo": 100}
WEIGHT = 150 * 1024  # at most this many bytes transferred as a page opens (gzipped)
# A page that draws a diagram meets the same target: diagrams are inline SVG drawn at build time (sitegen/drawing.py);
# it was 80 while each such page loaded Mermaid (1 MB gzipped) in the reader's browser.
DIAGRAM_PERFORMANCE = TARGETS["performance"]
# The recipes page's height on a phone in each language when issue 36 was filed (recipes_filed.json: per-language
# data stays out of code); the target is at most half of it.
_FILED = json.loads(paths.RECIPES_FILED.read_text(encoding="utf-8"))
RECIPES, RECIPES_FILED = _FILED["page"], _FILED["heights"]
PHONE = {"width": 390, "height": 844}
RECIPES_SHARE = 0.5
COMPRESSED = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".py", ".map"}


class Gzipping(SimpleHTTPRequestHandler):
    """http.server's static files, gzipped when the browser accepts it (as GitHub Pages or any CDN does)."""

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if path.suffix not in COMPRESSED or not path.is_file() or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return _Body(body)


class _Body:
    def __init__(self, data: bytes):
        self.data = data

    def read(self, *args) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """`folder` on a free port of 127.0.0.1, gzipped; yields its address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Gzipping, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@contextlib.contextmanager
def chromium(first_page: str = "about:blank") -> Iterator[int]:
    """One headless Chromium with a fresh profile for every Lighthouse run; yields its debugging port. It opens
    with one of the pages, so the first page audited does not pay for a cold browser (fonts, code caches)."""
    # Chromium's helper processes may still write its profile as the browser exits: what they leave is no error.
    with tempfile.TemporaryDirectory(prefix="audit-chromium-", ignore_cleanup_errors=True) as profile:
        browser = subprocess.Popen([CHROMIUM, *FLAGS, "--remote-debugging-port=0", f"--user-data-dir={profile}",
                                    first_page], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            for _ in range(300):
                if port_file.exists() and port_file.read_text().strip():
                    break
                time.sleep(0.1)
            yield int(port_file.read_text().split()[0])
        finally:
            browser.terminate()
            browser.wait(timeout=30)


@dataclass
class Result:
    page: str
    language: str
    diagram: bool
    scores: dict[str, int]
    weight: int  # bytes transferred
    failing: dict[str, list[str]]  # category -> the audits that lowered its score
    performance_runs: list[int | None]  # three (one when not rerun; None: not scored)
    layout_shift: float = 0.0  # cumulative layout shift (0.1 and less is "good")

    def misses(self) -> list[str]:
        targets = TARGETS | ({"performance": DIAGRAM_PERFORMANCE} if self.diagram else {})
        return [c for c in CATEGORIES if c in self.scores and self.scores[c] < targets[c]] + \
            (["weight"] if self.weight > WEIGHT else [])


def pages(site: Path) -> list[tuple[str, str]]:
    """(page, language) for every page of every language: "index", "refusal", ..."""
    names = sorted({p.parent.name for p in (site / languages.folder(languages.source())).glob("*/index.html")}
                   - {"search", "downloads", "assets"} - set(languages.codes()))
    return [(page, code) for code in languages.codes() for page in ["index", *names]]


# Without the performance category, the two of its audits a page is still held to (the tests read them).
UNTIMED = ("total-byte-weight", "cumulative-layout-shift")


def lighthouse(url: str, port: int, categories: tuple[str, ...] = CATEGORIES) -> dict:
    # The full-page screenshot only illustrates the report: no score reads it.
    extra = [] if "performance" in categories else [f"--only-audits={','.join(UNTIMED)}", "--disable-full-page-screenshot"]
    run = subprocess.run([str(LIGHTHOUSE), url, f"--port={port}", "--hostname=127.0.0.1", "--output=json",
                          "--output-path=stdout", "--quiet", "--no-enable-error-reporting",
                          f"--only-categories={','.join(categories)}", *extra],
                         capture_output=True, text=True, timeout=300, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"lighthouse {url} failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout)


def failing(report: dict, category: str) -> list[str]:
    return [ref["id"] for ref in report["categories"][category]["auditRefs"]
            if ref["weight"] and (report["audits"][ref["id"]]["score"] is not None) and report["audits"][ref["id"]]["score"] < 1]


def score(report: dict, category: str) -> int | None:
    """0 to 100; None when Lighthouse could not score it (a metric it failed to read from the trace)."""
    found = report["categories"][category]["score"]
    return None if found is None else round(100 * found)


def audit(site: Path, chosen: list[tuple[str, str]] | None = None, rerun: bool = True,
          performance: bool = True) -> list[Result]:
    """Every page (or the chosen (page, language) pairs). Performance varies from run to run by several points
    (it times the main thread): each page is run twice more and scored by the median of the three.
    Without `performance` (tests/test_audit.py), that category is not scored, which saves Lighthouse its
    timing work; the page weight and layout shift are still read."""
    categories = CATEGORIES if performance else tuple(c for c in CATEGORIES if c != "performance")
    if not LIGHTHOUSE.exists():
        raise FileNotFoundError(f"{paths.shown(LIGHTHOUSE)} is missing: run `make setup` (it runs `npm ci`)")
    results = []
    chosen = chosen or pages(site)
    with serving(site) as base, chromium(base) as port:
        for number, (page, code) in enumerate(chosen, 1):
            html = languages.page_html(site, code, page)
            folder = html.parent.relative_to(site).as_posix()
            url = base if folder == "." else f"{base}{folder}/"
            diagram = '<figure class="diagram">' in html.read_text(encoding="utf-8")  # drawn at build time (sitegen/drawing.py)
            report = lighthouse(url, port, categories)
            runs = [score(report, "performance")] if performance else []
            if performance and rerun:
                runs += [score(lighthouse(url, port), "performance") for _ in range(2)]
            scored = [run for run in runs if run is not None]
            scores = {c: score(report, c) or 0 for c in categories}
            if performance:
                scores["performance"] = round(statistics.median(scored)) if scored else 0
            results.append(Result(page, code, diagram, scores, int(report["audits"]["total-byte-weight"]["numericValue"]),
                                  {c: failing(report, c) for c in categories if c != "performance"}, runs,
                                  report["audits"]["cumulative-layout-shift"]["numericValue"]))
            print(f"[{number}/{len(chosen)}] {code}/{page}: " + ", ".join(f"{c} {scores[c]}" for c in categories),
                  file=sys.stderr, flush=True)
    return results


def phone_heights(site: Path) -> dict[str, int]:
    """The recipes page's full height (scrollHeight) at 390 px in each language, as a phone shows it."""
    from playwright.sync_api import sync_playwright

    heights = {}
    with serving(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for code in languages.codes():
                folder = languages.page_html(site, code, RECIPES).parent.relative_to(site).as_posix()
                page = browser.new_page(viewport=PHONE, device_scale_factor=1)
                page.goto(f"{base}{folder}/", wait_until="networkidle")
                page.evaluate("document.fonts.ready")
                heights[code] = page.evaluate("document.documentElement.scrollHeight")
                page.close()
        finally:
            browser.close()
    return heights


def filed_height(code: str) -> int:
    """The recipes page's height on record for a language: its own when issue 36 was filed, else (a language
    added since, README "Adding a language") the source language's, whose page it translates."""
    return RECIPES_FILED.get(code, RECIPES_FILED[languages.source()])


def height_misses(heights: dict[str, int]) -> list[str]:
    """Each language whose recipes page is taller than its target."""
    return [code for code, height in heights.items() if height > RECIPES_SHARE * filed_height(code)]


def height_table(heights: dict[str, int]) -> str:
    lines = [f"| the recipes page at {PHONE['width']} px | when filed | now | share | target |", "|---|---:|---:|---:|---:|"]
    for code, height in heights.items():
        filed = filed_height(code)
        mark = "" if code in RECIPES_FILED else f" ({languages.source()}'s: none on record)"
        lines.append(f"| {code} | {filed:,} px{mark} | {height:,} px | {height / filed:.1%}"
                     f"{' ✗' if code in height_misses(heights) else ''} | ≤ {RECIPES_SHARE:.0%} |")
    return "\n".join(lines)


def table(results: list[Result]) -> str:
    head = ["page", "language", "performance", "accessibility", "best practices", "SEO", "page weight"]
    lines = ["| " + " | ".join(head) + " |", "|---|---|---:|---:|---:|---:|---:|",
             f"| **target** | | ≥ {TARGETS['performance']}"
             f"{f' (≥ {DIAGRAM_PERFORMANCE} with a diagram)' if DIAGRAM_PERFORMANCE != TARGETS['performance'] else ''} "
             f"| {TARGETS['accessibility']} | {TARGETS['best-practices']} | {TARGETS['seo']} | ≤ {WEIGHT // 1024} KiB |"]
    for r in results:
        cells = [f"{r.scores.get(c, '–')}{' ✗' if c in r.misses() else ''}" for c in CATEGORIES]
        if len(r.performance_runs) > 1:
            cells[0] += f" ({'/'.join('–' if run is None else str(run) for run in r.performance_runs)})"
        lines.append(f"| {r.page}{' (diagram)' if r.diagram else ''} | {r.language} | {' | '.join(cells)} "
                     f"| {r.weight / 1024:,.0f} KiB{' ✗' if 'weight' in r.misses() else ''} |")
    below = sorted({f"{c}: {a}" for r in results for c in r.misses() if c not in ("performance", "weight") for a in r.failing[c]})
    if below:
        lines += ["", "Audits that keep a score below its target: " + ", ".join(below)]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path, default=paths.SITE)
    parser.add_argument("--pages", nargs="*", help="only these pages (index, gap, ...), in every language")
    args = parser.parse_args()
    chosen = [(page, code) for page, code in pages(args.site) if not args.pages or page in args.pages]
    results = audit(args.site, chosen)
    print(table(results))
    missed = [r for r in results if r.misses()]
    print(f"\n{len(results) - len(missed)} of {len(results)} pages meet every target.")
    heights = phone_heights(args.site) if not args.pages or RECIPES in args.pages else {}
    if heights:
        print("\n" + height_table(heights))
    return 1 if missed or height_misses(heights) else 0


if __name__ == "__main__":
    sys.exit(main())
