"""Why a claim differs from the article: a deepagents change, the article's own wording, or the setup."""

from types import SimpleNamespace

from snippets.article import Claim
from sitegen.verdicts import Verdict, matrix_rows, verdict

FACTS = SimpleNamespace(versions={"deepagents": "0.3"}, value=None)


def claim(article, live, setup=False) -> Claim:
    return Claim("c", "modes", article, lambda f: live, setup)


ROWS_CHANGED = {"0.1": {"c": 7}, "0.2": {"c": 7}, "0.3": {"c": None}}


def test_a_value_the_article_saw_in_an_old_release_changed_in_the_first_release_without_it():
    assert verdict(claim(7, None), FACTS, ROWS_CHANGED) == Verdict("changed", since="0.3", measured=("0.1", "0.3"))


def test_a_value_no_release_ever_had_never_held():
    rows = {"0.1": {"c": False}, "0.2": {"c": False}, "0.3": {"c": False}}
    assert verdict(claim(True, False), FACTS, rows) == Verdict("never held", measured=("0.1", "0.3"))


def test_setup_and_holding_come_first():
    assert verdict(claim(9, 7, setup=True), FACTS, ROWS_CHANGED).kind == "setup"
    assert verdict(claim(None, None), FACTS, ROWS_CHANGED).kind == "holds"


def test_only_a_value_the_matrix_never_recorded_for_this_release_blames_the_installed_copy():
    assert verdict(claim(7, 8), FACTS, ROWS_CHANGED).kind == "installed differs"
    assert verdict(claim(7, 8), FACTS, {}).kind == "installed differs"


def test_since_stops_at_the_installed_release():
    rows = {"0.1": {"c": 1}, "0.2": {"c": 2}, "0.3": {"c": 2}, "0.4": {"c": 3}}
    assert verdict(claim(1, 2), FACTS, rows).since == "0.2"


def test_the_recorded_matrix_gives_every_kind_today(facts):
    """The live site shows the three kinds the article's differences fall into."""
    from snippets.article import CLAIMS

    kinds = {c.id: verdict(c, facts, matrix_rows()).kind for c in CLAIMS}
    assert kinds["mode-handoff"] == "changed"
    assert kinds["names-fork-only"] == "never held"
    assert kinds["refusal-messages"] == "setup"
    assert "installed differs" not in kinds.values()


def test_an_installed_release_older_than_the_article_is_not_yet_there():
    rows = {"0.3": {"c": False}, "0.4": {"c": True}, "0.5": {"c": True}}
    assert verdict(claim(True, False), FACTS, rows) == Verdict("not yet", since="0.4", measured=("0.3", "0.5"))
