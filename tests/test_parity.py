"""Both languages have the same pages with the same skeleton (sitegen/parity.py)."""

from pathlib import Path

from sitegen.parity import DOCS, differences


def test_docs_are_in_parity():
    assert differences() == []


def _copy_docs(tmp_path: Path) -> Path:
    (tmp_path / "languages.yml").write_text((DOCS / "languages.yml").read_text(encoding="utf-8"), encoding="utf-8")
    for language in ("en", "zh"):
        target = tmp_path / language
        target.mkdir()
        for page in (DOCS / language).glob("*.md"):
            (target / page.name).write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def test_missing_twin_is_named(tmp_path):
    docs = _copy_docs(tmp_path)
    (docs / "zh" / "gap.md").unlink()
    assert differences(docs) == ["docs/zh/gap.md: missing (the translation of docs/en/gap.md): copy that page to "
                                 "docs/zh/gap.md and translate its prose; keep its code blocks, links, tables, heading "
                                 "ids and the claims its sentences are bound to"]


def test_changed_include_and_table_are_named(tmp_path):
    docs = _copy_docs(tmp_path)
    page = docs / "zh" / "flag.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace('--8<-- "snippets/flag.py"', '--8<-- "snippets/gap.py"'), encoding="utf-8")
    gap = docs / "zh" / "gap.md"
    lines = gap.read_text(encoding="utf-8").splitlines(keepends=True)
    gap.write_text("".join(line for line in lines if not line.startswith("| 边界谁来守 |")), encoding="utf-8")
    problems = differences(docs)
    assert len(problems) == 2
    assert problems[0] == ('docs/zh/flag.md: code block 2 (id flag-harness): code differs at its line 1: '
                           'docs/en `    --8<-- "snippets/flag.py"`, docs/zh `    --8<-- "snippets/gap.py"`')
    assert problems[1].startswith("docs/zh/gap.md: tables (rows, columns) differ")


def test_heading_without_pinned_id_is_named(tmp_path):
    docs = _copy_docs(tmp_path)
    page = docs / "zh" / "refusal.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n## 新的一节\n", encoding="utf-8")
    assert differences(docs) == ["docs/zh/refusal.md: 1 heading(s) without a pinned { #id }"]


def test_a_sentence_bound_in_one_language_only_is_named(tmp_path):
    docs = _copy_docs(tmp_path)
    page = docs / "zh" / "refusal.md"
    page.write_text(page.read_text(encoding="utf-8").replace('live("refusal-before-lookup")', "true"), encoding="utf-8")
    assert differences(docs) == ["docs/zh/refusal.md: claims bound by live()/guard() differ from docs/en/refusal.md: "
                                 "only in docs/en ['refusal-before-lookup']; only in docs/zh []"]
