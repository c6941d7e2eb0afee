"""The JavaScript runtime: npm deepagents, measured by snippets/js/measure.mjs, read as plain data.

    >>> from snippets.facts import collect
    >>> collect().js.refusal.text          # what a claim's `js=` reading reads

`node snippets/js/measure.mjs <section>...` runs the JavaScript twin of each
section's scenarios (snippets/scenarios/<name>.mjs, beside scripted_model.mjs)
and prints one JSON object: the npm versions, where deepagents was loaded from,
and per section its measured values and what each scenario printed. This module
starts it (`start()`, `finish()`: the node process runs while the Python
experiments do), turns its sections into read-only attribute objects
(`Reading`) and keeps what each scenario printed, for the pages.

Cached like the Python results (snippets/cache.py, under .cache/facts/), keyed by
exactly what the measurement depends on (`key()`): the harness
(snippets/js/*.mjs), the .mjs scenarios and scripted_model.mjs, the node
executable, the files of the npm deepagents node resolves and the versions of
its peers. None of that needs node to be read: a fully cached build starts no
node process. `DEEPAGENTS_JS_DIR=<folder>` measures the deepagents (and peers)
of <folder>/node_modules instead (a patched copy, another release), as
measure.mjs's resolve hook does.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import types
import typing
from pathlib import Path
from typing import Any

from snippets import paths, registry
from snippets.lab import ExperimentFailed, Measured

NAME = "js"  # the JavaScript measurement's entry among snippets.facts.gather()'s results
VARIABLE = "DEEPAGENTS_JS_DIR"  # measure another copy: <folder>/node_modules/deepagents first
SETUPS = "DEEPAGENTS_JS_SETUPS"  # measure once more under each of a reader's setups ("model=<key>|<key>,args=...,parent=...,child=...")
NPM = " (npm)"  # how Facts.versions names an npm package: "deepagents (npm)"
VERSION_KEY = "deepagents" + NPM
TIMEOUT = 300


# --------------------------------------------------------------------------- what the facts hold


class Reading:
    """A JSON object of the measurement, read-only, read by attribute (`reading.refusal.text`) or by key
    (`reading.warnings["declarative fork"]`); objects inside are Readings, arrays are Rows."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        object.__setattr__(self, "_data", data)

    def __getattr__(self, name: str) -> Any:
        try:
            return _wrap(self._data[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._data[key])

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a JavaScript reading is read-only: {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reading) and self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self):
        return Reading, (self._data,)

    def __repr__(self) -> str:
        return f"Reading({self._data!r})"


def merged(reading: Reading, sections: dict[str, Any]) -> Reading:
    """A reading with these sections' data in place of its own (what was measured under a setup)."""
    return Reading({**reading._data, **sections})


class Rows(list):
    """A JSON array of the measurement: a list whose objects are Readings; `find(form="isolated")`
    is the first of them with these values."""

    def find(self, **values: Any) -> Reading | None:
        return next((row for row in self if all(getattr(row, k, None) == v for k, v in values.items())), None)


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Reading(value)
    if isinstance(value, list):
        return Rows(_wrap(item) for item in value)
    return value


# --------------------------------------------------------------------------- which sections, which packages


def sections() -> list[str]:
    """The sections measured in JavaScript too: those whose scenarios have a .mjs twin. The one list:
    measure.mjs is handed these names (its `all` is every section it declares)."""
    return [s.name for s in registry.sections() if any((paths.SCENARIOS / f"{n}.mjs").exists() for n in s.scenarios)]


def reader_packages() -> dict[str, str]:
    """What a JavaScript reader installs (package.json's `dependencies`): npm deepagents and its peers, pinned."""
    return json.loads(paths.PACKAGE_JSON.read_text(encoding="utf-8"))["dependencies"]


def other_copy() -> Path | None:
    """The folder DEEPAGENTS_JS_DIR names (its node_modules is resolved first), or None."""
    folder = os.environ.get(VARIABLE)
    return Path(folder).resolve() if folder else None


def package_dir(name: str) -> Path:
    """Where the harness's node finds the npm package `name`: DEEPAGENTS_JS_DIR's node_modules first."""
    bases = [folder / "node_modules" for folder in filter(None, [other_copy()])] + [paths.NODE_MODULES]
    for base in bases:
        if (base / name / "package.json").exists():
            return base / name
    msg = f"npm package {name} is not installed in {paths.shown(paths.NODE_MODULES)}: run `make setup`"
    raise ExperimentFailed(msg, NAME)


