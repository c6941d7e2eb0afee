"""Runs as copied, in JavaScript: every .mjs example a page shows, copied off the built site, runs
beside the downloaded scripted_model.mjs and prints exactly the output the page shows under it.

A reader copies the block of the JavaScript tab with the copy button, saves it, downloads
scripted_model.mjs from the link under the block, saves the package.json that paragraph links
(npm deepagents and its LangChain peers as package-lock.json resolved them, nothing else), runs
`npm install` and `node <name>.mjs`. This test does the same, from the built HTML, in a clean folder outside the
repository: nothing of the project (its node_modules, snippets/, the measuring harness) can help.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sitegen import languages
from snippets import js, paths
from tests.site_build import LANGUAGES
from tests.test_copy import Example, example_fences, examples_of_page, lines, site_pages, source_page

MODEL = paths.SCRIPTED_MODEL_JS.name
RUNS_AT_ONCE = 2


@pytest.fixture(scope="module")
def js_examples(site) -> list[Example]:
    found = []
    for language in LANGUAGES:
        downloads = {p.name for p in (site / languages.folder(language) / "downloads").glob("*.mjs")} - {MODEL}
        for page in site_pages(site, language):
            found += examples_of_page(site, language, page, downloads, runtime="js")
    return found


def test_every_javascript_example_block_is_taken(js_examples):
    """No JavaScript example silently skipped: the blocks of each page source are the ones taken from its HTML."""
    for language in LANGUAGES:
        pages = sorted({p.stem for p in (paths.DOCS / languages.source()).glob("*.md")}
                       | {p.stem for p in (paths.DOCS / language).glob("*.md")})
        for page in pages:
            expected = [block_id for block_id, _ in example_fences(source_page(language, page), "js")]
            taken = [e.id for e in js_examples if (e.language, e.page) == (language, page)]
            assert taken == expected, f"{language}/{page}: JavaScript blocks in the source {expected}, taken {taken}"
    assert {e.language for e in js_examples} == set(LANGUAGES)


def test_every_javascript_example_downloads_from_its_title_and_its_page_links_the_model(site, js_examples):
    for example in js_examples:
        folder = languages.folder(example.language)
        wanted = f"{folder}downloads/{example.name}"
        assert example.links == (wanted,), f"{example.where}: its title downloads {example.links}, not {wanted}"
        assert f"{folder}downloads/{MODEL}" in example.page_links, f"{example.where}: its page does not link {MODEL}"
        assert (site / wanted).read_text(encoding="utf-8").rstrip() == example.code, \
            f"{example.where}: the download differs from the block a reader copies"


@pytest.fixture(scope="session")
def npm_packages_alone(site, tmp_path_factory) -> Path:
    """A clean folder holding only what a JavaScript reader installs: the site's downloads/package.json
    (sitegen/installs.py; npm's cache is used; the registry is reachable where it is not warm)."""
    folder = tmp_path_factory.mktemp("npm-packages-alone")
    manifest = json.loads((site / "downloads" / "package.json").read_text(encoding="utf-8"))
    assert manifest["dependencies"] == js.reader_packages()  # npm deepagents and its peers, as package.json pins them
    shutil.copyfile(site / "downloads" / "package.json", folder / "package.json")
    command = ["npm", "install", "--prefer-offline", "--no-audit", "--no-fund"]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stderr[-2000:]}"
    assert not Path(folder).is_relative_to(paths.ROOT)
    return folder


def run_as_copied(reader: Path, name: str, code: str, model: str, number: int) -> subprocess.CompletedProcess:
    """`node <name>` in a fresh folder of the reader's project, with scripted_model.mjs beside it."""
    folder = reader / f"example-{number}"
    folder.mkdir()
    (folder / name).write_text(code + "\n", encoding="utf-8")
    (folder / MODEL).write_text(model, encoding="utf-8")
    node = Path(shutil.which("node"))
    clean = {"PATH": f"{node.parent}{os.pathsep}/usr/bin{os.pathsep}/bin", "HOME": str(folder), "LANG": "C.UTF-8"}
    return subprocess.run([str(node), name], cwd=folder, env=clean, capture_output=True, text=True, encoding="utf-8",
                          timeout=120)


def test_every_javascript_example_runs_as_copied_and_prints_what_the_page_shows(site, js_examples, npm_packages_alone,
                                                                                 capsys):
    assert js_examples, "no JavaScript example block found on the built site"
    started = time.monotonic()
    model = (site / "downloads" / MODEL).read_text(encoding="utf-8")
    for language in LANGUAGES:  # the reader of any language downloads the same model
        assert (site / languages.folder(language) / "downloads" / MODEL).read_text(encoding="utf-8") == model
    scripts = sorted({(e.name, e.code) for e in js_examples})  # shown on several pages or languages: run once
    with ThreadPoolExecutor(RUNS_AT_ONCE) as pool:
        done = pool.map(lambda n: run_as_copied(npm_packages_alone, *scripts[n], model, n), range(len(scripts)))
        runs = dict(zip(scripts, done))
    problems = []
    for example in js_examples:
        run = runs[example.name, example.code]
        if run.returncode != 0:
            problems.append(f"{example.where}: `node {example.name}` exited {run.returncode}:\n{run.stderr[-2000:]}")
        elif lines(run.stdout) != lines(example.shown_output):
            diff = difflib.unified_diff(lines(example.shown_output).splitlines(keepends=True),
                                        lines(run.stdout).splitlines(keepends=True),
                                        f"{example.where}: the page shows", f"node {example.name}: as copied")
            problems.append("".join(diff))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    with capsys.disabled():
        print(f"\n{len(js_examples)} JavaScript example blocks run as copied ({len(scripts)} distinct scripts, npm "
              f"deepagents {js.reader_packages()['deepagents']} alone) in {time.monotonic() - started:.1f} s")
