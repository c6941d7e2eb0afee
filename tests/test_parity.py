"""Every translation has the same skeleton as its original (tools/parity.py): pages, code, links, ids, bindings."""

from pathlib import Path

from snippets import registry
from tests.named_claims import GUARDED, TWO_FORMS
from tests.site_build import LANGUAGES
from tools.parity import DOCS, differences

SOURCE, TARGET = LANGUAGES[0], LANGUAGES[-1]


def test_docs_are_in_parity():
    assert differences() == []


def _copy_docs(tmp_path: Path) -> Path:
    (tmp_path / "languages.yml").write_text((DOCS / "languages.yml").read_text(encoding="utf-8"), encoding="utf-8")
    for language in LANGUAGES:
        target = tmp_path / language
        target.mkdir()
        for page in (DOCS / language).glob("*.md"):
            (target / page.name).write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def _edit(page: Path, old: str, new: str) -> None:
    text = page.read_text(encoding="utf-8")
    assert old in text, f"{page.name} has no {old!r}"
    page.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_missing_translation_is_named_with_what_to_do(tmp_path):
    docs = _copy_docs(tmp_path)
    (docs / TARGET / "gap.md").unlink()
    [problem] = differences(docs)
    assert problem.startswith(f"docs/{TARGET}/gap.md: missing (the translation of docs/{SOURCE}/gap.md")
    assert "the site shows the original with a notice" in problem and "sentence markers" in problem


def test_a_changed_include_is_named(tmp_path):
    docs = _copy_docs(tmp_path)
    _edit(docs / TARGET / "flag.md", '--8<-- "snippets/flag.py"', '--8<-- "snippets/gap.py"')
    assert differences(docs) == [
        f'docs/{TARGET}/flag.md: code block 3 (id flag-harness): code differs at its line 1: '
        f'docs/{SOURCE} `    --8<-- "snippets/flag.py"`, docs/{TARGET} `    --8<-- "snippets/gap.py"`']


def test_a_heading_without_pinned_id_is_named(tmp_path):
    docs = _copy_docs(tmp_path)
    page = docs / TARGET / "refusal.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n## A new part\n", encoding="utf-8")
    assert differences(docs) == [f"docs/{TARGET}/refusal.md: 1 heading(s) without a pinned {{ #id }}"]


def test_an_inverted_form_is_named_with_its_position(tmp_path):
    """A translation that shows the other form of a claim differs, even with the same claims."""
    docs = _copy_docs(tmp_path)
    page = docs / TARGET / "modes.md"
    text = page.read_text(encoding="utf-8")
    when, unless = f'when("{TWO_FORMS.id}")', f'unless("{TWO_FORMS.id}")'
    page.write_text(text.replace(when, "SWAP").replace(unless, when).replace("SWAP", unless), encoding="utf-8")
    [problem] = differences(docs)
    assert problem.startswith(f"docs/{TARGET}/modes.md: sentence bindings (marker and claims, in order) differ")
    assert f"docs/{SOURCE} has when({TWO_FORMS.id}), docs/{TARGET} has unless({TWO_FORMS.id})" in problem


def test_a_sentence_bound_in_one_language_only_is_named(tmp_path):
    docs = _copy_docs(tmp_path)
    _edit(docs / TARGET / registry.section_of(GUARDED.id).page, f'{{{{ guard("{GUARDED.id}") }}}}', "")
    [problem] = differences(docs)
    assert f"docs/{SOURCE} has guard({GUARDED.id})" in problem
