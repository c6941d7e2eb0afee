"""Build the site (both languages) the way the README does, into a folder of the caller's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from sitegen import languages

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = languages.codes()  # docs/languages.yml: tests over every language take them from here
PAGES = sorted(p.stem for p in (ROOT / "docs" / languages.source()).glob("*.md")) + ["drift", "matrix"]  # the last two: generated
PROJECT_FILES = ("mkdocs.yml", "README.md", "data", "docs", "snippets", "sitegen", "overrides")


def mkdocs_build(site_dir: Path, project: Path = ROOT, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    # A fixed SOURCE_DATE_EPOCH makes the build reproducible (tests/test_reproducible.py).
    env = {**os.environ, "FACTS_CACHE": "0", "SOURCE_DATE_EPOCH": "1764633600", "DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1",
           "PYTHONWARNINGS": "ignore::SyntaxWarning", **(extra_env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(site_dir)],
        cwd=project, env=env, capture_output=True, text=True, timeout=300,
    )


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


def page_path(site: Path, language: str, page: str) -> Path:
    folder = site / languages.folder(language)
    return folder / "index.html" if page == "index" else folder / page / "index.html"


def html(site: Path, language: str, page: str) -> str:
    return page_path(site, language, page).read_text(encoding="utf-8")


def text(site: Path, language: str, page: str) -> str:
    """A page's article as a reader sees it: tags dropped, entities decoded, whitespace collapsed."""
    import html as entities
    import re

    page_html = html(site, language, page)
    article = page_html[page_html.index("<article"): page_html.index("</article>")]
    return " ".join(entities.unescape(re.sub(r"<[^>]+>", " ", article)).split())
