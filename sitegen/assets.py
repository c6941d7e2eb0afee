"""What every page carries besides its text: the versions it was measured with, and scripts served locally.

* The version stamp: every page says which deepagents (and langchain, langgraph)
  its facts were measured with (overrides/main.html shows `extra.stamp`), and,
  in one short line under its title, which deepagents releases (PyPI and npm),
  linked to "what differs in your release" on the version matrix.
* In a multi-release tree (tools/releases.py), Material's version selector lists
  the releases (`extra.version`, read from versions.json one level up), and a
  release other than the latest says so in a banner that links to the same page
  under the latest (`release_banner` in each page's context; overrides/main.html).
* iframe-worker (search from file://, offline build) is copied from node_modules
  into the site: no CDN at read time; only the offline build's pages load it. Diagrams ship no script: they are drawn at
  build time into inline SVG (sitegen/drawing.py); this plugin gives it the page
  language's words and closes its browser when the build of every language ends.
* Every example a page shows, and scripted_model.py (.mjs) beside them, is published
  under downloads/, so a reader saves the two files and runs the example. The
  file name above an example's code downloads it, and every link to downloads/
  has `download` (it saves the file instead of opening it in the tab). Beside them,
  requirements.txt and package.json install what the examples were measured with
  (sitegen/installs.py derives both at build time); the paragraph where a page's
  examples start says how (sitegen/macros.py, `examples_start`).
* Every copy button copies a whole program, or there is none (sitegen/copying.py).
* The header links to the repository when its web address is known (`repository()`).
"""

from __future__ import annotations

import functools
import html
import os
import re
import shutil
import subprocess
from pathlib import Path

import markdown
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from snippets import js, paths
from sitegen import copying, drawing, installs, languages
from sitegen.facts import live_facts
from sitegen.strings import word
from sitegen.verdicts import newest_checked

VENDORED = {  # node_modules file -> name under assets/javascripts/ (package.json pins them)
    paths.NODE_MODULES / "iframe-worker" / "shim" / "index.js": "iframe-worker-shim.js",
}
TITLE = re.compile(r'<span class="filename">([\w.-]+\.(?:py|mjs))</span>')  # a code block's title, when it is a file name
TO_DOWNLOADS = re.compile(r'<a href="(?![a-z]+:)[^"]*downloads/[^"/]+"')  # relative links to a published file


@functools.cache
def repository() -> str | None:
    """The repository's web address: $REPO_URL, GitHub Actions' own variables, or the git remote when it is
    a web address; else None (then the pages link each example's download only)."""
    if os.environ.get("REPO_URL"):
        return os.environ["REPO_URL"].rstrip("/")
    if os.environ.get("GITHUB_REPOSITORY"):
        return f"{os.environ.get('GITHUB_SERVER_URL', 'https://github.com')}/{os.environ['GITHUB_REPOSITORY']}"
    try:
        remote = subprocess.run(["git", "remote", "get-url", "origin"], cwd=paths.ROOT, capture_output=True, text=True,
                                check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    if remote.startswith("git@"):
        remote = "https://" + remote[4:].replace(":", "/", 1)
    if not remote.startswith(("https://", "http://")):
        return None  # a clone of a local folder: no web address to link to
    return remote.removesuffix(".git")


@functools.cache
def revision() -> str:
    """The commit the site is built from, for links to a file as it is on the page ($GITHUB_SHA in Actions)."""
    if os.environ.get("GITHUB_SHA"):
        return os.environ["GITHUB_SHA"]
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=paths.ROOT, capture_output=True, text=True,
                              check=True, timeout=10).stdout.strip() or "main"
    except (OSError, subprocess.SubprocessError):
        return "main"


def last_checked(code: str, stamp: dict) -> str | None:
    """Which deepagents releases were the newest, on PyPI and npm, when `make drift` or `make matrix` last listed
    them, and when (kept in data/: sitegen/verdicts.py newest_checked): "the newest releases when last checked,
    on <date>" when they are the ones measured, else what they were (HTML). None when no record says."""
    python, npm = newest_checked("python"), newest_checked("js")
    if python is None or npm is None:
        return None
    date = min(python.date, npm.date)  # both were checked at least then
    if (python.newest, npm.newest) == (stamp["deepagents"], stamp[js.VERSION_KEY]):
        return word(code, "stamp_checked_same").format(date=f'<time datetime="{date}">{date}</time>')
    newest = html.escape(word(code, "stamp_versions_npm").format(deepagents=python.newest, npm=npm.newest))
    return word(code, "stamp_checked_newer").format(date=f'<time datetime="{date}">{date}</time>', newest=newest)


