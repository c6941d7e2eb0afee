"""The writer's checks (claims/checks.py), each against the fake provider of conftest.py: the exact
one-line message, naming file:line and what to do."""

from claims import checks
from fake_client import EN, XX


def test_a_clean_client_has_no_problem(provider):
    assert checks.run(provider) == []


def test_an_unknown_id_is_named_with_the_nearest_ids(provider):
    """The nearest ids by difflib (at most three): 'a', 'b' or 'c'."""
    provider.texts["en"]["page.md"] = EN.replace('guard("sky-blue", ', 'guard("sky-blu", ')
    assert checks.run(provider) == [
        "docs/en/page.md:3: guard('sky-blu', 'sky-blue@js') names no claim 'sky-blu': "
        "did you mean 'sky-blue' or 'sky-blue@js'?"]


def test_an_unknown_id_near_no_claim_says_so(provider):
    provider.texts["xx"]["page.md"] = XX.replace('guard("sky-blue", "sky-blue@js")', 'guard("zebra", "sky-blue@js")')
    assert checks.run(provider) == [
        "docs/xx/page.md:3: guard('zebra', 'sky-blue@js') names no claim 'zebra': "
        "no claim id is near it: declare the claim, or correct the id"]


def test_a_missing_translation_names_the_file_and_where_the_claim_is_declared(provider):
    del provider.words["grass-green"]
    assert checks.run(provider) == [
        "strings/xx.yml has no 'claims.grass-green': add its translation of 'Grass is green' (declared at lib_claims.py:11)"]


def test_a_translation_missing_a_sentence_stops(provider):
    provider.texts["xx"]["page.md"] = XX.replace('Le ciel est bleu. {{ guard("sky-blue", "sky-blue@js") }}\n', "")
    assert checks.run(provider) == [
        "docs/xx/page.md:4: the sentence bound by guard('sky-blue', 'sky-blue@js') (docs/en/page.md:3) is missing "
        "before the one this line binds, when('grass-green'): translate it, ending with the same marker"]


def test_a_translation_missing_its_last_sentence_stops(provider):
    provider.texts["xx"]["page.md"] = XX.replace('Pourquoi ? {{ narrative("question") }}\n', "")
    assert checks.run(provider) == [
        "docs/xx/page.md:6: the sentence bound by narrative('question') (docs/en/page.md:8) is missing after this "
        "line's: translate it, ending with the same marker"]


def test_a_translation_cut_short_stops(provider):
    provider.texts["xx"]["page.md"] = XX.split("- L'herbe")[0]
    assert checks.run(provider) == [
        "docs/xx/page.md:3: ends after 1 marker; docs/en/page.md has 4 (the next is when('grass-green') at line 5): "
        "translate the sentences they bind"]


def test_a_translation_with_one_more_marker_stops(provider):
    provider.texts["xx"]["page.md"] = XX + '\nEncore. {{ guard("count") }}\n'
    assert checks.run(provider) == [
        "docs/xx/page.md:10: guard('count') is not in docs/en/page.md at this place: remove it, or add its sentence "
        "to every language at the same place"]


def test_markers_in_another_order_stop(provider):
    swapped = XX.replace('when("grass-green")', "FIRST").replace('unless("grass-green")', 'when("grass-green")')
    provider.texts["xx"]["page.md"] = swapped.replace("FIRST", 'unless("grass-green")')
    assert checks.run(provider) == [
        "docs/xx/page.md:5: marker 2 is unless('grass-green'), docs/en/page.md:5 has when('grass-green'): "
        "give every language the same markers in the same order"]


def test_a_page_not_translated_yet_is_no_problem(provider):
    del provider.texts["xx"]["page.md"]
    assert checks.run(provider) == []


def test_a_claim_no_mutant_flips_stops(provider):
    del provider.flips["recount"]
    assert checks.run(provider) == [
        "lib_claims.py:12: claim 'count' has no mutant that flips it: add a Mutant whose flips name 'count'"]


def test_a_bound_twin_no_mutant_flips_stops_and_an_unbound_one_need_not(provider):
    provider.flips["paint-sky"] = ("sky-blue",)
    assert checks.run(provider) == [
        "lib_claims.py:10: the twin 'sky-blue@js' (bound at docs/en/page.md:3) has no mutant that flips it: "
        "add a Mutant whose flips name 'sky-blue@js'"]
    for code in provider.texts:
        provider.texts[code]["page.md"] = provider.texts[code]["page.md"].replace(', "sky-blue@js"', "")
    assert checks.run(provider) == []


def test_a_marker_inside_a_sentence_stops(provider):
    provider.texts["xx"]["page.md"] = XX.replace("Le ciel est bleu.", "Le ciel est")
    assert checks.run(provider) == [
        "docs/xx/page.md:3: guard() must follow the end of a sentence (it binds whole sentences, never a fragment); "
        "it follows 'Le ciel est'"]


def test_a_marker_in_a_heading_stops(provider):
    provider.texts["en"]["page.md"] = EN + '\n## Title. {{ guard("count") }}\n'
    assert checks.run(provider)[0] == (
        "docs/en/page.md:10: a guard() marker in a heading or a table; bind sentences in paragraphs and list items "
        "(tables are generated from the facts)")


def test_a_narrative_reason_off_the_list_stops(provider):
    provider.texts["xx"]["page.md"] = XX.replace('narrative("question")', 'narrative("because")')
    assert checks.run(provider) == [
        "docs/xx/page.md:8: narrative() takes one reason of setup, question, article, context, reading, site; got because"]


def test_the_clients_own_checks_follow(provider):
    provider.extra_checks = lambda: ["strings/xx.yml has no 'nav.home': add it"]
    del provider.flips["recount"]
    assert checks.run(provider)[-1] == "strings/xx.yml has no 'nav.home': add it"
    assert len(checks.run(provider)) == 2


def test_a_marker_in_single_quotes_stops_the_check_in_one_line(provider):
    """Not a marker the engine reads: left alone, the template engine would stop the build with "'guard' is
    undefined" and no line."""
    provider.texts["en"]["page.md"] = EN.replace('guard("sky-blue", "sky-blue@js")', "guard('sky-blue')")
    assert checks.run(provider)[0] == (
        "docs/en/page.md:3: {{ guard('sky-blue') }} is no marker the engine reads: name each claim in double "
        'quotes, guard("claim-id")')


def test_a_reading_that_raises_is_named_where_the_claim_is_declared(provider):
    provider.facts = {"sky": True, "sky_js": True}  # the reading of grass-green looks up "grass": KeyError
    assert checks.run(provider) == []  # the checks that read no value have nothing to say
    assert checks.measured(provider) == [
        "lib_claims.py:11: claim 'grass-green': its reading raised KeyError: 'grass': correct how it reads the values"]


def test_a_guard_bound_to_a_claim_that_is_not_yes_or_no_stops_the_check(provider):
    provider.texts["en"]["page.md"] = EN.replace("Why is that? {{ narrative(\"question\") }}",
                                                 'Seven things. {{ guard("count") }}')
    provider.texts["xx"]["page.md"] = XX.replace("Pourquoi ? {{ narrative(\"question\") }}",
                                                 'Sept choses. {{ guard("count") }}')
    assert checks.measured(provider) == [
        "docs/en/page.md:8: guard('count') binds a sentence to claim 'count', whose value is 7, not yes or no (so "
        "do 1 more marker): bind it to a claim that is true or false (a table or `{{ facts... }}` shows other "
        "values)"]
