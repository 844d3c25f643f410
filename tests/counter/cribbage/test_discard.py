from itertools import combinations

import pytest
from hypothesis import given, settings

from counter.cribbage.cards import DECK, CardError, parse_cards
from counter.cribbage.discard import Role, discard_options, hand_spread
from counter.cribbage.show import show_total

from .strategies import six_card_hands


def brute_force_crib_ev(cards, throw):
    unseen = [c for c in DECK if c not in cards]
    total = deals = 0
    for opponent in combinations(unseen, 2):
        crib = (*throw, *opponent)
        for starter in unseen:
            if starter not in opponent:
                total += show_total(crib, starter, crib=True)
                deals += 1
    assert deals == 1035 * 44
    return total / deals


def test_the_six_in_any_order_and_asked_again_give_the_same_choices():
    six = parse_cards("5H 5C 6D JS QH 2C")
    first = discard_options(six, Role.PONE)
    assert discard_options(list(reversed(six)), Role.PONE) == first
    assert discard_options(six, Role.PONE) == first
    assert discard_options(six, Role.DEALER) != first


def test_the_issue_example_for_the_dealer():
    options = discard_options(parse_cards("5H 5C 6D JS QH 2C"), Role.DEALER)
    best = options[0]
    assert sorted(c.code for c in best.keep) == ["5C", "5H", "JS", "QH"]
    assert sorted(c.code for c in best.throw) == ["2C", "6D"]
    assert best.hand_ev == pytest.approx(584 / 46)
    assert round(best.hand_ev, 4) == 12.6957
    assert round(best.crib_ev, 4) == 4.3709
    assert round(best.net_ev, 4) == 17.0666


@pytest.mark.parametrize(
    ("hand", "throw"),
    [
        ("5H 5C 6D JS QH 2C", "2C 6D"),
        ("JH JC 4H 7H 9S KD", "JH 4H"),  # a thrown jack of a suit, suited throw: nobs and flush
        ("AH 2H 3H 4H 9C KC", "2H 3H"),
    ],
)
def test_crib_value_matches_brute_force_over_every_opponent_throw_and_starter(hand, throw):
    cards = parse_cards(hand)
    options = discard_options(cards, Role.DEALER)
    (option,) = [o for o in options if set(o.throw) == set(parse_cards(throw))]
    assert option.crib_ev == pytest.approx(brute_force_crib_ev(cards, option.throw), abs=1e-12)


def test_all_15_choices_best_first():
    options = discard_options(parse_cards("AH 2H 3H 4H 9C KC"), Role.PONE)
    assert len(options) == 15
    assert len({frozenset(o.throw) for o in options}) == 15
    assert [o.net_ev for o in options] == sorted((o.net_ev for o in options), reverse=True)
    for option in options:
        assert option.net_ev == pytest.approx(option.hand_ev - option.crib_ev)


def test_discard_needs_six_distinct_cards():
    with pytest.raises(CardError, match="has 6 cards, got 5"):
        discard_options(parse_cards("AH 2H 3H 4H 9C"), Role.DEALER)


@settings(max_examples=25, deadline=None)
@given(six_card_hands)
def test_values_lie_in_range_and_both_roles_share_hand_and_crib_values(cards):
    dealer = discard_options(cards, Role.DEALER)
    pone = discard_options(cards, Role.PONE)
    by_throw = {frozenset(o.throw): o for o in pone}
    for option in dealer:
        assert 0 <= option.hand_ev <= 29 and 0 <= option.crib_ev <= 29
        assert option.net_ev == pytest.approx(option.hand_ev + option.crib_ev)
        twin = by_throw[frozenset(option.throw)]
        assert (twin.hand_ev, twin.crib_ev) == (option.hand_ev, option.crib_ev)
        assert twin.keep == option.keep


def test_a_hands_spread_over_the_46_starters():
    cards = parse_cards("5H 5C 6D JS QH 2C")
    keep, thrown = parse_cards("5H 5C JS QH"), parse_cards("6D 2C")
    spread = hand_spread(keep, thrown)
    assert len(spread.totals) == 46
    assert spread.mean == pytest.approx(discard_options(cards, Role.DEALER)[0].hand_ev)
    totals = [total for _, total in spread.totals]
    assert totals == sorted(totals, reverse=True)
    assert (spread.worst, spread.best) == (min(totals), max(totals))
    best_total, best_starters = spread.top_starters()[0]
    assert best_total == spread.best
    assert all(show_total(keep, s) == best_total for s in best_starters)
    assert spread.chance_of_at_least(12) == pytest.approx(sum(t >= 12 for t in totals) / 46)


def test_a_spread_needs_four_kept_from_six_distinct():
    with pytest.raises(CardError):
        hand_spread(parse_cards("5H 5C JS QH"), parse_cards("5H 2C"))
