"""sitegen/render.py shows any value literally, wherever the page puts it."""

import html
import re

import jinja2
import markdown
import pytest

from sitegen.render import code, literal, mermaid_label, quote, show

HOSTILE = "a < b > c & d | e * f _ g \\ h ` i `` j {{ facts }} {% if %} [a](b) <img src=x>\n第二行 拒绝"  # payload, not a language
EXTENSIONS = ["tables", "attr_list", "md_in_html", "admonition", "pymdownx.superfences", "pymdownx.inlinehilite"]


def rendered(source: str) -> str:
    """What the page shows: through Jinja (the macros plugin) and Markdown, as text."""
    page = markdown.markdown(jinja2.Template(source).render(), extensions=EXTENSIONS)
    assert "<img" not in page and 'href="b"' not in page, page
    return page


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.replace("<br>", "\n").replace("<br />", "\n")))


@pytest.mark.parametrize("place", [
    lambda v: f"In a sentence: {literal(v)}.",
    lambda v: f"Inline code: {code(v)}.",
    lambda v: quote(v),
    lambda v: f"| label | value |\n|---|---|\n| x | {show(v)} |",
    lambda v: f'!!! note "title"\n\n    - {show(v)}',
], ids=["prose", "inline code", "quote", "table cell", "admonition"])
def test_a_hostile_value_reads_exactly_as_it_is(place):
    page = rendered(place(HOSTILE))
    assert HOSTILE in text_of(page)


def test_a_table_cell_stays_one_cell():
    page = rendered(f"| a | b |\n|---|---|\n| {show(HOSTILE)} | {show('x|y')} |")
    assert page.count("<td>") == 2


def test_no_template_syntax_survives():
    for value in (literal(HOSTILE), code(HOSTILE), quote(HOSTILE)):
        assert "{{" not in value and "{%" not in value


def test_mermaid_labels_carry_no_syntax():
    assert re.fullmatch(r'[\w #;\u4e00-\u9fff]*', mermaid_label('a "b" [c] 中文'))  # payload, not a language


def test_kinds_of_values():
    assert show(True) == "✅" and show(False) == "❌" and show(None) == "—" and show(7) == "7"
    assert show(["ls", "task"]) == f"{code('ls')}, {code('task')}"
