"""Lighthouse (`make audit`, benchmarks/audit.py) on two pages of the session's build, one Chromium for both: the
first page that draws a diagram in the source language, and the recipes page, the heaviest without one, in
the last language.

Accessibility, best practices and SEO do not depend on how busy the machine is: they must meet the issue's
targets here. The performance score times the main thread, so it is a benchmark (`make audit` prints it beside
its target, exit 1 on a miss); here it is not scored, and what makes it does not depend on the load is checked:
no layout shift, and a page weight within budget (a diagram is inline SVG drawn at build time: no script).
"""

from __future__ import annotations

import pytest

from benchmarks import audit
from sitegen import languages

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]



def test_a_page_with_a_diagram_and_one_without_meet_the_targets(site, capsys):
    codes = languages.codes()
    # Performance is not scored (Lighthouse skips its timing work): `make audit` holds it to its target.
    results = audit.audit(site, [("gap", codes[0]), ("guidance", codes[-1])], rerun=False, performance=False)
    with capsys.disabled():
        print("\n" + audit.table(results))
    assert [r.diagram for r in results] == [True, False], "gap draws a diagram, the recipes page does not"
    for r in results:
        assert set(r.scores) == {"accessibility", "best-practices", "seo"}, r.scores
        for category in r.misses():  # a score, or the page weight (audit.WEIGHT, gzipped)
            assert False, (f"{r.language}/{r.page}: {category} {r.scores.get(category, r.weight)} misses its target: "
                           f"{r.failing.get(category)}")
        assert r.layout_shift <= 0.1, f"{r.language}/{r.page}: layout shift {r.layout_shift:.3f} (budget 0.1)"


def test_a_language_added_since_issue_36_is_held_to_the_source_languages_height():
    """A third language added by the README's steps has no height on record: its page translates the source's."""
    source, added = languages.source(), "language-added-later"
    target = audit.RECIPES_SHARE * audit.RECIPES_FILED[source]
    assert audit.height_misses({added: int(target)}) == []
    assert audit.height_misses({added: int(target) + 1}) == [added]
    assert f"| {added} | {audit.RECIPES_FILED[source]:,} px ({source}'s: none on record) |" in audit.height_table({added: 1})


def test_the_recipes_page_on_a_phone_is_at_most_half_as_tall_as_when_issue_36_was_filed(site):
    """Layout does not depend on the load: the height target `make audit` prints is held here too."""
    heights = audit.phone_heights(site)
    assert set(heights) == set(languages.codes())
    assert not audit.height_misses(heights), "\n" + audit.height_table(heights)
