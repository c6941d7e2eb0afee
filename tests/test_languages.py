"""Languages are data: a third language is one registry entry, one folder of pages, one strings file."""

import re
import shutil
from pathlib import Path

import yaml

from sitegen import languages
from tests.site_build import PAGES, copy_project, mkdocs_build

LINK = re.compile(r'<a href="([^"]+)" hreflang="([^"]+)"')


def test_a_third_language_needs_one_entry_one_folder_one_strings_file(tmp_path):
    project = copy_project(tmp_path / "project")
    registry = project / "docs" / "languages.yml"
    entries = yaml.safe_load(registry.read_text(encoding="utf-8")) + [{"code": "fr", "name": "Français (pseudo)"}]
    registry.write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
    shutil.copytree(project / "docs" / "en", project / "docs" / "fr")
    shutil.copy(project / "sitegen" / "strings" / "en.yml", project / "sitegen" / "strings" / "fr.yml")

    site = tmp_path / "site"
    result = mkdocs_build(site, project)
    assert result.returncode == 0, result.stderr[-3000:]

    codes = languages.codes(registry)
    assert codes == ["en", "zh", "fr"]
    for code in codes:
        for page in ("index", "refusal", "drift"):
            path = site / languages.folder(code, registry) / ("index.html" if page == "index" else f"{page}/index.html")
            html = path.read_text(encoding="utf-8")
            assert f'<html lang="{code}"' in html, (code, page)
            links = dict((lang, href) for href, lang in LINK.findall(html))
            assert set(links) == set(codes), (code, page, links)
            for target, href in links.items():  # each switcher link lands on a built site of that language
                landing = (path.parent / href).resolve()
                landing = landing / "index.html" if landing.is_dir() else landing
                assert landing.exists() and f'<html lang="{target}"' in landing.read_text(encoding="utf-8"), (code, target, href)
    assert len(list((site / "fr").rglob("index.html"))) >= len(PAGES)


def test_a_missing_strings_file_names_the_language_and_how_to_add_it(tmp_path):
    from sitegen.strings import MissingString, word

    try:
        word("xx", "callout.title")
    except MissingString as error:
        assert "no strings for language 'xx'" in str(error) and "en.yml to xx.yml" in str(error)
    else:
        raise AssertionError("a language without strings must fail")


def test_a_missing_string_names_language_and_key():
    from sitegen.strings import MissingString, word

    try:
        word("zh", "callout.no-such-key")
    except MissingString as error:
        assert str(error) == "sitegen/strings/zh.yml has no 'callout.no-such-key': add it (see the same key in en.yml)"
    else:
        raise AssertionError("a missing key must fail")


def test_every_language_has_every_string():
    from sitegen.strings import strings

    def keys(tree: dict, prefix: str = "") -> set[str]:
        found = set()
        for key, value in tree.items():
            found.add(prefix + key)
            if isinstance(value, dict):
                found |= keys(value, f"{prefix}{key}.")
        return found

    source = keys(strings(languages.source()))
    for code in languages.codes()[1:]:
        assert keys(strings(code)) == source, code


def test_no_language_code_is_written_in_the_site_code():
    root = Path(__file__).resolve().parent.parent
    offenders = [f"{path.relative_to(root)}:{number}"
                 for folder in ("sitegen", "snippets", "benchmarks") for path in (root / folder).rglob("*.py")
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"""["']zh["']""", line)]
    assert offenders == []
