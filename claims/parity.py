"""Translation parity: every page of the source language has, in each other language, a translation with the same skeleton.

Same heading ids, the same exec blocks (id and code), the same snippet includes,
the same links, the same table shapes, and the same sentence bindings in the
same order: each guard/when/unless/narrative marker with the same claims (a
translation that inverts a condition differs). A page not translated yet is
reported as missing; the site still builds, showing the source page with a
notice. Run on its own:

    python -m claims parity             # exit 1 and one line per difference

The build checks the markers alone (claims/checks.py, marker_order), before any page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from claims import markers

HEADING_ID = re.compile(r"^#{1,6} .*\{ *#([\w-]+) *\}\s*$", re.M)
HEADING = re.compile(r"^#{1,6} ", re.M)
# nested ones too (admonitions); an attribute-list fence by its language: ```{.python .excerpt hl_lines="3"}
FENCE = re.compile(r"^[ \t]*```\{?\.?(\w+)([^\n]*)\n(.*?)^[ \t]*```", re.M | re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")
TABLE_ROW = re.compile(r"^\|.*\|\s*$", re.M)


@dataclass(frozen=True)
class Skeleton:
    heading_ids: list[str]
    headings_without_id: int
    fences: list[tuple[str, str, str]]  # language, options, code (Python only: diagrams are translated)
    links: list[str]
    tables: list[tuple[int, int]]  # (rows, columns) of each Markdown table
    bindings: list[tuple[str, tuple[str, ...]]]  # the page's markers in order: (kind, claims or reason)


def skeleton(markdown: str) -> Skeleton:
    fences = [(lang, opts.strip(), code if lang == "python" else "") for lang, opts, code in FENCE.findall(markdown)]
    prose = FENCE.sub("", markdown)
    headings = HEADING.findall(prose)
    tables, rows = [], []
    for line in prose.splitlines() + [""]:
        if TABLE_ROW.match(line):
            rows.append(line)
        elif rows:
            tables.append((len(rows), rows[0].count("|") - 1))
            rows = []
    return Skeleton(
        heading_ids=HEADING_ID.findall(prose),
        headings_without_id=len(headings) - len(HEADING_ID.findall(prose)),
        fences=fences,
        links=LINK.findall(prose),
        tables=tables,
        bindings=markers.sequence(markdown),
    )


def differences(pages: dict[str, dict[str, str]], folders: dict[str, str] | None = None) -> list[str]:
    """One readable line per difference between the source language's pages and each translation's:
    `pages` is language -> page name -> its Markdown, the source language first (a provider's `pages()`,
    through `texts`, or `read(docs, codes)`); `folders`, language -> the folder of its pages as messages
    name it (`folders(provider.pages())`; default: docs/<language>)."""
    source, *others = pages
    folders = {code: f"docs/{code}" for code in pages} | (folders or {})
    return [line for target in others for line in _differences(pages, source, target, folders)]


def folders(pages: dict) -> dict[str, str]:
    """language -> the folder its pages are in, as a provider's pages (claims.provider.Page) name them."""
    found = {}
    for code, by_name in pages.items():
        for name, page in by_name.items():
            if page.file.endswith("/" + name):
                found[code] = page.file[: -len(name) - 1]
                break
    return found


def texts(pages: dict) -> dict[str, dict[str, str]]:
    """A provider's pages (claims.provider.Page) as `differences` reads them."""
    return {code: {name: page.text for name, page in by_name.items()} for code, by_name in pages.items()}


def read(docs: Path, codes: list[str]) -> dict[str, dict[str, str]]:
    """The pages of `<docs>/<code>/` for each code, as `differences` reads them."""
    return {code: {p.relative_to(docs / code).as_posix(): p.read_text(encoding="utf-8")
                   for p in sorted((docs / code).rglob("*.md"))} for code in codes}


def _differences(pages: dict[str, dict[str, str]], source: str, target: str, folders: dict[str, str]) -> list[str]:
    problems, a, b = [], folders[source], folders[target]
    originals, translations = set(pages[source]), set(pages[target])
    for page in sorted(originals - translations):
        problems.append(f"{b}/{page}: missing (the translation of {a}/{page}; until it lands the "
                        f"site shows the original with a notice): copy that page to {b}/{page} and translate "
                        "its prose; keep its code blocks, links, tables, heading ids and sentence markers")
    for page in sorted(translations - originals):
        problems.append(f"{b}/{page}: has no original {a}/{page}")
    for page in sorted(originals & translations):
        original = skeleton(pages[source][page])
        translation = skeleton(pages[target][page])
        where = f"{b}/{page}"
        problems += [f"{where}: {line}" for line in _fence_differences(original.fences, translation.fences, a, b)]
        for field, meaning in (("heading_ids", "heading ids"), ("links", "links"), ("tables", "tables (rows, columns)"),
                              ("bindings", "sentence bindings (marker and claims, in order)")):
            mine, theirs = getattr(original, field), getattr(translation, field)
            if mine != theirs:
                detail = _first_difference(mine, theirs, a, b) if field == "bindings" else _diff(mine, theirs, a, b)
                problems.append(f"{where}: {meaning} differ from {a}/{page}: {detail}")
        if translation.headings_without_id:
            problems.append(f"{where}: {translation.headings_without_id} heading(s) without a pinned {{ #id }}")
    return problems


def _fence_differences(original: list, translation: list, source: str, target: str) -> list[str]:
    if len(original) != len(translation):
        return [f"{len(translation)} code blocks, {source} has {len(original)}"]
    found = []
    for number, (mine, theirs) in enumerate(zip(original, translation), 1):
        if mine == theirs:
            continue
        block = re.search(r'id="([^"]+)"', mine[1])
        name = f"code block {number} (id {block.group(1)})" if block else f"code block {number}"
        if mine[:2] != theirs[:2]:
            found.append(f"{name}: options differ: {source} `{mine[0]} {mine[1]}`, {target} `{theirs[0]} {theirs[1]}`")
        else:
            pairs = zip(mine[2].splitlines() + [""], theirs[2].splitlines() + [""])
            line, (a, b) = next((i, p) for i, p in enumerate(pairs, 1) if p[0] != p[1])
            found.append(f"{name}: code differs at its line {line}: {source} `{a}`, {target} `{b}`")
    return found


def _first_difference(original: list, translation: list, source: str, target: str) -> str:
    """Where two sequences of markers part: the position, and what each language has there."""
    def show(marker) -> str:
        return f"{marker[0]}({', '.join(marker[1])})" if marker else "nothing"

    at = next(i for i in range(max(len(original), len(translation)) + 1)
              if (original[i:i + 1] or None) != (translation[i:i + 1] or None))
    mine, theirs = (original[at] if at < len(original) else None), (translation[at] if at < len(translation) else None)
    return (f"marker {at + 1}: {source} has {show(mine)}, {target} has {show(theirs)} "
            f"({len(original)} and {len(translation)} markers in all)")


def _diff(original: list, translation: list, source: str, target: str) -> str:
    only_source = [x for x in original if x not in translation]
    only_target = [x for x in translation if x not in original]
    if not only_source and not only_target:
        return "same items, different order"
    short = lambda items: [str(i)[:80] for i in items]  # noqa: E731
    return f"only in {source} {short(only_source)}; only in {target} {short(only_target)}"
