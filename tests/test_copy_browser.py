"""Every copy button, clicked in a real browser, copies a program that runs as copied and prints what the page shows.

Debian's Chromium, driven by Playwright, opens every page of every language, clicks every copy button there
(each in its turn made visible: its tab chosen, its fold opened) and reads the clipboard. What it holds is saved,
under the file name the button gives, in an empty folder outside the repository with only what the page's
paragraph on running the examples links beside it (the site's downloads/requirements.txt and scripted_model.py,
or downloads/package.json and scripted_model.mjs), and run: `python <name>` with the project's .venv (what
requirements.txt pins), `node <name>` with the project's node_modules linked in (what package.json pins). Its
output must be the output the page shows under the program (nothing, where the page shows none: the overview's
scripted_model.py). The same program copied on several pages or languages runs once (sitegen/copying.py says
which blocks have a button and what it copies).
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sitegen import languages
from sitegen.strings import word
from snippets import paths
from tests.browsing import chromium, serving
from tests.site_build import LANGUAGES
from tests.test_copy import lines, site_pages

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]
RUNS_AT_ONCE = 2
RUNTIMES = {".py": (paths.SCRIPTED_MODEL.name, "requirements.txt"), ".mjs": (paths.SCRIPTED_MODEL_JS.name, "package.json")}

# Each copy button of the article, in page order: its title, whether its block takes copying away (.no-copy), and
# the output the page shows under that block (the first output after it, before the next program), or null.
BUTTONS = """() => {
  const blocks = [...document.querySelectorAll("article .highlight")];
  return blocks.map((block, at) => {
    const button = block.querySelector('button[data-md-type="copy"]');
    if (!button) return null;
    let shown = null;
    for (const next of blocks.slice(at + 1)) {
      if (next.classList.contains("exec-output")) { shown = next.querySelector("code").textContent; break; }
      if (next.querySelector('button[data-md-type="copy"]')) break;
    }
    return {at, title: button.title, label: button.getAttribute("aria-label"), noCopy: !!block.closest(".no-copy"), shown};
  }).filter((found) => found);
}"""
# Make the block's button clickable: open its folds, choose its tab in each tab set around it.
REVEAL = """(at) => {
  const block = [...document.querySelectorAll("article .highlight")][at];
  for (let node = block; node; node = node.parentElement) {
    if (node.tagName === "DETAILS") node.open = true;
    if (node.classList?.contains("tabbed-block")) {
      const set = node.closest(".tabbed-set");
      const index = [...node.parentElement.children].indexOf(node);
      set.querySelectorAll(":scope > input")[index].checked = true;
    }
  }
  block.scrollIntoView({block: "center"});
}"""


def label_pattern(language: str) -> re.Pattern:
    """The words of a program's copy button in `language` (copy_whole_file), its file name and lines read back."""
    words = re.escape(word(language, "copy_whole_file"))
    return re.compile(words.replace(r"\{name\}", r"(?P<name>[\w.-]+)").replace(r"\{lines\}", r"(?P<lines>\d+)") + "$")


@pytest.fixture(scope="module")
def clicked(site) -> list[dict]:
    """Every copy button of every page of every language, clicked: where, its words, what the clipboard held."""
    found = []
    with serving(site) as base, chromium() as browser:
        for language in LANGUAGES:
            tab = browser.new_context(viewport={"width": 1280, "height": 900},
                                      permissions=["clipboard-read", "clipboard-write"]).new_page()
            for page in site_pages(site, language):
                address = f"{base}{languages.folder(language)}{'' if page == 'index' else page + '/'}"
                tab.goto(address, wait_until="networkidle")
                for button in tab.evaluate(BUTTONS):
                    tab.evaluate(REVEAL, button["at"])
                    tab.evaluate("navigator.clipboard.writeText('')")
                    tab.locator("article .highlight").nth(button["at"]).locator('button[data-md-type="copy"]').click()
                    copied = tab.evaluate("navigator.clipboard.readText()")
                    found.append({**button, "language": language, "page": page, "copied": copied})
            tab.context.close()
    return found


