"""MkDocs hooks (see `hooks:` in mkdocs.yml; every language's site runs them).

* One command, every language: building or serving the site of the source
  language (the first in docs/languages.yml) also builds each other language,
  from the same mkdocs.yml with that language's pages, name, navigation titles
  and theme language, into its `<code>/` folder, in the same process, so all
  read the same facts and `mkdocs serve` shows all. The language switcher's
  links come from the same registry.
* Tables and diagrams are printed by page macros (sitegen/macros.py), in the site's language.
* A failing exec block's warning names the page and line as well as the block
  id, so `mkdocs build --strict` says where to look.
* Every page gets the versions it was generated with (the version stamp).
* Mermaid (diagrams) and iframe-worker (search from file://, offline build)
  are copied from node_modules into the site: no CDN at read time.
* An exec block whose code, options, page language and `snippets.cache`
  fingerprint are unchanged reuses its rendered HTML: in memory under
  `mkdocs serve` (a prose edit re-renders prose only), and across builds from
  `.cache/blocks/` (unless the cache is off, as in CI). A failed block is never
  kept. With every block and fact cached, a build imports neither deepagents
  nor langchain.
* Code blocks (the experiments' source) are shown, not searched: readers search
  the prose and the live tables (which quote deepagents). The code's HTML is parked behind
  a placeholder while the search plugin reads the page, so its parser never
  walks thousands of highlight spans, and put back when the page is written.
* Under `mkdocs serve`, a page whose block fails keeps its last good version,
  with a banner naming the failure, instead of a stuck server; the next good
  build replaces it.
"""

from __future__ import annotations

import html
import logging
import re
import shutil
import warnings
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from sitegen import languages, live_facts, rendered_blocks, reload_edited_snippets, serving
from sitegen.strings import word

reload_edited_snippets()  # before importing snippets: a serve rebuild must see edited code

from snippets import cache  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENDORED = {  # node_modules file -> name under assets/javascripts/ (package.json pins them)
    ROOT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js": "mermaid.min.js",
    ROOT / "node_modules" / "iframe-worker" / "shim" / "index.js": "iframe-worker-shim.js",
}

_current = {"page": "?", "path": None, "language": None}  # the page being rendered, for messages
_failed_blocks = {"count": 0}  # failed exec blocks so far in this build
_serve_log = logging.getLogger("sitegen.serve")  # outside "mkdocs": not in the strict count
_parked_code: dict[str, str] = {}  # placeholder -> highlighted code, between content and writing
CODE_BLOCK = re.compile(r'<div class="(?:language-\w+ )?highlight">(?:<span class="filename">[^<]*</span>)?<pre.*?</code></pre></div>', re.S)
PARKED = re.compile(r"<!--parked-code-\d+-->")


class _NamePlace(logging.Filter):
    """Prefix markdown-exec's warning about a failed block with its page and line.

    Under `mkdocs serve` the warning is also taken out of MkDocs' strict count
    (a failed block would otherwise stall the server) and reported on our own
    logger; on_post_page then serves the page's last good version.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING:
            message = record.getMessage()
            block = re.search(r"code block '([^']+)'", message)
            line = _line_of(block.group(1)) if block else None
            where = _current["page"] + (f":{line}" if line else "")
            record.msg, record.args = f"{where}: {message}", ()
            _failed_blocks["count"] += 1
            if serving["active"]:
                serving["failed"][_current["page"]] = message.splitlines()[0]
                _serve_log.error(record.msg)
                return False
        return True


def _remembering(render):
    """Wrap markdown-exec's fence formatter: same block, same inputs, same HTML."""

    def format(source, language, css_class, options, md, **kwargs):  # noqa: A001 - superfences' name
        inputs = (_current["language"], language, source, repr(sorted(options.items())))
        # In memory the languages share a block: no block's output depends on the page's language
        # (the language reaches only the page macros), so a build runs each scenario once, for
        # the first language; on disk the entry is keyed by that language as well.
        key = (cache.fingerprint(), *inputs[1:])  # an edited snippet under `mkdocs serve` gets a new key
        if key not in rendered_blocks:
            stored = cache.load_block(inputs)
            if stored is not None:
                rendered_blocks[key] = stored
        if key in rendered_blocks:
            return rendered_blocks[key]
        failures = _failed_blocks["count"]
        html_output = render(source, language, css_class, options, md, **kwargs)
        if _failed_blocks["count"] == failures:  # a failed block is never remembered
            rendered_blocks[key] = html_output
            cache.save_block(inputs, html_output)
        return html_output

    format.remembering = True
    return format


def _line_of(block_id: str) -> int | None:
    """Line of the fence with `id="block_id"` in the page being rendered."""
    if _current["path"] is None:
        return None
    for number, text in enumerate(Path(_current["path"]).read_text(encoding="utf-8").splitlines(), 1):
        if text.lstrip().startswith("```") and f'id="{block_id}"' in text:
            return number
    return None


def site_language(config) -> str:
    return config.theme["language"]


def on_startup(command, dirty, **kwargs):
    serving["active"] = command == "serve"


