"""The markers (claims/markers.py): what each kind means, forms chosen, stale sentences named, no fragments."""

import pytest

from claims.markers import BindingError, StaleSentence, apply, holds, segments, sequence

PAGE = """# A page { #a-page }

Intro. {{ narrative("setup") }} Text after the last marker is unbound.

- It holds. {{ guard("yes") }}
- Form for yes. {{ when("yes") }}
- Form for no. {{ unless("yes") }}
- Negated guard. {{ guard("!no") }} First form. {{ when("no") }}
  Second form. {{ unless("no") }}

Paragraph form for no. {{ when("no") }}

```python
print('{{ guard("no") }} is shown, never read, inside code')
```
"""
TRUTH = {"yes": True, "no": False, "count": 7}


def render(page: str = PAGE, truth: dict = TRUTH) -> str:
    return apply(page, truth.__getitem__, "docs/xx/page.md", lambda claim: f"claim {claim}", lambda names: "lib 1.0")[0]


def test_the_true_form_stays_and_the_other_goes_whole():
    out = render()
    assert "Form for yes." in out and "Form for no." not in out
    assert "Second form." in out and "First form." not in out
    assert "Paragraph form for no." not in out
    assert "- Form for yes." in out and "\n\n- Negated" not in out, "a dropped list item leaves no gap in its list"


def test_a_kept_marker_becomes_a_span_naming_its_binding_and_line():
    out = render()
    assert '<span class="bound" data-kind="guard" data-names="yes" data-line="5"></span>' in out
    assert '<span class="bound" data-kind="guard" data-names="!no" data-line="8"></span>' in out


def test_markers_in_code_are_left_alone():
    assert "print('{{ guard(\"no\") }} is shown" in render()


def test_a_guard_whose_claim_flips_stops_naming_page_line_sentence_and_claim():
    with pytest.raises(StaleSentence) as stale:
        render(truth={**TRUTH, "yes": False})
    message = str(stale.value)
    assert message.startswith("docs/xx/page.md:5: no longer true under lib 1.0: ")
    assert '"It holds."' in message and "claim yes is now false" in message and "\n" not in message


def test_a_negated_guard_stops_when_its_claim_becomes_true():
    with pytest.raises(StaleSentence, match=r"(?s)page\.md:8: .*Negated guard\."):
        render(truth={**TRUTH, "no": True})


def test_a_marker_inside_a_sentence_is_refused():
    with pytest.raises(BindingError, match=r"page:1: guard\(\) must follow the end of a sentence .*'It holds for'"):
        segments('It holds for {{ guard("yes") }} every case.\n', "page")


def test_a_marker_in_a_heading_or_table_is_refused():
    with pytest.raises(BindingError, match="in a heading or a table"):
        segments('## A title. {{ guard("yes") }}\n', "page")
    with pytest.raises(BindingError, match="in a heading or a table"):
        segments('| cell. {{ guard("yes") }} |\n', "page")


def test_a_claim_that_is_not_yes_or_no_cannot_bind_a_sentence():
    with pytest.raises(BindingError, match=r"page\.md:1: guard\('count'\) .* live value is 7, not yes or no"):
        apply('Seven. {{ guard("count") }}\n', TRUTH.__getitem__, "page.md", str)


def test_narrative_takes_a_reason_of_the_allow_list():
    with pytest.raises(BindingError, match="narrative\\(\\) takes one reason"):
        segments('Because. {{ narrative("because-i-say-so") }}\n', "page")


def test_the_sequence_is_what_a_translation_must_repeat():
    assert sequence(PAGE)[:4] == [("narrative", ("setup",)), ("guard", ("yes",)), ("when", ("yes",)), ("unless", ("yes",))]


def test_holds_is_what_each_kind_means():
    truth = {"a": True, "b": False}.__getitem__
    assert holds("guard", ("a", "!b"), truth) and not holds("guard", ("a", "b"), truth)
    assert holds("when", ("a",), truth) and holds("unless", ("b",), truth) and not holds("unless", ("a",), truth)
    assert holds("narrative", ("setup",), truth)


def test_without_under_the_message_names_no_release():
    with pytest.raises(StaleSentence, match=r'^p\.md:1: no longer true: "It holds\." \(x is now false\)'):
        apply('It holds. {{ guard("x") }}\n', {"x": False}.__getitem__, "p.md", str)
