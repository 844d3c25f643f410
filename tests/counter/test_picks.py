"""Picks: the picker's rule for any page's places, shown on made-up pages as well as the
counter, since the pegging counter and the discard analyser will reuse it."""

from dataclasses import dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from counter.entry import Entry
from counter.picks import Picks, Place
from cribbage.cards import DECK, Card, card, parse_cards


@dataclass(frozen=True, slots=True)
class Discard(Picks):
    """A discard analyser's page: one place of six cards."""

    PLACES = (Place("cards", "Card", 6, ("1", "2", "3", "4", "5", "6")),)

    cards: tuple[Card, ...] = ()
    fill: str = ""

    @property
    def placed(self):
        return (self.cards,)

    def with_placed(self, placed, fill):
        return replace(self, cards=placed[0], fill=fill)


@dataclass(frozen=True, slots=True)
class Three(Picks):
    """Three places of two cards, to follow the filling order around."""

    PLACES = tuple(Place(key, key.upper(), 2, (key[0],) * 2) for key in ("a", "b", "c"))

    a: tuple[Card, ...] = ()
    b: tuple[Card, ...] = ()
    c: tuple[Card, ...] = ()
    fill: str = ""

    @property
    def placed(self):
        return (self.a, self.b, self.c)

    def with_placed(self, placed, fill):
        return replace(self, a=placed[0], b=placed[1], c=placed[2], fill=fill)


def picks_of(value: Picks, codes: str) -> Picks:
    """``value`` with the cards of ``codes`` tapped in turn."""
    for code in codes.split():
        value = value.with_pick(card(code))
    return value


def test_one_place_fills_in_order_and_refuses_a_seventh_card():
    discard = picks_of(Discard(), "5H 5C 6D JS QH 2C")
    assert discard.cards == parse_cards("5H 5C 6D JS QH 2C")
    assert discard.full and discard.filling is None
    assert discard.with_pick(card("3C")) is None
    assert discard.marks()[card("QH")] == "5"


def test_places_fill_in_order_then_a_chosen_place_then_the_next_with_room():
    three = picks_of(Three(), "AH 2H 3H")
    assert (three.a, three.b, three.c) == (parse_cards("AH 2H"), parse_cards("3H"), ())
    chosen = three.with_fill("c")
    assert chosen.fill == "c"
    after = picks_of(chosen, "4H 5H")
    assert after.c == parse_cards("4H 5H")
    # c is full: filling goes on to the next place with room, round to b.
    assert after.filling.key == "b"
    assert picks_of(after, "6H").b == parse_cards("3H 6H")


def test_a_card_taken_out_makes_room_where_it_was():
    three = picks_of(Three(), "AH 2H 3H 4H 5H 6H")
    assert three.full
    out = three.with_pick(card("2H"))
    assert out.filling.key == "a"
    # With room in b as well, the next card still goes where the card came out.
    gap = Three(parse_cards("AH 2H"), parse_cards("3H"), parse_cards("4H 5H"))
    assert gap.with_pick(card("5H")).fill == "c"
    assert picks_of(gap, "5H KS").c == parse_cards("4H KS")
    assert picks_of(out, "KS").a == parse_cards("AH KS")


def test_a_fill_that_changes_nothing_is_written_as_nothing():
    assert Three(fill="a") == Three()
    assert Three(fill="nowhere") == Three()
    assert Three(a=parse_cards("AH 2H"), fill="b") == Three(a=parse_cards("AH 2H"))
    assert Three(fill="b").fill == "b"


def test_clearing_one_place_fills_it_next():
    three = picks_of(Three(), "AH 2H 3H 4H 5H 6H")
    cleared = three.with_cleared("b")
    assert (cleared.a, cleared.b, cleared.c) == (parse_cards("AH 2H"), (), parse_cards("5H 6H"))
    assert cleared.filling.key == "b"
    assert three.with_cleared() == Three()
    assert three.with_cleared("nowhere") == three


def test_slots_show_each_place_and_where_the_next_card_goes():
    slots = Three(a=parse_cards("AH"), fill="c").slots
    assert [(s.name, s.card, s.first_empty, s.next) for s in slots] == [
        ("A 1", card("AH"), False, False),
        ("A 2", None, True, False),
        ("B 1", None, True, False),
        ("B 2", None, False, False),
        ("C 1", None, True, True),
        ("C 2", None, False, False),
    ]


def test_place_params_are_the_query_strings_cards():
    assert picks_of(Three(), "AH 2H 3H").place_params() == [("a", "AH,2H"), ("b", "3H")]


@given(st.lists(st.sampled_from(DECK[:20]), max_size=30))
def test_any_taps_keep_every_card_in_one_place_and_no_place_overfull(taps):
    three = Three()
    for each in taps:
        three = three.with_pick(each) or three
        cards = three.all_cards
        assert len(cards) == len(set(cards))
        assert all(len(c) <= 2 for c in three.placed)
        assert three == three.with_placed(three.placed, three.fill)


@pytest.mark.parametrize("value", [Entry(), Three(), Discard()])
def test_an_unknown_fill_choice_changes_nothing(value):
    assert value.with_fill("elsewhere") == value
