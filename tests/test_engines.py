"""An engine a move away: the site also builds with ProperDocs (MkDocs 1.x continued), strictly.

MkDocs 2 drops plugins (macros, gen-files and markdown-exec would not run), so
pyproject.toml bounds `mkdocs<2`; ProperDocs runs the same mkdocs.yml and plugins.
"""

import tomllib

from snippets import paths
from tests.site_build import LANGUAGES, mkdocs_build, page_path


def test_mkdocs_is_bounded_below_2():
    groups = tomllib.loads(paths.ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))["dependency-groups"]
    assert any(spec.replace(" ", "").startswith("mkdocs>=") and "<2" in spec for spec in groups["docs"])


def test_properdocs_builds_every_language_strictly(tmp_path, facts, cache_copy):
    result = mkdocs_build(tmp_path / "site", command="properdocs", cache=cache_copy)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    for language in LANGUAGES:
        refusal = page_path(tmp_path / "site", language, "refusal").read_text(encoding="utf-8")
        assert f'data-deepagents="{facts.versions["deepagents"]}"' in refusal
        assert 'class="bound"' in refusal and "<table>" in refusal
