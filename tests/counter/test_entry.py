"""Entry: the cards the counter has been given so far, and its canonical query string."""

from counter.entry import Entry
from cribbage.cards import card, parse_cards


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
    without_starter = entry.with_pick(card("5D"))
    assert without_starter == Entry(parse_cards("5H 5S JD"), None, fill="starter")
    assert without_starter.with_pick(card("6D")) == Entry(parse_cards("5H 5S JD"), card("6D"))


def test_the_starter_can_be_picked_first_and_the_hand_follows():
    entry = Entry().with_fill("starter")
    assert entry.query == "fill=starter"
    assert entry.prompt == "Pick the starter, then 4 cards for the hand."
    for code in ["5D", "5H", "5C", "5S", "JD"]:
        entry = entry.with_pick(card(code))
    assert entry == Entry(parse_cards("5H 5C 5S JD"), card("5D"))
    assert entry.count().total == 29


def test_a_starter_with_no_hand_yet_is_a_url_and_its_text_marks_the_starter():
    entry = Entry(starter=card("5D"))
    assert entry.query == "starter=5D"
    assert entry.text == "+ 5D"
    assert entry.prompt == "Pick 4 more cards for the hand."
    assert Entry(parse_cards("5H 5C"), card("5D")).text == "5H 5C + 5D"
    assert Entry(parse_cards("5H 5C 5S JD"), card("5D")).text == "5H 5C 5S JD 5D"


def test_next_hand_same_starter_clears_the_hand_only():
    entry = Entry(parse_cards("5H 5C 5S JD"), card("5D"), crib=True)
    assert entry.with_cleared("hand") == Entry(starter=card("5D"), crib=True)
    assert entry.with_cleared() == Entry(crib=True)


def test_only_a_complete_entry_counts():
    assert Entry(parse_cards("5H 5C 5S JD")).count() is None
    result = Entry(parse_cards("2H 6H 9H QH"), card("3C"), crib=True).count()
    assert (result.total, result.crib) == (4, True)


def test_slots_name_the_crib_and_show_where_the_next_card_goes():
    slots = Entry(parse_cards("5H"), crib=True).slots
    assert [slot.name for slot in slots] == ["Crib 1", "Crib 2", "Crib 3", "Crib 4", "Starter"]
    assert [slot.next for slot in slots] == [False, True, False, False, False]
    assert [slot.first_empty for slot in slots] == [False, True, False, False, True]
