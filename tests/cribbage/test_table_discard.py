"""The discard at three and four players: five cards dealt, one thrown."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, CardError, parse_cards
from cribbage.discard import Role, discard_options, hand_spread
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
    options = discard_options(cards, Role.DEALER, players=3)
    option = option_throwing(options, throw)
    assert option.crib_ev == pytest.approx(brute_force_crib_ev(cards, option.throw), abs=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("hand", ["5H 5D JS 4C KD", "AH 2H 3H JH 9C"])
def test_every_crib_value_matches_the_independent_scorer(hand):
    cards = parse_cards(hand)
    for option in discard_options(cards, Role.OPPONENT, players=4):
        expected = brute_force_crib_ev(cards, option.throw, total=reference_total)
        assert option.crib_ev == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("hand", ["5H 5D JS 4C KD", "AH 2H 3H JH 9C", "7S 8D QC KC 3D"])
def test_hand_value_is_the_mean_over_the_47_unseen_starters_by_the_independent_scorer(hand):
    cards = parse_cards(hand)
    unseen = [c for c in DECK if c not in cards]
    assert len(unseen) == 47
    for option in discard_options(cards, Role.OPPONENT, players=3):
        expected = sum(reference_total(option.keep, s) for s in unseen) / 47
        assert option.hand_ev == pytest.approx(expected, abs=1e-12)


def test_a_five_card_flush_in_the_crib_counts():
    # Throwing a heart from four hearts: the crib is a flush only with four more hearts
    # (nine left among the 47), the starter one of them.
    cards = parse_cards("AH 2H 3H 4H 9C")
    option = option_throwing(discard_options(cards, Role.DEALER, players=4), "AH")
    brute = brute_force_crib_ev(cards, option.throw)
    assert option.crib_ev == pytest.approx(brute, abs=1e-9)


def test_the_five_choices_best_first_with_the_right_sign_for_each_seat():
    cards = parse_cards("5H 5D JS 4C KD")
    dealer = discard_options(cards, Role.DEALER, players=4)
    partner = discard_options(cards, Role.PARTNER, players=4)
    opponent = discard_options(cards, Role.OPPONENT, players=4)
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
@given(deals, st.sampled_from([3, 4]), st.sampled_from([Role.DEALER, Role.PARTNER, Role.OPPONENT]))
def test_five_options_sorted_in_range_and_signed_by_seat(cards, players, seat):
    if seat is Role.PARTNER and players == 3:
        seat = Role.DEALER
    options = discard_options(cards, seat, players=players)
    assert len(options) == 5
    assert sorted(c for o in options for c in o.throw) == sorted(cards)
    assert [o.net_ev for o in options] == sorted((o.net_ev for o in options), reverse=True)
    sign = -1 if seat is Role.OPPONENT else 1
    for option in options:
        assert len(option.keep) == 4 and set(option.keep) | set(option.throw) == set(cards)
        assert 0 <= option.hand_ev <= 29 and 0 <= option.crib_ev <= 29
        assert option.net_ev == pytest.approx(option.hand_ev + sign * option.crib_ev)
    # Three and four players fill the crib alike: one card of ours and four unseen.
    other = discard_options(cards, Role.OPPONENT, players=7 - players)
    assert {o.throw: o.crib_ev for o in other} == {
        o.throw: o.crib_ev for o in discard_options(cards, seat, players=players)
    }


def test_the_order_of_the_five_does_not_matter():
    cards = parse_cards("5H 5D JS 4C KD")
    first = discard_options(cards, Role.OPPONENT, players=3)
    assert discard_options(reversed(cards), "opponent", players=3) == first


@pytest.mark.parametrize(
    ("hand", "players", "seat", "message"),
    [
        ("5H 5D JS 4C KD 2S", 3, Role.DEALER, "a 3-player hand .* has 5 cards, got 6"),
        ("5H 5D JS 4C", 4, Role.OPPONENT, "a 4-player hand .* has 5 cards, got 4"),
        ("5H 5D JS 4C KD", 3, Role.PARTNER, "a table of 3 has no partners"),
        ("5H 5D JS 4C KD", 5, Role.DEALER, "5 players: a table has 2, 3 or 4"),
        ("5H 5D JS 4C KD", 2, Role.DEALER, "a two-player hand to discard from has 6 cards"),
        ("5H 5H JS 4C KD", 4, Role.DEALER, "5H"),
    ],
)
def test_a_hand_table_or_seat_that_do_not_go_together_are_named(hand, players, seat, message):
    with pytest.raises(CardError, match=message):
        discard_options(parse_cards(hand), seat, players=players)


def test_a_spread_of_four_kept_from_five_is_over_the_47_starters():
    cards = parse_cards("5H 5D JS 4C KD")
    best = discard_options(cards, Role.DEALER, players=3)[0]
    spread = hand_spread(best.keep, best.throw)
    assert len(spread.totals) == 47
    assert {starter for starter, _ in spread.totals}.isdisjoint(cards)
    assert spread.mean == pytest.approx(best.hand_ev)
    assert all(total == reference_total(best.keep, s) for s, total in spread.totals)
    with pytest.raises(CardError):
        hand_spread(best.keep, ())
