"""For coding assistants: each language's site has an llms.txt at its root (mkdocs-llmstxt), listing every page
as Markdown beside its HTML (<page>/index.md), converted from the built page: what the build measured, in the
page's language, not the page source's Jinja expressions and sentence markers."""

import html as entities
import re
from urllib.parse import urlparse

import pytest

from sitegen import languages
from sitegen.strings import word
from tests.site_build import LANGUAGES, PAGES, article, html

LISTED = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<url>[^)]+\.md)\)", re.M)
SOURCE_SYNTAX = re.compile(r"\{\{|\}\}|\{%|%\}|\b(?:guard|when|unless|narrative)\(\s*[\"']")
CODE = re.compile(r"^(`{3,}|~{3,}).*?^\1|`+[^`]*`+", re.S | re.M)  # fenced blocks, then inline code
BOUND = re.compile(r'<span class="bound"[^>]*>(.*?)</span>', re.S)


def markdown_of(site, language: str, page: str) -> str:
    return languages.page_html(site, language, page).with_suffix(".md").read_text(encoding="utf-8")


def words(text: str) -> str:
    """Letters, digits and Han only: what a sentence says, whatever markup (HTML or Markdown) it is in."""
    return re.sub(r"[\W_]+", "", entities.unescape(re.sub(r"<[^>]+>", "", text)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_an_llms_txt_that_lists_every_page_as_markdown(site, language):
    root = languages.page_html(site, language, "index").parent
    llms = (root / "llms.txt").read_text(encoding="utf-8")
    assert llms.startswith(f"# {word(language, 'site_name')}\n"), llms[:200]
    assert word(language, "llms_description") in llms
    assert f"\n> {word(language, 'site_description')}\n" in llms  # in the language of its pages
    for title in ("overview", "article", "measurements", "contributing"):  # the nav's sections, in its language
        assert f"\n## {word(language, f'nav.{title}')}\n" in llms
    listed = {urlparse(found["url"]).path for found in LISTED.finditer(llms)}
    for page in PAGES:
        markdown = languages.page_html(site, language, page).with_suffix(".md")
        assert markdown.is_file(), f"{language}: no Markdown of {page}"
        assert any(path.endswith(markdown.relative_to(root).as_posix()) and
                   path.startswith(f"/{languages.folder(language)}") for path in listed), (language, page, listed)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_pages_markdown_says_what_its_page_measured(site, language):
    for page in PAGES:
        markdown = markdown_of(site, language, page)
        prose = CODE.sub(" ", markdown)  # the contributors' page shows markers as code: an example, not a leak
        assert not SOURCE_SYNTAX.search(prose), f"{language}/{page}: {SOURCE_SYNTAX.search(prose)[0]!r}"
        said = words(markdown)
        shown = [words(sentence) for sentence in BOUND.findall(article(html(site, language, page)))]
        missing = [sentence for sentence in shown if sentence and sentence not in said]
        assert not missing, f"{language}/{page}: {len(missing)} bound sentences not in its Markdown, e.g. {missing[:2]}"
    # the overview's verdict, as measured: each cell of its table (its words) in the Markdown's table
    table = re.search(r'<div class="verdict[^"]*">(.*?)</table>', html(site, language, "index"), re.S)[1]
    cells = [words(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)]
    assert cells and all(cell in words(markdown_of(site, language, "index")) for cell in cells)


def test_a_page_s_markdown_is_converted_once_and_kept_for_its_html(tmp_path, monkeypatch):
    """sitegen/llms.py: mkdocs-llmstxt's conversion runs once per page HTML (and options); an unchanged page's
    Markdown is read from .cache/llms/; with the cache off (CI), every page is converted."""
    from types import SimpleNamespace

    from mkdocs_llmstxt._internal import plugin as llmstxt

    from sitegen import llms

    converted = []
    convert = lambda html, **options: converted.append(html) or f"md of {html}"  # noqa: E731
    monkeypatch.setattr(llmstxt, llms.CONVERT, convert)
    monkeypatch.setattr(llms.paths, "CACHE", tmp_path)
    plugin = llms.LlmsTxtPlugin()
    plugin._file_uris, plugin._md_pages, plugin._base_url = {"a.md"}, {}, "https://example.org/"
    plugin.config = SimpleNamespace(autoclean=True, preprocess=None)
    page = SimpleNamespace(file=SimpleNamespace(src_uri="a.md", abs_dest_path=str(tmp_path / "a" / "index.html"),
                                                dest_uri="a/index.html"), title="A")

    def build(html: str, site: str = "site") -> str:
        page.file.abs_dest_path = str(tmp_path / site / "a" / "index.html")  # the site folder differs between builds
        plugin.on_page_content(html, page=page)
        return plugin._md_pages["a.md"].content

    monkeypatch.setenv("FACTS_CACHE", "1")
    assert [build("<p>one</p>"), build("<p>one</p>", "elsewhere"), build("<p>two</p>")] == ["md of <p>one</p>", "md of <p>one</p>", "md of <p>two</p>"]
    assert converted == ["<p>one</p>", "<p>two</p>"] and len(list((tmp_path / "llms").glob("*.md"))) == 2
    assert getattr(llmstxt, llms.CONVERT) is convert, "the plugin's own conversion is back after each page"
    monkeypatch.setenv("FACTS_CACHE", "0")
    build("<p>one</p>")
    assert converted[-1] == "<p>one</p>" and len(converted) == 3


def test_a_release_of_mkdocs_llmstxt_without_its_conversion_stops_the_build_naming_it(monkeypatch):
    from mkdocs.exceptions import PluginError
    from mkdocs_llmstxt._internal import plugin as llmstxt

    from sitegen import llms

    monkeypatch.delattr(llmstxt, llms.CONVERT)
    with pytest.raises(PluginError, match=rf"mkdocs-llmstxt .* has no {llms.CONVERT} .*sitegen/llms\.py"):
        llms.LlmsTxtPlugin().on_page_content("<p>x</p>", page=None)
