"""The model of the claims engine: a claim, a mutant that must flip claims, and a patch.

A `Claim` is one statement about the library a site documents: its id, its
English words, what the source it restates reported (None: a claim the site
added) and how its value is read from the facts the client measured. A claim
declared with a `js=` reading has a twin `<id>@js` read from the JavaScript
facts. A `Mutant` is a small change of the installed library (a tuple of
`Patch`es) and the claims whose values it must flip: the mutation judge
(claims/judge.py) decides whether the site followed it.

Nothing here knows which library a site documents: the client's provider
(claims/provider.py) hands these objects to the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Claim:
    """One statement about the library, by id. Its words in the source language are `label`; the
    provider hands the engine their translations (`Provider.label`).

    A sentence of a page can be bound to a claim whose live value is yes or no.

    `live` reads the claim's value from whatever the client measured (its "facts"). A library that
    ships for Python and for JavaScript has a claim speak of the Python runtime; `js`, when given,
    reads the same statement from the JavaScript facts (`facts.js`), and the client then declares its
    JavaScript twin as a claim of its own, `twin()`: `<id>@js` (`runtime="js"`, same label and article
    value). `js=SAME`: the twin is read as `live` reads, from `facts.js`; a `js=` reading of its own
    only where JavaScript is read differently. A client with one runtime never writes `js`.
    """

    id: str
    label: str  # the claim in English words, as tables and messages show it
    article: Any  # the value the article reported; None: a claim the site added
    live: Callable[
        [Any], Any
    ]  # the value today, read from the facts (snippets.facts.Facts)
    setup: str | None = (
        None  # why the value depends on how the example is set up (English), if it does
    )
    js: Callable[[Any], Any] | Same | None = (
        None  # the same statement read from the JavaScript facts (facts.js), if measured there; SAME: as `live`
    )
    runtime: str = "python"  # which runtime of the library it speaks of: "python", or "js" for a twin

    @property
    def from_article(self) -> bool:
        return self.article is not None

    @property
    def base(self) -> str:
        """The id of the claim as declared: a JavaScript twin's is its Python claim's."""
        return self.id.removesuffix(JS_SUFFIX)

    def twin(self) -> Claim | None:
        """The JavaScript twin of a declared claim that has a `js` reading, else None."""
        if self.js is None or self.runtime != "python":
            return None
        live = (lambda facts: self.live(facts.js)) if self.js is SAME else self.js
        return replace(self, id=self.id + JS_SUFFIX, live=live, js=None, runtime="js")


class Same:
    """`Claim(..., js=SAME)`: the JavaScript twin is read the way `live` reads, from `facts.js`."""

    def __repr__(self) -> str:
        return "SAME"


SAME = Same()


JS_SUFFIX = "@js"  # a JavaScript twin's id: <id>@js
RUNTIMES = ("python", "js")


@dataclass(frozen=True)
class Patch:
    """Replace `old` by `new` in `file` (relative to the installed `package`); `old` occurs exactly once.

    `file` may be a glob (bundles may carry a hash in their names): it must match exactly one file.
    `package` is an importable Python package ("json", "somelib"), or a name the client's own
    `claims.patching.Packages` knows (a package of another runtime). It has no default: a client that
    patches one package most of the time declares its own `Patch` with that default (a dataclass
    subclass: `package: str = "somelib"`)."""

    file: str
    old: str
    new: str
    package: str


@dataclass(frozen=True)
class Mutant:
    """One behaviour of the library (or of a package under it) changed on purpose, and the claims that must follow it."""

    name: str
    changes: str  # the behaviour it changes, in one line
    patches: tuple[Patch, ...]
    flips: tuple[str, ...]  # ids of the claims whose live value it must change (<id>@js: a JavaScript twin)

    @property
    def packages(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(patch.package for patch in self.patches))


@dataclass(frozen=True)
class Scope:
    """What a sentence may say of where it holds: its words in one language (a sentence states the scope by
    containing them) and the setups they cover (the client's setup ids)."""

    id: str
    words: str
    setups: frozenset[str]
