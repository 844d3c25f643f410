"""Round: the three shows of one deal with one starter, and what each player pegs."""

from counter.entry import Entry
from counter.rounds import Round
from cribbage.cards import card, parse_cards
from tests.counter.test_picks import picks_of

# The worked show of the rules guide (003): one starter, the king of clubs, for all three.
GUIDE = Round(
    starter=card("KC"),
    pone=parse_cards("6C 7D 7H 8S"),
    dealer=parse_cards("AH 4S 6D 8C"),
    crib=parse_cards("5H TS 9C KD"),
)


def taps(codes: str, start: Round | None = None) -> Round:
    return picks_of(start or Round(), codes)


def test_the_guides_worked_show_counts_12_4_and_8():
    count = GUIDE.count()
    assert [show.result.total for show in count.shows] == [12, 4, 8]
    assert [show.whose for show in count.shows] == ["pone", "dealer", "dealer"]
    assert count.pone_pegs == 12
    assert (count.dealer_hand, count.crib, count.dealer_pegs) == (4, 8, 12)
    assert not count.heels
    crib = count.show_of("crib")
    assert crib.result.crib
    assert crib.entry == Entry(parse_cards("5H TS 9C KD"), card("KC"), crib=True)


def test_taps_fill_the_starter_then_pone_dealer_and_crib():
    deal = taps("KC 6C 7D 7H 8S AH 4S 6D 8C 5H TS 9C KD")
    assert deal == GUIDE
    assert deal.complete and deal.prompt == ""
    assert deal.query == ("starter=KC&pone=6C,7D,7H,8S&dealer=AH,4S,6D,8C&crib=5H,TS,9C,KD")


def test_the_starter_may_come_last_when_a_place_is_chosen_first():
    deal = taps("6C 7D 7H 8S", Round().with_fill("pone"))
    assert deal.pone == parse_cards("6C 7D 7H 8S")
    assert deal.filling.key == "dealer"
    assert deal.query == "pone=6C,7D,7H,8S&fill=dealer"
    deal = taps("KC", deal.with_fill("starter"))
    assert deal.starter == card("KC")
    assert deal.filling.key == "dealer"
    assert [show.result.total for show in deal.count().shows] == [12]


def test_a_round_counts_as_far_as_it_goes():
    deal = taps("KC 6C 7D 7H 8S AH")
    count = deal.count()
    assert [show.place.key for show in count.shows] == ["pone"]
    assert count.pone_pegs == 12
    assert count.dealer_pegs is None
    assert deal.prompt == "Pick 3 more cards for the dealer's hand."
    assert Round().count().shows == ()
    assert Round(pone=parse_cards("6C 7D 7H 8S")).count().shows == ()


def test_prompts_say_which_place_is_next():
    assert Round().prompt == "Pick the starter."
    assert taps("KC").prompt == "Pick 4 cards for the pone's hand."
    assert Round().with_fill("crib").prompt == "Pick 4 cards for the crib."


def test_a_jack_turned_is_heels_once_for_the_round():
    deal = Round(starter=card("JD"), pone=parse_cards("5H 5C 5S JC"))
    assert deal.heels and deal.count().heels
    assert not GUIDE.heels


def test_taking_a_card_out_refills_its_place():
    deal = GUIDE.with_pick(card("4S"))
    assert deal.dealer == parse_cards("AH 6D 8C")
    assert deal.filling.key == "dealer"
    assert taps("2S", deal).dealer == parse_cards("AH 6D 8C 2S")
    assert GUIDE.with_pick(card("2S")) is None


def test_the_places_are_named_as_players_say_them():
    assert [place.said for place in Round().places] == [
        "starter",
        "pone's hand",
        "dealer's hand",
        "crib",
    ]
    assert [slot.name for slot in Round().slots_of("pone")] == [
        "Pone 1",
        "Pone 2",
        "Pone 3",
        "Pone 4",
    ]
