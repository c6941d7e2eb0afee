"""Every copy button, clicked in a real browser, copies a program that runs as copied and prints what the page shows.

Debian's Chromium, driven by Playwright, opens every page of every language, clicks every copy button there
(each in its turn made visible: its tab chosen, its fold opened) and reads the clipboard. What it holds must be a
whole file the site publishes (downloads/<name>, the name and line count its button says) and, with the output
the page shows under it, one of the examples tests/test_copy.py and tests/test_copy_js.py run as copied: in an
empty folder outside the repository, with only what the page's paragraph on running the examples links beside
it (downloads/requirements.txt and scripted_model.py, or downloads/package.json and scripted_model.mjs), each
held to the output its page shows. A scripted model copied alone is run here, as a reader would run it (the
overview shows no output under it: it prints nothing). sitegen/copying.py says which blocks have a button and
what it copies.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen import languages
from sitegen.strings import word
from snippets import paths
from tests.browsing import chromium, serving
from tests.site_build import LANGUAGES
from tests.test_copy import lines, site_pages

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]
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


def test_what_every_copy_button_copies_is_an_example_the_copy_tests_run_with_the_output_shown_under_it(site, clicked, tmp_path_factory):
    """What a click copied, under the output the browser shows after it, is one of the examples that
    tests/test_copy.py (Python, in a fresh environment holding only what requirements.txt pins) and
    tests/test_copy_js.py (JavaScript, after `npm install` of package.json) run as copied, in an empty folder
    outside the repository, and hold to that output: the same file, the same output. So every click is run
    there, once, instead of a second time here (issue 50: the suite's time). The scripted models, which the copy
    tests run only beside an example, run here alone, as a reader who copies one runs it."""
    from tests.test_copy import examples_of_page

    run = set()  # (file, what it holds, the output its page shows), as the copy tests take them from the pages
    for language in LANGUAGES:
        for suffix, runtime in ((".py", "python"), (".mjs", "js")):
            downloads = {p.name for p in (site / languages.folder(language) / "downloads").glob(f"*{suffix}")} - \
                {RUNTIMES[suffix][0]}
            for page in site_pages(site, language):
                run |= {(e.name, e.code, lines(e.shown_output)) for e in
                        examples_of_page(site, language, page, downloads, runtime=runtime)}
    models = {model for model, _ in RUNTIMES.values()}  # no example of the copy tests: run here, once each
    folders = tmp_path_factory.mktemp("copied")
    assert not folders.is_relative_to(paths.ROOT)
    for at, (name, code) in enumerate(sorted({(m["name"], b["copied"]) for b in clicked
                                              if (m := label_pattern(b["language"]).match(b["title"] or "")) and m["name"] in models})):
        done = run_copied(name, code, folders / str(at), site)
        assert done.returncode == 0, f"{name} as its copy button copies it exited {done.returncode}:\n{done.stderr[-2000:]}"
        run |= {(name, code, lines(done.stdout))}
    problems = []
    for button in clicked:
        said = label_pattern(button["language"]).match(button["title"] or "")
        assert said, f"{button['language']}/{button['page']}: a copy button that names no file"
        if (said["name"], button["copied"], lines(button["shown"] or "")) not in run:
            shown = [(name, output) for name, code, output in run if (name, code) == (said["name"], button["copied"])]
            problems.append(f"{button['language']}/{button['page']} (block {button['at']}): {said['name']} as its button "
                            f"copies it, under the output {button['shown']!r}, is no example the copy tests run "
                            f"({'they hold it to ' + repr(shown[0][1]) if shown else 'they run no such file'})")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    print(f"\n{len(clicked)} copy buttons clicked, each an example the copy tests run as copied")
