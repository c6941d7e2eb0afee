"""Lighthouse (`make audit`, tools/audit.py) on two pages of the session's build, one Chromium for both: the
first page that draws a diagram in the source language, and the recipes page, the heaviest without one, in
the last language. Both must meet the issue's targets, but for what this layer cannot mend, named below."""

from __future__ import annotations

import pytest

from sitegen import languages
from tools import audit

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]

# An audit that keeps a target out of reach for a reason outside the site's pages and styles. The day it
# passes, the test says so: take it out of here, and the target holds in full.
KNOWN = {
    ("seo", "hreflang"): "the <head> alternates are relative and lead to each language's root; Lighthouse "
                         "wants absolute, per-page ones (sitegen/languages.py fills extra.alternate; issue 27, "
                         "the hosted site's metadata)",
}


def test_a_page_with_a_diagram_and_one_without_meet_the_targets(site, capsys):
    codes = languages.codes()
    results = audit.audit(site, [("gap", codes[0]), ("guidance", codes[-1])])
    with capsys.disabled():
        print("\n" + audit.table(results))
    assert [r.diagram for r in results] == [True, False], "gap draws a diagram, the recipes page does not"
    for r in results:
        for category in r.misses():
            unexplained = [a for a in r.failing.get(category, ["(timing)"]) if (category, a) not in KNOWN]
            assert not unexplained, f"{r.language}/{r.page}: {category} {r.scores[category]} below its target: {unexplained}"
    still = {key for key in KNOWN if any(key[1] in r.failing.get(key[0], []) for r in results)}
    assert still == set(KNOWN), f"{set(KNOWN) - still} passes now: take it out of KNOWN"
