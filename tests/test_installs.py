"""What a reader installs: the site's downloads/requirements.txt and downloads/package.json (sitegen/installs.py)
pin what the pages were measured with, and every page with examples says how to install them, in every language.

The pins are checked against the environment and the lock files directly (importlib.metadata, uv.lock,
package-lock.json), not against the code that wrote them."""

from __future__ import annotations

import html
import json
import posixpath
import tomllib
from importlib.metadata import PackageNotFoundError, distribution, packages_distributions, version

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from sitegen import installs, languages
from snippets import js, paths
from tests.site_build import LANGUAGES, page_path
from tests.test_copy import PARAGRAPH, downloaded, example_fences, site_pages, source_page

PACKAGE_LOCK = paths.ROOT / "package-lock.json"
UV_LOCK = paths.ROOT / "uv.lock"
INSTALL_LINES = {"python": (installs.REQUIREMENTS, "pip install -r requirements.txt"),
                 "js": (installs.PACKAGE, "npm install")}
MODELS = {"python": paths.SCRIPTED_MODEL.name, "js": paths.SCRIPTED_MODEL_JS.name}


def pins(text: str) -> dict[str, Requirement]:
    found = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line)
            assert canonicalize_name(requirement.name) not in found, f"{requirement.name} pinned twice"
            found[canonicalize_name(requirement.name)] = requirement
    return found


def pinned_version(requirement: Requirement) -> str:
    (specifier,) = requirement.specifier
    assert specifier.operator == "==", f"{requirement}: not an exact pin"
    return specifier.version


@pytest.fixture(scope="module")
def requirements(site) -> str:
    return (site / "downloads" / installs.REQUIREMENTS).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def manifest(site) -> dict:
    return json.loads((site / "downloads" / installs.PACKAGE).read_text(encoding="utf-8"))


def test_every_language_publishes_the_same_two_files(site):
    for name in (installs.REQUIREMENTS, installs.PACKAGE):
        first = (site / "downloads" / name).read_text(encoding="utf-8")
        for language in LANGUAGES:
            assert (site / languages.folder(language) / "downloads" / name).read_text(encoding="utf-8") == first, (language, name)


def test_requirements_pin_exactly_what_is_installed_and_what_uv_lock_resolved(requirements):
    locked = {canonicalize_name(p["name"]): p["version"] for p in tomllib.loads(UV_LOCK.read_text(encoding="utf-8"))["package"]
              if "version" in p}
    found = pins(requirements)
    assert pinned_version(found["deepagents"]) == version("deepagents")
    # Under another release (DEEPAGENTS=0.7.30 make test) the environment is resolved for it, not by uv.lock.
    locked_here = version("deepagents") == locked["deepagents"]
    for name, requirement in found.items():
        assert pinned_version(requirement) == version(name), f"{requirement}: {version(name)} is installed"
        if locked_here:
            assert locked.get(name) == pinned_version(requirement), f"{requirement}: uv.lock resolved {locked.get(name)}"
        assert requirement.marker is None or requirement.marker.evaluate(), f"{requirement}: installed, yet its marker is false here"


def test_requirements_hold_every_imported_distribution_and_all_their_dependencies(requirements):
    """Closed: what each pinned distribution requires here (its marker true) is pinned too, and every module the
    Python examples import comes from a pinned distribution."""
    found = pins(requirements)
    providers = packages_distributions()
    assert installs.python_imports() >= {"deepagents", "langchain_core"}
    for module in installs.python_imports():
        assert {canonicalize_name(d) for d in providers[module]} & set(found), f"the examples import {module}: not pinned"
    for name, requirement in found.items():
        for line in distribution(name).requires or []:
            needed = Requirement(line)
            if needed.marker and not needed.marker.evaluate({"extra": ""}):
                continue  # another platform's, or an extra's
            try:
                distribution(needed.name)
            except PackageNotFoundError:
                pytest.fail(f"{name} requires {needed}, which is not installed")
            assert canonicalize_name(needed.name) in found, f"{name} requires {needed}: not pinned"


def test_package_json_pins_the_readers_packages_as_package_lock_resolved(manifest):
    lock = json.loads(PACKAGE_LOCK.read_text(encoding="utf-8"))["packages"]
    assert manifest["type"] == "module", "the .mjs examples are ES modules"
    assert set(manifest["dependencies"]) == set(js.reader_packages())
    assert manifest["dependencies"]["deepagents"] == lock["node_modules/deepagents"]["version"]
    for name, pinned in manifest["dependencies"].items():
        resolved = lock[f"node_modules/{name}"]["version"]
        assert pinned == resolved, f"{name}: {pinned}, package-lock.json resolved {resolved}"
    assert installs.javascript_imports() <= set(manifest["dependencies"])
    assert {"deepagents", "langchain", "@langchain/core"} <= installs.javascript_imports()
    assert "devDependencies" not in manifest


