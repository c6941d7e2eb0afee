"""Lighthouse (`make audit`, benchmarks/audit.py) on two pages of the session's build, one Chromium for both: the
first page that draws a diagram in the source language, and the recipes page, the heaviest without one, in
the last language. Both must meet the issue's targets."""

from __future__ import annotations

import pytest

from sitegen import languages
from benchmarks import audit

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]

def test_a_page_with_a_diagram_and_one_without_meet_the_targets(site, capsys):
    codes = languages.codes()
    results = audit.audit(site, [("gap", codes[0]), ("guidance", codes[-1])])
    with capsys.disabled():
        print("\n" + audit.table(results))
    assert [r.diagram for r in results] == [True, False], "gap draws a diagram, the recipes page does not"
    for r in results:
        for category in r.misses():
            failing = r.failing.get(category, ["(timing)"])
            assert not failing, f"{r.language}/{r.page}: {category} {r.scores[category]} below its target: {failing}"
