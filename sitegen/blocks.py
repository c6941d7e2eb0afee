"""Exec blocks (markdown-exec): each runs once per build, is reused while nothing it depends on changed,
and a failure names the page and the line.

* A block's rendered HTML is kept in memory (shared by the languages of one build,
  and by the rebuilds of one `mkdocs serve`) and on disk under .cache/blocks/,
  keyed by the block (code, options), scripted_model.py, the installed deepagents
  and the packages that render blocks. Each deepagents release gets a folder of its
  own there; when a build of a release finishes, the entries it did not use are
  pruned, so the cache holds what the latest build of each release needs.
  Off, as the facts cache is, under CI or FACTS_CACHE=0. A failed block is never kept.
* A block that shows an example an experiment ran in this build (the same file,
  snippets/scenarios/) shows what that run printed, a real `python` run of the
  file: nothing runs twice. Any other block is executed by markdown-exec.
* A JavaScript block (```` ```javascript exec="on" ```` , the fence mkdocs.yml
  registers with `javascript_block`) shows what its .mjs scenario printed when
  snippets/js.py measured npm deepagents: the site never runs node itself, and a
  JavaScript block that is no measured scenario fails, named. Its key holds the
  JavaScript measurement's (npm deepagents, node, the .mjs files).
* markdown-exec reports a failing block as a warning naming only the block id;
  the warning is prefixed with the page and line, so `mkdocs build --strict` says
  where to look.
* Under `mkdocs serve`, a page whose block fails keeps its last good version with
  a banner naming the failure, instead of a broken page; the next good build
  replaces it.
* What a block printed (`result="…"`, under its source or alone) is marked as output:
  `class="highlight exec-output"` and `data-label`, the word for it in the page's
  language (`output` in sitegen/strings/<code>.yml), which the stylesheet shows
  above it (overrides/assets/stylesheets/site.css).
"""

from __future__ import annotations

import hashlib
import html
import logging
import re
import warnings
from pathlib import Path

from mkdocs.plugins import BasePlugin

from snippets import cache, js, paths

# What renders a block, beside the facts' key: keyed, not shown.
RENDERERS = ("markdown-exec", "pymdown-extensions", "pygments", "markdown")
# Site files a block's output may depend on: the Markdown settings, and the README a block prints from.
ALSO_READ = (paths.MKDOCS_YML, paths.README, paths.SCRIPTED_MODEL)
HIGHLIGHT = re.compile(r'<div class="(?:language-[\w-]+ )?highlight">')
_serve_log = logging.getLogger("sitegen.serve")  # outside "mkdocs": not in the strict count


def release_key() -> str:
    """The folder of .cache/blocks/ for the installed deepagents and renderers."""
    digest = hashlib.sha256(cache.installed(RENDERERS))
    return digest.hexdigest()[:16]


def block_key(inputs: tuple) -> str:
    """A block's output depends on its own code and options, the installed packages and what it runs beside
    (a JavaScript block: on what the JavaScript measurement depends on)."""
    digest = hashlib.sha256(cache.installed(RENDERERS))
    for path in ALSO_READ:
        digest.update(path.read_bytes())
    if inputs[0] == JAVASCRIPT:
        digest.update(js.key().encode())
    digest.update(repr(inputs).encode())
    return digest.hexdigest()[:32]


JAVASCRIPT = "javascript"  # the fence language of a JavaScript example


def javascript_block(source, language, css_class, options, md, **kwargs):
    """A ```javascript exec="on"``` block (superfences' format, registered in mkdocs.yml): its source, and what
    the .mjs scenario holding exactly that source printed when snippets/js.py measured it. Never runs node."""
    from markdown_exec import ExecutionError, base_format

    from sitegen.facts import live_facts

    printed = live_facts().output_of(source, "js")

    def recorded(*args, **kwargs) -> str:
        if printed is None:
            raise ExecutionError("a JavaScript block shows what a scenario printed when snippets/js/measure.mjs ran it; "
                                 "this one holds no snippets/scenarios/<name>.mjs that a section measures")
        return printed

    return base_format(language=language, run=recorded, code=source, md=md, **options)


def _without_beta_notice(show):
    def showwarning(message, category, *args, **kwargs):
        if "is in beta" not in str(message):
            show(message, category, *args, **kwargs)

    showwarning.quiet_beta = True
    return showwarning


class _NamePlace(logging.Filter):
    """Prefixes markdown-exec's warning about a failed block with its page and line, and counts it."""

    def __init__(self, plugin: BlocksPlugin) -> None:
        super().__init__()
        self.plugin = plugin

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        message = record.getMessage()
        block = re.search(r"code block '([^']+)'", message)
        line = self.plugin.line_of(block.group(1)) if block else None
        where = self.plugin.page + (f":{line}" if line else "")
        record.msg, record.args = f"{where}: {message}", ()
        self.plugin.failures += 1
        if self.plugin.serving:
            self.plugin.failed[self.plugin.page] = message.splitlines()[0]
            _serve_log.error(record.msg)
            return False  # a failed block must not stall `mkdocs serve`
        return True


