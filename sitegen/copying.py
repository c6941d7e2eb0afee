"""What a copy button copies: a whole program that runs as copied, or nothing.

Material gives every code block a copy button that copies the block's text, unless
the block (or an ancestor) has the class `no-copy`; where an ancestor carries
`data-copy`, the button copies that attribute instead. A page's blocks are of three kinds:

* An example shown whole (its title is its file name, which downloads it: sitegen/assets.py), and
  scripted_model.py on the overview: the button copies the block, which is the whole file.
* An excerpt (```` ```{.python .excerpt} ```` on the recipes page: the lines that matter of one
  example, `--8<-- "snippets/scenarios/choose.py:children"`): the reader sees the excerpt, highlighted,
  and the button copies the whole example as published (`data-copy`), the file a reader runs beside
  scripted_model.py; pasted alone, the excerpt would fail (`NameError: name 'ScriptedModel' ...`).
* Anything else (what an example printed, the repository's own harness under "How this is measured",
  the writers' markup and commands of "How it runs"): no copy button. It is no program a reader runs as
  copied; its text can still be selected.

The button of a program says what it copies, in the page's language (`copy_whole_file` in
sitegen/strings/<code>.yml: the file's name and lines), carried as `data-copy-title` on the block and set
as the button's title and accessible name by overrides/assets/javascripts/copy-whole.js once Material adds
the button. tests/test_copy_browser.py clicks every copy button of every page; what it copied is an example the copy tests run.
"""

from __future__ import annotations

import html
import re

from snippets import paths

# A highlighted block's opening tag, and its title (a file name) if it has one. Run on the page as written, before
# sitegen/assets.py turns a title into a download link.
BLOCK = re.compile(r'<div class="(?P<classes>(?:[^"]*\s)?highlight(?:\s[^"]*)?)"(?P<rest>[^>]*)>'
                   r'(?:<span class="filename">(?P<title>[^<]*)</span>)?')
# An excerpt in the page's Markdown (the macros rendered, the snippets not yet included): the example it is from.
EXCERPT = re.compile(r'^[ \t]*```+\{\.\w+ \.excerpt\b[^\n]*\n[ \t]*--8<-- "(?P<file>snippets/scenarios/[\w.-]+):[-_0-9a-z]+"', re.M)


class CopyError(RuntimeError):
    """The excerpts of a page's HTML are not the ones its Markdown includes."""


def whole_file(name: str) -> tuple[str, int]:
    """An example as a reader downloads it (snippets/paths.py `published`), and its number of lines."""
    text = paths.published(paths.SCENARIOS / name).rstrip()
    return text, len(text.splitlines())


def with_copies(output: str, markdown: str, label: str, where: str) -> str:
    """The page with each block's copy button set to copy a whole program (its title in `label`, a format of
    `name` and `lines`), or taken away."""
    published = {example.name for example in paths.SCENARIOS.glob("*.*")}
    excerpts = iter([paths.ROOT / found["file"] for found in EXCERPT.finditer(markdown)])

    def block(found: re.Match) -> str:
        classes, title = found["classes"].split(), found["title"]
        if "excerpt" in classes:
            source = next(excerpts, None)
            if source is None:
                raise CopyError(f"{where}: an excerpt in the page that its Markdown does not include")
            text, lines = whole_file(source.name)
            copy = f' data-copy="{html.escape(text)}"'
        elif title in published:
            copy, lines, source = "", len(whole_file(title)[0].splitlines()), paths.SCENARIOS / title
        else:
            return found.group(0).replace(f'class="{found["classes"]}"', f'class="no-copy {found["classes"]}"', 1)
        named = html.escape(label.format(name=source.name, lines=lines))
        opening = f'<div class="{found["classes"]}"{found["rest"]}{copy} data-copy-title="{named}">'
        return opening + found.group(0)[found.end("rest") + 1 - found.start():]

    output = BLOCK.sub(block, output)
    if next(excerpts, None) is not None:
        raise CopyError(f"{where}: an excerpt its Markdown includes is not in the page")
    return output
