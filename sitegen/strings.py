"""Every word the site code prints, one file per language: sitegen/strings/<language>.yml.

Keys are ids, never English text: `labels.child_tools`, `claims.mode-fork`,
`sections.refusal.title`. Table labels, callouts, the generated pages, the
claims in words and each language's glossary all come through `word()`; a key
missing in a language fails the build naming the language, the key and the file.
"""

from __future__ import annotations

import functools
from typing import Any

import yaml

from snippets import paths


class MissingString(KeyError):
    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0])


@functools.cache
def strings(language: str) -> dict[str, Any]:
    path = paths.STRINGS / f"{language}.yml"
    if not path.exists():
        msg = f"no strings for language {language!r}: copy {paths.shown(paths.STRINGS)}/en.yml to {path.name} and translate it"
        raise MissingString(msg)
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def word(language: str, key: str) -> Any:
    """The value at a dotted key ("callout.titles.changed", "claims.mode-fork") in a language's strings."""
    found: Any = strings(language)
    for part in key.split("."):
        if not isinstance(found, dict) or part not in found:
            msg = f"{paths.shown(paths.STRINGS)}/{language}.yml has no {key!r}: add it (see the same key in en.yml)"
            raise MissingString(msg)
        found = found[part]
    return found
