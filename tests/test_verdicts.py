"""Why a claim differs from the article: a deepagents change, the article's own wording, or the setup."""

import itertools
from types import SimpleNamespace

from snippets import js, registry
from snippets.lab import Claim
from tests.named_claims import NEVER_HELD
from sitegen.verdicts import NOT_RECORDED, Verdict, article_releases, differing, matrix_rows, verdict, what_differs

FACTS = SimpleNamespace(versions={"deepagents": "0.3"}, value=None)


def claim(article, live, setup=None) -> Claim:
    return Claim("c", "a claim", article, lambda f: live, setup)


ROWS_CHANGED = {"0.1": {"c": 7}, "0.2": {"c": 7}, "0.3": {"c": None}}


def test_a_value_the_article_saw_in_an_old_release_changed_in_the_first_release_without_it():
    assert verdict(claim(7, None), FACTS, ROWS_CHANGED) == Verdict("changed", since="0.3", measured=("0.1", "0.3"))


def test_a_value_no_release_ever_had_never_held():
    rows = {"0.1": {"c": False}, "0.2": {"c": False}, "0.3": {"c": False}}
    assert verdict(claim(True, False), FACTS, rows) == Verdict("never held", measured=("0.1", "0.3"))


def test_setup_and_holding_come_first():
    assert verdict(claim(9, 7, setup="the example is set up so"), FACTS, ROWS_CHANGED).kind == "setup"
    assert verdict(claim(7, 7), FACTS, ROWS_CHANGED).kind == "holds"
    assert verdict(claim(None, 7), FACTS, ROWS_CHANGED).kind == "own", "a claim the article never made has no verdict"


def test_only_a_value_the_matrix_never_recorded_for_this_release_blames_the_installed_copy():
    assert verdict(claim(7, 8), FACTS, ROWS_CHANGED).kind == "installed differs"
    assert verdict(claim(7, 8), FACTS, {}).kind == "installed differs"


def test_since_stops_at_the_installed_release():
    rows = {"0.1": {"c": 1}, "0.2": {"c": 2}, "0.3": {"c": 2}, "0.4": {"c": 3}}
    assert verdict(claim(1, 2), FACTS, rows).since == "0.2"


def test_the_recorded_matrix_gives_every_kind_today(facts):
    """The live site shows the three kinds the article's differences fall into."""
    kinds = {c.id: verdict(c, facts, matrix_rows()).kind for c in registry.claims("python")}
    if facts.versions["deepagents"] not in matrix_rows():
        return  # a release the matrix has not recorded: every difference is the installed copy's
    assert kinds[NEVER_HELD.id] == "never held"
    assert all(kinds[c.id] == "setup" for c in registry.claims("python") if c.setup and c.live(facts) != c.article)
    assert "installed differs" not in kinds.values()


def test_an_installed_release_older_than_the_article_is_not_yet_there():
    rows = {"0.3": {"c": False}, "0.4": {"c": True}, "0.5": {"c": True}}
    assert verdict(claim(True, False), FACTS, rows) == Verdict("not yet", since="0.4", measured=("0.3", "0.5"))


def test_the_article_matches_a_run_of_releases(monkeypatch):
    rows = {"0.1": {"a": 1, "b": False}, "0.2": {"a": 1, "b": True}, "0.3": {"a": 2, "b": True}}
    claims = (Claim("a", "A", 1, lambda f: None), Claim("b", "B", True, lambda f: None), Claim("never", "N", 5, lambda f: None))
    monkeypatch.setattr(registry, "claims", lambda runtime=None: claims)
    assert article_releases(rows) == ["0.2"], "claim 'never' matches no release: it is left out"
    assert {c.id for c in differing(rows)} == {"a", "b"}


def test_the_recorded_range_holds_the_releases_between_its_ends():
    rows = matrix_rows()
    found = article_releases(rows)
    assert found, "the article matches some measured release"
    releases = list(rows)
    assert found == releases[releases.index(found[0]):releases.index(found[-1]) + 1], "one unbroken run of releases"


def test_a_javascript_twin_is_judged_against_the_npm_releases(facts):
    """A twin's verdict reads the matrix's npm rows and the npm release installed: no twin of a claim the
    recorded npm releases measured is blamed on the installed copy."""
    npm = matrix_rows("js")
    if facts.versions[js.VERSION_KEY] not in npm:
        return  # an npm release the matrix has not recorded
    kinds = {c.id: verdict(c, facts).kind for c in registry.claims("js")}
    assert "installed differs" not in kinds.values()
    assert verdict(next(c for c in registry.claims("js") if c.from_article), facts, npm) == \
        verdict(next(c for c in registry.claims("js") if c.from_article), facts)
    twin = next(c for c in registry.claims("js") if kinds[c.id] == "changed")
    assert verdict(twin, facts).since in npm, "changed since an npm release"


def test_what_differs_in_a_release_lists_only_the_claims_not_as_the_site_shows_them():
    """Consecutive releases that differ alike from the live values are one entry; a tuple equals the list the
    matrix recorded; a claim the matrix has not recorded differs as not recorded."""
    claims = [Claim("a", "A", 1, lambda f: 2), Claim("b", "B", None, lambda f: ("x", "y")), Claim("c", "C", True, lambda f: True)]
    rows = {"0.1": {"a": 1, "b": ["x"], "c": True}, "0.2": {"a": 1, "b": ["x"], "c": True},
            "0.3": {"a": 1, "b": ["x", "y"]}, "0.4": {"a": 2, "b": ["x", "y"], "c": True}}
    found = [(group.releases, [(c.id, value) for c, value in group.differs])
             for group in what_differs(FACTS, rows=rows, claims=claims)]
    assert found == [(("0.1", "0.2"), [("a", 1), ("b", ["x"])]), (("0.3",), [("a", 1), ("c", NOT_RECORDED)]),
                     (("0.4",), [])]


def test_nothing_differs_in_the_recorded_pinned_releases(facts):
    """The releases the site is measured with (pyproject.toml, package.json) show no difference; two
    neighbouring entries never differ alike (they would be one)."""
    for runtime, key in (("python", "deepagents"), ("js", js.VERSION_KEY)):
        if facts.versions[key] not in matrix_rows(runtime):
            continue  # a release the matrix has not recorded
        groups = what_differs(facts, runtime)
        pinned = next(group for group in groups if facts.versions[key] in group.releases)
        assert pinned.differs == ()
        shown = [[(c.id, repr(value)) for c, value in group.differs] for group in groups]
        assert all(before != after for before, after in itertools.pairwise(shown))
