"""The engine on its own: it patches a scratch copy of any installed package, reads any theme's pages, finds a
provider beside its mkdocs.yml, and names no library it was first written for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from claims import Mutant, Patch
from claims.patching import Packages, PatchNoLongerApplies
from claims.plugin import language
from claims.provider import load
from claims.register import bound_texts

ENGINE = Path(__file__).resolve().parents[1]
DUMPS = "def dumps(obj, *, skipkeys=False, ensure_ascii=True,"
FLIPPED = "def dumps(obj, *, skipkeys=False, ensure_ascii=False,"


def test_a_patch_of_the_standard_library_changes_a_scratch_copy_only(tmp_path):
    mutant = Mutant("json-keeps-non-ascii", "json.dumps keeps non-ASCII characters", (Patch("__init__.py", DUMPS, FLIPPED, "json"),), ())
    packages = Packages()
    scratch = packages.prepare(mutant, tmp_path)
    patched = packages.patched_file(scratch, mutant.patches[0])
    installed = packages.installed("json") / "__init__.py"
    assert FLIPPED in patched.read_text(encoding="utf-8") and DUMPS in installed.read_text(encoding="utf-8")
    assert patched.stat().st_ino != installed.stat().st_ino  # replaced, never written through the hard link
    probe = "import json; print(json.dumps('é'), json.__file__)"
    shown, where = subprocess.run([sys.executable, "-c", probe], env=packages.environment(scratch), capture_output=True,
                                  text=True, check=True).stdout.split()
    assert shown == json.dumps("é", ensure_ascii=False) and Path(where).is_relative_to(scratch)


def test_a_patch_that_no_longer_applies_names_the_mutant_the_release_and_the_text(tmp_path):
    gone = Mutant("ghost", "", (Patch("__init__.py", "text json does not have", "x", "json"),), ())
    with pytest.raises(PatchNoLongerApplies, match=r"mutant ghost no longer applies to json of Python 3\.[\d.]+: "
                                                   r"__init__\.py has no 'text json does not have'"):
        Packages().prepare(gone, tmp_path / "gone")
    nowhere = Mutant("nowhere", "", (Patch("*.nothing", "a", "b", "json"),), ())
    with pytest.raises(PatchNoLongerApplies, match=r"mutant nowhere no longer applies: \*\.nothing matches no file"):
        Packages().prepare(nowhere, tmp_path / "nowhere")
    with pytest.raises(PatchNoLongerApplies, match="no-such-package is not installed"):
        Packages().installed("no-such-package")


def test_a_patch_names_its_package():
    with pytest.raises(TypeError):
        Patch("file.py", "old", "new")  # no default library


@pytest.mark.parametrize("theme, expected", [({"language": "xx", "locale": "yy"}, "xx"), ({"locale": "yy"}, "yy"), ({}, None)])
def test_the_language_of_a_build_is_read_from_any_theme(theme, expected):
    assert language(theme) == expected


def test_the_register_reads_bound_texts_outside_an_article():
    """MkDocs' own themes hold the content in a `role="main"` block, not Material's <article>."""
    page = ('<html><body><nav><ul><li>Home</li></ul></nav><div class="col-md-9" role="main">'
            '<p>It escapes. <span class="bound" data-kind="guard" data-names="a" data-line="3"></span></p>'
            '</div><footer><p>Made with MkDocs</p></footer></body></html>')
    [bound] = bound_texts(page)
    assert (bound.line, bound.kind, bound.names, bound.text) == (3, "guard", ("a",), "It escapes.")


def test_a_provider_beside_the_configuration_is_found(tmp_path, monkeypatch):
    """`provider: module:attribute` names a module beside mkdocs.yml (a one-page site's provider file)."""
    (tmp_path / "beside_config_provider.py").write_text(
        "from fake_client import FakeProvider\n\nprovider = FakeProvider()\n", encoding="utf-8")
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert type(load("beside_config_provider:provider", tmp_path)).__name__ == "FakeProvider"


def test_the_engine_names_no_library_and_no_folder_of_its_first_site():
    """It knows nothing of the library its first site documents: its code never names it, nor that site's
    folders (the pages' folder is what the configuration says)."""
    for path in ENGINE.glob("*.py"):
        code = path.read_text(encoding="utf-8").lower()
        assert "deepagents" not in code and "snippets/" not in code and "sitegen/" not in code, path.name


def test_the_distribution_declares_its_name_version_and_plugin():
    import tomllib

    project = tomllib.loads((ENGINE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] and project["version"]
    assert project["entry-points"]["mkdocs.plugins"] == {"claims": "claims.plugin:ClaimsPlugin"}
    assert any(d.startswith("mkdocs") for d in project["dependencies"])


def test_a_simple_provider_reads_the_pages_of_the_configured_docs_dir(tmp_path):
    """No `docs/` assumed: the pages are those of mkdocs.yml's `docs_dir`, and messages name them from the site's folder."""
    (tmp_path / "mkdocs.yml").write_text("site_name: x\ndocs_dir: pages  # not docs\n", encoding="utf-8")
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "index.md").write_text('# X\n\nIt is so. {{ guard("so") }}\n', encoding="utf-8")
    from claims import Claim, SimpleProvider, checks

    provider = SimpleProvider([Claim("so", "It is so", None, lambda facts: facts["so"])],
                              [Mutant("not-so", "", (Patch("__init__.py", "a", "b", "json"),), ("so",))],
                              lambda: {"so": True}, root=tmp_path)
    [page] = provider.pages()[provider.languages()[0]].values()
    assert page.file == "pages/index.md" and provider.value("so") is True and checks.run(provider) == []
    file, _, line = provider.declared_at("so").rpartition(":")
    assert Path(file).name == Path(__file__).name and line.isdigit()  # the module that made the provider
    assert provider.measured_under(["so"]).startswith("json of Python 3.")
