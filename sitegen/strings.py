"""Every word the site code prints, one file per language: sitegen/strings/<language>.yml.

Table labels, callout words, the generated pages' text and the article's claims
in words all come through `word()`; a key missing in a language fails the
build naming the language, the key and the file to add it to.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

STRINGS = Path(__file__).resolve().parent / "strings"


class MissingString(KeyError):
    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0])


@functools.cache
def strings(language: str) -> dict[str, Any]:
    path = STRINGS / f"{language}.yml"
    if not path.exists():
        msg = f"no strings for language {language!r}: copy {STRINGS.relative_to(STRINGS.parent.parent)}/en.yml to {path.name} and translate it"
        raise MissingString(msg)
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def word(language: str, key: str) -> Any:
    """The value at a dotted key ("callout.title", "claims.mode-fork") in a language's strings."""
    found: Any = strings(language)
    for part in key.split(".", 1) if key.startswith(("labels.", "claims.", "setup.")) else key.split("."):
        if not isinstance(found, dict) or part not in found:
            msg = f"sitegen/strings/{language}.yml has no {key!r}: add it (see the same key in en.yml)"
            raise MissingString(msg)
        found = found[part]
    return found


def label(language: str, text: str) -> str:
    """A table or diagram label in a language; code (`...`) is never translated."""
    if text.startswith("`") and text.endswith("`") and text.count("`") == 2:
        return text
    return word(language, f"labels.{text}")
