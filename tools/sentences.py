"""The sentence register: every sentence about deepagents on every page, with the claim that makes it true.

    python -m tools.sentences              # build the site (cached), print the register as Markdown
    python -m tools.sentences --site DIR   # read an existing build instead

For each language and page, in page order: each bound sentence as a reader sees
it, its binding (guard, when, unless), each claim it is bound to with the value
the article reported, the value today and the experiment that measures it. The
forms a page does not show under the installed deepagents are listed too, as
their source. Narrative sentences follow with their reason. A reviewer reads it
side by side with the article.

The lint that finds sentences speaking of deepagents outside a binding is
sitegen.bound.unbound (tests/test_sentences.py runs it on every page).
"""

from __future__ import annotations

import argparse
import html
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from snippets import paths, registry

from sitegen import bindings, languages
from sitegen.strings import word

BLOCK_TAGS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "summary", "dt", "dd"}


@dataclass(frozen=True)
class Bound:
    """A bound text as the built page shows it."""

    line: int  # of its marker in the page source
    kind: str
    names: tuple[str, ...]
    text: str


class _BoundTexts(HTMLParser):
    """The texts the bound spans of a built page close, block by block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Bound] = []
        self.buffers: list[list[str]] = []
        self.skip = 0  # inside <pre>, <script>, <style>

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag in ("pre", "script", "style"):
            self.skip += 1
        elif tag in BLOCK_TAGS:
            self.buffers.append([])
        elif tag == "span" and "bound" in (values.get("class") or "").split() and self.buffers:
            text = " ".join("".join(self.buffers[-1]).split())
            self.found.append(Bound(int(values["data-line"]), values["data-kind"], tuple(values["data-names"].split()), text))
            self.buffers[-1].clear()

    def handle_endtag(self, tag):
        if tag in ("pre", "script", "style"):
            self.skip -= 1
        elif tag in BLOCK_TAGS and self.buffers:
            self.buffers.pop()

    def handle_data(self, data):
        if not self.skip and self.buffers:
            self.buffers[-1].append(data)


def bound_texts(page_html: str) -> list[Bound]:
    parser = _BoundTexts()
    parser.feed(page_html[page_html.find("<article"):page_html.find("</article>")])
    return parser.found


def _claim_cells(names: tuple[str, ...], facts, language: str) -> list[str]:
    from sitegen.render import show

    separator = word(language, "list_separator")
    cells = []
    for name in names:
        claim = registry.claim(name.lstrip("!"))
        article = show(claim.article, separator) if claim.from_article else "—"
        section = registry.section_of(claim.id).name
        cells.append(f"`{name}` | {article} | {show(claim.live(facts), separator)} | snippets/{section}.py")
    return cells


def register(site: Path) -> str:
    """The register as Markdown, from a built site."""
    from snippets.facts import collect

    facts = collect()
    out = [f"# Sentence register (deepagents {facts.versions['deepagents']})", ""]
    totals = {}
    for code in languages.codes():
        out += [f"## {code}", "", "| page:line | sentence | binding | claim | article | today | experiment |",
                "|---|---|---|---|---|---|---|"]
        narrative, hidden, count, claims_bound = [], [], 0, set()
        for page in sorted((paths.DOCS / code).glob("*.md")):
            source = page.read_text(encoding="utf-8")
            built = languages.page_html(site, code, page.stem)
            shown = {b.line: b for b in bound_texts(built.read_text(encoding="utf-8"))} if built.exists() else {}
            truth = {c.id: c.live(facts) for c in registry.claims()}
            _, segments = bindings.apply(source, truth.__getitem__, str(page), lambda c: c)
            for segment in segments:
                where = f"{paths.shown(page)}:{segment.line}"
                if segment.kind == "narrative":
                    narrative.append(f"| {where} | {_cell(shown.get(segment.line))} | {segment.names[0]} |")
                    continue
                if not segment.shown:
                    hidden.append(f"| {where} | {segment.kind}(`{segment.names[0]}`) | {_escape(bindings.readable(segment.text))} |")
                    continue
                count += 1
                claims_bound |= set(segment.claims)
                for i, cells in enumerate(_claim_cells(segment.names, facts, code)):
                    text = _cell(shown.get(segment.line)) if i == 0 else "〃"
                    out.append(f"| {where} | {text} | {segment.kind} | {cells} |")
        totals[code] = (count, len(claims_bound), len(narrative))
        out += ["", f"### {code}: forms not shown under this release", "", "| page:line | form | source |", "|---|---|---|",
                *hidden, "", f"### {code}: narrative sentences", "", "| page:line | sentence | reason |", "|---|---|---|",
                *narrative, ""]
    out += ["## Counts", "", "| language | bound sentences | claims bound | narrative sentences |", "|---|---|---|---|"]
    out += [f"| {code} | {n} | {c} | {m} |" for code, (n, c, m) in totals.items()]
    out += ["", "Narrative reasons (the whole allow-list):", ""]
    out += [f"- `{reason}`: {why}" for reason, why in bindings.REASONS.items()]
    return "\n".join(out) + "\n"


def _cell(bound: Bound | None) -> str:
    return _escape(bound.text) if bound else "(not in the built page)"


def _escape(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sentences", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site to read (default: build one)")
    args = parser.parse_args(argv)
    if args.site:
        print(register(args.site), end="")
        return 0
    with tempfile.TemporaryDirectory(prefix="sentences-") as scratch:
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", scratch],
                              cwd=paths.ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr[-3000:], file=sys.stderr)
            return 1
        print(register(Path(scratch)), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
