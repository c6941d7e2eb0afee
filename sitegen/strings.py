"""Every word the site code prints, one file per language: sitegen/strings/<language>.yml.

Keys are ids, never English text: `labels.child_tools`, `sections.refusal.title`.
Table labels, callouts, the generated pages and each language's glossary all
come through `word()`. A claim's and a section's English words are declared
with them (snippets/<section>.py); every other language translates them under
`claims.<id>`, `setup.<id>` (a claim that depends on the setup) and
`sections.<name>.title` / `.measures`: `claim_words()` and `section_words()`
pick the right one. `check()` reads every language's strings
before any page is built, and says in one line per problem what is missing where.
"""

from __future__ import annotations

import functools
import json
import sys
from typing import Any

import yaml
from mkdocs.exceptions import PluginError

from snippets import paths, registry


# libyaml's safe loader where PyYAML was built with it (its wheels are): the two strings files are read in every
# build, ten times faster than by the pure-Python loader.
SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class MissingString(PluginError):
    """A word the site needs is not in a language's strings file (or the file cannot be read)."""


def _file(language: str) -> str:
    return f"{paths.shown(paths.STRINGS)}/{language}.yml"


@functools.cache
def strings(language: str) -> dict[str, Any]:
    path = paths.STRINGS / f"{language}.yml"
    if not path.exists():
        source = _source()
        raise MissingString(f"{_file(language)} does not exist: copy {_file(source)} and translate its values")
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE)
    except yaml.YAMLError as error:  # one line naming the file, line and column, instead of yaml's traceback
        mark = getattr(error, "problem_mark", None)
        where = f"{_file(language)}:{mark.line + 1}:{mark.column + 1}" if mark else _file(language)
        problem = " ".join(str(getattr(error, "problem", None) or error).split())
        raise MissingString(f"{where}: not valid YAML: {problem}: correct it (a value with a colon, a quote or a "
                            "leading symbol is written in quotes)") from None


def word(language: str, key: str) -> Any:
    """The value at a dotted key ("callout.titles.changed") in a language's strings."""
    found: Any = strings(language)
    for part in key.split("."):
        if not isinstance(found, dict) or part not in found:
            raise MissingString(f"{_file(language)} has no {key!r}: add it (see the same key in {_file(_source())})")
        found = found[part]
    return found


def claim_words(claim, language: str, what: str = "claims") -> str:
    """A claim in words (`what="claims"`), or why it depends on the setup (`what="setup"`), in `language`.
    A JavaScript twin (`<id>@js`) has the words of the claim it is the twin of (`claims.<id>`)."""
    where = f"snippets/{registry.section_of(claim.id).name}.py"
    return declared(language, f"{what}.{claim.base}", claim.label if what == "claims" else claim.setup, where)


def section_words(section, language: str, what: str = "title") -> str:
    """A section's title (`what="title"`) or what it measures (`what="measures"`), in `language`."""
    return declared(language, f"sections.{section.name}.{what}", getattr(section, what), f"snippets/{section.name}.py")


def declared(language: str, key: str, english: str, where: str) -> str:
    """Words declared in English beside the experiment (`where`), translated under `key` in other languages."""
    if language == _source():
        return english
    found: Any = strings(language)
    for part in key.split("."):
        found = found.get(part) if isinstance(found, dict) else None
    if not isinstance(found, str):
        raise MissingString(f"{_file(language)} has no {key!r}: add its translation of {english!r} (declared in {where})")
    return found


def declared_keys() -> dict[str, tuple[str, str]]:
    """Every key a translation needs for what snippets/ declares in English: key -> (English, where it is declared)."""
    found = {}
    for section in registry.sections():
        where = f"snippets/{section.name}.py"
        found[f"sections.{section.name}.title"] = (section.title, where)
        found[f"sections.{section.name}.measures"] = (section.measures, where)
        for claim in section.claims:
            found[f"claims.{claim.id}"] = (claim.label, where)
            if claim.setup:
                found[f"setup.{claim.id}"] = (claim.setup, where)
    from snippets.setups import SCOPES

    found.update({f"scopes.{scope.id}": (scope.words, "snippets/setups.py") for scope in SCOPES})
    return found


def check(languages: list[str]) -> list[str]:
    """Every problem of every language's strings, one line each: keys the source language has and a
    translation lacks, words declared in snippets/ with no translation (a claim's words: the claims
    engine's check, claims.checks.missing_translations), translations of nothing."""
    source, *others = languages
    problems = []
    wanted = _keys(strings(source))
    needed = declared_keys()
    for language in others:
        mine = _keys(strings(language), declared=True)
        problems += [f"{_file(language)} has no {key!r}: add it (see the same key in {_file(source)})"
                     for key in sorted(wanted - mine)]
        problems += [f"{_file(language)} has no {key!r}: add its translation of {needed[key][0]!r} (declared in "
                     f"{needed[key][1]})" for key in sorted(set(needed) - mine) if not key.startswith("claims.")]
        problems += [f"{_file(language)} translates {key!r}, which nothing in snippets/ declares: remove it"
                     for key in sorted(mine & {k for k in mine if k.split(".")[0] in DECLARED} - set(needed))]
        if set(needed) - mine:
            problems.append(f"{_file(language)}: `python -m sitegen.strings {language}` adds what it lacks, "
                            "in English, for you to translate")
    return problems


DECLARED = ("claims", "setup", "sections", "scopes")  # the parts of a translation's strings that translate snippets/


def fill(language: str) -> list[str]:
    """Add to a translation's strings file, in English, every word snippets/ declares that it lacks, each
    under its key (comments and order kept): the translator then translates them. Returns the keys added."""
    path = paths.STRINGS / f"{language}.yml"
    lines = path.read_text(encoding="utf-8").splitlines()
    have = _keys(yaml.safe_load("\n".join(lines)) or {}, declared=True)
    added = []
    for key, (english, _) in declared_keys().items():
        if key in have:
            continue
        parts, start, end = key.split("."), 0, len(lines)
        depth = 0
        for depth, part in enumerate(parts[:-1]):  # the deepest block of the key that the file has
            header = next((i for i in range(start, end) if lines[i] == f"{'  ' * depth}{part}:"), None)
            if header is None:
                break
            start = header + 1
            end = next((i for i in range(start, end) if lines[i].strip() and not lines[i].startswith("  " * (depth + 1))), end)
        else:
            depth = len(parts) - 1
        new = [f"{'  ' * d}{part}:" for d, part in enumerate(parts[depth:-1], depth)]
        new.append(f"{'  ' * (len(parts) - 1)}{parts[-1]}: {json.dumps(english, ensure_ascii=False)}")
        lines[end:end] = new
        added.append(key)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    strings.cache_clear()
    return added


def _keys(tree: dict, prefix: str = "", declared: bool = False) -> set[str]:
    """The dotted keys of a strings file, leaves only: with `declared`, the translations of what snippets/
    declares too; never a language's own glossary and word lists."""
    found = set()
    for key, value in tree.items():
        if not prefix and key in ("glossary", "behaviour_words", "attributions", *(() if declared else DECLARED)):
            continue
        path = f"{prefix}{key}"
        found |= _keys(value, f"{path}.") if isinstance(value, dict) else {path}
    return found


def _source() -> str:
    from sitegen import languages

    return languages.source()


if __name__ == "__main__":  # python -m sitegen.strings <language>: see fill()
    for code in sys.argv[1:]:
        print(f"{_file(code)}: added {len(fill(code))} words to translate")
