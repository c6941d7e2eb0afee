"""The quantifier check (claims/checks.py `unscoped`) against the fake provider: a bound text that is false under
one of the provider's setups must state the scope it holds in; the exact one-line message names page:line and
the setups under which it would be false."""

from claims import checks
from claims.markers import segments
from claims.model import Scope
from fake_client import EN, XX


def lines(provider) -> list[str]:
    return [str(p) for p in checks.unscoped(provider)]


def test_one_setup_alone_has_nothing_to_check(provider):
    assert provider.setups() == ["noon"] and lines(provider) == []


def test_a_setup_that_changes_nothing_a_page_says_is_no_problem(provider):
    provider.under = {"dusk": {"grass": False}, "rain": {}}
    assert lines(provider) == []


def test_a_guard_false_under_a_setup_names_page_line_and_the_setups(provider):
    provider.under = {"dusk": {"sky": False}, "rain": {}, "night": {"sky": False}}
    assert lines(provider) == [
        "docs/en/page.md:3: states no scope, yet is false under dusk, night (sky-blue is False under dusk, True "
        "under noon): state where it holds ('at noon') in it, or once for its page (front matter `scopes: [noon]`), or bind it to what holds under every setup",
        "docs/xx/page.md:3: states no scope, yet is false under dusk, night (sky-blue is False under dusk, True "
        "under noon): state where it holds ('à midi') in it, or once for its page (front matter `scopes: [noon]`), or bind it to what holds under every setup"]


def test_a_sentence_that_states_its_scope_passes(provider):
    provider.under = {"dusk": {"sky": False}}
    provider.texts["en"]["page.md"] = EN.replace("The sky is blue.", "At noon the sky is blue.")
    provider.texts["xx"]["page.md"] = XX.replace("Le ciel est bleu.", "À midi, le ciel\nest bleu.")
    assert lines(provider) == []


def test_a_stated_scope_that_covers_the_setup_where_it_is_false_stops(provider):
    provider.under = {"dusk": {"sky": False}}
    provider.texts["en"]["page.md"] = EN.replace("The sky is blue.", "At noon the sky is blue.")
    provider.scopes = lambda language: [Scope("day", "at noon", frozenset({"noon", "dusk"}))]
    assert lines(provider)[0] == (
        "docs/en/page.md:3: states its scope, 'at noon', yet is false under dusk, which that covers (sky-blue is "
        "False under dusk, True under noon): rewrite it")


def test_a_sentence_that_states_two_scopes_speaks_of_the_setups_both_cover(provider):
    """'at noon' covers noon and dusk (false there), 'in summer' noon and rain: stated together, dusk is out."""
    provider.under = {"dusk": {"sky": False}, "rain": {}}
    day = Scope("day", "at noon", frozenset({"noon", "dusk"}))
    summer = Scope("summer", "in summer", frozenset({"noon", "rain"}))
    provider.scopes = lambda language: [day, summer]
    provider.texts["en"]["page.md"] = EN.replace("The sky is blue.", "At noon the sky is blue.")
    assert lines(provider)[0] == (
        "docs/en/page.md:3: states its scope, 'at noon', yet is false under dusk, which that covers (sky-blue is "
        "False under dusk, True under noon): rewrite it, or state 'in summer' too")
    provider.texts["en"]["page.md"] = EN.replace("The sky is blue.", "At noon in summer the sky is blue.")
    assert not [line for line in lines(provider) if line.startswith("docs/en/")]


def test_the_form_a_page_shows_is_checked_and_the_hidden_one_is_not(provider):
    """grass-green is false: the page shows its unless() form, which a setup where grass is green makes false."""
    provider.under = {"spring": {"grass": True}}
    assert lines(provider) == [
        "docs/en/page.md:6: states no scope, yet is false under spring (grass-green is True under spring, False "
        "under noon): state where it holds ('at noon') in it, or once for its page (front matter `scopes: [noon]`), or bind it to what holds under every setup",
        "docs/xx/page.md:6: states no scope, yet is false under spring (grass-green is True under spring, False "
        "under noon): state where it holds ('à midi') in it, or once for its page (front matter `scopes: [noon]`), or bind it to what holds under every setup"]


def test_a_value_a_sentence_shows_is_checked_too(provider):
    provider.facts["clouds"] = 7
    provider.under = {"storm": {"clouds": 9}}
    provider.texts["en"]["page.md"] = EN.replace("The sky is blue.", "The sky is blue, with {{ facts.clouds }} clouds.")
    assert lines(provider) == [
        "docs/en/page.md:3: states no scope, yet is false under storm ({{ facts.clouds }} is 9 under storm, 7 under "
        "noon): state where it holds ('at noon') in it, or once for its page (front matter `scopes: [noon]`), or bind it to what holds under every setup"]
    provider.texts["en"]["page.md"] = EN.replace("The sky is blue.", "At noon the sky is blue, with {{ facts.clouds }} clouds.")
    assert lines(provider) == []


def test_no_scope_is_offered_when_none_excludes_the_setups_where_it_is_false(provider):
    provider.under = {"dusk": {"sky": False}}
    provider.scopes = lambda language: [Scope("any", "at any hour", frozenset({"noon", "dusk"}))]
    assert lines(provider)[0] == (
        "docs/en/page.md:3: states no scope, yet is false under dusk (sky-blue is False under dusk, True under noon): "
        "state where it holds, or bind it to what holds under every setup")


def test_the_register_lists_the_setups_under_which_a_sentence_holds(provider):
    provider.under = {"dusk": {"sky": False}, "rain": {"grass": True}}
    sky, _, no_grass, _ = segments(EN)
    assert checks.holding_under(provider, sky) == ["noon", "rain"]
    assert checks.holding_under(provider, no_grass) == ["noon", "dusk"]


def test_a_page_states_a_scope_once_for_all_its_sentences(provider):
    """Front matter `scopes: [noon]` and one sentence saying 'at noon': every text of the page states it."""
    provider.under = {"dusk": {"sky": False}}
    declared = "---\nscopes: [noon]\n---\n"
    provider.texts["en"]["page.md"] = declared + EN.replace("The sky is blue.", "We look at noon. {{ narrative(\"setup\") }}\n\nThe sky is blue.")
    assert [line for line in lines(provider) if line.startswith("docs/en/")] == []


def test_a_page_scope_no_sentence_says_or_no_scope_has_stops_naming_the_front_matter(provider):
    provider.under = {"dusk": {"sky": False}}
    provider.texts["en"]["page.md"] = "---\nscopes: [noon, dawn]\n---\n" + EN
    assert [line for line in lines(provider) if line.startswith("docs/en/")][:2] == [
        "docs/en/page.md:2: its front matter declares scope 'dawn', which is none of 'noon'",
        "docs/en/page.md:2: its front matter declares scope 'noon' for the whole page, but none of its sentences "
        "says 'at noon': say it once, near the top, for the reader"]
