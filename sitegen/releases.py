"""The multi-release site, assembled: the builds of every release in one tree a static host serves.

tools/releases.py builds each release (each in its environment) into tree/<release>/ and
tree/<code>/<release>/; `assemble()` makes them one site: one shared copy of the assets every
build carries identically (pages' references rewritten to it), versions.json at each language's
root for Material's version selector, a redirect from each language's root (and from
latest/<page>) to the latest release, and the latest release's 404 page at the top.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from snippets import paths

from sitegen import languages
from sitegen.strings import word
from sitegen.verdicts import release_key


class AssemblyError(ValueError):
    """The builds cannot be made one site (one is missing); the message says which."""


def language_roots(tree: Path) -> dict[str, Path]:
    """Each language's root in the tree: the source language's at the top, the others in <code>/."""
    return {code: tree / languages.folder(code) for code in languages.codes()}


def builds(tree: Path, releases: list[str]) -> list[Path]:
    return [root / release for root in language_roots(tree).values() for release in releases]


def share_assets(tree: Path, releases: list[str], url_path: str) -> int:
    """One copy of assets/ for every build: a file every build carries identically moves to tree/assets/,
    and every page's reference to it is rewritten. Returns the bytes saved."""
    copies: dict[str, dict[str, list[Path]]] = {}  # file under assets/ -> digest -> copies
    for root in builds(tree, releases):
        for file in sorted((root / "assets").rglob("*")):
            if file.is_file():
                digest = hashlib.sha256(file.read_bytes()).hexdigest()
                copies.setdefault(file.relative_to(root / "assets").as_posix(), {}).setdefault(digest, []).append(file)
    shared, saved = set(), 0
    for name, by_digest in copies.items():
        if len(by_digest) != 1:  # differs between builds: each keeps its own
            continue
        (files,) = by_digest.values()
        target = tree / "assets" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        files[0].replace(target)
        for duplicate in files[1:]:
            saved += duplicate.stat().st_size
            duplicate.unlink()
        shared.add(name)
    for root in builds(tree, releases):
        for folder in sorted((root / "assets").rglob("*"), reverse=True):  # the emptied folders
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        if (root / "assets").is_dir() and not any((root / "assets").iterdir()):
            (root / "assets").rmdir()
        for page in root.rglob("*.html"):
            _rewrite_references(page, tree, root, shared, url_path)
    return saved


QUOTED = re.compile(r'"([^"\s<>]*assets/[^"\s<>]*)"')


def _rewrite_references(page: Path, tree: Path, root: Path, shared: set[str], url_path: str) -> None:
    """A page's links to its build's assets/<file>, for every shared file, now lead to tree/assets/<file>;
    relative links stay relative, absolute ones (404 pages) stay absolute."""
    folder = page.parent.relative_to(tree).as_posix()
    own = root.relative_to(tree).as_posix() + "/assets/"

    def rewritten(match: re.Match) -> str:
        url = match.group(1)
        address, _, rest = url.partition("#")
        address, query, search = address.partition("?")
        if urlsplit(address).scheme:
            return match.group(0)
        if address.startswith("/"):
            if not address.startswith(url_path):
                return match.group(0)
            target = address[len(url_path):]
        else:
            target = posixpath.normpath(posixpath.join(folder, address))
        if not target.startswith(own) or target[len(own):] not in shared:
            return match.group(0)
        moved = "assets/" + target[len(own):]
        new = url_path + moved if address.startswith("/") else posixpath.relpath(moved, folder)
        return f'"{new}{query}{search}{"#" + rest if rest else ""}"'

    text = page.read_text(encoding="utf-8")
    changed = QUOTED.sub(rewritten, text)
    if changed != text:
        page.write_text(changed, encoding="utf-8")


def write_versions(tree: Path, releases: list[str], latest: str) -> None:
    """versions.json at each language's root: Material's selector reads it from one level above a release."""
    for code, root in language_roots(tree).items():
        entries = [{"version": release, "title": word(code, "release_title").format(release=release),
                    "aliases": ["latest"] if release == latest else []}
                   for release in sorted(releases, key=release_key, reverse=True)]
        root.mkdir(parents=True, exist_ok=True)
        (root / "versions.json").write_text(json.dumps(entries, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


REDIRECT = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>deepagents {latest}</title>
<link rel="canonical" href="{target}">
<meta http-equiv="refresh" content="0; url={target}">
<script>location.replace("{target}" + location.search + location.hash)</script>
</head>
<body><a href="{target}">deepagents {latest}</a></body>
</html>
"""


def write_redirects(tree: Path, latest: str) -> None:
    """Each language's root leads to the latest release; <root>/latest/<page> to that page under it."""
    for code, root in language_roots(tree).items():
        (root / "index.html").write_text(REDIRECT.format(lang=code, latest=latest, target=f"{latest}/"), encoding="utf-8")
        for page in sorted((root / latest).rglob("index.html")):
            where = page.parent.relative_to(root / latest).as_posix()
            alias = root / "latest" / where / "index.html"
            depth = 1 if where == "." else 2 + where.count("/")
            target = "../" * depth + latest + "/" + ("" if where == "." else where + "/")
            alias.parent.mkdir(parents=True, exist_ok=True)
            alias.write_text(REDIRECT.format(lang=code, latest=latest, target=target), encoding="utf-8")
    shutil.copyfile(tree / latest / "404.html", tree / "404.html")  # its links are absolute: it serves any address


def assemble(tree: Path, releases: list[str], latest: str, root_url: str) -> int:
    """The built releases, made one site (see the module doc). Returns the bytes the shared assets saved."""
    missing = [str(build) for build in builds(tree, releases) if not (build / "index.html").exists()]
    if missing:
        raise AssemblyError(f"cannot assemble {paths.shown(tree)}: not built: {', '.join(missing)}")
    if latest not in releases:
        raise AssemblyError(f"cannot assemble {paths.shown(tree)}: the latest release, {latest}, is not in it")
    url_path = urlsplit(root_url).path.rstrip("/") + "/"
    saved = share_assets(tree, releases, url_path)
    write_versions(tree, releases, latest)
    write_redirects(tree, latest)
    return saved
