"""What a build reuses across processes, keyed by everything it depends on.

Kept under `.cache/` (gitignored):

* `facts/<key>`: every experiment's result (`snippets.facts.collect`);
* `blocks/<key>`: an exec block's rendered HTML (`sitegen/hooks.py`), keyed
  also by the block's code, options and page language.

Every key starts from one `fingerprint()`: every file in `snippets/`, the
other files a block's output depends on (ALSO_READ), the installed deepagents
files, and the versions of PACKAGES and RENDERERS. An edited snippet or another
deepagents gets another key, so nothing is served for other code; a prose edit
changes nothing here. Nothing here imports deepagents or langchain: a build
that finds everything cached never loads them.

One switch, for both: off when `CI` is set or `FACTS_CACHE=0` (CI always
measures and renders).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import io
import os
import pickle
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
# README.md: a block prints its commands; the configs: the Markdown settings blocks render with.
ALSO_READ = ("README.md", "mkdocs.yml", "docs/languages.yml")
CACHE_DIR = ROOT / ".cache"
# The deepagents stack: pages show these versions (the version stamp) and every key holds them.
PACKAGES = ("deepagents", "langchain", "langchain-core", "langgraph", "pydantic")
# What renders exec blocks: keyed too, not shown (the version matrix's environments lack them).
RENDERERS = ("markdown-exec", "pymdown-extensions", "pygments")


def enabled() -> bool:
    return os.environ.get("FACTS_CACHE", "1" if not os.environ.get("CI") else "0") != "0"


def versions() -> dict[str, str]:
    """The installed version of each of PACKAGES (from their metadata: nothing is imported)."""
    return {package: version(package) for package in PACKAGES}


def _hash_files(digest: "hashlib._Hash", root: Path) -> None:
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())


def _deepagents_dir() -> Path:
    """Where deepagents is installed, found without importing it."""
    spec = importlib.util.find_spec("deepagents")  # a top-level package is located, not executed
    if spec is None or not spec.submodule_search_locations:
        msg = "deepagents is not installed in this environment: run `make setup`"
        raise ModuleNotFoundError(msg)
    return Path(next(iter(spec.submodule_search_locations))).resolve()


@functools.cache
def _installed() -> bytes:
    """deepagents' files and the package versions: fixed for the life of a process."""
    digest = hashlib.sha256()
    _hash_files(digest, _deepagents_dir())
    for package in PACKAGES + RENDERERS:
        try:
            digest.update(f"{package}=={version(package)}".encode())
        except PackageNotFoundError:
            digest.update(f"{package} absent".encode())
    return digest.digest()


def fingerprint() -> str:
    """The one key everything cached depends on (see the module doc)."""
    digest = hashlib.sha256(_installed())
    _hash_files(digest, SNIPPETS)
    for name in ALSO_READ:
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()[:20]


def _read(kind: str, key: str) -> bytes | None:
    try:
        return (CACHE_DIR / kind / key).read_bytes()
    except FileNotFoundError:
        return None


def _write(kind: str, key: str, data: bytes) -> None:
    path = CACHE_DIR / kind / key
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{key}.{os.getpid()}.tmp")  # a reader never sees half a file
    temporary.write_bytes(data)
    temporary.replace(path)


class _PlainPickler(pickle.Pickler):
    """Stores str subclasses (langchain's `.text` returns one) as plain str, so that
    reading the results back never imports the library that made them."""

    def reducer_override(self, obj):
        if isinstance(obj, str) and type(obj) is not str:
            return str, (str(obj),)
        return NotImplemented


def load() -> dict:
    """The experiments' results recorded for exactly this code, or nothing."""
    data = _read("facts", fingerprint()) if enabled() else None
    if data is None:
        return {}
    try:
        return pickle.loads(data)
    except Exception:  # a result of other code (a class that moved) is simply remeasured
        return {}


def save(results: dict) -> None:
    if enabled():
        buffer = io.BytesIO()
        _PlainPickler(buffer).dump(results)
        _write("facts", fingerprint(), buffer.getvalue())


def _block_key(parts: tuple) -> str:
    return hashlib.sha256(repr((fingerprint(), *parts)).encode()).hexdigest()


def load_block(parts: tuple) -> str | None:
    """The HTML a block rendered with this code and these inputs (`parts`), or None."""
    data = _read("blocks", _block_key(parts)) if enabled() else None
    return None if data is None else data.decode("utf-8")


def save_block(parts: tuple, html: str) -> None:
    if enabled():
        _write("blocks", _block_key(parts), html.encode("utf-8"))
