"""`make releases` (tools/releases.py): the site under several deepagents releases, side by side.

One small tree is built for the whole module: the pinned release and the oldest
the matrix measured, each in its own environment, both languages; the layout,
the selector's versions.json, the redirects, the banner, the switcher and the
shared assets are read from it, then a browser switches release and language.
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
from tests.browsing import chromium, serving
from tests.site_build import copy_cache
from tools import releases

ROOT = paths.ROOT
LATEST = releases.pinned()
OLDEST = releases.measured()[0]
BUILT = sorted({LATEST, OLDEST})
OTHER_LANGUAGES = languages.codes()[1:]
QUOTED_LINK = re.compile(r'(?:href|src)="([^"#?]+)[^"]*"|"search": "([^"]+)"')

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]


@pytest.fixture(scope="module")
def served(tmp_path_factory, build_cache, site):
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
        build(tree, address, facts_cache.environment(cache))
        yield tree, address


def build(tree, address, caching):
    done = subprocess.run([sys.executable, "-m", "tools.releases", "--out", str(tree), *BUILT], cwd=ROOT,
                          env={**os.environ, "SITE_URL": address, **caching}, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    for release in BUILT:  # a progress line per release, with its time
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


def test_each_release_in_each_language_is_measured_under_that_release(tree):
    for code in languages.codes():
        for release in BUILT:
            build = language_root(tree, code) / release
            for page in pages(build):
                stamp = re.search(r'class="version-stamp" data-deepagents="([^"]+)"', page.read_text(encoding="utf-8"))
                assert stamp and stamp.group(1) == release, f"{page.relative_to(tree)} is stamped {stamp and stamp.group(1)}"
        assert {p.relative_to(language_root(tree, code) / OLDEST) for p in pages(language_root(tree, code) / OLDEST)} \
            == {p.relative_to(language_root(tree, code) / LATEST) for p in pages(language_root(tree, code) / LATEST)}


def test_versions_json_at_each_language_root_lists_every_release_newest_first(tree):
    for code in languages.codes():
        entries = json.loads((language_root(tree, code) / "versions.json").read_text(encoding="utf-8"))
        assert [entry["version"] for entry in entries] == sorted(BUILT, key=releases.release_key, reverse=True)
        assert {entry["version"]: entry["aliases"] for entry in entries}[LATEST] == ["latest"]
        assert all(entry["title"].endswith(entry["version"]) for entry in entries)
    assert not (tree / OLDEST / "versions.json").exists(), "the selector reads versions.json one level above a release"


def test_only_release_builds_have_a_selector_and_the_banner_is_off_latest_only(tree, site):
    for code in languages.codes():
        root = language_root(tree, code)
        old, latest = (root / OLDEST / "modes" / "index.html").read_text(encoding="utf-8"), \
            (root / LATEST / "modes" / "index.html").read_text(encoding="utf-8")
        assert '"version": {"alias": true, "default": "latest", "provider": "mike"}' in old
        assert "release-banner" not in latest
        banner = re.search(r'<div class="release-banner">(.*?)</div>', old, re.S)
        assert banner and OLDEST in banner.group(1) and LATEST in banner.group(1)
        link = re.search(r'href="([^"]+)"', banner.group(1)).group(1)
        assert urljoin(f"/{root.relative_to(tree)}/{OLDEST}/modes/".replace("/./", "/"), link).endswith(f"/{LATEST}/modes/")
    plain = (site / "modes" / "index.html").read_text(encoding="utf-8")  # `make build`: one release, no selector
    assert '"version": null' in plain and "release-banner" not in plain


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


def test_the_language_switcher_stays_on_the_release(tree):
    for code in languages.codes():
        page = language_root(tree, code) / OLDEST / "modes" / "index.html"
        here = "/" + page.parent.relative_to(tree).as_posix() + "/"
        links = dict((lang, href) for href, lang in
                     re.findall(r'<a href="([^"]+)" hreflang="([\w-]+)"[^>]* class="md-select__link"', page.read_text(encoding="utf-8")))
        assert {lang: urljoin(here, href) for lang, href in links.items()} == \
            {lang: f"/{languages.folder(lang)}{OLDEST}/" for lang in languages.codes()}


def test_assets_are_published_once_and_every_reference_resolves(tree):
    shared = tree / "assets"
    assert not list(shared.rglob("mermaid*")), "diagrams are drawn at build time: no Mermaid is published"
    assert list(shared.glob("javascripts/workers/search.*.min.js")) and list(shared.glob("stylesheets/main.*.min.css"))
    for code in languages.codes():
        for release in BUILT:
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


def test_a_reader_switches_release_and_language_and_stays_on_the_section(served, browser, tree):
    """On a section page: the release selector, then the language switcher, then the selector again."""
    _, address = served
    anchor = re.search(r'<h2 id="([^"]+)"', (tree / OLDEST / "modes" / "index.html").read_text(encoding="utf-8")).group(1)
    context = browser.new_context()
    tab = context.new_page()
    errors, requests = [], []
    tab.on("console", lambda m: m.type == "error" and errors.append(m.text))
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("request", lambda r: requests.append(r.url))
    try:
        tab.goto(f"{address}{OLDEST}/modes/#{anchor}", wait_until="networkidle")
        assert tab.locator(".release-banner").is_visible()

        def pick_release(release: str, expected: str) -> None:
            tab.locator(".md-version").hover()
            tab.locator(".md-version__link", has_text=release).first.click()
            tab.wait_for_url(expected)
            tab.wait_for_load_state("networkidle")

        pick_release(LATEST, f"{address}{LATEST}/modes/#{anchor}")
        assert tab.locator(".release-banner").count() == 0
        for code in OTHER_LANGUAGES:
            titles = tab.locator(".md-version__link").all_inner_texts()
            assert len(titles) == len(BUILT)
            tab.locator(".md-header__option .md-select button").hover()
            tab.locator(f'.md-select__link[hreflang="{code}"]').click()
            tab.wait_for_url(f"{address}{code}/{LATEST}/modes/#{anchor}")
            tab.wait_for_load_state("networkidle")
            pick_release(OLDEST, f"{address}{code}/{OLDEST}/modes/#{anchor}")
            assert tab.locator(".release-banner").is_visible()
            # The shared search worker serves this language and release too.
            search = tab.locator(".md-search__input")
            search.focus()
            search.fill("mode")
            search.press("End")
            tab.locator(".md-search-result__item").first.wait_for(timeout=15000)
            assert all(f"/{code}/{OLDEST}/" in href for href in
                       tab.locator(".md-search-result__link").evaluate_all("links => links.map(a => a.href)"))
            search.press("Escape")  # the search dialog closed again: the header is the reader's for the next language
            pick_release(LATEST, f"{address}{code}/{LATEST}/modes/#{anchor}")  # the next language from the latest again
        tab.goto(f"{address}latest/gap/", wait_until="networkidle")
        assert tab.url == f"{address}{LATEST}/gap/"
        assert tab.locator("figure.diagram svg[role=img]:visible").count() == 1  # drawn at build time, in the page
    finally:
        context.close()
    assert errors == []
    assert [r for r in requests if not r.startswith(address)] == []


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
