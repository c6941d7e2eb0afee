"""The markers: how a page says what the library does, and stays true (pure functions over page text).

A page is prose. A sentence (or a run of sentences) about the library ends with
a marker naming the claim that makes it true:

    It is not an exception: it arrives as a tool result. {{ guard("some-claim") }}

    `old` is accepted as another name of `new`. {{ when("other-claim") }}
    `old` is rejected like any other unknown value. {{ unless("other-claim") }}

    The example attaches three children. {{ narrative("setup") }}

A claim's JavaScript twin is named `<id>@js`: a sentence that holds for both
runtimes names both, `guard("some-claim", "some-claim@js")`.

* `guard(id, "!id", ...)`: the sentences hold while every claim named is true
  (and every claim named with `!` is false); when one is not, the strict build
  stops naming the page and line, the sentence and the claim.
* `when(id)` / `unless(id)`: the forms of a claim that differs across the
  published releases; the page shows the one that is true, the other is dropped.
* `narrative(reason)`: sentences that say nothing about the library's behaviour
  (the experiment's setup, a question, what the article says), on the short
  allow-list REASONS.

A marker binds the text from the previous marker of its paragraph or list item
(or its start) up to itself, and must follow the end of a sentence: a binding
never covers a fragment. Markers sit in paragraphs and list items, never in
headings or tables. `apply` runs on the page source before any template engine
renders it, so a form that is dropped is never rendered, and a marker becomes an
empty `<span>` that tells the built page which claims the text before it is
bound to (claims/register.py reads them).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field

try:  # inside an MkDocs build, a marker's error stops it in one line, with no traceback
    from mkdocs.exceptions import PluginError as _Base

    NAMED_ERRORS: tuple[type[Exception], ...] = (_Base,)  # errors whose message names what and where: one line
except ImportError:  # pragma: no cover - the engine runs without MkDocs too
    _Base, NAMED_ERRORS = Exception, ()

KINDS = ("guard", "when", "unless", "narrative")
# Why a sentence may speak of the library without a claim: the whole allow-list.
REASONS = {
    "setup": "describes what the experiment or example does, not what the library does",
    "question": "asks the question the section answers",
    "article": "reports what the article says, attributed to it",
    "context": "reports a public thread on the library's tracker, checked by hand against it",
    "reading": "says how to read a table or an example on the page",
    "site": "says how this site is made",
}
# A claim id: words and hyphens, and "@js" for the JavaScript twin of a claim (claims/model.py).
MARKER = re.compile(r"\{\{-?\s*(guard|when|unless|narrative)\(\s*((?:\"!?[\w@-]+\"\s*,?\s*)+)\)\s*-?\}\}")
# What a writer may mean as a marker (a kind, then an opening parenthesis): one MARKER does not match
# (single quotes, a space in an id) would reach the template engine, which knows no such function.
LOOSE_MARKER = re.compile(r"\{\{-?\s*(guard|when|unless|narrative)\s*\(")
FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+\.)\s+")
SENTENCE_END = ".:;!?。：；！？"
CLOSERS = ")]}\"'」』）】*_`»”’"


class BindingError(_Base):
    """A marker the page cannot have: unknown kind or claim, in a table or heading, inside a sentence."""


class StaleSentence(_Base):
    """A guarded sentence whose claim no longer holds under the installed library."""


def holds(kind: str, names: tuple[str, ...], truth: Callable[[str], object]) -> bool:
    """Whether a text bound by a marker is true under these claim values: what each kind of marker means.

    The build (`apply`), the sentence register and the mutation suite all ask this one function.
    A guard holds while each claim it names is true (each `!id` false); `when(id)` while the claim
    is true; `unless(id)` while it is false; a narrative text says nothing about the library."""
    if kind == "narrative":
        return True
    if kind == "guard":
        return all(truth(name.lstrip("!")) is (not name.startswith("!")) for name in names)
    return truth(names[0]) is (kind == "when")


@dataclass
class Segment:
    """The text a marker binds, with where it is in the page source."""

    kind: str  # guard, when, unless, narrative
    names: tuple[str, ...]  # claim ids, or the narrative reason
    line: int  # 1-based line of the marker in the page source
    text: str  # the source text it binds (Markdown and macros, as written)
    start: int  # offsets of that text and of the marker in the page source
    marker_start: int
    marker_end: int
    shown: bool = True

    @property
    def claims(self) -> tuple[str, ...]:
        """The claim ids it is bound to ("!id" names a claim that must be false)."""
        return () if self.kind == "narrative" else tuple(name.lstrip("!") for name in self.names)


@dataclass
class Block:
    """A paragraph, list item, heading or table row of the page source (code is not)."""

    start: int  # offsets in the page source
    end: int
    segments: list[Segment] = field(default_factory=list)

    def is_prose(self, markdown: str) -> bool:
        """A paragraph or list item: not a heading, a table row, a container line or generated content."""
        return not not_prose(markdown[self.start:self.end].strip())

    def content_start(self, markdown: str) -> int:
        """Where its text starts: after the indentation and any list marker."""
        text = markdown[self.start:self.end]
        marker = LIST_ITEM.match(text)
        return self.start + (marker.end() if marker else len(text) - len(text.lstrip()))


def blocks(markdown: str) -> list[Block]:
    """The paragraphs and list items of a page, outside code fences and its front matter (its description)."""
    found: list[Block] = []
    offset, in_fence, current = 0, False, None
    front_matter = markdown.startswith("---\n")
    for number, line in enumerate(markdown.splitlines(keepends=True)):
        stripped = line.strip()
        if front_matter:
            front_matter = number == 0 or stripped not in ("---", "...")
        elif FENCE.match(line):
            in_fence = not in_fence
            current = None
        elif in_fence or not stripped:
            current = None
        elif not_prose(stripped):
            found.append(Block(offset, offset + len(line)))  # a heading, a table row, a container: one line
            current = None
        elif LIST_ITEM.match(line) or current is None:
            current = Block(offset, offset + len(line))
            found.append(current)
        else:
            current.end = offset + len(line)
        offset += len(line)
    return found


def not_prose(stripped: str) -> bool:
    """A line that is a block of its own and no prose: a heading, a table row, a container's first line,
    an include, raw HTML, or one macro call such as {{ table("refusal") }} (generated content)."""
    if stripped.startswith(("#", "|", "!!!", "???", "===", "--8<--", "<")):
        return True
    return stripped.startswith("{{") and stripped.endswith("}}") and stripped.count("{{") == 1 and not MARKER.fullmatch(stripped)


def segments(markdown: str, page: str = "?", found_blocks: list[Block] | None = None) -> list[Segment]:
    """Every marker of a page with the text it binds, in page order; malformed markers raise BindingError."""
    found = []
    for block in blocks(markdown) if found_blocks is None else found_blocks:
        text = markdown[block.start:block.end]
        first_line = text.lstrip()
        start = block.content_start(markdown)
        exact = {match.start() for match in MARKER.finditer(text)}
        for loose in LOOSE_MARKER.finditer(text):
            if loose.start() not in exact:
                line = markdown.count("\n", 0, block.start + loose.start()) + 1
                close = text.find("}}", loose.start())
                written = text[loose.start():close + 2 if close >= 0 else len(text)]
                raise BindingError(f"{page}:{line}: {_short(' '.join(written.split()), 60)} is no marker the engine "
                                   f'reads: name each claim in double quotes, {loose.group(1)}("claim-id")')
        for match in MARKER.finditer(text):
            line = markdown.count("\n", 0, block.start + match.start()) + 1
            where = f"{page}:{line}"
            if first_line.startswith(("#", "|")):
                raise BindingError(f"{where}: a {match.group(1)}() marker in a heading or a table; bind sentences "
                                   "in paragraphs and list items (tables are generated from the facts)")
            kind, names = match.group(1), tuple(re.findall(r'"(!?[\w@-]+)"', match.group(2)))
            bound = markdown[start:block.start + match.start()]
            if not _ends_sentence(bound):
                raise BindingError(f"{where}: {kind}() must follow the end of a sentence (it binds whole sentences, "
                                   f"never a fragment); it follows {_tail(bound)!r}")
            if kind == "narrative" and (len(names) != 1 or names[0] not in REASONS):
                raise BindingError(f"{where}: narrative() takes one reason of {', '.join(REASONS)}; got {', '.join(names)}")
            if kind in ("when", "unless") and (len(names) != 1 or names[0].startswith("!")):
                raise BindingError(f"{where}: {kind}() takes one claim: a form for each of its values")
            found.append(Segment(kind, names, line, bound.strip(), start, block.start + match.start(), block.start + match.end()))
            block.segments.append(found[-1])
            start = block.start + match.end()
    return found


def _ends_sentence(text: str) -> bool:
    stripped = re.sub(r"\{\{.*?\}\}$", "", text.rstrip()).rstrip()  # a value may close a sentence
    stripped = stripped.rstrip(CLOSERS).rstrip()
    return bool(stripped) and (stripped[-1] in SENTENCE_END or text.rstrip().endswith("}}"))


def _tail(text: str) -> str:
    return " ".join(text.split())[-40:]


def apply(markdown: str, truth: Callable[[str], object], page: str, describe: Callable[[str], str],
          under: Callable[[list[str]], str] | None = None) -> tuple[str, list[Segment]]:
    """The page with each form chosen and each marker turned into an empty span; raises StaleSentence.

    `truth(claim_id)` is the claim's live value; `describe(claim_id)` says what the claim is
    and where it is measured, for the message that stops the build; `under(claim_ids)` what
    they were measured under ("somelib 1.2.3"; the provider's `measured_under`).
    """
    page_blocks = blocks(markdown)
    found = segments(markdown, page, page_blocks)

    def value(segment: Segment) -> Callable[[str], bool]:
        def checked(claim_id: str) -> bool:
            try:
                live = truth(claim_id)
            except KeyError as error:
                raise BindingError(f"{page}:{segment.line}: {segment.kind}({claim_id!r}): {error.args[0]}") from error
            if not isinstance(live, bool):
                raise BindingError(f"{page}:{segment.line}: {segment.kind}({claim_id!r}) binds a sentence to a claim "
                                   f"whose live value is {live!r}, not yes or no ({describe(claim_id)})")
            return live
        return checked

    for segment in found:
        true = holds(segment.kind, segment.names, value(segment))
        if segment.kind == "guard" and not true:
            false = [c for c in segment.names if not holds("guard", (c,), value(segment))]
            raise StaleSentence(
                f"{page}:{segment.line}: no longer true{' under ' + under(false) if under else ''}: "
                f"\"{_short(readable(segment.text))}\" ("
                + "; ".join(f"{describe(c.lstrip('!'))} is now {'true' if c.startswith('!') else 'false'}" for c in false)
                + "); "
                "rewrite the sentence, or write a form for each value with when()/unless()")
        segment.shown = true
    return _render(markdown, page_blocks), found


def _render(markdown: str, page_blocks: list[Block]) -> str:
    """Drop the forms not shown (a paragraph or list item left with nothing goes whole); markers become spans."""
    pieces, cursor = [], 0
    for block in page_blocks:
        if not block.segments:
            continue
        rest = markdown[block.segments[-1].marker_end:block.end]
        if not any(s.shown for s in block.segments) and not rest.strip():
            pieces.append(markdown[cursor:block.start])  # the whole block, list marker and line break included
            cursor = block.end
            continue
        for segment in block.segments:
            pieces.append(markdown[cursor:segment.marker_start if segment.shown else segment.start])
            if segment.shown:
                pieces.append(span(segment))
            cursor = segment.marker_end
    pieces.append(markdown[cursor:])
    return re.sub(r"\n{3,}", "\n\n", "".join(pieces))


def span(segment: Segment) -> str:
    """The mark a bound text leaves in the page: empty, invisible, naming its binding and source line."""
    return (f'<span class="bound" data-kind="{segment.kind}" data-names="{" ".join(segment.names)}" '
            f'data-line="{segment.line}"></span>')


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


FRONT_MATTER_SCOPES = re.compile(r"^scopes:\s*\[([^\]]*)\]\s*$", re.MULTILINE)


def page_scopes(markdown: str) -> tuple[tuple[str, ...], int | None]:
    """(the scope ids the page's front matter declares for the whole page, the line that declares them):
    `scopes: [id, ...]` between the opening `---` lines."""
    if not markdown.startswith("---\n"):
        return (), None
    end = markdown.find("\n---", 3)
    front = markdown[: max(0, end)]
    found = FRONT_MATTER_SCOPES.search(front)
    if not found:
        return (), None
    ids = tuple(part.strip().strip("\"'") for part in found.group(1).split(",") if part.strip())
    return ids, front[: found.start()].count("\n") + 1


def readable(source: str) -> str:
    """Source text as a message shows it: one line, tags dropped, entities decoded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", source)).split())


def sequence(markdown: str, page: str = "?") -> list[tuple[str, tuple[str, ...]]]:
    """The bindings of a page in order, (kind, claims or reason): what a translation must repeat."""
    return [(s.kind, s.names) for s in segments(markdown, page)]