def npm_version(name: str = "deepagents") -> str:
    """The version of the npm package the harness would load, from its package.json: no node runs."""
    return json.loads((package_dir(name) / "package.json").read_text(encoding="utf-8"))["version"]


def node() -> str:
    found = shutil.which("node")
    if found is None:
        raise ExperimentFailed("the JavaScript experiments (snippets/js/measure.mjs) need node: install Node 20 "
                               "or later, then `make setup`", NAME)
    return found


# --------------------------------------------------------------------------- the key


@functools.cache
def _tree_digest(folder: Path, stamp: tuple) -> bytes:
    """Every file of a package folder, by relative path and content (`stamp` renews it when the folder changes)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.digest()


def key(wanted: list[str] | None = None) -> str:
    """The key of the JavaScript measurement of these sections (see the module doc)."""
    digest = hashlib.sha256()
    for path in [*sorted(paths.JS.glob("*.mjs")), *sorted(paths.SCENARIOS.glob("*.mjs"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    executable = Path(node()).resolve()
    status = executable.stat()  # the node that runs it: which file, which build (no node is started to ask)
    digest.update(f"{executable}:{status.st_size}:{status.st_mtime_ns}".encode())
    deepagents = package_dir("deepagents").resolve()
    stamp = tuple((str(p.relative_to(deepagents)), p.stat().st_mtime_ns, p.stat().st_size)
                  for p in sorted(deepagents.rglob("*")))  # re-read the files only when one changed
    digest.update(_tree_digest(deepagents, stamp))
    for name in sorted(reader_packages()):
        digest.update(f"{name}=={npm_version(name)}".encode())
    digest.update(" ".join(wanted if wanted is not None else sections()).encode())
    return digest.hexdigest()[:20]


# --------------------------------------------------------------------------- running measure.mjs


def start(wanted: list[str], setups: list[str] | None = None) -> subprocess.Popen:
    """Start `node snippets/js/measure.mjs --keep-going <sections>`; `finish()` reads what it printed. With
    `setups` (DEEPAGENTS_JS_SETUPS: each a Setup.in_javascript, "model=<key>|<key>", "args=<kind>",
    "parent=<what>" or "child=<key>", as measure.mjs's header says), it measures the sections once under each
    instead; `finish_under()` reads that."""
    return subprocess.Popen([node(), str(paths.MEASURE_JS), "--keep-going", *wanted], cwd=paths.ROOT,
                            env={**os.environ, **({SETUPS: ",".join(setups)} if setups else {})},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")


def _printed(process: subprocess.Popen, wanted: list[str]) -> tuple[str, str]:
    """(stdout, stderr) of a measure.mjs run, which has TIMEOUT seconds: past that it is killed and raises."""
    try:
        return process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise ExperimentFailed(f"JavaScript experiments {', '.join(wanted)} ({paths.shown(paths.MEASURE_JS)}) took "
                               f"more than {TIMEOUT} s", wanted[0]) from None


def finish(process: subprocess.Popen, wanted: list[str]) -> tuple[Measured, dict[str, ExperimentFailed]]:
    """(what the measurement gave, section -> why it failed). The Measured's result is plain data
    ({"versions", "deepagents_dir", "sections"}), its `printed` what each .mjs scenario printed. A section
    that fails leaves the others measured (--keep-going); a run that fails as a whole raises ExperimentFailed,
    one line naming the section and the .mjs file."""
    out, err = _printed(process, wanted)
    return read(process.returncode, out, err, wanted)


def read(code: int, out: str, err: str, wanted: list[str]) -> tuple[Measured, dict[str, ExperimentFailed]]:
    """What a run of measure.mjs printed (exit code, stdout, stderr), read as `finish()` returns it: also what
    tools/measure_copies.mjs records for each copy it measures in one process."""
    if code != 0:
        raise failure(err, wanted)
    try:
        data = json.loads(out)
    except json.JSONDecodeError:
        raise ExperimentFailed(f"JavaScript experiments {', '.join(wanted)} ({paths.shown(paths.MEASURE_JS)}) "
                               f"printed no JSON: {' '.join(out.split())[:200]!r}", wanted[0]) from None
    failed = {name: failure(line, [name]) for name, line in data.get("failed", {}).items()}
    found = {name: {k: v for k, v in data[name].items() if k != "printed"} for name in wanted if name in data}
    printed = {scenario: text for name in found for scenario, text in data[name].get("printed", {}).items()}
    result = {"versions": data["versions"], "deepagents_dir": data["deepagents_dir"], "sections": found}
    return Measured(result, printed, {}), failed


def schema(section: str) -> tuple[type, dict[str, Any]]:
    """(the Python result type of the experiment, field -> the type its JavaScript twin returns it as): the
    result type's fields and types, less the section's `python_only` and plus its `js_only` (of any type)."""
    declared = registry.section(section)
    result = typing.get_type_hints(declared.measure)["return"]
    hints = typing.get_type_hints(result)
    fields = {f.name: hints[f.name] for f in dataclasses.fields(result) if f.name not in (*declared.python_only, "printed")}
    return result, {**fields, **{name: Any for name in declared.js_only}}


def unlike_the_schema(section: str, data: dict[str, Any]) -> list[str]:
    """How a section's JavaScript result differs from its schema (`schema`): a key the schema lacks, a field
    missing, a value not of its field's type. `printed` and `notes` (why a value reads as it does) are the
    harness's own keys. An object of a result type nested in a field holds at least that type's fields (the
    JavaScript twin may say more about it)."""
    result, fields = schema(section)
    keys = set(data) - {"printed", "notes"}
    problems = [f"{key!r} is no field of {result.__name__} (declare it in the section's js_only)" for key in sorted(keys - set(fields))]
    problems += [f"{name!r} is missing (declare it in the section's python_only)" for name in fields if name not in keys]
    noted = data.get("notes") or {}  # a null the harness says why it could not measure is no mismatch
    problems += [f"{name!r} is {_shown(data[name])}, not {_type_name(fields[name])}"
                 + (" (or null with a note in measure.mjs saying why)" if data[name] is None else "")
                 for name in fields if name in keys and not _fits(data[name], fields[name])
                 and not (data[name] is None and name in noted)]
    return problems


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value has the shape of a Python type (JSON has no tuples: an array fits either)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return isinstance(value, dict) and set(value) >= set(hints) and all(_fits(value[k], hints[k]) for k in hints)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if (origin or hint) is dict:
        return isinstance(value, dict) and (not args or all(_fits(v, args[1]) for v in value.values()))
    if (origin or hint) in (list, tuple, set, frozenset):
        if not isinstance(value, list):
            return False
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
        return not args or all(_fits(v, args[0]) for v in value)
    return True  # a type JSON cannot tell apart: any value


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) if not typing.get_args(hint) else str(hint).replace("typing.", "")


def _shown(value: Any) -> str:
    return " ".join(json.dumps(value, ensure_ascii=False, default=str).split())[:80]


def failure(stderr: str, wanted: list[str]) -> ExperimentFailed:
    """measure.mjs's one line ("measure.mjs: section 'x': ..."), as an ExperimentFailed naming the
    section and the .mjs file: the scenario it names, else the harness."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    line = next((line for line in reversed(lines) if line.startswith("measure.mjs: ")), lines[-1] if lines else "")
    found = re.match(r"measure\.mjs: section '(\w+)': (.*)", line)
    section, detail = (found.group(1), found.group(2)) if found else (wanted[0], line.removeprefix("measure.mjs: "))
    scenario = re.search(r"snippets/scenarios/\w+\.mjs", detail)
    where = scenario.group(0) if scenario else paths.shown(paths.MEASURE_JS)
    return ExperimentFailed(f"JavaScript experiment {section!r} ({where}) failed: {detail or 'node exited with an error'}",
                            section)


def finish_under(process: subprocess.Popen, wanted: list[str]) -> dict[str, dict[str, Any]]:
    """What a `start(wanted, setups)` run measured: setup id -> section -> its data. A failure raises, one line
    naming the section and the setup."""
    out, err = _printed(process, wanted)
    if process.returncode != 0:
        raise failure(err, wanted)
    return json.loads(out)["setups"]


def measure(wanted: list[str]) -> tuple[Measured, dict[str, ExperimentFailed]]:
    """Measure these sections in one node process: (what it gave, section -> why it failed)."""
    return finish(start(wanted), wanted)


def versions(measured: Measured | None) -> dict[str, str]:
    """The npm versions a measurement ran with, as Facts.versions names them ("deepagents (npm)": ...)."""
    if measured is None:
        return {}
    return {name + NPM: version for name, version in measured.result["versions"].items() if version}
