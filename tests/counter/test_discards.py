"""DiscardHand: six cards dealt, the seat and the keep looked at, and its canonical query."""

import pytest

from counter.discards import DiscardHand
from cribbage.cards import card, parse_cards
from cribbage.computer import pegging_term
from cribbage.discard import CribModel, Role, discard_options, hand_spread

SIX = parse_cards("5H 5C 6D JS QH 2C")


def taps(codes: str, start: DiscardHand | None = None) -> DiscardHand:
    hand = start or DiscardHand()
    for code in codes.split():
        hand = hand.with_pick(card(code))
    return hand


def test_the_other_player_throws_like_a_good_player_unless_asked():
    assert DiscardHand().opponent is CribModel.GOOD
    assert (
        DiscardHand(SIX).analyse().choices[0].option
        == (discard_options(SIX, Role.DEALER, CribModel.GOOD)[0])
    )


def test_six_taps_fill_the_hand_and_a_seventh_is_refused():
    hand = taps("5H 5C 6D JS QH")
    assert hand.prompt == "Pick 1 more card."
    assert hand.analyse() is None
    hand = hand.with_pick(card("2C"))
    assert hand == DiscardHand(SIX)
    assert hand.complete and hand.full and hand.prompt == ""
    assert hand.with_pick(card("3D")) is None
    assert DiscardHand().prompt == "Pick the 6 cards you were dealt."
    assert taps("5H 5C").prompt == "Pick 4 more cards."


def test_the_query_is_the_cards_the_seat_and_a_chosen_throw():
    assert DiscardHand().query == ""
    assert DiscardHand(role=Role.PONE).query == "role=pone"
    assert DiscardHand(SIX[:2]).query == "cards=5H,5C&role=dealer"
    assert DiscardHand(SIX).query == "cards=5H,5C,6D,JS,QH,2C&role=dealer"
    chosen = DiscardHand(SIX, Role.PONE).with_throw(parse_cards("QH JS"))
    assert chosen.throw == parse_cards("JS QH")  # as the engine sorts them
    assert chosen.query == "cards=5H,5C,6D,JS,QH,2C&role=pone&throw=JS,QH"
    at_random = chosen.with_opponent(CribModel.RANDOM)
    assert at_random.query == "cards=5H,5C,6D,JS,QH,2C&role=pone&opponent=random&throw=JS,QH"
    assert at_random.with_opponent(CribModel.GOOD) == chosen


def test_a_throw_is_two_of_the_six():
    for throw in (["JS"], ["JS", "QH", "2C"], ["JS", "3D"], ["JS", "JS"]):
        with pytest.raises(ValueError, match="two of the six"):
            DiscardHand(SIX).with_throw(tuple(card(code) for code in throw))
    with pytest.raises(ValueError, match="two of the six"):
        DiscardHand(SIX[:5]).with_throw(parse_cards("JS QH"))


def test_taking_a_card_out_drops_the_chosen_keep_and_the_seat_keeps_it():
    chosen = DiscardHand(SIX).with_throw(parse_cards("JS QH"))
    assert chosen.with_pick(card("2C")).throw == ()
    assert chosen.with_cleared().throw == ()
    assert chosen.with_role(Role.PONE).throw == parse_cards("JS QH")


@pytest.mark.parametrize("opponent", list(CribModel))
def test_the_analysis_is_the_engines_with_the_pegging_estimate_beside_it(opponent):
    for role in (Role.DEALER, Role.PONE):
        hand = DiscardHand(SIX, role, opponent=opponent)
        analysis = hand.analyse()
        options = discard_options(SIX, role, opponent)
        assert [choice.option for choice in analysis.choices] == list(options)
        for choice in analysis.choices:
            assert choice.pegging == pegging_term(choice.option.keep, role)
            assert choice.query == hand.with_throw(choice.option.throw).query
        assert analysis.chosen is analysis.best and analysis.rank == 1 and analysis.behind == 0
        best = analysis.best.option
        assert analysis.spread == hand_spread(best.keep, best.throw)


def test_a_chosen_keep_is_shown_with_its_rank_and_what_it_gives_up():
    analysis = DiscardHand(SIX).with_throw(parse_cards("5H 5C")).analyse()
    assert analysis.chosen.option.throw == parse_cards("5C 5H")
    assert analysis.chosen.option.keep == parse_cards("2C 6D JS QH")
    options = discard_options(SIX, Role.DEALER, CribModel.GOOD)  # the default
    assert analysis.rank == 1 + [o.throw for o in options].index(parse_cards("5C 5H"))
    assert analysis.behind == pytest.approx(
        analysis.best.option.net_ev - analysis.chosen.option.net_ev
    )
    assert analysis.spread.keep == parse_cards("2C 6D JS QH")
    counts = analysis.spread_counts
    assert sum(n for _, n, _ in counts) == 46
    assert sum(share for _, _, share in counts) == pytest.approx(1)
    assert [total for total, _, _ in counts] == sorted({t for _, t in analysis.spread.totals})


def test_the_strong_computer_adds_its_pegging_estimate_to_net():
    analysis = DiscardHand(SIX, Role.PONE).analyse()
    expected = max(analysis.choices, key=lambda c: c.option.net_ev + c.pegging)
    assert analysis.computers_choice == expected
