"""The claims engine's command line, for the client that mkdocs.yml's `claims` plugin names:

    python -m claims check                 # every writer's check (what stops the build), one line each
    python -m claims parity                # every translation's skeleton against its original
    python -m claims sentences [--site D]  # the sentence register (builds the site unless given one)
    python -m claims mutate [args...]      # the mutation suite: the plugin's `mutate:` runner, with args (none
                                           # configured: the engine's, claims/mutate.py: mutate [name ...])
    python -m claims values                # every claim's live value, as JSON

Each exits 1 when it finds a problem. `-f FILE` reads another MkDocs configuration.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from claims import checks, parity
from claims.provider import Provider, load
from claims.register import register


class _Loader(yaml.SafeLoader):
    """mkdocs.yml as data: its tags (!ENV, !!python/name) read as nothing."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def options(config: Path) -> dict[str, Any]:
    """The `claims` plugin's options in an MkDocs configuration."""
    plugins = (yaml.load(config.read_text(encoding="utf-8"), Loader=_Loader) or {}).get("plugins") or []
    for entry in plugins:
        if isinstance(entry, dict) and "claims" in entry:
            return entry["claims"] or {}
    raise SystemExit(f"{config}: no `claims` plugin with a `provider:` option under `plugins:`")


def found_docs(config: Path) -> str:
    """The configuration's `docs_dir` (MkDocs' default: docs)."""
    return (yaml.load(config.read_text(encoding="utf-8"), Loader=_Loader) or {}).get("docs_dir") or "docs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m claims", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, default=Path("mkdocs.yml"))
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="every writer's check, one line per problem")
    commands.add_parser("parity", help="every translation's skeleton against its original")
    sentences = commands.add_parser("sentences", help="the sentence register, as Markdown")
    sentences.add_argument("--site", type=Path, help="a built site to read (default: build one)")
    mutate = commands.add_parser("mutate", help="the mutation suite (the plugin's `mutate:` runner, else the engine's)")
    mutate.add_argument("args", nargs=argparse.REMAINDER)
    commands.add_parser("values", help="every claim's live value, as JSON")
    args = parser.parse_args(argv)
    found = options(args.config_file)
    if args.command == "mutate" and "mutate" in found:
        module, _, function = found["mutate"].partition(":")
        return getattr(importlib.import_module(module), function)(args.args)
    provider = load(found["provider"], args.config_file.resolve().parent)
    if args.command == "mutate":
        from claims import mutate

        return mutate.main(provider, args.config_file.resolve(), args.args)
    if args.command == "values":
        from claims.mutate import values

        print(json.dumps(values(provider), ensure_ascii=False, default=str))
        return 0
    if args.command == "check":
        problems = checks.run(provider) or checks.measured(provider)
        return _report(problems, "check: every claim, marker, translation, mutant and scope is in order")
    if args.command == "parity":
        found = provider.pages()
        pages, folders = parity.texts(found), parity.folders(found)
        folders = {code: folders.get(code, f"{found_docs(args.config_file)}/{code}") for code in pages}
        source, *others = pages
        if not others:
            return _report([], f"parity: one language ({folders[source]}), nothing to compare")
        return _report(parity.differences(pages, folders),
                       f"parity: every page of {folders[source]} has a translation with the "
                       f"same skeleton in {', '.join(folders[code] for code in others)}")
    return _sentences(provider, args.config_file, args.site)


def _report(problems: list[str], fine: str) -> int:
    print("\n".join(problems) if problems else fine)
    return 1 if problems else 0


def _sentences(provider: Provider, config: Path, site: Path | None) -> int:
    if site:
        print(register(provider, site), end="")
        return 0
    with tempfile.TemporaryDirectory(prefix="sentences-") as scratch:
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", scratch],
                              capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr[-3000:], file=sys.stderr)
            return 1
        print(register(provider, Path(scratch)), end="")
    return 0


def _one_line(argv: list[str] | None = None) -> int:
    """main(), with a writer's mistake the engine or its client names (an MkDocs PluginError: a marker, a
    strings file, an experiment) printed as its message alone, as the build prints it: no traceback."""
    try:
        from mkdocs.exceptions import PluginError
    except ImportError:  # pragma: no cover - the engine runs without MkDocs too
        PluginError = ()  # noqa: N806
    try:
        return main(argv)
    except PluginError as error:
        print(error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(_one_line())
