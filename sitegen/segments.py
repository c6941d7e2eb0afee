"""jieba's cuts of Chinese text into words, kept under .cache/segments/: a build whose pages did not change
loads no dictionary.

Material's search plugin cuts every run of Han characters of every section with `jieba.cut`, and the index's
inner words (sitegen/search.py) come from `jieba.cut_for_search`. Loading jieba's dictionary took about 1.1 s of
a cached build of both languages (7.4 s on 2 cores), and cutting 0.3 s more, in every build, `make serve`
rebuild and test build. A cut depends on nothing but the text, jieba's release and its dictionary (the
default one: mkdocs.yml sets no `jieba_dict`; with one, nothing is kept), so each is kept, keyed by those: an
unchanged text is cut once. Off, as the other caches are, under CI or FACTS_CACHE=0 (snippets/cache.py).
"""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path
from typing import Any

from material.plugins.search import plugin as material_search

from snippets import cache, paths

KEPT = 20_000  # cuts kept; past that, only those of the last build (both languages cut about 5,000)
WAYS = ("cut", "cut_for_search")


class KeptCuts:
    """jieba, as Material's search plugin and sitegen/search.py call it, each cut read from the kept ones when
    there is one. Any other use of jieba goes to jieba itself."""

    def __init__(self) -> None:
        import jieba  # the module; its dictionary loads at the first cut it makes

        self.jieba = jieba
        self.file = paths.CACHE / "segments" / f"jieba-{version('jieba')}.json"
        self.kept: dict[str, dict[str, list[str]]] = _read(self.file)
        self.used: dict[str, dict[str, list[str]]] = {way: {} for way in WAYS}

    def _cut(self, way: str, text: Any) -> list[str]:
        key = text.decode("utf-8") if isinstance(text, bytes) else str(text)
        words = self.used[way].get(key) or self.kept.get(way, {}).get(key)
        if words is None:
            words = list(getattr(self.jieba, way)(key))
        self.used[way][key] = words
        return words

    def cut(self, text: Any, *more: Any, **options: Any) -> Any:
        return self._cut("cut", text) if not (more or options) else self.jieba.cut(text, *more, **options)

    def cut_for_search(self, text: Any, *more: Any, **options: Any) -> Any:
        return self._cut("cut_for_search", text) if not (more or options) else self.jieba.cut_for_search(text, *more, **options)

    def __getattr__(self, name: str) -> Any:  # set_dictionary, load_userdict, ...: jieba's own
        return getattr(self.jieba, name)

    def save(self) -> None:
        """Keep what this process cut (both languages' builds) beside what was kept, unless that grew past KEPT."""
        if all(key in self.kept.get(way, {}) for way in WAYS for key in self.used[way]):
            return  # nothing new
        merged = {way: {**self.kept.get(way, {}), **self.used[way]} for way in WAYS}
        if sum(map(len, merged.values())) > KEPT:
            merged = {way: dict(self.used[way]) for way in WAYS}
        cache.write_atomically(self.file, json.dumps(merged, ensure_ascii=False).encode("utf-8"))
        self.kept = merged


def _read(file: Path) -> dict[str, dict[str, list[str]]]:
    try:
        found = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def segmenter(search_config: Any) -> Any:
    """What cuts Chinese for this build: the kept cuts, installed where Material's search plugin looks for jieba
    (once per process: the other languages' builds inside this one share it); jieba itself when the cache is off
    or mkdocs.yml gives jieba a dictionary of its own."""
    current = material_search.jieba
    if isinstance(current, KeptCuts) and current.file.parent == paths.CACHE / "segments":
        return current
    if current is None:
        return None
    real = current.jieba if isinstance(current, KeptCuts) else current
    own_dictionary = search_config and (search_config.get("jieba_dict") or search_config.get("jieba_dict_user"))
    if not cache.enabled() or own_dictionary:
        material_search.jieba = real
        return real
    material_search.jieba = KeptCuts()
    return material_search.jieba
