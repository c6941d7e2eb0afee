"""Every internal link and anchor in the built site resolves, in both languages.

mkdocs' own validation (mkdocs.yml `validation:`) fails the strict build on
broken links in page sources; this checks the finished HTML, theme and nav
included.
"""

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])


def parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    pages = {path: parse(path) for path in site.rglob("*.html")}
    base = "http://site.invalid/"
    problems = []
    for path, parsed in pages.items():
        page_url = base + str(path.relative_to(site).as_posix())
        for href in parsed.links:
            target = urlsplit(urljoin(page_url, href))
            if f"{target.scheme}://{target.netloc}/" != base:
                continue  # external: not ours to check here
            file = site / unquote(target.path.lstrip("/"))
            if target.path.endswith("/") or file.is_dir():
                file = file / "index.html"
            if not file.exists():
                problems.append(f"{path.relative_to(site)}: {href} -> missing {file.relative_to(site)}")
            elif target.fragment and file.suffix == ".html" and target.fragment not in pages[file].ids:
                problems.append(f"{path.relative_to(site)}: {href} -> no id '{target.fragment}'")
    return problems


def test_every_internal_link_and_anchor_resolves(site):
    assert broken_links(site) == []


def test_the_checker_sees_a_broken_anchor(site, tmp_path):
    page = tmp_path / "index.html"
    page.write_text('<a href="#nowhere">x</a><a href="gone/">y</a><h1 id="here">t</h1><a href="#here">z</a>')
    assert broken_links(tmp_path) == ["index.html: #nowhere -> no id 'nowhere'", "index.html: gone/ -> missing gone/index.html"]
