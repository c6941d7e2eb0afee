"""Diagrams drawn at build time (sitegen/drawing.py), without a browser: keys, names, text alternatives, and
the one line a build without Chromium stops with. (Built pages: tests/test_site.py; a browser: test_browser.py.)"""

import pytest
from mkdocs.exceptions import PluginError

from sitegen import drawing

SOURCE = 'flowchart TB\n  accTitle: Who reaches whom\n  P["parent<br/>8 tools"] -- task --> C("child")'


def fake(title: str) -> dict:
    """What Mermaid returns for SOURCE (sitegen.drawing.DRAW), with a made-up SVG."""
    return {"svg": '<svg id="d" width="100%" class="flowchart" role="graphics-document document" '
                   'aria-roledescription="flowchart-v2"><g></g></svg>',
            "title": title, "nodes": [["P", "parent<br>8 tools"], ["C", "child #35;1"]], "edges": [["P", "C", "taskﬂ°°58¶ß ok"]]}


@pytest.fixture
def drawn(monkeypatch):
    """Every drawing asked for is the fake one, from memory: no browser, no cache on disk."""
    def put(title: str) -> None:
        for theme in drawing.SCHEMES.values():
            monkeypatch.setitem(drawing._memory, drawing.key(SOURCE, theme), fake(title))
    monkeypatch.setattr(drawing.BROWSER, "draw", lambda *args: pytest.fail("a browser was asked to draw"))
    return put


def test_a_drawing_is_keyed_by_source_theme_and_mermaid():
    assert drawing.key(SOURCE, "default") == drawing.key(SOURCE, "default")
    assert drawing.key(SOURCE, "default") != drawing.key(SOURCE, "dark")
    assert drawing.key(SOURCE, "default") != drawing.key(SOURCE + " ", "default")
    assert drawing.mermaid_version().startswith("11.")


def test_the_figure_holds_both_schemes_named_captioned_and_as_text(drawn):
    drawn("Who reaches whom")
    figure = drawing.figure(SOURCE, drawing.Words(as_text="As text"))
    assert figure.count('role="img" aria-label="Who reaches whom"') == 2
    assert "diagram__drawing--default" in figure and "diagram__drawing--slate" in figure
    assert "graphics-document" not in figure and "aria-roledescription" not in figure
    assert "<figcaption>Who reaches whom</figcaption>" in figure
    assert "<summary>As text</summary><ul><li>parent, 8 tools → child #1: task: ok</li></ul>" in figure


def test_a_diagram_without_a_name_stops_the_build(drawn):
    drawn("")
    with pytest.raises(PluginError, match="accTitle"):
        drawing.figure(SOURCE, drawing.Words(as_text="As text"))


def test_without_chromium_the_build_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("SITEGEN_CHROMIUM", str(tmp_path / "none"))
    with pytest.raises(PluginError, match=r"install Chromium.*SITEGEN_CHROMIUM") as stopped:
        drawing.Browser().draw(SOURCE, "default", "diagram-x")
    assert "\n" not in str(stopped.value)
