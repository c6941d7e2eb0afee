"""Experiment results kept across processes, keyed by everything they depend on.

The key is a fingerprint of the experiment code (every file in `snippets/`),
of the installed deepagents *files*, and of the versions of the packages it runs
on. An edited snippet or a different deepagents gets a different key, so a result
is never served for other code; a prose edit changes nothing here, so a rebuild
after it measures nothing.

Off when `CI` is set or `FACTS_CACHE=0`: CI always measures.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
from importlib.metadata import version
from pathlib import Path

import deepagents

SNIPPETS = Path(__file__).resolve().parent
CACHE_DIR = SNIPPETS.parent / ".cache" / "facts"
PACKAGES = ("deepagents", "langchain", "langchain-core", "langgraph", "pydantic")


def enabled() -> bool:
    return os.environ.get("FACTS_CACHE", "1" if not os.environ.get("CI") else "0") != "0"


def _hash_files(digest: "hashlib._Hash", root: Path) -> None:
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())


@functools.cache
def _installed() -> bytes:
    """deepagents' files and the package versions: fixed for the life of a process."""
    digest = hashlib.sha256()
    _hash_files(digest, Path(deepagents.__file__).resolve().parent)
    for package in PACKAGES:
        digest.update(f"{package}=={version(package)}".encode())
    return digest.digest()


def fingerprint() -> str:
    digest = hashlib.sha256(_installed())
    _hash_files(digest, SNIPPETS)
    return digest.hexdigest()[:20]


def path() -> Path:
    return CACHE_DIR / f"{fingerprint()}.pickle"


def load() -> dict:
    """Recorded results for exactly this code, or nothing."""
    if not enabled() or not path().exists():
        return {}
    try:
        return pickle.loads(path().read_bytes())
    except Exception:  # a cache from an interrupted write is simply remeasured
        return {}


def save(results: dict) -> None:
    if not enabled():
        return
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    temporary = path().with_suffix(".tmp")
    temporary.write_bytes(pickle.dumps(results))
    temporary.replace(path())
