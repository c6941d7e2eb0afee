"""The one place a measured value becomes page text: shown literally, whatever it holds.

A value dropped raw into a page is read three more times: by the macros plugin
(Jinja: `{{`, `{%`), by Markdown (`*x*`, `[a](b)`, `|` in a table, a backslash)
and by the browser (`<img>`, `&`). `literal()` writes every ASCII punctuation
character as an HTML character reference, which none of the three interprets:
Jinja and Markdown see no syntax, the browser shows the character. A newline
becomes a line break. Everything that puts a live value on a page goes through
this module; nothing else formats one.
"""

from __future__ import annotations

import string
from typing import Any

_ENCODE = {ord(c): f"&#{ord(c)};" for c in string.punctuation} | {ord("\n"): "<br>", ord("\r"): ""}


def literal(value: Any) -> str:
    """Text that reads exactly as `value` in prose, a table cell, an admonition or a generated page."""
    return str(value).translate(_ENCODE)


def code(value: Any) -> str:
    """`value` as inline code, shown literally (backticks, pipes and newlines included)."""
    return f"<code>{literal(value)}</code>"


def quote(value: Any) -> str:
    """`value` as a block quotation, on one line of page source whatever it holds."""
    return f"<blockquote><p>{literal(value)}</p></blockquote>"


def show(value: Any, separator: str = ", ") -> str:
    """A measured value as it appears in tables and prose: ✅/❌, a count, code, or a list of code
    (joined by the page language's list separator)."""
    if isinstance(value, bool):
        return "✅" if value else "❌"
    if value is None:
        return "—"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return separator.join(code(v) for v in value) or "—"
    return code(value)


def mermaid_label(value: Any) -> str:
    """Text for a quoted Mermaid label: Mermaid's own `#code;` escapes, no markup."""
    return "".join(f"#{ord(c)};" if c in string.punctuation or c == "\n" else c for c in str(value))