class AssetsPlugin(BasePlugin):
    def on_config(self, config):
        code = config.theme["language"]
        config.repo_url = config.repo_url or repository()
        config.extra["stamp"] = live_facts().versions
        config.extra["stamp_words"] = word(code, "stamp")
        offline = config.plugins.get("material/offline") or config.plugins.get("offline")
        if not (offline and offline.config.enabled):  # the shim serves search from file:// only: a served page skips it
            config.extra["polyfills"] = []
        drawing.speak(drawing.Words(**{part: word(code, f"diagram.{part}") for part in ("as_text", "comma", "colon")}))
        release, latest = languages.release(), os.environ.get("SITE_LATEST_RELEASE")
        if release:  # only a release build has a selector: a plain build has no versions.json to read
            config.extra["version"] = {"provider": "mike", "default": "latest", "alias": True}
        if release and latest and release != latest:
            banner = word(code, "release_banner").format(release=release, latest=latest)
            config.extra["release_banner"] = markdown.markdown(banner)
            config.extra["latest_release"] = latest
        return config

    def on_page_context(self, context, page, config, nav):
        """The banner's link to the latest release leads to this page there (same path in every release)."""
        banner = config.extra.get("release_banner")
        if banner:
            latest = config.extra["latest_release"]
            root = context["base_url"].rstrip("/") or "."  # this release's root, as the page links to it
            same_page = "" if page.url == "404.html" else page.url
            here = f'href="{root}/../{latest}/{same_page}"'
            context["release_banner"] = re.sub(rf'href="\.\./{re.escape(latest)}/"', here, banner)
        return context

    def on_files(self, files, config):
        for example in sorted([*paths.SCENARIOS.glob("*.py"), *paths.SCENARIOS.glob("*.mjs")]):
            # as the page shows it: without the lines that mark the excerpts a page shows (snippets/paths.py)
            files.append(File.generated(config, f"downloads/{example.name}", content=paths.published(example)))
        for name, content in installs.files().items():  # what the examples were measured with, to install
            files.append(File.generated(config, f"downloads/{name}", content=content))
        return files

    def on_post_page(self, output, page, config):
        label = word(config.theme["language"], "copy_whole_file")  # what a program's copy button copies
        output = copying.with_copies(output, page.markdown or "", label, page.file.src_uri)
        return self._with_downloads(self._with_title_stamp(output, page, config), page, config)

    @staticmethod
    def _with_title_stamp(output: str, page, config) -> str:
        """The releases the page was measured with, under its title (after the search index is made: no page is
        found by it); linked to the matrix's "what differs in your release". Not on the 404 page."""
        if page.url == "404.html" or "</h1>" not in output:
            return output
        code, stamp = config.theme["language"], config.extra["stamp"]
        matrix = get_relative_url("matrix/" if config.use_directory_urls else "matrix.html", page.url)
        versions = word(code, "stamp_versions_npm").format(deepagents=stamp["deepagents"], npm=stamp[js.VERSION_KEY])
        linked = f'<a href="{matrix}#your-release">{html.escape(versions)}</a>'
        checked = last_checked(code, stamp)
        line = (word(code, "stamp_title_checked").format(versions=linked, checked=checked) if checked
                else word(code, "stamp_title").format(versions=linked))
        return output.replace("</h1>", f'</h1>\n<p class="title-stamp">{line}</p>', 1)

    @staticmethod
    def _with_downloads(output: str, page, config) -> str:
        """An example's title (its file name) downloads it; every link to downloads/ saves the file."""
        published = {example.name for example in paths.SCENARIOS.glob("*.*")}

        def title(found: re.Match) -> str:
            name = found.group(1)
            if name not in published:
                return found.group(0)
            tip = html.escape(word(config.theme["language"], "download").format(name=name))
            return (f'<span class="filename"><a class="filename__download" href="{get_relative_url(f"downloads/{name}", page.url)}"'
                    f' download title="{tip}">{name}</a></span>')

        return TO_DOWNLOADS.sub(lambda link: f"{link.group(0)} download", TITLE.sub(title, output))

    def on_build_error(self, error):
        drawing.end_of_build()

    def on_post_build(self, config):
        if config.theme["language"] == languages.source():  # after every other language's build (sitegen-languages)
            drawing.end_of_build()
        for source, name in VENDORED.items():
            if not source.exists():
                msg = f"{paths.shown(source)} is missing: run `make setup` (it runs `npm ci`); the site loads no CDN"
                raise FileNotFoundError(msg)
            target = Path(config.site_dir) / "assets" / "javascripts" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
