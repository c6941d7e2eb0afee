"""The site's languages: the registry (docs/languages.yml) and the plugin that builds every language.

One command builds them all: building or serving the source language (the
first of the registry) also builds each other language, from the same
mkdocs.yml, with its own pages (docs/<code>/), site name, navigation titles
and theme language, in the same process, so all read the same facts and
`mkdocs serve` shows all. A page not yet translated is built from the source
page, under a notice that says so: a translation can land page by page.
"""

from __future__ import annotations

import functools
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from mkdocs.config import load_config
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File

from snippets import paths
from sitegen.strings import strings, word


@dataclass(frozen=True)
class Language:
    code: str  # as in docs/<code>/, sitegen/strings/<code>.yml and the theme's language
    name: str  # as the language switcher shows it


@functools.cache
def languages(registry: Path = paths.LANGUAGES) -> tuple[Language, ...]:
    entries = yaml.safe_load(registry.read_text(encoding="utf-8"))
    return tuple(Language(entry["code"], entry["name"]) for entry in entries)


def codes(registry: Path = paths.LANGUAGES) -> list[str]:
    return [language.code for language in languages(registry)]


def source(registry: Path = paths.LANGUAGES) -> str:
    """The language every other one translates; its site is built at the root."""
    return languages(registry)[0].code


def folder(code: str, registry: Path = paths.LANGUAGES) -> str:
    """Where a language's site goes, relative to the root site: "" or "<code>/"."""
    return "" if code == source(registry) else f"{code}/"


def page_html(site: Path, code: str, page: str) -> Path:
    """Where a built site holds the HTML of `page` (a page name: "index", "refusal") in language `code`."""
    root = Path(site) / folder(code)
    return root / "index.html" if page == "index" else root / page / "index.html"


def page_sources(code: str) -> dict[str, Path]:
    """Page name -> the Markdown file a build uses for it in language `code`: its own translation, or
    the source language's page it falls back to (see on_files)."""
    own = {p.stem: p for p in sorted((paths.DOCS / code).glob("*.md"))}
    return {**{p.stem: p for p in sorted((paths.DOCS / source()).glob("*.md"))}, **own}


def release() -> str | None:
    """The deepagents release this build is published as, in a multi-release tree (tools/releases.py)."""
    return os.environ.get("SITE_RELEASE") or None


def site_dir(root_site_dir: str, code: str) -> str:
    """Where the site of language `code` goes, given the source language's: <root>/<code>, or in a
    multi-release tree <tree>/<code>/<release> beside <tree>/<release>."""
    root = Path(root_site_dir)
    if release():
        return str(root.parent / code / release())
    return str(root / code)


def site_url(root_site_url: str | None, code: str) -> str | None:
    """The address of language `code`'s site, given the source language's (see site_dir)."""
    if not root_site_url:
        return None
    root = root_site_url.rstrip("/")
    if release():
        return root.removesuffix(f"/{release()}") + f"/{code}/{release()}/"
    return f"{root}/{code}/"


def link(current: str, target: str) -> str:
    """The switcher's link from the root of language `current`'s site to the root of `target`'s."""
    if target == current:
        return "./"
    if release():  # /<release>/ and /<code>/<release>/
        up = "../" if current == source() else "../../"
        return up + ("" if target == source() else f"{target}/") + f"{release()}/"
    up = "" if current == source() else "../"
    return up + folder(target) or "./"


def translated_nav(nav, code: str):
    """The navigation written once in mkdocs.yml (section titles as ids: `nav.<id>`), in language `code`."""
    if isinstance(nav, list):
        return [translated_nav(item, code) for item in nav]
    if isinstance(nav, dict):
        return {word(code, title) if title.startswith("nav.") else title: translated_nav(items, code)
                for title, items in nav.items()}
    return nav


