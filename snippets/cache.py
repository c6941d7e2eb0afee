"""The experiments' results, kept across processes under .cache/facts/, keyed by what they depend on.

The key (`fingerprint()`) covers every file of snippets/ (experiments and
scenarios), the installed deepagents files and the versions of PACKAGES: an
edited scenario or another deepagents release gets another key, so a result is
never served for other code. Nothing here imports deepagents or langchain: a
process that finds every result cached never loads them.

Off when `CI` is set or `FACTS_CACHE=0` (CI always measures).
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

from snippets import paths

# The deepagents stack: pages show these versions (the version stamp) and every key holds them.
PACKAGES = ("deepagents", "langchain", "langchain-core", "langgraph", "pydantic")


def enabled() -> bool:
    return os.environ.get("FACTS_CACHE", "1" if not os.environ.get("CI") else "0") != "0"


def versions() -> dict[str, str]:
    """The installed version of each of PACKAGES (from their metadata: nothing is imported)."""
    return {package: version(package) for package in PACKAGES}


def hash_files(digest: "hashlib._Hash", root: Path) -> None:
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())


def deepagents_dir() -> Path:
    """Where deepagents is installed, found without importing it."""
    spec = importlib.util.find_spec("deepagents")  # a top-level package is located, not executed
    if spec is None or not spec.submodule_search_locations:
        msg = "deepagents is not installed in this environment: run `make setup`"
        raise ModuleNotFoundError(msg)
    return Path(next(iter(spec.submodule_search_locations))).resolve()


@functools.cache
def installed(extra_packages: tuple[str, ...] = ()) -> bytes:
    """deepagents' files and the package versions (PACKAGES and any `extra_packages`): fixed for a process."""
    digest = hashlib.sha256()
    hash_files(digest, deepagents_dir())
    for package in PACKAGES + extra_packages:
        try:
            digest.update(f"{package}=={version(package)}".encode())
        except PackageNotFoundError:
            digest.update(f"{package} absent".encode())
    return digest.digest()


def fingerprint() -> str:
    """The key every cached result depends on (see the module doc)."""
    digest = hashlib.sha256(installed())
    hash_files(digest, paths.SNIPPETS)
    return digest.hexdigest()[:20]


def directory() -> Path:
    return paths.CACHE / "facts"


class _PlainPickler(pickle.Pickler):
    """Stores str subclasses (langchain's `.text` returns one) as plain str, so that
    reading the results back never imports the library that made them."""

    def reducer_override(self, obj):
        if isinstance(obj, str) and type(obj) is not str:
            return str, (str(obj),)
        return NotImplemented


def load() -> dict:
    """The experiments' results recorded for exactly this code, or nothing."""
    if not enabled():
        return {}
    try:
        return pickle.loads((directory() / fingerprint()).read_bytes())
    except FileNotFoundError:
        return {}
    except Exception:  # a result of other code (a class that moved) is simply measured again
        return {}


def save(results: dict) -> None:
    if not enabled():
        return
    buffer = io.BytesIO()
    _PlainPickler(buffer).dump(results)
    write_atomically(directory() / fingerprint(), buffer.getvalue())


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file so that a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