def test_every_copy_button_says_it_copies_a_whole_file_and_copies_it(site, clicked):
    """Every button is a program's (none is left where sitegen/copying.py takes copying away), says in the page's
    language which file it copies and how many lines, and copies that file as the site publishes it; every
    example the site publishes is copied by some button of every language."""
    assert clicked, "no copy button found on any page"
    for language in LANGUAGES:
        pattern = label_pattern(language)
        published = {p.name for p in (site / "downloads").glob("*.*") if p.suffix in RUNTIMES} - {m for m, _ in RUNTIMES.values()}
        names = set()
        for button in (b for b in clicked if b["language"] == language):
            where = f"{language}/{button['page']} (block {button['at']})"
            assert not button["noCopy"], f"{where}: a block without copying has a copy button"
            said = pattern.match(button["title"] or "")
            assert said and button["label"] == button["title"], f"{where}: its copy button says {button['title']!r}"
            download = (site / "downloads" / said["name"]).read_text(encoding="utf-8").rstrip()
            assert button["copied"] == download, f"{where}: the button copies something other than {said['name']}"
            assert len(button["copied"].splitlines()) == int(said["lines"]), f"{where}: {said['name']} is not {said['lines']} lines"
            names.add(said["name"])
        assert published <= names, f"{language}: no copy button copies {sorted(published - names)}"


def run_copied(name: str, code: str, folder: Path, site: Path) -> subprocess.CompletedProcess:
    """`python <name>` / `node <name>` in an empty folder beside the downloads a page links for its runtime."""
    folder.mkdir()
    (folder / name).write_text(code + "\n", encoding="utf-8")
    for beside in RUNTIMES[Path(name).suffix]:
        shutil.copyfile(site / "downloads" / beside, folder / beside)
    if name.endswith(".mjs"):
        (folder / "node_modules").symlink_to(paths.NODE_MODULES, target_is_directory=True)
        command = [shutil.which("node"), name]
    else:
        command = [sys.executable, name]
    clean = {"PATH": f"{Path(command[0]).parent}{os.pathsep}/usr/bin{os.pathsep}/bin", "HOME": str(folder), "LANG": "C.UTF-8"}
    return subprocess.run(command, cwd=folder, env=clean, capture_output=True, text=True, encoding="utf-8", timeout=180)


def test_what_every_copy_button_copies_runs_and_prints_what_the_page_shows(site, clicked, tmp_path_factory):
    programs = {}  # (name, code) -> the buttons that copy it
    for button in clicked:
        said = label_pattern(button["language"]).match(button["title"] or "")
        assert said, f"{button['language']}/{button['page']}: a copy button that names no file"
        programs.setdefault((said["name"], button["copied"]), []).append(button)
    folders = tmp_path_factory.mktemp("copied")
    assert not folders.is_relative_to(paths.ROOT)
    distinct = sorted(programs)
    with ThreadPoolExecutor(RUNS_AT_ONCE) as pool:
        runs = dict(zip(distinct, pool.map(lambda n: run_copied(*distinct[n], folders / str(n), site), range(len(distinct)))))
    problems = []
    for (name, code), run in runs.items():
        for button in programs[name, code]:
            where = f"{button['language']}/{button['page']}: {name} as its copy button copies it"
            if run.returncode != 0:
                problems.append(f"{where} exited {run.returncode}:\n{run.stderr[-2000:]}")
            elif lines(run.stdout) != lines(button["shown"] or ""):
                diff = difflib.unified_diff(lines(button["shown"] or "").splitlines(keepends=True),
                                            lines(run.stdout).splitlines(keepends=True), "the page shows", where)
                problems.append("".join(diff))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    print(f"\n{len(clicked)} copy buttons clicked, {len(distinct)} distinct programs run")
