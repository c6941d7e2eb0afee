"""mkdocs-llmstxt (llms.txt and each page as Markdown), with each page's Markdown kept under .cache/llms/.

Its conversion (the page's HTML parsed with BeautifulSoup, turned into Markdown by markdownify, then
formatted by mdformat) was about 60 % of a cached build of both languages: 8 of 13 s on 2 cores, in every
build, `make serve`'s rebuilds and each build the tests make. It depends on nothing but the page's HTML and
the plugin's options, so its result is kept, keyed by exactly those and the plugin's release: an unchanged page
is converted once. Off, as the other caches are, under CI or FACTS_CACHE=0 (snippets/cache.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from importlib.metadata import version

from mkdocs.exceptions import PluginError
from mkdocs_llmstxt import MkdocsLLMsTxtPlugin
from mkdocs_llmstxt._internal import plugin as llmstxt

from snippets import cache, paths

KEPT = 400  # pages kept, the most recently used: a build of both languages converts 52, `make releases` more
CONVERT = "_generate_page_markdown"  # mkdocs-llmstxt's own conversion of one page, which this wraps


def _stored(html: str, options: dict) -> str:
    """The key of a page's Markdown. The Markdown file's own path (`path`, under the site folder, which differs
    from build to build) reaches only a `preprocess` module, so it is in the key only when there is one."""
    read = {name: value for name, value in options.items() if name != "path" or options.get("preprocess")}
    key = hashlib.sha256(json.dumps([version("mkdocs-llmstxt"), html, read], sort_keys=True).encode()).hexdigest()
    return key[:32]


@contextlib.contextmanager
def _kept(convert):
    """While it lasts, mkdocs-llmstxt converts a page only when .cache/llms/ has no Markdown for its HTML."""
    def converted(html: str, **options) -> str:
        stored = paths.CACHE / "llms" / f"{_stored(html, options)}.md"
        if stored.exists():
            stored.touch()  # recently used: kept
            return stored.read_text(encoding="utf-8")
        markdown = convert(html, **options)
        cache.write_atomically(stored, markdown.encode("utf-8"))
        cache.keep_newest(list(stored.parent.glob("*.md")), KEPT)
        return markdown

    setattr(llmstxt, CONVERT, converted)
    try:
        yield
    finally:
        setattr(llmstxt, CONVERT, convert)


class LlmsTxtPlugin(MkdocsLLMsTxtPlugin):
    """`llmstxt` with its options unchanged (mkdocs.yml), each page's Markdown read from .cache/llms/ when kept."""

    def on_page_content(self, html, *, page, **kwargs):
        convert = getattr(llmstxt, CONVERT, None)
        if convert is None:
            raise PluginError(f"mkdocs-llmstxt {version('mkdocs-llmstxt')} has no {CONVERT} in {llmstxt.__name__}: "
                              f"sitegen/llms.py keeps what it returns; update it to the release's conversion")
        if not cache.enabled():
            return super().on_page_content(html, page=page, **kwargs)
        with _kept(convert):
            return super().on_page_content(html, page=page, **kwargs)
