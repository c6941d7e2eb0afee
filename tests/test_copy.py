"""Runs as copied: every example a page shows, copied off the built site, runs beside the
downloaded scripted_model.py and prints exactly the output the page shows under it.

A reader copies a block with the copy button (or downloads it from its file name, above
the code; a recipe's whole file is a download, its name in the line above its output, and what its excerpt's
copy button copies: tests/test_copy_browser.py clicks them), saves it, downloads scripted_model.py from the page
(the paragraph where the examples start says how to run them all), installs what the downloaded requirements.txt
pins (the same paragraph links it: deepagents and its dependencies as the pages were measured) and runs
`python <name>.py`.
This test does the same, from the built HTML, in a fresh environment outside the
repository: nothing of the project (its .venv, snippets/, PYTHONPATH) can help.
"""

from __future__ import annotations

import ast
import difflib
import html
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest

from sitegen import languages
from snippets import paths
from tests.site_build import LANGUAGES, page_path

# Exec blocks of the pages that are not examples a reader copies.
NOT_EXAMPLES = {"readme-commands": "prints the README's commands (how-it-runs.md)",
                "scripted-model": "the chat model itself (index.md), published as downloads/scripted_model.py"}
HARNESS = "-harness"  # "How this is measured": the repository's own code, importing snippets
FENCES = {runtime: re.compile(rf'^[ \t]*```+[ \t]*{language}\b(?P<options>[^\n]*\bexec="[^"]*"[^\n]*)$', re.M)
          for runtime, language in (("python", "python"), ("js", "javascript"))}  # tests/test_copy_js.py: js
FENCE = FENCES["python"]
OPTION = re.compile(r'(\w+)="([^"]*)"')
# A highlighted block as Material renders it: an optional title (an example's file name, a link that downloads
# it: sitegen/assets.py), then <pre><code>. What an example printed is marked `exec-output` (sitegen/blocks.py).
BLOCK = re.compile(r'<div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?"[^>]*>(?:<span class="filename">(?P<title>.*?)</span>)?'
                   r'<pre[^>]*>(?:<span></span>)?<code[^>]*>(?P<code>.*?)</code></pre></div>', re.S)
PARAGRAPH = re.compile(r"<p>(?P<inner>.*?)</p>", re.S)
# Where an example's code starts on a page: a titled block (its file name downloads it), or a recipe's whole file
# given as a download in the line above its output (`whole_file` in sitegen/macros.py), no code shown.
SHOWN_OR_DOWNLOADED = re.compile(rf"{BLOCK.pattern}|<p>(?P<line>(?:(?!</p>).)*?<a\s[^>]*>\s*<code>(?P<file>[\w.-]+)</code></a>(?:(?!</p>).)*)</p>",
                                 re.S)
LINK = re.compile(r"<a\s[^>]*>")
HREF = re.compile(r'\bhref="(?P<href>[^"]+)"')
TAG = re.compile(r"<[^>]+>")
SPACE = re.compile(r"\s*")
MODEL = paths.SCRIPTED_MODEL.name
RUNS_AT_ONCE = 2  # CI has 2 cores
# An excerpt: the lines of an example that matter, shown above it (```{.python .excerpt hl_lines="3"}), and the
# named parts of the example it includes (`--8<-- "snippets/scenarios/never_nest.py:guard"`).
EXCERPT = re.compile(r'^(?P<indent>[ \t]*)```+\{\.(?P<language>\w+) \.excerpt\b[^\n]*\n(?P<body>.*?)^(?P=indent)```', re.M | re.S)
PART = re.compile(r'--8<-- "(?P<file>snippets/scenarios/[\w.]+):(?P<part>[a-z][-_0-9a-z]*)"')
WHOLE = re.compile(r'--8<-- "(?P<file>snippets/scenarios/[\w.]+)"')
# The pages whose examples readers paste into agents they run either way: each also runs as copied under `ainvoke`
# and `astream` (under_ainvoke), and prints the same.
BOTH_WAYS = {"guidance"}


@dataclass(frozen=True)
class Example:
    language: str
    page: str
    id: str  # the block's id in the page source
    name: str  # its title: the file a reader saves it as
    code: str  # what the copy button copies
    shown_output: str  # the output the page shows under it
    links: tuple[str, ...]  # the files its title downloads (links with `download`), relative to the site root
    page_links: tuple[str, ...]  # the files the paragraphs of its page download

    @property
    def where(self) -> str:
        return f"{self.language}/{self.page} #{self.id} ({self.name})"


