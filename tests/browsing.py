"""What the browser tests share: a folder served on 127.0.0.1, Debian's Chromium driven by Playwright, and a tab
that records what went wrong.

Chromium phones home unless told not to; on this network that is only noise (QUIET).
"""

from __future__ import annotations

import contextlib
import functools
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
QUIET = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", "--disable-quic", "--disable-gpu", "--no-sandbox"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve `folder` from a thread on a free port of 127.0.0.1; yields its address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@contextlib.contextmanager
def chromium() -> Iterator:
    """Debian's Chromium (`make test` installs it), launched headless by Playwright."""
    import pytest
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=QUIET)
        try:
            yield browser
        finally:
            browser.close()


class Visit:
    """One browser tab that records console errors and every request."""

    def __init__(self, browser, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def close(self):
        self.context.close()
