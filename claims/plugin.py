"""The claims engine as an MkDocs plugin: every writer's check before any page, and the sentences bound.

    plugins:
      - claims:
          provider: sitegen.provider:provider   # module:attribute, a claims.Provider
      - macros                                  # after claims: markers are resolved before Jinja renders

* `on_config` (the source language's build, once per build or rebuild of `mkdocs serve`): runs every
  check of claims/checks.py and the provider's own, then (when they found nothing) those that read the values
  (`readings`, then `unscoped`, under every setup); and stops the build with one line per problem.
* `on_page_markdown`: each marker of the page is resolved against the provider's live values
  (`claims.markers.apply`): the true form stays, the other is dropped, a stale guard stops the
  strict build naming page:line. Listed before the template plugin, it sees the page source as
  written, so a dropped form is never rendered and line numbers are the source's.

A build of another language from the same configuration (a plugin building each language, as
sitegen-languages does) binds its pages the same way; the checks, which read every language, ran once.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from claims import checks
from claims.markers import apply
from claims.provider import Provider, load, shown


class ClaimsConfig(Config):
    provider = config_options.Type(str)  # module:attribute, a claims.Provider
    mutate = config_options.Optional(config_options.Type(str))  # module:function(argv) -> exit code (python -m claims mutate)


class ClaimsPlugin(BasePlugin[ClaimsConfig]):
    provider: Provider | None = None

    def on_config(self, config):
        self.root = Path(config.config_file_path or ".").resolve().parent
        self.provider = load(self.config.provider, self.root)
        if language(config.theme) in self.provider.languages()[1:]:
            return config  # another language's build: the source language's build checked every language
        self.provider.refresh()
        problems = checks.run(self.provider) or checks.measured(self.provider)
        if problems:
            raise PluginError("\n".join(problems))
        return config

    def on_page_markdown(self, markdown, page, config, files):
        source = page.file.abs_src_path
        where = shown(Path(source), self.root) if source and Path(source).is_relative_to(self.root) \
            else f"{page.file.src_uri} (generated)"
        provider = self.provider
        # Lines count from the top of the file, front matter included, as the checks and the register count
        # them: MkDocs has taken the front matter off `markdown`. (Lines of an empty HTML comment stand in for
        # it: blank lines would be collapsed.)
        text = page.file.content_string
        above = "<!---->\n" * (text[:len(text) - len(markdown)].count("\n") if text.endswith(markdown) else 0)
        markdown, _ = apply(above + markdown, provider.value, where, provider.describe, provider.measured_under)
        return markdown.removeprefix(above)


def language(theme) -> str | None:
    """The language a build is made in, as its theme says it: Material's `language`, else the `locale` of
    MkDocs' own themes (`mkdocs`, `readthedocs`) and of those built on them; None when the theme says neither."""
    for key in ("language", "locale"):
        if key in theme and theme[key]:
            return str(theme[key])
    return None
