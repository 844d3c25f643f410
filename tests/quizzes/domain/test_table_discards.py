"""The discard quiz at a table of three or four: five dealt, one thrown, graded against the
best of the five for the seat."""

import random

import pytest

from cribbage.cards import parse_cards
from cribbage.discard import Role, discard_options
from cribbage.review import decision_class
from cribbage.seating import Seating
from quizzes.domain.discards import (
    BEST_MARGIN,
    deal_table_discard,
    grade_discard,
    grade_table_discard,
    role_of_seat,
)
from quizzes.domain.patterns import Pattern

FIVE = parse_cards("5H 5D JS 4C KD")


def test_the_best_throw_is_best_and_loses_nothing():
    grade = grade_table_discard(FIVE, 4, Role.PARTNER, parse_cards("4C"))
    assert grade.is_best and grade.loss == 0 and grade.rank == 1
    assert grade.role is Role.DEALER
    assert decision_class(grade.loss) == decision_class(0.0)


def test_a_five_thrown_to_an_opponents_crib_is_the_five_to_the_dealer_mistake():
    grade = grade_table_discard(FIVE, 3, Role.OPPONENT, parse_cards("5H"))
    options = discard_options(FIVE, Role.OPPONENT, players=3)
    assert grade.options == options
    assert grade.loss == pytest.approx(options[0].net_ev - grade.chosen.net_ev)
    assert grade.loss > 5
    assert grade.rank == 5
    assert Pattern.DISCARD_FIVE_TO_DEALER in grade.mistakes
    # The crib loss is what the five gives the dealer; the hand loss, the fives broken up.
    assert grade.crib_loss == pytest.approx(grade.chosen.crib_ev - options[0].crib_ev)
    assert grade.hand_loss + grade.crib_loss == pytest.approx(grade.loss)
    assert decision_class(grade.loss) != decision_class(0.0)


def test_the_dealer_splitting_the_fives_splits_a_pair_but_gives_nothing_away():
    grade = grade_table_discard(FIVE, 3, Role.DEALER, parse_cards("5D"))
    assert Pattern.DISCARD_FIVE_TO_DEALER not in grade.tempting
    assert Pattern.DISCARD_SPLIT_PAIR in grade.mistakes


def test_seats_grade_like_the_two_player_seat_that_owns_or_gives_the_crib():
    assert role_of_seat(Role.DEALER) is Role.DEALER
    assert role_of_seat(Role.PARTNER) is Role.DEALER
    assert role_of_seat(Role.OPPONENT) is Role.PONE


def test_the_two_player_grade_is_unchanged():
    six = parse_cards("5H 5C 6D JS QH 2C")
    grade = grade_discard(six, Role.PONE, parse_cards("5H 5C"))
    assert set(grade.mistakes) >= {Pattern.DISCARD_FIVE_TO_DEALER, Pattern.DISCARD_PAIR_TO_DEALER}
    assert len(grade.options) == 15


@pytest.mark.parametrize("players", [3, 4])
def test_a_deal_is_five_cards_and_a_seat_the_table_has(players):
    rng = random.Random(f"table:{players}")
    seats = set()
    for _ in range(40):
        five, seat, options = deal_table_discard(rng, players)
        assert len(set(five)) == 5 and list(five) == sorted(five)
        assert options == discard_options(five, seat, players=players)
        seats.add(seat)
    expected = set(Seating(players).roles)
    assert seats == expected


def test_near_ties_count_as_best():
    options = discard_options(FIVE, Role.OPPONENT, players=4)
    second = options[1]
    grade = grade_table_discard(FIVE, 4, Role.OPPONENT, second.throw, options)
    assert grade.is_best == (options[0].net_ev - second.net_ev <= BEST_MARGIN)
