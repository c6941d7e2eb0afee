"""Two builds of the same commit, with SOURCE_DATE_EPOCH set, are byte-identical."""

from tests.site_build import mkdocs_build


def test_two_builds_are_identical(site, tmp_path):
    again = tmp_path / "again"
    result = mkdocs_build(again)
    assert result.returncode == 0, result.stderr[-2000:]
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert sorted(first) == sorted(second)
    assert [str(name) for name in first if first[name] != second[name]] == []