class LanguagesPlugin(BasePlugin):
    """Builds every language of the registry from the one mkdocs.yml (see the module doc)."""

    source_docs: Path | None = None  # set on another language's build: the source language's pages
    root_url: str | None = None  # set on another language's build: the source language's site_url

    def on_startup(self, *, command, dirty):  # a plugin with on_startup lives for a whole `mkdocs serve`
        self.command = command

    def on_config(self, config):
        code = config.theme["language"]
        if code == source():  # a new build (or a rebuild of `mkdocs serve`): read the registry and the strings again
            languages.cache_clear()
            strings.cache_clear()  # every language's words are checked before any page, by the claims plugin
        config.site_name = word(code, "site_name")
        config.site_description = word(code, "site_description")  # llms.txt quotes it (and a page with none)
        config.nav = translated_nav(config.nav, code)
        # llms.txt (mkdocs-llmstxt, as `llmstxt` or as sitegen/llms.py's `sitegen-llmstxt`): its section titles
        # and description
        from mkdocs_llmstxt import MkdocsLLMsTxtPlugin

        llms = next((p for p in config.plugins.values() if isinstance(p, MkdocsLLMsTxtPlugin)), None)
        if llms is not None:
            llms.config.sections = {word(code, title) if title.startswith("nav.") else title: pages
                                    for title, pages in llms.config.sections.items()}
            llms.config.markdown_description = word(code, "llms_description")
        config.extra["alternate"] = [{"name": lang.name, "lang": lang.code, "link": link(code, lang.code)}
                                     for lang in languages()]
        # Every language's root, absolute: the sitemap names each page's translations (hreflang,
        # overrides/sitemap.xml); the switcher's links stay relative.
        root = self.root_url or config.site_url
        config.extra["language_roots"] = [{"lang": lang.code, "root": site_url(root, lang.code) if lang.code != source()
                                           else root} for lang in languages()] if root else []
        return config

    def on_files(self, files, config):
        """Pages of the source language not yet translated are built from the source, with a notice."""
        code = config.theme["language"]
        if code == source():
            return files
        source_docs = self.source_docs or Path(config.docs_dir).parent / source()
        for page in sorted(source_docs.rglob("*.md")):
            uri = page.relative_to(source_docs).as_posix()
            if files.get_file_from_path(uri) is None:
                fallback = File(uri, str(source_docs), config.site_dir, config.use_directory_urls)
                fallback.untranslated = True
                files.append(fallback)
        return files

    @event_priority(-100)  # after the macros: a bound sentence keeps the line number of its source
    def on_page_markdown(self, markdown, page, config, files):
        if getattr(page.file, "untranslated", False):
            notice = word(config.theme["language"], "untranslated").format(language=source())
            return f'!!! note ""\n    {notice}\n\n{markdown}'
        return markdown

    def on_post_build(self, config):
        if config.theme["language"] != source():
            return
        for code in codes()[1:]:
            with tempfile.TemporaryDirectory(prefix=f"docs-{code}-") as empty:
                docs = Path(config.docs_dir).parent / code
                # Nothing translated yet: every page falls back to the source language's.
                self._build(config, code, docs if docs.is_dir() else Path(empty))

    def _build(self, config, code: str, docs: Path) -> None:
        """Build language `code` from the pages in `docs`, as the source language's build was configured."""
        from mkdocs.commands.build import build

        site = load_config(
            config.config_file_path,
            docs_dir=str(docs),
            site_dir=site_dir(config.site_dir, code),
            site_url=site_url(config.site_url, code),
            strict=config.strict,
        )
        site.plugins["sitegen-languages"].source_docs = Path(config.docs_dir)
        site.plugins["sitegen-languages"].root_url = config.site_url
        site.theme["language"] = code  # read by the theme, the search plugin, the macros and the generated pages
        for name, plugin in site.plugins.items():
            if hasattr(plugin, "adopt"):  # a plugin that shares work across languages (sitegen.blocks)
                plugin.adopt(config.plugins[name])
        site.plugins.on_startup(command=self.command, dirty=False)
        try:
            build(site)
        finally:
            site.plugins.on_shutdown()
