"""CountForm: reading the counter's query string into the cards entered so far."""

from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from hypothesis import given
from hypothesis import strategies as st

from counter.entry import Entry
from counter.forms import CountForm, RoundForm
from counter.rounds import Round
from cribbage.cards import DECK, card, parse_cards


def read(query: str) -> CountForm:
    form = CountForm(QueryDict(query))
    form.is_valid()
    return form


@pytest.mark.parametrize(
    ("entry", "query", "text", "prompt"),
    [
        (Entry(), "", "", "Pick 4 cards for the hand, then the starter."),
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
            "5H 5C 5S + 5D",
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


def test_text_that_matches_the_picked_cards_leaves_them_alone():
    form = read("cards=5H+5C+JD+%2B+5D&hand=5H,5C,JD&starter=5D")
    assert form.entry == Entry(parse_cards("5H 5C JD"), card("5D"))


@given(
    cards=st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    size=st.integers(0, 4),
    starter=st.booleans(),
    crib=st.booleans(),
)
def test_the_text_of_any_entry_reads_back_as_the_same_cards(cards, size, starter, crib):
    entry = Entry(tuple(cards[:size]), cards[4] if starter else None, crib)
    form = read(urlencode({"cards": entry.text, "crib": "1" if crib else ""}))
    assert form.entry == entry


@pytest.mark.parametrize(
    ("typed", "entry", "hint"),
    [
        ("5h5c5sjd5d", Entry(parse_cards("5H 5C 5S JD"), card("5D")), ""),
        ("1h 2h 3h 4h 0h", Entry(parse_cards("AH 2H 3H 4H"), card("TH")), ""),
        ("5H, 5C,5S , JD, 5♦", Entry(parse_cards("5H 5C 5S JD"), card("5D")), ""),
        ("+ 5d", Entry(starter=card("5D")), "0 hand cards so far: type 4 more before the +."),
        ("5h 5c + 5d", Entry(parse_cards("5H 5C"), card("5D")), "2 hand cards so far"),
        ("5h 5c 5s jd+5d", Entry(parse_cards("5H 5C 5S JD"), card("5D")), ""),
        ("5h 5c 5s jd +", Entry(parse_cards("5H 5C 5S JD")), "Type the starter after the +."),
    ],
)
def test_typing_is_forgiving(typed, entry, hint):
    form = read(urlencode({"cards": typed}))
    assert form.is_valid()
    assert form.entry == entry
    assert form.message.startswith(hint)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("5h5c5x", "'5x' is not a card"),
        ("5h + 5d 6d", "After the + comes one card, the starter"),
        ("5h 5c 5s jd 2c + 5d", "5 cards before the +: a hand has 4."),
        ("5h + 5h", "5H is already in the hand"),
        ("5h + 5d + 6d", "Type + once"),
    ],
)
def test_typing_problems_name_what_is_wrong(typed, problem):
    form = read(urlencode({"cards": typed}))
    assert not form.is_valid()
    assert form.message.startswith(problem)
    assert form.cards_text == typed


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


def read_round(query: str) -> RoundForm:
    form = RoundForm(QueryDict(query))
    form.is_valid()
    return form


def test_the_round_form_reads_each_place_forgivingly():
    form = read_round("starter=kc&pone=6c7d7h8s&dealer=1h+4s+6d+8c&crib=5h,10s,9c,kd")
    assert form.is_valid()
    assert form.round == Round(
        starter=card("KC"),
        pone=parse_cards("6C 7D 7H 8S"),
        dealer=parse_cards("AH 4S 6D 8C"),
        crib=parse_cards("5H TS 9C KD"),
    )


def test_a_round_problem_keeps_the_places_before_it():
    form = read_round("starter=KC&pone=6C,7D&dealer=AH,6C&crib=5H")
    assert not form.is_valid()
    assert form.message == "6C is already in the pone's hand: a card can be in one place only."
    assert form.round == Round(
        starter=card("KC"), pone=parse_cards("6C 7D"), dealer=parse_cards("AH")
    )


def test_a_tap_with_every_place_full_is_refused_with_a_hint():
    query = "starter=KC&pone=6C,7D,7H,8S&dealer=AH,4S,6D,8C&crib=5H,TS,9C,KD&pick=2C"
    form = read_round(query)
    assert form.is_valid()
    assert form.message.startswith("The starter and the three counts are full")


def test_a_typed_entry_of_only_spaces_is_named_not_answered_with_what_to_pick(client):
    response = client.get("/?hand=5H,5C&cards=%20%20%20")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Only spaces were typed" in page
    assert "Pick 2 more cards" not in page
    assert 'value="5H,5C"' in page  # the cards picked are kept
