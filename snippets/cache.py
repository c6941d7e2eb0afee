"""Each experiment's result, kept across processes under .cache/facts/, keyed by exactly what it depends on.

A section's key (`key()`) covers the code its experiment runs and nothing else:
the experiment function and every function, class and constant of snippets/ it
reaches (found by reading the code, `reached()`), lab.py, its scenarios and
scripted_model.py, the keys of the sections it reads, the installed deepagents
files and the versions of PACKAGES. A claim, a label or a mutant added beside
the experiment changes no key: nothing is measured again. Nothing here imports
deepagents or langchain: a process that finds every result cached never loads them.

Off when `CI` is set or `FACTS_CACHE=0` (CI always measures).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import io
import os
import pickle
import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from snippets import paths

# The deepagents stack: pages show these versions (the version stamp) and every key holds them.
PACKAGES = ("deepagents", "langchain", "langchain-core", "langgraph", "pydantic")


def enabled() -> bool:
    return (
        os.environ.get("FACTS_CACHE", "1" if not os.environ.get("CI") else "0") != "0"
    )


def environment(folder: Path | None) -> dict[str, str]:
    """The variables that make another process keep its facts and blocks in `folder` (None: measure everything)."""
    return {"FACTS_CACHE": "1", "SITEGEN_CACHE_DIR": str(folder)} if folder else {"FACTS_CACHE": "0"}


def versions() -> dict[str, str]:
    """The installed version of each of PACKAGES (from their metadata: nothing is imported)."""
    return {package: version(package) for package in PACKAGES}


def hash_files(digest: hashlib._Hash, root: Path) -> None:
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())


def deepagents_dir() -> Path:
    """Where deepagents is installed, found without importing it."""
    spec = importlib.util.find_spec(
        "deepagents"
    )  # a top-level package is located, not executed
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


# --------------------------------------------------------------------------- what an experiment runs


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")  # the lines ast's offsets count


def _segment(lines: list[str], node: ast.AST) -> str:
    """ast.get_source_segment(source, node), from lines split once (it splits the whole source per call)."""
    part = lines[node.lineno - 1 : node.end_lineno]
    part[-1] = part[-1].encode()[: node.end_col_offset].decode()
    part[0] = part[0].encode()[node.col_offset :].decode()
    return "".join(part)


@functools.cache
def _definitions(module: str) -> dict[str, str]:
    """Top-level name -> its source, for a module of snippets/ (imports map a name to "import <module>.<name>")."""
    path = paths.SNIPPETS / (module.removeprefix("snippets.").replace(".", "/") + ".py")
    source = path.read_text(encoding="utf-8")
    lines = _LINE.findall(source)
    found = {}
    for node in ast.parse(source).body:
        text = _segment(lines, node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = text
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in (
                node.targets if isinstance(node, ast.Assign) else [node.target]
            ):
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        found[name.id] = text
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "snippets."
        ):
            for alias in node.names:
                found[alias.asname or alias.name] = f"import {node.module}.{alias.name}"
    return found


def reached(module: str, name: str) -> list[str]:
    """The source of `name` in a snippets module and of everything of snippets/ it reaches, by name,
    through its module's top-level definitions and `from snippets.x import y` (at any depth)."""
    seen, order, todo = set(), [], [(module, name)]
    while todo:
        where, what = todo.pop()
        text = _definitions(where).get(what)
        if text is None or (where, what) in seen:
            continue
        seen.add((where, what))
        order.append(f"# {where}.{what}\n{text}")
        if text.startswith("import snippets."):
            target, _, imported = text.removeprefix("import ").rpartition(".")
            todo.append((target, imported))
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Name):
                todo.append((where, node.id))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "snippets."
            ):
                todo += [(node.module, alias.name) for alias in node.names]
    return sorted(order)


def key(section: Any, read_keys: dict[str, str]) -> str:
    """The key of a section's result (see the module doc)."""
    digest = hashlib.sha256(installed())
    measure = section.measure
    for part in reached(measure.__module__, measure.__name__):
        digest.update(part.encode())
    for path in [
        paths.SNIPPETS / "lab.py",
        paths.SCRIPTED_MODEL,
        *(paths.SCENARIOS / f"{s}.py" for s in section.scenarios),
    ]:
        digest.update(path.name.encode() + path.read_bytes())
    for name, value in sorted(read_keys.items()):
        digest.update(f"{name}={value}".encode())
    return digest.hexdigest()[:20]


# --------------------------------------------------------------------------- storing results


def directory() -> Path:
    return paths.CACHE / "facts"


class _PlainPickler(pickle.Pickler):
    """Stores str subclasses (langchain's `.text` returns one) as plain str, so that
    reading the results back never imports the library that made them."""

    def reducer_override(self, obj):
        if isinstance(obj, str) and type(obj) is not str:
            return str, (str(obj),)
        return NotImplemented


def plain(value: Any) -> bytes:
    """`value` pickled as plain data (_PlainPickler)."""
    buffer = io.BytesIO()
    _PlainPickler(buffer).dump(value)
    return buffer.getvalue()


def load(name: str, section_key: str) -> Any | None:
    """A section's result recorded for exactly this key, or None."""
    if not enabled():
        return None
    path = directory() / f"{name}-{section_key}"
    try:
        found = pickle.loads(path.read_bytes())
        os.utime(path)  # most recently used: kept longest (save)
        return found
    except Exception:  # noqa: BLE001 - none recorded, or a result of other code: simply measured again
        return None


KEPT = 48  # results kept per section: enough for every release the site builds, and a few edits back


def save(name: str, section_key: str, measured: Any) -> None:
    """Record a section's result; of its older results, only the KEPT most recently used stay."""
    if not enabled():
        return
    mine = directory() / f"{name}-{section_key}"
    write_atomically(mine, plain(measured))
    keep_newest([p for p in directory().glob(f"{name}-*") if p != mine and not p.name.endswith(".tmp")], KEPT - 1)


def keep_newest(files: list[Path], kept: int) -> None:
    """Delete all but the `kept` most recently used of `files`. Builds may share a cache: a file another one
    deleted meanwhile is simply gone."""
    def used(path: Path) -> int:
        try:
            return path.stat().st_mtime_ns
        except FileNotFoundError:
            return -1

    for stale in sorted(files, key=used, reverse=True)[kept:]:
        stale.unlink(missing_ok=True)


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file so that a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