class BlocksPlugin(BasePlugin):
    def __init__(self) -> None:
        self.memory: dict[str, str] = {}  # block key -> rendered HTML, shared by languages and rebuilds
        self.used: set[str] = set()  # block keys this build used, to prune the rest
        self.last_good: dict[str, str] = {}  # page -> its last good HTML, under `mkdocs serve`
        self.failed: dict[str, str] = {}
        self.serving = False
        self.page, self.path, self.failures = "?", None, 0
        self.output_label = "Output"

    def on_startup(self, *, command, dirty):  # kept for the whole `mkdocs serve`
        self.serving = command == "serve"

    def adopt(self, root: BlocksPlugin) -> None:
        """Share the root build's blocks with another language's build of the same process."""
        self.memory, self.used = root.memory, root.used

    def on_config(self, config):
        from sitegen.strings import word

        self.output_label = word(config.theme["language"], "output")
        # The examples attach fork sub-agents, and deepagents warns that the feature is in beta each
        # time; the pages measure and show that warning, the build log need not repeat it. Not a
        # filter: langchain puts its own filter in front when an example first imports it.
        if not getattr(warnings.showwarning, "quiet_beta", False):
            warnings.showwarning = _without_beta_notice(warnings.showwarning)
        for name in list(logging.root.manager.loggerDict):
            if "markdown_exec" in name:  # the loggers markdown-exec reports failed blocks on
                logger = logging.getLogger(name)
                logger.filters = [f for f in logger.filters if not isinstance(f, _NamePlace)] + [_NamePlace(self)]
        fences = config.mdx_configs.get("pymdownx.superfences", {}).get("custom_fences", [])
        for fence in fences:
            render = fence.get("format")
            executes = render.__module__.startswith("markdown_exec") or render is javascript_block
            if executes and not hasattr(render, "unwrapped"):
                fence["format"] = self._remembering(render)
        return config

    def on_env(self, env, config, files):
        # The theme's templates, compiled once and kept beside the blocks: a cached build does not compile
        # Material's templates again (Jinja checks each one's source before it reuses its code).
        if cache.enabled():
            import jinja2

            folder = paths.CACHE / "templates"
            folder.mkdir(parents=True, exist_ok=True)
            env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
        return env

    def _remembering(self, render):
        def format(source, language, css_class, options, md, **kwargs):  # noqa: A001 - superfences' name
            key = block_key((language, source, sorted(options.items())))
            self.used.add(key)
            if key not in self.memory and cache.enabled():
                stored = self._disk(key)
                if stored.exists():
                    self.memory[key] = stored.read_text(encoding="utf-8")
            if key in self.memory:
                return self._labelled(self.memory[key], options)
            failures = self.failures
            output = self._recorded(source, language, options, md) or render(source, language, css_class, options, md, **kwargs)
            if self.failures == failures:  # a failed block is never remembered
                self.memory[key] = output
                if cache.enabled():
                    cache.write_atomically(self._disk(key), output.encode("utf-8"))
            return self._labelled(output, options)

        format.unwrapped = render
        return format

    def _labelled(self, rendered: str, options: dict) -> str:
        """The printed part of a block, shown under its source or alone (a recipe's whole file is a download
        above it: `whole_file` in sitegen/macros.py), marked as output in the page's language.
        (After the cache: the languages of a build share the rendered block, not the word.)"""
        if options.get("source") not in ("above", "") or not options.get("result"):
            return rendered
        found = list(HIGHLIGHT.finditer(rendered))
        if len(found) < (2 if options.get("source") else 1):  # the source alone: nothing was printed
            return rendered
        last, text = found[-1], str(rendered)  # markdown-exec's Markup would escape what is added to it
        marked = f'<div class="highlight exec-output" data-label="{html.escape(self.output_label)}">'
        return type(rendered)(text[:last.start()] + marked + text[last.end():])

    @staticmethod
    def _recorded(source: str, language: str, options: dict, md) -> str | None:
        """The block's HTML from what an experiment's run of the same example printed, or None."""
        from markdown_exec import base_format

        from sitegen.facts import live_facts

        printed = live_facts().output_of(source) if language == "python" else None
        if printed is None:
            return None
        return base_format(language=language, run=lambda *args, **kwargs: printed, code=source, md=md, **options)

    @staticmethod
    def _disk(key: str) -> Path:
        return paths.CACHE / "blocks" / release_key() / key

    def line_of(self, block_id: str) -> int | None:
        """Line of the fence with `id="block_id"` in the page being rendered."""
        if self.path is None:
            return None
        for number, text in enumerate(Path(self.path).read_text(encoding="utf-8").splitlines(), 1):
            if text.lstrip().startswith("```") and f'id="{block_id}"' in text:
                return number
        return None

    def on_pre_build(self, config):
        from sitegen import languages

        if config.theme["language"] == languages.source():
            self.used.clear()  # the set is shared with the other languages' builds (adopt)
            self.failures = 0

    def on_page_markdown(self, markdown, page, config, files):
        self.page, self.path = where(page), page.file.abs_src_path
        return markdown

    def on_post_page(self, output, page, config):
        """Under `mkdocs serve`, a page whose block failed keeps its last good version."""
        if not self.serving:
            return output
        key = where(page)
        failure = self.failed.pop(key, None)
        if failure is None:
            self.last_good[key] = output
            return output
        _serve_log.error(f"{key}: serving its last good version until the failing block is fixed")
        last_good = self.last_good.get(key)
        if last_good is None:
            return output
        banner = (f'<div class="admonition failure"><p class="admonition-title">This page failed to rebuild</p>'
                  f"<p>Showing its last good version. {html.escape(failure)}</p></div>")
        return re.sub(r"(<article[^>]*>)", lambda m: m.group(1) + banner, last_good, count=1)

    def on_post_build(self, config):
        """Prune the entries of this release's folder that the build (all languages) did not use."""
        from sitegen import languages

        if not cache.enabled() or self.failures or config.theme["language"] != languages.source():
            return
        folder = paths.CACHE / "blocks" / release_key()
        if folder.is_dir():
            for entry in folder.iterdir():
                if entry.name not in self.used and not entry.name.endswith(".tmp"):
                    entry.unlink(missing_ok=True)


def where(page) -> str:
    """How messages name a page: its path in the project, or its URI if generated."""
    source = page.file.abs_src_path
    return paths.shown(source) if source and Path(source).is_relative_to(paths.ROOT) else f"{page.file.src_uri} (generated)"

