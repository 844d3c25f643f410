"""Entry: the cards the counter has been given so far, and its canonical query string."""

from counter.cribbage.cards import card, parse_cards
from counter.entry import Entry


def test_the_first_four_picks_fill_the_hand_and_the_fifth_the_starter():
    entry = Entry()
    for code in ["5H", "5C", "5S", "JD", "5D"]:
        entry = entry.with_pick(card(code))
    assert entry == Entry(parse_cards("5H 5C 5S JD"), card("5D"))
    assert entry.complete
    assert entry.with_pick(card("2C")) is None


def test_a_picked_card_comes_out_and_the_next_pick_fills_its_place():
    entry = Entry(parse_cards("5H 5C 5S JD"), card("5D"))
    entry = entry.with_pick(card("5C"))
    assert entry == Entry(parse_cards("5H 5S JD"), card("5D"))
    assert entry.with_pick(card("2C")) == Entry(parse_cards("5H 5S JD 2C"), card("5D"))
    assert entry.with_pick(card("5D")) == Entry(parse_cards("5H 5S JD"), None)


def test_only_a_complete_entry_counts():
    assert Entry(parse_cards("5H 5C 5S JD")).count() is None
    result = Entry(parse_cards("2H 6H 9H QH"), card("3C"), crib=True).count()
    assert (result.total, result.crib) == (4, True)