def source_page(language: str, page: str) -> Path:
    """The page's source; an untranslated page is built from the source language's (sitegen/languages.py)."""
    own = paths.DOCS / language / f"{page}.md"
    return own if own.exists() else paths.DOCS / languages.source() / f"{page}.md"


def example_fences(page_source: Path, runtime: str = "python") -> list[tuple[str, str]]:
    """(id, title) of each exec block of a page source that is an example a reader copies, in order."""
    found = []
    for fence in FENCES[runtime].finditer(page_source.read_text(encoding="utf-8")):
        options = dict(OPTION.findall(fence["options"]))
        block_id = options.get("id", "")
        if options["exec"] in ("off", "false", "0") or block_id.endswith(HARNESS) or block_id in NOT_EXAMPLES:
            continue
        assert block_id and options.get("title"), f"{paths.shown(page_source)}: an example block needs an id and a title: {fence[0].strip()}"
        found.append((block_id, options["title"]))
    return found


def copied(code_html: str) -> str:
    """What Material's copy button puts on the clipboard: the <code> element's innerText, trimEnd()."""
    assert "data-copy" not in code_html and "md-annotation" not in code_html, "a block whose copy differs from its text"
    return html.unescape(TAG.sub("", code_html)).rstrip()


def shown_text(code_html: str) -> str:
    return html.unescape(TAG.sub("", code_html))


def site_pages(site: Path, language: str) -> list[str]:
    """Every page built for `language` (not the other languages' sites built inside the source's)."""
    folder = site / languages.folder(language)
    others = {languages.folder(code).rstrip("/") for code in LANGUAGES} - {""}
    pages = {p.parent.relative_to(folder).as_posix() for p in folder.rglob("index.html")}
    return sorted("index" if page == "." else page for page in pages if page.split("/")[0] not in others)


def downloaded(fragment: str, page_url: str) -> tuple[str, ...]:
    """The files the links of `fragment` download (`download` set: saved, not opened), relative to the site root."""
    return tuple(posixpath.normpath(posixpath.join(page_url, html.unescape(HREF.search(tag)["href"])))
                 for tag in LINK.findall(fragment) if re.search(r"\sdownload\b", tag) and HREF.search(tag))


def examples_of_page(site: Path, language: str, page: str, downloads: set[str], runtime: str = "python") -> list[Example]:
    """The example blocks of one built page: a titled block whose title is a download, its output, its links."""
    page_html = page_path(site, language, page).read_text(encoding="utf-8")  # every tab's code, as served
    page_url = posixpath.dirname(page_path(site, language, page).relative_to(site).as_posix())
    source = source_page(language, page)
    fences = iter(example_fences(source, runtime) if source.exists() else [])  # drift, matrix: generated, no source
    page_links = tuple(link for paragraph in PARAGRAPH.findall(page_html) for link in downloaded(paragraph, page_url))
    found = []
    for start in SHOWN_OR_DOWNLOADED.finditer(page_html):
        name = TAG.sub("", start["title"] or "") if start["file"] is None else start["file"]
        output = BLOCK.match(page_html, SPACE.match(page_html, start.end()).end())
        if name not in downloads or (start["file"] and not (output and "exec-output" in output.group(0)[:80])):
            continue  # no example, or a line that names one without its output under it
        where = f"{language}/{page}: the {'block titled' if start['file'] is None else 'download line of'} {name}"
        assert output and not output["title"], f"{where} is not followed by its output"
        assert "exec-output" in output.group(0)[:output.group(0).index(">")], f"{where}: its output is not marked as one"
        block_id, title = next(fences, ("?", "no example block"))
        assert title == name, f"{where}: the page source has {title} here"
        links = downloaded(start["title"] or start["line"], page_url)
        code = (copied(start["code"]) if start["file"] is None  # what the copy button copies, or the download
                else (site / links[0]).read_text(encoding="utf-8").rstrip() if links else "")
        found.append(Example(language, page, block_id, name, code, shown_text(output["code"]), links, page_links))
    return found


@pytest.fixture(scope="module")
def examples(site) -> list[Example]:
    found = []
    for language in LANGUAGES:
        downloads = {p.name for p in (site / languages.folder(language) / "downloads").glob("*.py")} - {MODEL}
        for page in site_pages(site, language):
            found += examples_of_page(site, language, page, downloads)
    return found


