"""Build the site (every language) the way the README does, into a folder of the caller's; read pages back."""

from __future__ import annotations

import html as entities
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from snippets import cache as facts_cache
from snippets import paths

from sitegen import languages

ROOT = paths.ROOT
LANGUAGES = languages.codes()  # docs/languages.yml: tests over every language take them from here
SOURCE = languages.source()
PAGES = sorted(p.stem for p in (paths.DOCS / SOURCE).glob("*.md")) + ["drift", "matrix"]  # the last two: generated
PROJECT_FILES = ("mkdocs.yml", "README.md", "pyproject.toml", "package.json", "data", "docs", "claims", "snippets", "sitegen", "tools",
                 "overrides")
# A strict build's time limit: a cold one takes about 20 s on 2 quiet cores, and the suite must pass on a busy
# machine too (issue 50: 300 s ran out under a load of 20).
BUILD_TIMEOUT = 1200
# Quiet two banners MkDocs plugins print on every build, and jieba's SyntaxWarnings.
QUIET = {"DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1", "PYTHONWARNINGS": "ignore::SyntaxWarning"}


# `python -m mkdocs ...` that also writes, to the file its first argument names, what the build did: the
# experiments it measured, whether it loaded deepagents, and the node and browser processes it started.
COUNTING = """
import json, os, runpy, subprocess, sys
counts, sys.argv = sys.argv[1], ["mkdocs", *sys.argv[2:]]
started = []  # every process the build starts (the JavaScript measurement is `node ...`; Playwright's driver,
_popen = subprocess.Popen.__init__  # which starts the Chromium that draws the diagrams, is playwright/driver/node)
def _recording(self, args, *more, **options):
    started.append(str(args[0] if isinstance(args, (list, tuple)) else args).split()[0])
    return _popen(self, args, *more, **options)
subprocess.Popen.__init__ = _recording
loaded = set()
try:
    runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
finally:
    loaded = {m.split(".")[0] for m in sys.modules} & {"deepagents", "langchain", "langchain_core", "langgraph"}
    from snippets.facts import collect
    browser = [p for p in started if "playwright" in p]
    node = [p for p in started if os.path.basename(p) == "node" and p not in browser]
    with open(counts, "w") as out:
        json.dump({"measured": collect().measured, "loaded": sorted(loaded), "node": len(node), "browser": len(browser)}, out)
"""


# The run's own cache (tests/conftest.py `build_cache`): only the run's build writes it. A build prunes the
# rendered blocks it did not use, so a build of a changed project handed this folder deletes what every later
# copy needs: a cached build then renders them again, and loads langchain (the flake of issue 50).
RUNS_CACHE: list[Path] = []


class TheRunsCache(AssertionError):
    """A build (or a command that writes a cache) was handed the run's own cache instead of a copy of it."""


def refusing_the_runs_cache(cache: Path | None) -> None:
    """Stop a test that hands the run's cache to anything but the run's build: it must take a copy
    (the `cache_copy` fixture, or copy_cache)."""
    if cache is not None and any(Path(cache).resolve() == own.resolve() for own in RUNS_CACHE):
        raise TheRunsCache(f"{cache} is the run's own cache: only the run's build writes it; hand a copy "
                           "(the cache_copy fixture, or tests/site_build.py copy_cache)")


def mkdocs_build(site_dir: Path, project: Path = ROOT, extra_env: dict | None = None, command: str = "mkdocs",
                 cache: Path | None = None, counts: Path | None = None,
                 fills_the_runs_cache: bool = False) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` (or `properdocs`); a fixed SOURCE_DATE_EPOCH makes it reproducible.

    Without `cache` it measures afresh. With one (a copy_cache of tests/conftest.py's session cache,
    filled by the session's own build) it reuses what that build measured and rendered for the same
    code: a project whose experiments or examples differ gets other keys, and is measured again. With `counts`, that
    file gets what the build did (COUNTING). Only the run's build (`fills_the_runs_cache`) may be handed
    the run's own cache."""
    if not fills_the_runs_cache:
        refusing_the_runs_cache(cache)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1764633600", **QUIET, **facts_cache.environment(cache), **(extra_env or {})}
    arguments = ["build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(site_dir)]
    start = [sys.executable, "-c", COUNTING, str(counts)] if counts else [sys.executable, "-m", command]
    return subprocess.run([*start, *arguments], cwd=project, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


def copy_project(target: Path) -> Path:
    """A copy of the project that a test may break without touching the real one."""
    target.mkdir(parents=True)
    for name in PROJECT_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


def copy_cache(source: Path, target: Path) -> Path:
    """A copy of a filled cache for one build: a build writes its cache and prunes what it did not use, so builds
    that run side by side each take a copy of the run's cache and never change it. A file still being written
    (*.tmp) is left out."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.tmp"), symlinks=True)
    return target


def page_path(site: Path, language: str, page: str) -> Path:
    return languages.page_html(site, language, page)


def html(site: Path, language: str, page: str) -> str:
    return page_path(site, language, page).read_text(encoding="utf-8")


def article(page_html: str) -> str:
    return page_html[page_html.index("<article"): page_html.index("</article>")]


def text(site: Path, language: str, page: str) -> str:
    """A page's article as a reader sees it: tags dropped, entities decoded, whitespace collapsed."""
    return " ".join(entities.unescape(re.sub(r"<[^>]+>", " ", article(html(site, language, page)))).split())
