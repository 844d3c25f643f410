"""CountForm: reading the counter's query string into the cards entered so far."""

import pytest
from django.http import QueryDict

from counter.cribbage.cards import card, parse_cards
from counter.entry import Entry
from counter.forms import CountForm


def read(query: str) -> CountForm:
    form = CountForm(QueryDict(query))
    form.is_valid()
    return form


@pytest.mark.parametrize(
    ("entry", "query", "text", "prompt"),
    [
        (Entry(), "", "", "Pick four cards for the hand, then the starter, or type them."),
        (Entry(parse_cards("5H")), "hand=5H", "5H", "Pick 3 more cards for the hand."),
        (
            Entry(parse_cards("5H 5C 5S TD"), crib=True),
            "hand=5H,5C,5S,TD&crib=1",
            "5H 5C 5S TD",
            "Now pick the starter.",
        ),
        (
            Entry(parse_cards("5H 5C 5S"), card("5D")),
            "hand=5H,5C,5S&starter=5D",
            "5H 5C 5S 5D",
            "Pick 1 more card for the hand.",
        ),
        (
            Entry(parse_cards("5H 5C 5S JD"), card("5D")),
            "hand=5H,5C,5S,JD&starter=5D",
            "5H 5C 5S JD 5D",
            "",
        ),
    ],
)
def test_an_entry_has_one_canonical_query_and_text(entry, query, text, prompt):
    assert entry.query == query
    assert entry.text == text
    assert entry.prompt == prompt
    assert read(query).entry == entry


def test_typed_cards_put_the_last_one_in_the_starter():
    form = read("cards=5h+5c,5s+JD+5♦&crib=on")
    assert form.is_valid()
    assert form.entry == Entry(parse_cards("5H 5C 5S JD"), card("5D"), crib=True)
    assert form.message == ""


def test_typed_text_wins_when_it_differs_from_the_picked_cards():
    form = read("cards=2h+6h+9h+qh+3c&hand=5H,5C&starter=")
    assert form.entry.hand == parse_cards("2H 6H 9H QH")


def test_text_that_matches_the_picked_cards_leaves_their_order_alone():
    # Three hand cards and a starter read as four hand cards if the text were parsed again.
    form = read("cards=5H+5C+JD+5D&hand=5H,5C,JD&starter=5D")
    assert form.entry == Entry(parse_cards("5H 5C JD"), card("5D"))


def test_a_pick_applies_to_the_picked_cards_not_the_text():
    form = read("cards=junk&hand=5H,5C,5S,JD&pick=5D")
    assert form.is_valid()
    assert form.entry == Entry(parse_cards("5H 5C 5S JD"), card("5D"))
    assert form.cards_text == "5H 5C 5S JD 5D"


def test_clear_empties_the_cards_and_keeps_the_crib():
    form = read("hand=5H,5C&crib=1&clear=1&cards=5H+5C")
    assert form.entry == Entry(crib=True)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("cards=5h+5x", "cards"),
        ("cards=5h+5h", "cards"),
        ("cards=a+2+3+4+5+6", "cards"),
        ("hand=5H,5C,5S,JD,2C", "__all__"),
        ("hand=5H&starter=5H", "__all__"),
        ("hand=5H&pick=1Z", "pick"),
    ],
)
def test_problems_are_errors_on_the_field_that_has_them(query, field):
    form = read(query)
    assert not form.is_valid()
    assert list(form.errors) == [field]
    assert form.message == form.errors[field][0]


def test_cards_before_a_typing_problem_are_kept_for_the_slots():
    form = read("cards=5h+5c+5x")
    assert form.entry.hand == parse_cards("5H 5C")
    assert form.cards_text == "5h 5c 5x"
