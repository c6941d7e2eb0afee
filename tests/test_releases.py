"""`make releases` (tools/releases.py): the site under several deepagents releases, side by side.

One small tree is built for the whole module, both languages: in the suite, the pinned release alone, from a copy
of what the run's build measured (a cached build); the layout, the selector's versions.json, the redirects, the
switcher, the shared assets and search are read from it. With `-m older_release` (`make releases-check`, and the
pull request's releases job) the oldest release the matrix measured is built beside it, in its own environment,
measured cold: each release stamped with its own, the banner on the older one, and a reader switching release.
Measuring an older release cold costs a minute or more; it is not the suite's to spend.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from snippets import cache as facts_cache
from snippets import paths
from sitegen import languages
from tests.browsing import Visit, chromium, serving
from tests.site_build import copy_cache
from tools import releases

ROOT = paths.ROOT
LATEST = releases.pinned()
OLDEST = releases.measured()[0]
OLDER = "older_release"  # the marker of the tests that need the oldest release built too


def built_releases(config) -> list[str]:
    """The releases this run builds: the pinned one, and the oldest when the run asks for OLDER tests."""
    return sorted({LATEST, OLDEST}, key=releases.release_key) if OLDER in (config.getoption("markexpr") or "") else [LATEST]


@pytest.fixture(scope="module")
def built(request) -> list[str]:
    return built_releases(request.config)


@pytest.fixture
def older(request, built) -> str:
    """The oldest release, built beside the pinned one (else the test is skipped, saying who runs it)."""
    if OLDEST not in built or OLDEST == LATEST:
        pytest.skip("it measures an older deepagents cold: `make releases-check` (and the releases CI job) runs it")
    return OLDEST
OTHER_LANGUAGES = languages.codes()[1:]
QUOTED_LINK = re.compile(r'(?:href|src)="([^"#?]+)[^"]*"|"search": "([^"]+)"')

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]


@pytest.fixture(scope="module")
def served(tmp_path_factory, build_cache, site, built):
    """(tree, address): the releases built for the address they are served at, and served. The pinned
    release reads what the run's build measured (a copy of its cache: the same code, the same release);
    the other is measured in its own environment (.cache/envs/, kept between runs)."""
    root = tmp_path_factory.mktemp("releases")
    tree, cache = root / "site-releases", root / "cache"
    tree.mkdir()
    copy_cache(build_cache, cache)
    (paths.CACHE / "envs").mkdir(parents=True, exist_ok=True)
    (cache / "envs").symlink_to(paths.CACHE / "envs")
    with serving(tree) as address:
        build(tree, address, facts_cache.environment(cache), built)
        yield tree, address


def build(tree, address, caching, built):
    done = subprocess.run([sys.executable, "-m", "tools.releases", "--out", str(tree), *built], cwd=ROOT,
                          env={**os.environ, "SITE_URL": address, **caching}, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    for release in built:  # a progress line per release, with its time
        assert re.search(rf"\] deepagents {re.escape(release)}: built in [\d.]+ s", done.stdout), done.stdout
    return done


@pytest.fixture(scope="module")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def tree(served):
    return served[0]


def language_root(tree: Path, code: str) -> Path:
    return tree / languages.folder(code)


def pages(build: Path) -> list[Path]:
    return sorted(build.rglob("index.html"))


def test_each_release_in_each_language_is_measured_under_that_release(tree, built):
    for code in languages.codes():
        for release in built:
            build = language_root(tree, code) / release
            for page in pages(build):
                stamp = re.search(r'class="version-stamp" data-deepagents="([^"]+)"', page.read_text(encoding="utf-8"))
                assert stamp and stamp.group(1) == release, f"{page.relative_to(tree)} is stamped {stamp and stamp.group(1)}"
        [first, *others] = [{p.relative_to(language_root(tree, code) / release) for p in pages(language_root(tree, code) / release)}
                            for release in built]
        assert first and all(other == first for other in others)


def test_versions_json_at_each_language_root_lists_every_release_newest_first(tree, built):
    for code in languages.codes():
        entries = json.loads((language_root(tree, code) / "versions.json").read_text(encoding="utf-8"))
        assert [entry["version"] for entry in entries] == sorted(built, key=releases.release_key, reverse=True)
        assert {entry["version"]: entry["aliases"] for entry in entries}[LATEST] == ["latest"]
        assert all(entry["title"].endswith(entry["version"]) for entry in entries)
    assert not any((tree / release / "versions.json").exists() for release in built), \
        "the selector reads versions.json one level above a release"


def test_release_builds_have_a_selector_and_make_build_has_none(tree, site):
    for code in languages.codes():
        latest = (language_root(tree, code) / LATEST / "modes" / "index.html").read_text(encoding="utf-8")
        assert '"version": {"alias": true, "default": "latest", "provider": "mike"}' in latest
        assert "release-banner" not in latest
    plain = (site / "modes" / "index.html").read_text(encoding="utf-8")  # `make build`: one release, no selector
    assert '"version": null' in plain and "release-banner" not in plain


@pytest.mark.older_release
def test_an_older_release_has_a_banner_that_leads_to_the_pinned_one(tree, older):
    for code in languages.codes():
        root = language_root(tree, code)
        old = (root / older / "modes" / "index.html").read_text(encoding="utf-8")
        assert '"version": {"alias": true, "default": "latest", "provider": "mike"}' in old
        banner = re.search(r'<div class="release-banner">(.*?)</div>', old, re.S)
        assert banner and older in banner.group(1) and LATEST in banner.group(1)
        link = re.search(r'href="([^"]+)"', banner.group(1)).group(1)
        assert urljoin(f"/{root.relative_to(tree)}/{older}/modes/".replace("/./", "/"), link).endswith(f"/{LATEST}/modes/")


def test_roots_and_latest_redirect_to_the_pinned_release(tree):
    for code in languages.codes():
        root = language_root(tree, code)
        assert f'url={LATEST}/"' in (root / "index.html").read_text(encoding="utf-8")
        for page in pages(root / LATEST):
            where = page.parent.relative_to(root / LATEST).as_posix()
            alias = root / "latest" / where / "index.html"
            target = re.search(r'url=([^"]+)"', alias.read_text(encoding="utf-8")).group(1)
            assert urljoin(f"http://x/latest/{where}/".replace("/./", "/"), target) == \
                f"http://x/{LATEST}/{where}/".replace("/./", "/")
    assert (tree / "404.html").exists()


def test_the_language_switcher_stays_on_the_release(tree, built):
    for release in built:
        for code in languages.codes():
            page = language_root(tree, code) / release / "modes" / "index.html"
            here = "/" + page.parent.relative_to(tree).as_posix() + "/"
            links = dict((lang, href) for href, lang in
                         re.findall(r'<a href="([^"]+)" hreflang="([\w-]+)"[^>]* class="md-select__link"', page.read_text(encoding="utf-8")))
            assert {lang: urljoin(here, href) for lang, href in links.items()} == \
                {lang: f"/{languages.folder(lang)}{release}/" for lang in languages.codes()}


def test_assets_are_published_once_and_every_reference_resolves(tree, built):
    shared = tree / "assets"
    assert not list(shared.rglob("mermaid*")), "diagrams are drawn at build time: no Mermaid is published"
    assert list(shared.glob("javascripts/workers/search.*.min.js")) and list(shared.glob("stylesheets/main.*.min.css"))
    for code in languages.codes():
        for release in built:
            build = language_root(tree, code) / release
            assert not (build / "assets").exists(), f"{build.relative_to(tree)} carries its own assets/"
            for page in [*pages(build), build / "404.html"]:
                for relative, search in QUOTED_LINK.findall(page.read_text(encoding="utf-8")):
                    link = relative or search
                    if "assets/" not in link or urlsplit(link).scheme:
                        continue
                    path = link if link.startswith("/") else urljoin("/" + page.relative_to(tree).as_posix(), link)
                    assert (tree / path.lstrip("/")).is_file(), f"{page.relative_to(tree)} links {link}: missing"


def test_unknown_releases_are_named_and_samples_and_shards_cover_the_matrix():
    known = releases.measured()
    with pytest.raises(SystemExit, match=r"0\.0\.1: not in data/matrix\.json"):
        releases.choose(["0.0.1"], sample=False, shard=None)
    assert releases.choose([], sample=True, shard=None) == \
        sorted({known[0], known[len(known) // 2], known[-1], LATEST}, key=releases.release_key)
    shards = [releases.choose([], sample=False, shard=f"{i}/3") for i in (1, 2, 3)]
    assert sorted(sum(shards, []), key=releases.release_key) == known
    with pytest.raises(SystemExit, match="--shard 4/3"):
        releases.choose([], sample=False, shard="4/3")


class Reader(Visit):
    """A tab on the served tree (tests/browsing.py's Visit: console errors and requests recorded)."""

    def __init__(self, browser, address: str) -> None:
        super().__init__(browser)
        self.address = address

    def open(self, where: str) -> None:
        self.page.goto(f"{self.address}{where}", wait_until="networkidle")

    def pick_release(self, release: str, expected: str) -> None:
        self.page.locator(".md-version").hover()
        self.page.locator(".md-version__link", has_text=release).first.click()
        self.page.wait_for_url(f"{self.address}{expected}")
        self.page.wait_for_load_state("networkidle")

    def pick_language(self, code: str, expected: str) -> None:
        self.page.locator(".md-header__option .md-select button").hover()
        self.page.locator(f'.md-select__link[hreflang="{code}"]').click()
        self.page.wait_for_url(f"{self.address}{expected}")
        self.page.wait_for_load_state("networkidle")

    def search_finds_pages_under(self, folder: str) -> None:
        """The shared search worker serves this language and release: every result is under `folder`."""
        search = self.page.locator(".md-search__input")
        search.focus()
        search.fill("mode")
        search.press("End")
        self.page.locator(".md-search-result__item").first.wait_for(timeout=15000)
        assert all(f"/{folder}" in href for href in
                   self.page.locator(".md-search-result__link").evaluate_all("links => links.map(a => a.href)"))
        search.press("Escape")  # the search dialog closed again: the header is the reader's for what comes next

    def close(self) -> None:
        super().close()
        assert self.errors == []
        assert [r for r in self.requests if not r.startswith(self.address)] == []


def section_anchor(tree: Path, release: str) -> str:
    return re.search(r'<h2 id="([^"]+)"', (tree / release / "modes" / "index.html").read_text(encoding="utf-8")).group(1)


def test_a_reader_switches_language_within_the_release_and_stays_on_the_section(served, browser, tree, built):
    """On a section page of the pinned release: the language switcher, search in that language, the selector's
    releases; `latest/` lands on the pinned release."""
    _, address = served
    anchor = section_anchor(tree, LATEST)
    reader = Reader(browser, address)
    try:
        reader.open(f"{LATEST}/modes/#{anchor}")
        for code in OTHER_LANGUAGES:
            assert len(reader.page.locator(".md-version__link").all_inner_texts()) == len(built)
            reader.pick_language(code, f"{code}/{LATEST}/modes/#{anchor}")
            reader.search_finds_pages_under(f"{code}/{LATEST}/")
            reader.pick_language(languages.source(), f"{languages.folder(languages.source())}{LATEST}/modes/#{anchor}")
        reader.open("latest/gap/")
        assert reader.page.url == f"{address}{LATEST}/gap/"
        assert reader.page.locator("figure.diagram svg[role=img]:visible").count() == 1  # drawn at build time, in the page
    finally:
        reader.close()


@pytest.mark.older_release
def test_a_reader_switches_release_and_language_and_stays_on_the_section(served, browser, tree, older):
    """On a section page: the release selector, then the language switcher, then the selector again."""
    _, address = served
    anchor = section_anchor(tree, older)
    reader = Reader(browser, address)
    try:
        reader.open(f"{older}/modes/#{anchor}")
        assert reader.page.locator(".release-banner").is_visible()
        reader.pick_release(LATEST, f"{LATEST}/modes/#{anchor}")
        assert reader.page.locator(".release-banner").count() == 0
        for code in OTHER_LANGUAGES:
            reader.pick_language(code, f"{code}/{LATEST}/modes/#{anchor}")
            reader.pick_release(older, f"{code}/{older}/modes/#{anchor}")
            assert reader.page.locator(".release-banner").is_visible()
            reader.search_finds_pages_under(f"{code}/{older}/")
            reader.pick_release(LATEST, f"{code}/{LATEST}/modes/#{anchor}")  # the next language from the latest again
    finally:
        reader.close()


def test_a_run_over_every_release_removes_what_no_release_used(tmp_path, monkeypatch):
    monkeypatch.setattr(releases.paths, "CACHE", tmp_path)
    kept = {"blocks/aaaa/x", "blocks/bbbb/y", "facts/modes-f1", f"envs/release-{OLDEST}/bin/python"}
    gone = {"blocks/old/z", "envs/release-0.0.1/bin/python"}
    for name in kept | gone | {"envs/deepagents-newest/bin/python"}:  # not ours: `DEEPAGENTS=newest make build`
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert releases.prune_caches(["aaaa", "bbbb"], [OLDEST, LATEST]) == len(gone)
    assert all((tmp_path / name).exists() for name in kept | {"envs/deepagents-newest/bin/python"})
    assert not any((tmp_path / name).exists() for name in gone)


def test_the_facts_cache_keeps_a_bounded_number_of_results_per_section(tmp_path, monkeypatch):
    from snippets import cache

    monkeypatch.setattr(cache.paths, "CACHE", tmp_path)
    monkeypatch.setenv("FACTS_CACHE", "1")
    monkeypatch.delenv("CI", raising=False)
    for n in range(cache.KEPT + 5):
        cache.save("modes", f"k{n}", n)
    cache.save("flag", "k0", 0)
    assert len(list((tmp_path / "facts").glob("modes-*"))) == cache.KEPT
    assert cache.load("modes", f"k{cache.KEPT + 4}") == cache.KEPT + 4 and cache.load("flag", "k0") == 0
