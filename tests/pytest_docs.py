"""pytest-markdown-docs, made to read pages the way the site renders them.

Registered with `-p tests.pytest_docs` (pyproject). Its hook hands the plugin
a Markdown parser that

* expands `--8<--` includes inside fences with pymdownx's own snippet
  preprocessor, configured from mkdocs.yml, so a fence runs the experiment file
  the page shows (not the include line);
* sees fences nested in content tabs (`=== "…"`) and admonitions (`!!!`, `???`),
  by un-indenting their bodies line for line, so no line number moves.

* runs each fence as a module registered in `sys.modules`, as markdown-exec does
  (dataclasses look their module up there).

A failing fence is reported as `docs/<lang>/<page>.md::[CodeFence#N][line:L]`.
"""

from __future__ import annotations

import re
import sys
import types
from functools import cache

import markdown
import pytest
from markdown_it import MarkdownIt
from mkdocs.utils import yaml_load

import snippets  # noqa: F401 - makes the examples' `import scripted_model` work, as beside the file
from snippets import paths

ROOT = paths.ROOT
CONTAINER = re.compile(r"^(\s*)(===|!!!|\?\?\?\+?) ")


@cache
def _snippet_preprocessor():
    with open(paths.MKDOCS_YML, encoding="utf-8") as config_file:
        extensions = yaml_load(config_file)["markdown_extensions"]
    options = next(e["pymdownx.snippets"] for e in extensions if isinstance(e, dict) and "pymdownx.snippets" in e)
    options = {**options, "base_path": [str(ROOT / p) for p in options.get("base_path", ["."])]}
    md = markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": options})
    return md.preprocessors["snippet"]


def expand_includes(code: str) -> str:
    return "\n".join(_snippet_preprocessor().run(code.splitlines())) + "\n"


def unnest(text: str) -> str:
    """Un-indent tab and admonition bodies, nested ones too (a fold inside a tab): each line of a body loses
    the indent of the innermost container it is in; the line count stays the same."""
    lines, bodies = text.splitlines(), []  # the body indent of each container the line is in, innermost last
    for number, line in enumerate(lines):
        if line.strip():
            while bodies and not line.startswith(" " * bodies[-1]):
                bodies.pop()
        opener = CONTAINER.match(line)
        if opener:
            bodies.append(len(opener.group(1)) + 4)
            continue
        if bodies and line.startswith(" " * bodies[-1]):
            lines[number] = line[bodies[-1]:]
    return "\n".join(lines) + "\n"


class SiteMarkdown(MarkdownIt):
    def parse(self, src: str, env=None):
        tokens = super().parse(unnest(src), env)
        for token in tokens:
            if token.type == "fence" and "--8<--" in token.content:
                token.content = expand_includes(token.content)
        return tokens


@pytest.hookimpl(tryfirst=True)
def pytest_markdown_docs_markdown_it():
    return SiteMarkdown(config="commonmark")


FENCE_MODULE = "markdown_fence"


def pytest_markdown_docs_globals():
    sys.modules.setdefault(FENCE_MODULE, types.ModuleType(FENCE_MODULE))
    printed: list[str] = []  # what the page would show; kept out of the test log
    return {"__name__": FENCE_MODULE, "print": lambda *args, **kwargs: printed.append(" ".join(map(str, args)))}