def test_the_files_follow_the_pins(monkeypatch):
    """Derived, not typed: another installed version changes the pin (as a DEEPAGENTS=x.y.z build's environment does)."""
    real = installs.distribution

    class Other:
        def __init__(self, found):
            self.found = found
            self.version = "9.9.9" if canonicalize_name(found.metadata["Name"]) == "langgraph" else found.version

        def __getattr__(self, name):
            return getattr(self.found, name)

    monkeypatch.setattr(installs, "distribution", lambda name: Other(real(name)))
    installs.requirements_txt.cache_clear()
    try:
        assert "langgraph==9.9.9\n" in installs.requirements_txt()
    finally:
        monkeypatch.undo()
        installs.requirements_txt.cache_clear()
    monkeypatch.setattr(js, "npm_version", lambda name: "0.0.1" if name == "zod" else "1.0.0")
    installs.package_json.cache_clear()
    try:
        assert json.loads(installs.package_json())["dependencies"]["zod"] == "0.0.1"
    finally:
        monkeypatch.undo()
        installs.package_json.cache_clear()


def test_a_marker_is_kept_only_where_every_way_to_a_package_has_one():
    assert installs._marker({(), ('python_version < "3.14"',)}) == ""
    assert installs._marker({('python_version < "3.14"',)}) == 'python_version < "3.14"'
    both = installs._marker({('python_version < "3.14"', "sys_platform != 'win32'"), ('python_version < "3.14"',)})
    assert both == 'python_version < "3.14"'
    either = installs._marker({("sys_platform == 'linux'",), ("sys_platform == 'darwin'",)})
    assert either == 'sys_platform == "darwin" or sys_platform == "linux"'
    assert installs._package_of("@langchain/core/messages") == "@langchain/core" and installs._package_of("zod/v4") == "zod"


def test_an_import_the_files_would_not_install_stops_the_build(monkeypatch):
    monkeypatch.setattr(installs, "javascript_imports", lambda: {"deepagents", "left-pad"})
    installs.package_json.cache_clear()
    try:
        with pytest.raises(installs.InstallError, match="left-pad"):
            installs.package_json()
    finally:
        monkeypatch.undo()
        installs.package_json.cache_clear()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_with_examples_says_how_to_install_them_where_they_start(site, language):
    """Where a page's examples start (just before the tab set of the first, outside every fold: in view with every
    fold closed, whichever tab is chosen), one paragraph (sitegen/macros.py, examples_start) gives, for each runtime
    its examples use, the install command as inline code and links that download its file and its scripted model,
    once each, to files the site has."""
    seen = {runtime: set() for runtime in INSTALL_LINES}
    for page in site_pages(site, language):
        source = source_page(language, page)
        page_html = page_path(site, language, page).read_text(encoding="utf-8")
        page_url = posixpath.dirname(page_path(site, language, page).relative_to(site).as_posix())
        for runtime, (name, command) in INSTALL_LINES.items():
            if not (source.exists() and example_fences(source, runtime)):
                continue
            seen[runtime].add(page)
            wanted = f"{languages.folder(language)}downloads/{name}"
            model = f"{languages.folder(language)}downloads/{MODELS[runtime]}"
            said = [p for p in PARAGRAPH.finditer(page_html) if model in downloaded(p[0], page_url) and wanted in downloaded(p[0], page_url)]
            assert len(said) == 1, f"{language}/{page}: {len(said)} paragraphs say how to install the {runtime} examples, not 1"
            paragraph, before = said[0][0], page_html[:said[0].start()]
            assert f"<code>{html.escape(command, quote=False)}</code>" in paragraph, f"{language}/{page}: no `{command}`"
            assert downloaded(paragraph, page_url).count(wanted) == 1, f"{language}/{page}: does not download {name} once"
            assert downloaded(paragraph, page_url).count(model) == 1, f"{language}/{page}: does not download {MODELS[runtime]} once"
            assert (site / wanted).is_file(), f"{language}/{page}: its link to {name} leads nowhere"
            assert before.count("<details") == before.count("</details>"), f"{language}/{page}: the install line is in a fold"
            assert "tabbed-set" not in before and page_html[said[0].end():].lstrip().startswith('<div class="tabbed-set'), \
                f"{language}/{page}: the install line is not just before the first tab set of examples"
    for runtime, pages in seen.items():
        assert pages, (language, runtime)
