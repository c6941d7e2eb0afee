"""The site's languages, read from docs/languages.yml: the one place that lists them."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "docs" / "languages.yml"


@dataclass(frozen=True)
class Language:
    code: str  # as in docs/<code>/, sitegen/strings/<code>.yml and the theme's language
    name: str  # as the language switcher shows it


@functools.cache
def languages(registry: Path = REGISTRY) -> tuple[Language, ...]:
    entries = yaml.safe_load(registry.read_text(encoding="utf-8"))
    return tuple(Language(entry["code"], entry["name"]) for entry in entries)


def codes(registry: Path = REGISTRY) -> list[str]:
    return [language.code for language in languages(registry)]


def source(registry: Path = REGISTRY) -> str:
    """The language every other one translates; its site is built at the root."""
    return languages(registry)[0].code


def folder(code: str, registry: Path = REGISTRY) -> str:
    """Where a language's site goes, relative to the root site: "" or "<code>/"."""
    return "" if code == source(registry) else f"{code}/"