def test_every_example_block_of_every_page_and_language_is_taken(site, examples):
    """No example silently skipped: the example blocks of each page source are the ones taken from its HTML."""
    for language in LANGUAGES:
        pages = sorted({p.stem for p in (paths.DOCS / languages.source()).glob("*.md")}
                       | {p.stem for p in (paths.DOCS / language).glob("*.md")})
        for page in pages:
            expected = [block_id for block_id, _ in example_fences(source_page(language, page))]
            taken = [e.id for e in examples if (e.language, e.page) == (language, page)]
            assert taken == expected, f"{language}/{page}: example blocks in the source {expected}, taken from the site {taken}"
    assert {e.language for e in examples} == set(LANGUAGES)


def test_every_example_downloads_from_its_title_and_its_page_links_the_model_once(site, examples):
    for example in examples:
        folder = languages.folder(example.language)
        wanted = f"{folder}downloads/{example.name}"
        assert example.links == (wanted,), f"{example.where}: its title downloads {example.links}, not {wanted}"
        model = [link for link in example.page_links if link == f"{folder}downloads/{MODEL}"]
        assert len(model) == 1, f"{example.where}: its page links {MODEL} (to download) {len(model)} times, not once"
        download = (site / wanted).read_text(encoding="utf-8")
        assert download.rstrip() == example.code, f"{example.where}: the download differs from the block a reader copies"


