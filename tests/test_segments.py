"""sitegen/segments.py: jieba's cuts kept under the cache, so that a build whose pages did not change loads no
dictionary; off with the cache, and where mkdocs.yml gives jieba a dictionary of its own."""

import jieba
import pytest
from material.plugins.search import plugin as material_search

from sitegen import search, segments, strings
from snippets import paths
from tests.site_build import LANGUAGES


def _han_text() -> str:
    """The longest run of Han characters in the strings of the languages (no language is written into tests)."""
    def values(found):
        if isinstance(found, dict):
            for value in found.values():
                yield from values(value)
        elif isinstance(found, str):
            yield found

    runs = [run for code in LANGUAGES for text in values(strings.strings(code)) for run in search.HAN_WORD.findall(text)]
    if not runs:
        pytest.skip("no language's strings hold Chinese: nothing to cut", allow_module_level=True)
    return max(runs, key=len)


TEXT = _han_text()


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTS_CACHE", "1")
    monkeypatch.setattr(paths, "CACHE", tmp_path)
    monkeypatch.setattr(material_search, "jieba", jieba)  # restored after the test, whatever it installs
    return tmp_path


def test_a_cut_is_jiebas_and_is_kept_for_the_next_build(kept, monkeypatch):
    first = segments.segmenter(None)
    assert material_search.jieba is first and isinstance(first, segments.KeptCuts)
    assert first.cut(TEXT.encode("utf-8")) == list(jieba.cut(TEXT))  # Material passes bytes
    assert first.cut_for_search(TEXT) == list(jieba.cut_for_search(TEXT))
    first.save()
    assert (kept / "segments").is_dir()

    monkeypatch.setattr(material_search, "jieba", jieba)  # a new build process
    again = segments.segmenter(None)
    assert again is not first

    def never(*_):
        raise AssertionError("cut again")

    monkeypatch.setattr(jieba, "cut", never)
    monkeypatch.setattr(jieba, "cut_for_search", never)
    assert again.cut(TEXT) == first.cut(TEXT) and again.cut_for_search(TEXT) == first.cut_for_search(TEXT)
    assert segments.segmenter(None) is again, "the other languages' builds in one process share it"


def test_with_the_cache_off_or_a_dictionary_of_its_own_jieba_cuts_every_time(kept, monkeypatch):
    monkeypatch.setenv("FACTS_CACHE", "0")
    assert segments.segmenter(None) is jieba and material_search.jieba is jieba
    monkeypatch.setenv("FACTS_CACHE", "1")
    assert segments.segmenter({"jieba_dict": "words.txt"}) is jieba


def test_a_kept_file_that_cannot_be_read_is_cut_again(kept):
    cuts = segments.segmenter(None)
    cuts.file.parent.mkdir(parents=True)
    cuts.file.write_text("{not json", encoding="utf-8")
    assert segments.KeptCuts().cut(TEXT) == list(jieba.cut(TEXT))
