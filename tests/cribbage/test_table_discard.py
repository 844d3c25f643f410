"""The discard at three and four players: five cards dealt, one thrown."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, CardError, parse_cards
from cribbage.discard import TableSeat, hand_spread, table_discard_options
from cribbage.show import show_total

from .reference import reference_total
from .strategies import deals


def brute_force_crib_ev(cards, throw, total=show_total):
    """The crib's mean over every three unseen cards the others put in it (at three, two
    throws and the deck's card; at four, three throws) and every starter left."""
    unseen = [c for c in DECK if c not in cards]
    points = deals = 0
    for others in combinations(unseen, 3):
        crib = (*throw, *others)
        for starter in unseen:
            if starter not in others:
                points += total(crib, starter, crib=True)
                deals += 1
    assert deals == 16_215 * 44
    return points / deals


def option_throwing(options, code):
    (option,) = [o for o in options if [c.code for c in o.throw] == [code]]
    return option


@pytest.mark.parametrize(
    ("hand", "throw"),
    [
        ("5H 5D JS 4C KD", "4C"),
        ("JH 4H 7H 9H KD", "JH"),  # a thrown jack: its nobs; and the others' jacks
    ],
)
def test_crib_value_matches_a_direct_enumeration_of_the_others_cards_and_starter(hand, throw):
    cards = parse_cards(hand)
    options = table_discard_options(cards, players=3, seat=TableSeat.DEALER)
    option = option_throwing(options, throw)
    assert option.crib_ev == pytest.approx(brute_force_crib_ev(cards, option.throw), abs=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("hand", ["5H 5D JS 4C KD", "AH 2H 3H JH 9C"])
def test_every_crib_value_matches_the_independent_scorer(hand):
    cards = parse_cards(hand)
    for option in table_discard_options(cards, players=4, seat=TableSeat.OPPONENT):
        expected = brute_force_crib_ev(cards, option.throw, total=reference_total)
        assert option.crib_ev == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("hand", ["5H 5D JS 4C KD", "AH 2H 3H JH 9C", "7S 8D QC KC 3D"])
def test_hand_value_is_the_mean_over_the_47_unseen_starters_by_the_independent_scorer(hand):
    cards = parse_cards(hand)
    unseen = [c for c in DECK if c not in cards]
    assert len(unseen) == 47
    for option in table_discard_options(cards, players=3, seat=TableSeat.OPPONENT):
        expected = sum(reference_total(option.keep, s) for s in unseen) / 47
        assert option.hand_ev == pytest.approx(expected, abs=1e-12)


def test_a_five_card_flush_in_the_crib_counts():
    # Throwing a heart from four hearts: the crib is a flush only with four more hearts
    # (nine left among the 47), the starter one of them.
    cards = parse_cards("AH 2H 3H 4H 9C")
    option = option_throwing(table_discard_options(cards, players=4, seat=TableSeat.DEALER), "AH")
    brute = brute_force_crib_ev(cards, option.throw)
    assert option.crib_ev == pytest.approx(brute, abs=1e-9)


def test_the_five_choices_best_first_with_the_right_sign_for_each_seat():
    cards = parse_cards("5H 5D JS 4C KD")
    dealer = table_discard_options(cards, players=4, seat=TableSeat.DEALER)
    partner = table_discard_options(cards, players=4, seat=TableSeat.PARTNER)
    opponent = table_discard_options(cards, players=4, seat=TableSeat.OPPONENT)
    assert [c.code for c in dealer[0].throw] == ["4C"]
    assert [c.code for c in dealer[0].keep] == ["5D", "5H", "JS", "KD"]
    assert dealer[0].hand_ev == pytest.approx(582 / 47)
    assert partner == dealer
    assert len(opponent) == 5
    assert {o.throw for o in opponent} == {(c,) for c in cards}
    for option in opponent:
        assert option.net_ev == pytest.approx(option.hand_ev - option.crib_ev)
    # The dealer keeps the fives' crib value; an opponent does not give fives away.
    assert [c.code for c in opponent[-1].throw] in (["5D"], ["5H"])


@settings(max_examples=20, deadline=None)
@given(deals, st.sampled_from([3, 4]), st.sampled_from(list(TableSeat)))
def test_five_options_sorted_in_range_and_signed_by_seat(cards, players, seat):
    if seat is TableSeat.PARTNER and players == 3:
        seat = TableSeat.DEALER
    options = table_discard_options(cards, players=players, seat=seat)
    assert len(options) == 5
    assert sorted(c for o in options for c in o.throw) == sorted(cards)
    assert [o.net_ev for o in options] == sorted((o.net_ev for o in options), reverse=True)
    sign = -1 if seat is TableSeat.OPPONENT else 1
    for option in options:
        assert len(option.keep) == 4 and set(option.keep) | set(option.throw) == set(cards)
        assert 0 <= option.hand_ev <= 29 and 0 <= option.crib_ev <= 29
        assert option.net_ev == pytest.approx(option.hand_ev + sign * option.crib_ev)
    # Three and four players fill the crib alike: one card of ours and four unseen.
    other = table_discard_options(cards, players=7 - players, seat=TableSeat.OPPONENT)
    assert {o.throw: o.crib_ev for o in other} == {
        o.throw: o.crib_ev for o in table_discard_options(cards, players=players, seat=seat)
    }


def test_the_order_of_the_five_does_not_matter():
    cards = parse_cards("5H 5D JS 4C KD")
    first = table_discard_options(cards, players=3, seat=TableSeat.OPPONENT)
    assert table_discard_options(reversed(cards), players=3, seat="opponent") == first


@pytest.mark.parametrize(
    ("hand", "players", "seat", "message"),
    [
        ("5H 5D JS 4C KD 2S", 3, TableSeat.DEALER, "a 3-player hand .* has 5 cards, got 6"),
        ("5H 5D JS 4C", 4, TableSeat.OPPONENT, "a 4-player hand .* has 5 cards, got 4"),
        ("5H 5D JS 4C KD", 3, TableSeat.PARTNER, "a table of 3 has no partners"),
        ("5H 5D JS 4C KD", 5, TableSeat.DEALER, "5 players: a table has 2, 3 or 4"),
        ("5H 5D JS 4C KD", 2, TableSeat.DEALER, "a table of 2 throws 2 each"),
        ("5H 5H JS 4C KD", 4, TableSeat.DEALER, "5H"),
    ],
)
def test_a_hand_table_or_seat_that_do_not_go_together_are_named(hand, players, seat, message):
    with pytest.raises(CardError, match=message):
        table_discard_options(parse_cards(hand), players=players, seat=seat)


def test_a_spread_of_four_kept_from_five_is_over_the_47_starters():
    cards = parse_cards("5H 5D JS 4C KD")
    best = table_discard_options(cards, players=3, seat=TableSeat.DEALER)[0]
    spread = hand_spread(best.keep, best.throw)
    assert len(spread.totals) == 47
    assert {starter for starter, _ in spread.totals}.isdisjoint(cards)
    assert spread.mean == pytest.approx(best.hand_ev)
    assert all(total == reference_total(best.keep, s) for s, total in spread.totals)
    with pytest.raises(CardError):
        hand_spread(best.keep, ())
