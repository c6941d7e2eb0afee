"""Languages are data: a third language is the README's three steps, and a page lands when it is translated."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import material
import pytest
import yaml

from snippets import paths
from sitegen import languages
from snippets import registry
from tests.named_claims import NUMBER
from tests.site_build import PAGES, copy_cache, copy_project, mkdocs_build

LINK = re.compile(r'<a href="([^"]+)" hreflang="([^"]+)"')
# A pseudo-language: English text, under the code of a language Material speaks that the registry does not have yet.
PSEUDO = sorted(p.stem for p in (Path(material.__file__).parent / "templates/partials/languages").glob("*.html")
                if p.stem.isalpha() and p.stem not in languages.codes())[0]


@pytest.fixture(scope="module")
def third(tmp_path_factory, build_cache, site):  # site: the run's build has filled build_cache
    """The project with a third language added by the README's three steps, with one page left untranslated."""
    root = tmp_path_factory.mktemp("third")
    project = copy_project(root / "project")
    registry = project / "docs" / "languages.yml"
    entries = yaml.safe_load(registry.read_text(encoding="utf-8")) + [{"code": PSEUDO, "name": "Pseudo"}]
    registry.write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")  # step 1
    shutil.copytree(project / "docs" / languages.source(), project / "docs" / PSEUDO)  # step 2
    (project / "docs" / PSEUDO / "gap.md").unlink()  # ... but one page is not translated yet
    shutil.copy(project / "sitegen" / "strings" / "en.yml", project / "sitegen" / "strings" / f"{PSEUDO}.yml")  # step 3
    filled = subprocess.run([sys.executable, "-m", "sitegen.strings", PSEUDO], cwd=project, capture_output=True, text=True)
    assert filled.returncode == 0 and "words to translate" in filled.stdout, filled.stderr  # ... with snippets/' words
    site = root / "site"
    result = mkdocs_build(site, project, cache=copy_cache(build_cache, root / "cache"))
    assert result.returncode == 0, result.stderr[-3000:]
    return project, site, registry


def test_a_third_language_builds_with_a_switcher_that_lands_on_each_language(third):
    project, site, registry = third
    codes = languages.codes(registry)
    assert codes[-1] == PSEUDO
    for code in codes:
        for page in ("index", "refusal", "drift"):
            path = site / languages.folder(code, registry) / ("index.html" if page == "index" else f"{page}/index.html")
            page_html = path.read_text(encoding="utf-8")
            assert f'<html lang="{code}"' in page_html, (code, page)
            links = dict((lang, href) for href, lang in LINK.findall(page_html))
            assert set(links) == set(codes), (code, page, links)
            for target, href in links.items():  # each switcher link lands on a built site of that language
                landing = (path.parent / href).resolve()
                landing = landing / "index.html" if landing.is_dir() else landing
                assert landing.exists() and f'<html lang="{target}"' in landing.read_text(encoding="utf-8"), (code, target)
    assert len(list((site / PSEUDO).rglob("index.html"))) >= len(PAGES)


def test_an_untranslated_page_shows_the_original_with_a_notice(third):
    from sitegen.strings import word

    _, site, _ = third
    page = (site / PSEUDO / "gap" / "index.html").read_text(encoding="utf-8")
    assert word(languages.source(), "untranslated") in page  # the copy's strings for it are a copy of the source's
    assert f'<html lang="{PSEUDO}"' in page


def test_the_parts_of_the_suite_that_depend_on_languages_follow_the_third_one(third):
    """Parity reports the missing page; the strings of the third language are complete."""
    project, _, registry = third
    from tools.parity import differences

    problems = differences(project / "docs", registry)
    assert len(problems) == 1 and problems[0].startswith(f"docs/{PSEUDO}/gap.md: missing")


def test_a_missing_strings_file_names_the_language_and_how_to_add_it():
    from sitegen.strings import MissingString, word

    with pytest.raises(MissingString, match=r"sitegen/strings/xx\.yml does not exist: copy sitegen/strings/en\.yml"):
        word("xx", "callout.titles.changed")


def test_a_missing_string_names_language_and_key():
    from sitegen.strings import MissingString, word

    code = languages.codes()[-1]
    with pytest.raises(MissingString) as missing:
        word(code, "callout.no-such-key")
    assert str(missing.value) == (f"sitegen/strings/{code}.yml has no 'callout.no-such-key': add it "
                                  "(see the same key in sitegen/strings/en.yml)")


def test_every_language_has_every_string():
    """Every key of the source language's strings, and a translation of every word snippets/ declares."""
    from sitegen.strings import check

    assert check(languages.codes()) == []


def test_a_missing_translation_stops_the_build_before_any_page_in_one_line(tmp_path, cache_copy):
    project = copy_project(tmp_path / "project")
    other = languages.codes()[-1]
    strings = project / "sitegen" / "strings" / f"{other}.yml"
    text = strings.read_text(encoding="utf-8")
    strings.write_text("\n".join(line for line in text.splitlines() if not line.startswith(f"  {NUMBER.id}:")) + "\n",
                       encoding="utf-8")
    result = mkdocs_build(tmp_path / "site", project, cache=cache_copy)
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if NUMBER.id in line]
    from sitegen.provider import provider

    assert errors and errors[0].endswith(f"sitegen/strings/{other}.yml has no 'claims.{NUMBER.id}': add its "
                                         f"translation of {NUMBER.label!r} (declared at {provider.declared_at(NUMBER.id)})")
    assert "Building documentation" not in result.stderr.split(errors[0])[0].split("\n")[-1]
    assert not (tmp_path / "site" / "index.html").exists(), "no page was built"


def test_no_language_is_written_into_code_or_tests():
    """Per-language data lives in the strings files and the registry; code and tests hold none.
    (Text that is a payload, not a language, such as hostile strings, carries `# payload, not a language`.)"""
    others = [re.escape(code) for code in languages.codes()[1:]]
    quoted = re.compile(rf"""["']({'|'.join(others)})["']|["']({'|'.join(others)})/""")
    wide = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
    offenders = []
    for folder in ("claims", "sitegen", "snippets", "tools", "benchmarks", "tests"):
        for path in (paths.ROOT / folder).rglob("*.py"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "# payload, not a language" in line:
                    continue
                if quoted.search(line) or (wide.search(line) and folder != "snippets"):
                    offenders.append(f"{paths.shown(path)}:{number}: {line.strip()[:80]}")
    assert offenders == []


def test_the_readme_gives_the_three_steps():
    readme = (paths.README).read_text(encoding="utf-8")
    for step in ("docs/languages.yml", "docs/en/", "sitegen/strings/en.yml"):
        assert step in readme
    assert Path(paths.DOCS / "languages.yml").exists()