def _without_beta_notice(show):
    def showwarning(message, category, *args, **kwargs):
        if "`forked subagents` is in beta" not in str(message):
            show(message, category, *args, **kwargs)

    showwarning.quiet_beta = True
    return showwarning


def on_config(config, **kwargs):
    # The scenarios on the pages attach fork sub-agents, and deepagents warns that the feature
    # is in beta each time; the modes page measures and shows that warning. Not a filter:
    # langchain puts its own in front when a page's block first imports it.
    if not getattr(warnings.showwarning, "quiet_beta", False):
        warnings.showwarning = _without_beta_notice(warnings.showwarning)
    for name in list(logging.root.manager.loggerDict):
        if "markdown_exec" in name:  # the loggers markdown-exec reports failed blocks on
            logger = logging.getLogger(name)
            logger.filters = [f for f in logger.filters if type(f).__name__ != "_NamePlace"] + [_NamePlace()]
    config.extra["stamp"] = live_facts().versions
    config.extra["alternate"] = _switcher(site_language(config))
    config.extra["stamp_words"] = word(site_language(config), "stamp")
    fences = config.mdx_configs.get("pymdownx.superfences", {}).get("custom_fences", [])
    for fence in fences:
        if fence.get("format").__module__.startswith("markdown_exec") and not getattr(fence["format"], "remembering", False):
            fence["format"] = _remembering(fence["format"])
    return config


def on_pre_build(config, **kwargs):
    _current["language"] = site_language(config)  # part of a rendered block's cache key


def _where(page) -> str:
    """How messages name a page: its path in the project, or its URI if generated."""
    source = Path(page.file.abs_src_path)
    return str(source.relative_to(ROOT)) if source.is_relative_to(ROOT) else f"{page.file.src_uri} (generated)"


def on_page_markdown(markdown, page, config, files, **kwargs):
    _current.update(page=_where(page), path=page.file.abs_src_path)
    return markdown


def on_page_content(html_output, page, config, files, **kwargs):
    def park(block: re.Match) -> str:
        placeholder = f"<!--parked-code-{len(_parked_code)}-->"
        _parked_code[placeholder] = block.group(0)
        return placeholder

    return CODE_BLOCK.sub(park, html_output)


def on_post_page(output, page, config, **kwargs):
    """Put the parked code back; under `mkdocs serve`, keep the last good version of a failed page."""
    output = PARKED.sub(lambda placeholder: _parked_code.pop(placeholder.group(0)), output)
    if not serving["active"]:
        return output
    key = _where(page)  # pages are rendered first, then written: _current has moved on
    failure = serving["failed"].pop(key, None)
    if failure is None:
        serving["last_good"][key] = output
        return output
    _serve_log.error(f"{key}: serving its last good version until the failing block is fixed")
    last_good = serving["last_good"].get(key)
    if last_good is None:
        return output
    banner = (f'<div class="admonition failure"><p class="admonition-title">This page failed to rebuild</p>'
              f"<p>Showing its last good version. {html.escape(failure)}</p></div>")
    return re.sub(r'(<article[^>]*>)', lambda m: m.group(1) + banner, last_good, count=1)


def on_post_build(config, **kwargs):
    for source, name in VENDORED.items():
        if not source.exists():
            msg = f"{source.relative_to(ROOT)} is missing: run `make setup` (it runs `npm ci`); the site loads no CDN"
            raise FileNotFoundError(msg)
        target = Path(config.site_dir) / "assets" / "javascripts" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    if site_language(config) == languages.source():
        for code in languages.codes()[1:]:
            _build_language(config, code)


def _translated_nav(nav, code: str):
    """The navigation written once in mkdocs.yml, its section titles in `code` (pages keep their own titles)."""
    if isinstance(nav, list):
        return [_translated_nav(item, code) for item in nav]
    if isinstance(nav, dict):
        return {word(code, f"nav.{title}"): _translated_nav(items, code) for title, items in nav.items()}
    return nav


def _build_language(root, code: str) -> None:
    """Build the site of language `code` into <root site>/<code>, with the root build's settings."""
    site = load_config(
        root.config_file_path,
        docs_dir=str(Path(root.docs_dir).parent / code),
        site_dir=str(Path(root.site_dir) / code),
        site_url=root.site_url.rstrip("/") + f"/{code}/" if root.site_url else None,
        site_name=word(code, "site_name"),
        nav=_translated_nav(root.nav, code),
        strict=root.strict,
    )
    site.theme["language"] = code  # read by the theme, the search plugin, the macros and gen_pages
    site.plugins.on_startup(command="serve" if serving["active"] else "build", dirty=False)
    try:
        build(site)
    finally:
        site.plugins.on_shutdown()


def _switcher(current: str) -> list[dict]:
    """The language switcher's links from the site of `current`, one per registered language."""
    up = "" if current == languages.source() else "../"
    return [{"name": language.name, "lang": language.code,
             "link": "./" if language.code == current else up + languages.folder(language.code) or "./"}
            for language in languages.languages()]