@pytest.fixture(scope="session")
def deepagents_alone(site, tmp_path_factory) -> Path:
    """A fresh environment holding what the site's downloads/requirements.txt pins (sitegen/installs.py): deepagents
    and its dependencies, as the pages were measured, and nothing else. Exact pins: uv resolves nothing new."""
    env = tmp_path_factory.mktemp("deepagents-alone") / "venv"
    uv = [found] if (found := os.environ.get("UV") or shutil.which("uv")) else ["python3", "-m", "uv"]  # as the Makefile installs it
    requirements = site / "downloads" / "requirements.txt"
    for command in ([*uv, "venv", "-q", "--python", sys.executable, str(env)],
                    [*uv, "pip", "install", "-q", "--python", str(env / "bin" / "python"), "-r", str(requirements)]):
        result = subprocess.run(command, capture_output=True, text=True, timeout=300,
                                env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"})
        assert result.returncode == 0, f"{' '.join(command)}:\n{result.stderr[-2000:]}"
    return env / "bin" / "python"


def run_as_copied(python: Path, folder: Path, name: str, code: str, model: str) -> subprocess.CompletedProcess:
    """`python <name>.py` in an empty folder with scripted_model.py beside it, in a clean environment."""
    folder.mkdir()
    (folder / name).write_text(code + "\n", encoding="utf-8")
    (folder / MODEL).write_text(model, encoding="utf-8")
    clean = {"PATH": f"{python.parent}{os.pathsep}/usr/bin{os.pathsep}/bin", "HOME": str(folder), "LANG": "C.UTF-8"}
    return subprocess.run([str(python), name], cwd=folder, env=clean, capture_output=True, text=True, encoding="utf-8", timeout=120)


class _Awaited(ast.NodeTransformer):
    """`x.invoke(...)` -> `asyncio.run(x.ainvoke(...))`; `x.stream(...)` -> the chunks of `x.astream(...)`."""

    def __init__(self) -> None:
        self.changed = 0

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if not (isinstance(node.func, ast.Attribute) and node.func.attr in ("invoke", "stream")):
            return node
        self.changed += 1
        call = ast.Call(ast.Attribute(node.func.value, "a" + node.func.attr, ast.Load()), node.args, node.keywords)
        if node.func.attr == "stream":
            call = ast.Call(ast.Name("_drained", ast.Load()), [call], [])
        awaited = ast.Call(ast.Attribute(ast.Name("asyncio", ast.Load()), "run", ast.Load()), [call], [])
        return awaited if node.func.attr == "invoke" else ast.Call(ast.Name("iter", ast.Load()), [awaited], [])


def under_ainvoke(code: str) -> str:
    """The example as a reader who runs agents asynchronously has it: every `.invoke(...)` awaited as
    `.ainvoke(...)`, every `.stream(...)` read from `.astream(...)` (a text transform of the copied code, which
    the reader's own stays free of). An example with neither call is not one to run both ways."""
    tree, awaited = ast.parse(code), _Awaited()
    tree = awaited.visit(tree)
    assert awaited.changed, "no .invoke( or .stream( to run asynchronously"
    prelude = ast.parse("import asyncio\n\n\nasync def _drained(chunks):\n    return [chunk async for chunk in chunks]\n")
    tree.body[:0] = prelude.body  # `from __future__` imports would have to stay first: the examples have none
    return ast.unparse(ast.fix_missing_locations(tree))


def lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def test_every_example_runs_as_copied_and_prints_what_the_page_shows(site, examples, deepagents_alone, tmp_path_factory, capsys):
    assert examples, "no example block found on the built site"
    started = time.monotonic()
    model = (site / "downloads" / MODEL).read_text(encoding="utf-8")
    for language in LANGUAGES:  # the reader of any language downloads the same model
        assert (site / languages.folder(language) / "downloads" / MODEL).read_text(encoding="utf-8") == model
    scripts = sorted({(e.name, e.code) for e in examples})  # a block shown on several pages or languages runs once
    folders = tmp_path_factory.mktemp("as-copied")
    with ThreadPoolExecutor(RUNS_AT_ONCE) as pool:
        done = pool.map(lambda n: run_as_copied(deepagents_alone, folders / str(n), *scripts[n], model), range(len(scripts)))
        runs = dict(zip(scripts, done))
    problems = []
    for example in examples:
        run = runs[example.name, example.code]
        if run.returncode != 0:
            problems.append(f"{example.where}: `python {example.name}` exited {run.returncode}:\n{run.stderr[-2000:]}")
        elif lines(run.stdout) != lines(example.shown_output):
            diff = difflib.unified_diff(lines(example.shown_output).splitlines(keepends=True), lines(run.stdout).splitlines(keepends=True),
                                        f"{example.where}: the page shows", f"python {example.name}: as copied")
            problems.append("".join(diff))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    with capsys.disabled():
        print(f"\n{len(examples)} example blocks run as copied ({len(scripts)} distinct scripts, deepagents "
              f"{version('deepagents')} as requirements.txt pins it) in {time.monotonic() - started:.1f} s")


def test_every_recipe_runs_as_copied_under_ainvoke_and_astream_too(examples, deepagents_alone, tmp_path_factory, capsys):
    """A reader whose application is async runs the recipe with `ainvoke` and `astream`: the same code with
    those calls (under_ainvoke) prints what the page shows. A middleware with only its sync hook fails here
    (NotImplementedError under ainvoke): every middleware a recipe offers defines both."""
    recipes = sorted({(e.name, e.code) for e in examples if e.page in BOTH_WAYS})
    assert recipes, f"no example on the pages {sorted(BOTH_WAYS)}"
    shown = {(e.name, e.code): e.shown_output for e in examples if e.page in BOTH_WAYS}
    model = paths.SCRIPTED_MODEL.read_text(encoding="utf-8")
    folders = tmp_path_factory.mktemp("under-ainvoke")
    with ThreadPoolExecutor(RUNS_AT_ONCE) as pool:
        runs = list(pool.map(lambda n: run_as_copied(deepagents_alone, folders / str(n), recipes[n][0],
                                                     under_ainvoke(recipes[n][1]), model), range(len(recipes))))
    problems = []
    for (name, code), run in zip(recipes, runs):
        if run.returncode != 0:
            problems.append(f"{name} under ainvoke/astream exited {run.returncode}:\n{run.stderr[-2000:]}")
        elif lines(run.stdout) != lines(shown[name, code]):
            diff = difflib.unified_diff(lines(shown[name, code]).splitlines(keepends=True),
                                        lines(run.stdout).splitlines(keepends=True),
                                        f"{name}: the page shows", f"{name}: under ainvoke/astream")
            problems.append("".join(diff))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    with capsys.disabled():
        print(f"\n{len(recipes)} recipes run as copied under ainvoke/astream too")


def test_under_ainvoke_awaits_every_run():
    code = 'r = agent.invoke({"m": 1})["m"]\nfor c in agent.stream(x, mode="m"):\n    print(c)\n'
    done = under_ainvoke(code)
    assert "asyncio.run(agent.ainvoke({'m': 1}))['m']" in done
    assert "iter(asyncio.run(_drained(agent.astream(x, mode='m'))))" in done
    assert ".invoke(" not in done and ".stream(" not in done
    with pytest.raises(AssertionError):
        under_ainvoke("print(1)\n")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_excerpt_is_a_named_part_of_the_example_shown_whole_under_it(language):
    """A recipe leads with the lines that matter (an excerpt: named parts of one example), and the whole example,
    run, follows it: the next example block of the page includes that file whole. Its part markers exist (the
    build fails on a missing one: check_paths) and are no part of what a reader copies or downloads."""
    for page in sorted((paths.DOCS / language).glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for excerpt in EXCERPT.finditer(text):
            where = f"{paths.shown(page)}:{text.count(chr(10), 0, excerpt.start()) + 1}"
            parts = PART.findall(excerpt["body"])
            assert parts and len({file for file, _ in parts}) == 1, f"{where}: an excerpt includes named parts of one example"
            following = FENCES["js" if excerpt["language"] == "javascript" else "python"].search(text, excerpt.end())
            whole = WHOLE.search(text, following.end()) if following else None
            assert whole and whole["file"] == parts[0][0] and text.count("```", excerpt.end(), whole.start()) == 1, \
                f"{where}: the example block after the excerpt does not show {parts[0][0]} whole"
            published = paths.published(paths.ROOT / parts[0][0])
            assert "--8<--" not in published, f"{where}: {parts[0][0]} as published still marks its parts"


# Runs the downloads named on its command line, in the folder it starts in, each with its outermost `invoke` (or
# `stream`) run the way argv[1] says (snippets/lab.py `running`: ainvoke, or astream keeping the last state), and
# prints {name: [exit, what it printed, the error]} as JSON. One process per way: LangChain is imported once.
UNDER = """
import contextlib, io, json, runpy, sys, traceback
sys.path[:0] = ["", sys.argv[2]]  # the reader's folder (scripted_model.py), then the project (snippets.lab)
from snippets.lab import running
done = {}
for name in sys.argv[3:]:
    printed = io.StringIO()
    try:
        with running(sys.argv[1]), contextlib.redirect_stdout(printed):
            runpy.run_path(name, run_name="__main__")
        done[name] = [0, printed.getvalue(), ""]
    except BaseException:
        done[name] = [1, printed.getvalue(), traceback.format_exc()[-2000:]]
print(json.dumps(done))
"""
WAYS = ("invoke", "ainvoke", "astream")


def test_every_python_download_runs_under_ainvoke_and_astream_as_under_invoke(site, tmp_path_factory):
    """Every Python example the site publishes (downloads/*.py), with the one call that runs its agent made as an
    async application makes it (snippets/lab.py `running`: `ainvoke`, or `astream` read to its last state), runs
    to the end and prints what it prints under `invoke`. A middleware that defines only its sync hook fails here
    (NotImplementedError under ainvoke): every middleware an example offers defines both."""
    folder = tmp_path_factory.mktemp("under-async")
    assert not folder.is_relative_to(paths.ROOT)
    names = sorted(p.name for p in (site / "downloads").glob("*.py") if p.name != MODEL)
    assert names, "the site publishes no Python example"
    for name in [*names, MODEL]:
        shutil.copyfile(site / "downloads" / name, folder / name)
    with ThreadPoolExecutor(RUNS_AT_ONCE) as pool:
        runs = dict(zip(WAYS, pool.map(lambda way: subprocess.run(
            [sys.executable, "-c", UNDER, way, str(paths.ROOT), *names], cwd=folder, capture_output=True, text=True,
            encoding="utf-8", timeout=600), WAYS)))
    problems, results = [], {}
    for way, run in runs.items():
        assert run.returncode == 0 and run.stdout.strip(), f"{way}: the runner failed:\n{run.stderr[-2000:]}"
        results[way] = json.loads(run.stdout.strip().splitlines()[-1])
    for name in names:
        for way in WAYS:
            code, printed, error = results[way][name]
            if code:
                problems.append(f"{name} under {way} fails:\n{error}")
            elif way != "invoke" and lines(printed) != lines(results["invoke"][name][1]):
                diff = difflib.unified_diff(lines(results["invoke"][name][1]).splitlines(keepends=True),
                                            lines(printed).splitlines(keepends=True), f"{name} under invoke", f"{name} under {way}")
                problems.append("".join(diff))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
