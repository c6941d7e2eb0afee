"""The sentence register: every sentence about the library on every page, with the claim that makes it
true; and its lint, the sentences that speak of the library outside a binding.

* `register(provider, site)`: for each language and page, in page order, each bound sentence as a
  reader sees it in the built `site`, its binding (guard, when, unless), each claim it is bound to
  with the value the article reported, the value today, where the claim is declared and, when the
  provider measures several setups, the setups under which the sentence holds. The forms
  a page does not show are listed too, as their source; narrative sentences follow with their reason.
  A reviewer reads it side by side with the article. (`python -m claims sentences` builds the site
  first.)
* `unbound(markdown, words, attributions)`: (line, sentence) for each sentence of a page's prose that
  holds one of a language's behaviour words and no binding. The words are inputs (a client keeps
  them in its strings), never read here.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from claims import markers
from claims.checks import holding_under
from claims.provider import Provider

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
    """The bound texts of a built page, in page order. Only the page's content holds bound spans (each is a
    marker of its source), so the whole document is read, whatever the theme wraps the content in
    (Material's `<article>`, the `role="main"` block of MkDocs' own themes, or anything else)."""
    parser = _BoundTexts()
    parser.feed(page_html)
    return parser.found


def register(provider: Provider, site: Path) -> str:
    """The register as Markdown, from a built site (`site`: its folder)."""
    claims = list(provider.claims())
    truth = {c.id: provider.value(c.id) for c in claims}
    by_id = {c.id: c for c in claims}
    out = [f"# Sentence register ({provider.measured_under([c.id for c in claims if c.id == c.base])})", ""]
    totals = {}
    setups = provider.setups()
    if len(setups) > 1:
        out += [f"Setups measured: {', '.join(setups)} (the pages' own: {setups[0]}).", ""]
    for code, pages in provider.pages().items():
        out += [f"## {code}", "", "| page:line | sentence | binding | claim | article | today | experiment | holds under |",
                "|---|---|---|---|---|---|---|---|"]
        narrative, hidden, count, claims_bound = [], [], 0, set()
        for name, page in sorted(pages.items()):
            built = provider.page_html(site, code, name.removesuffix(".md"))
            shown = {b.line: b for b in bound_texts(built.read_text(encoding="utf-8"))} if built.exists() else {}
            _, found = markers.apply(page.text, truth.__getitem__, page.file, lambda c: c)
            for segment in found:
                where = f"{page.file}:{segment.line}"
                if segment.kind == "narrative":
                    narrative.append(f"| {where} | {_cell(shown.get(segment.line))} | {segment.names[0]} |")
                    continue
                if not segment.shown:
                    hidden.append(f"| {where} | {segment.kind}(`{segment.names[0]}`) | {_escape(markers.readable(segment.text))} |")
                    continue
                count += 1
                claims_bound |= set(segment.claims)
                holding = holding_under(provider, segment) if len(setups) > 1 else []
                under = _under(setups, holding)
                for i, name_ in enumerate(segment.names):
                    claim = by_id[name_.lstrip("!")]
                    article = provider.show(claim.article, code) if claim.from_article else "—"
                    experiment = provider.declared_at(claim.id).rpartition(":")[0]
                    text = _cell(shown.get(segment.line)) if i == 0 else "〃"
                    out.append(f"| {where} | {text} | {segment.kind} | `{name_}` | {article} | "
                               f"{provider.show(truth[claim.id], code)} | {experiment} | {under if i == 0 else '〃'} |")
        totals[code] = (count, len(claims_bound), len(narrative))
        out += ["", f"### {code}: forms not shown under this release", "", "| page:line | form | source |", "|---|---|---|",
                *hidden, "", f"### {code}: narrative sentences", "", "| page:line | sentence | reason |", "|---|---|---|",
                *narrative, ""]
    out += ["## Counts", "", "| language | bound sentences | claims bound | narrative sentences |", "|---|---|---|---|"]
    out += [f"| {code} | {n} | {c} | {m} |" for code, (n, c, m) in totals.items()]
    out += ["", "Narrative reasons (the whole allow-list):", ""]
    out += [f"- `{reason}`: {why}" for reason, why in markers.REASONS.items()]
    return "\n".join(out) + "\n"


def _under(setups: list[str], holding: list[str]) -> str:
    """The setups under which a sentence holds, as the register says it: every one, all but a few, or a list."""
    if len(setups) < 2:
        return "—"
    if holding == setups:
        return "every setup"
    if len(holding) > len(setups) / 2:
        return "all but " + ", ".join(s for s in setups if s not in holding)
    return ", ".join(holding)


def _cell(bound: Bound | None) -> str:
    return _escape(bound.text) if bound else "(not in the built page)"


def _escape(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


# --------------------------------------------------------------------------- the lint: sentences about the library, unbound

SENTENCE = re.compile(r"(?<=[.!?:;])\s+(?=[A-Z`*\[(“\"])|(?<=[。！？；：])")
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.split(" ".join(text.split())) if s.strip()]


def unbound(markdown: str, words: list[str], attributions: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    """(line, sentence) for each sentence of a page's prose that holds a behaviour word and no binding.

    Bound text is what a marker closes; the rest of a paragraph or list item, after its
    last marker, is unbound. A text marked `narrative` is read too, since narrative is for
    text that says nothing about the library in the site's own voice: one that holds a
    behaviour word must be a question (`question`), or begin by naming what it reports, the
    article, the example or a tracker thread (`article`, `setup`, `context`: one of the
    language's `attributions`, or a link to a thread); `reading` may hold none; `site` speaks
    of the site. Headings, tables, code and lines that are one macro call are not prose."""
    found = []
    segments = markers.segments(markdown)
    for block in markers.blocks(markdown):
        if not block.is_prose(markdown):
            continue
        mine = [s for s in segments if block.start <= s.marker_start < block.end]
        rest_start = mine[-1].marker_end if mine else block.content_start(markdown)
        texts = [(s.start, markdown[s.start:s.marker_start], s.names[0]) for s in mine if s.kind == "narrative"]
        for start, text, reason in [*texts, (rest_start, markdown[rest_start:block.end], None)]:
            if reason == "site" or (reason and _reported(text, reason, attributions)):
                continue
            line = markdown.count("\n", 0, start) + 1
            found += [(line, sentence) for sentence in sentences(TEMPLATE.sub(" ", text)) if _speaks(sentence, words)]
    return found


def _speaks(sentence: str, words: list[str]) -> bool:
    """Whether a sentence holds one of the language's behaviour words (each a regular expression)."""
    plain = re.sub(r"[`*_]", "", sentence).lower()
    return any(re.search(w, plain) for w in words)


def _reported(text: str, reason: str, attributions: tuple[str, ...]) -> bool:
    """A narrative text that is a question, or that begins by naming what it reports."""
    plain = " ".join(re.sub(r"[`*_]", "", TEMPLATE.sub(" ", text)).lower().split())
    if reason == "question":
        return plain.endswith(("?", "？"))
    return reason in ("article", "setup", "context") and plain.lstrip("[( ").startswith(("#", *attributions))
