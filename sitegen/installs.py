"""What a reader installs to run the examples as measured: downloads/requirements.txt and downloads/package.json.

Both are derived at build time, never typed: a change of pin changes them.

* requirements.txt: deepagents and every distribution the Python examples import (snippets/scenarios/*.py,
  read with ast; the standard library and the examples' own modules aside), with their dependencies,
  transitively, each pinned `==` to the version installed in the environment that measured the pages
  (importlib.metadata: `.venv`, synced from uv.lock, or a DEEPAGENTS=x.y.z build's own). A dependency
  that only some platforms or Pythons need keeps the condition under which it was installed (its marker,
  joined along the way it was reached), so pip skips it where it does not apply.
* package.json: the npm packages a JavaScript reader installs (package.json's `dependencies`: npm
  deepagents and its LangChain peers), each at the version installed in node_modules (what
  package-lock.json resolved; `npm ci` installs exactly that), and `"type": "module"`, as the .mjs
  examples need. Every package an example imports must be one of them, or the build stops.
"""

from __future__ import annotations

import ast
import functools
import json
import re
import sys
from importlib.metadata import PackageNotFoundError, distribution, packages_distributions

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from snippets import js, paths

REQUIREMENTS = "requirements.txt"
PACKAGE = "package.json"
ROOT_DISTRIBUTION = "deepagents"
IMPORT = re.compile(r"""^\s*import\b[^'"]*?['"](?P<spec>[^'"./][^'"]*)['"]""", re.M)  # a bare specifier, not ./file


class InstallError(RuntimeError):
    """An example imports something the files a reader downloads would not install."""


def python_imports() -> set[str]:
    """The top-level modules the Python examples import, but the standard library's and their own."""
    own = {example.stem for example in paths.SCENARIOS.glob("*.py")}
    found = set()
    for example in paths.SCENARIOS.glob("*.py"):
        for node in ast.walk(ast.parse(example.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module.split(".")[0])
    return found - own - set(sys.stdlib_module_names) - {"__future__"}


def _provider(module: str) -> list[str]:
    """The distributions that install `module`: the one named like it when its top-level modules include it (one
    look-up), else every installed distribution's files are read (packages_distributions: about 1 s)."""
    try:
        named = distribution(module)
    except PackageNotFoundError:
        named = None
    if named is not None and module in (named.read_text("top_level.txt") or module).split():
        return [named.metadata["Name"]]
    return packages_distributions().get(module, [])


def _roots() -> list[str]:
    """deepagents, and the distribution of each module an example imports."""
    roots = [ROOT_DISTRIBUTION]
    for module in sorted(python_imports()):
        providers = _provider(module)
        if not providers:
            msg = f"an example imports {module!r}, which no installed distribution provides: requirements.txt cannot pin it"
            raise InstallError(msg)
        roots += providers
    return roots


def _conditions(requirement: Requirement) -> tuple[str, ...]:
    """The environment condition of one edge: none when it has no marker, or its marker names an extra
    (evaluated already for the extras asked for)."""
    if requirement.marker is None or "extra" in str(requirement.marker):
        return ()
    return (str(requirement.marker),)


def _pins() -> dict[str, tuple[str, str, set[tuple[str, ...]]]]:
    """Per distribution reached: its canonical name, installed version and the ways it was reached
    (each a tuple of marker conditions, all of which held; an empty tuple: unconditionally)."""
    reached: dict[str, tuple[str, str, set[tuple[str, ...]]]] = {}
    todo = [(name, frozenset(), ()) for name in _roots()]
    while todo:
        name, extras, path = todo.pop()
        key = canonicalize_name(name)
        try:
            found = distribution(name)
        except PackageNotFoundError:  # needed here (its marker held) yet not installed: the environment is broken
            msg = f"{name} is required by the examples' dependencies but not installed: run `make setup`"
            raise InstallError(msg) from None
        _, _, ways = reached.setdefault(key, (key, found.version, set()))
        if any(set(way) <= set(path) for way in ways):
            continue  # reached already under fewer conditions: its dependencies were too
        ways.add(path)
        for line in found.requires or []:
            requirement = Requirement(line)
            environments = [{"extra": extra} for extra in sorted(extras)] or [{"extra": ""}]
            if requirement.marker and not any(requirement.marker.evaluate(env) for env in environments):
                continue  # not installed here (another platform or Python, or an extra nobody asked for)
            todo.append((requirement.name, frozenset(requirement.extras), tuple(dict.fromkeys(path + _conditions(requirement)))))
    return reached


def _marker(ways: set[tuple[str, ...]]) -> str:
    """The condition under which a pin applies: none when some way reached it unconditionally."""
    if () in ways:
        return ""
    minimal = sorted({way for way in ways if not any(set(other) < set(way) for other in ways)})
    either = [" and ".join(f"({condition})" if " or " in condition else condition for condition in way) for way in minimal]
    text = " or ".join(f"({one})" if len(minimal) > 1 and len(way) > 1 else one for one, way in zip(either, minimal))
    return str(Marker(text))  # normalised, and proof that it parses


@functools.cache
def requirements_txt() -> str:
    lines = [f"# The Python packages the examples were measured with (Python {sys.version_info.major}.{sys.version_info.minor}):",
             "# deepagents, what the examples import and their dependencies, pinned as installed when the site was built.",
             "# pip install -r requirements.txt"]
    for _, (name, version, ways) in sorted(_pins().items()):
        condition = _marker(ways)
        lines.append(f"{name}=={version}" + (f"; {condition}" if condition else ""))
    return "\n".join(lines) + "\n"


def pinned_python() -> dict[str, str]:
    """requirements.txt's pins, canonical name -> version (the tests compare them with the environment)."""
    return {canonicalize_name(name): version for name, version, _ in _pins().values()}


def _package_of(specifier: str) -> str:
    """The npm package of an import specifier: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`."""
    parts = specifier.split("/")
    return "/".join(parts[:2]) if specifier.startswith("@") else parts[0]


def javascript_imports() -> set[str]:
    """The npm packages the .mjs examples import (not node's own modules, nor the files beside them)."""
    found = set()
    for example in paths.SCENARIOS.glob("*.mjs"):
        found |= {_package_of(spec["spec"]) for spec in IMPORT.finditer(example.read_text(encoding="utf-8"))}
    return {name for name in found if not name.startswith("node:")}


@functools.cache
def package_json() -> str:
    wanted = sorted(js.reader_packages())
    missing = javascript_imports() - set(wanted)
    if missing:
        msg = f"the .mjs examples import {sorted(missing)}, which package.json's dependencies do not list: a reader would not get them"
        raise InstallError(msg)
    manifest = {"name": "deepagents-subagent-examples", "private": True, "type": "module",
                "description": "The npm packages the site's JavaScript examples were measured with: npm install",
                "dependencies": {name: js.npm_version(name) for name in wanted}}
    return json.dumps(manifest, indent=2) + "\n"


def files() -> dict[str, str]:
    """File name under downloads/ -> its content."""
    return {REQUIREMENTS: requirements_txt(), PACKAGE: package_json()}
