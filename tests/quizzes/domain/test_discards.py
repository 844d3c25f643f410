import random

import pytest

from cribbage.cards import parse_cards
from cribbage.discard import CribModel, Role, discard_options
from quizzes.domain.discards import BEST_MARGIN, deal_discard, grade_discard, tempting
from quizzes.domain.patterns import Pattern

P = Pattern


def grade(six: str, role: Role, throw: str):
    return grade_discard(parse_cards(six), role, parse_cards(throw))


def test_the_best_throw_loses_nothing():
    graded = grade("5H 5C 6D JS QH 2C", Role.DEALER, "6D 2C")
    assert graded.is_best and graded.rank == 1
    assert (graded.loss, graded.mistakes) == (0, ())


def test_the_quiz_grades_with_a_good_players_throws_to_the_crib():
    six = parse_cards("7S 8D QC KC 3D QD")
    graded = grade_discard(six, Role.PONE, parse_cards("7S 8D"))
    assert graded.crib_model is CribModel.GOOD
    assert graded.options == discard_options(six, Role.PONE, CribModel.GOOD)
    at_random = grade_discard(six, Role.PONE, parse_cards("7S 8D"), crib_model=CribModel.RANDOM)
    assert at_random.options == discard_options(six, Role.PONE)
    # A 7-8 given to the dealer costs more when the dealer throws like a good player.
    assert graded.chosen.crib_ev > at_random.chosen.crib_ev


def test_the_loss_splits_into_hand_and_crib():
    graded = grade("5H 5C 6D JS QH 2C", Role.PONE, "5H 5C")
    assert graded.loss == pytest.approx(graded.hand_loss + graded.crib_loss)
    assert graded.loss > 1
    assert not graded.is_best


def test_a_near_tie_counts_as_best():
    # As dealer, throwing A-Q keeps 0.04 points less than the best throw: as good as best.
    six = "AD AH 6S 8H 8S QH"
    runner_up = grade(six, Role.DEALER, "AD QH")
    assert runner_up.rank == 2
    assert 0 < runner_up.loss <= BEST_MARGIN
    assert runner_up.is_best
    assert not grade(six, Role.DEALER, "8H 8S").is_best


@pytest.mark.parametrize(
    ("six", "role", "throw", "mistake"),
    [
        ("5H 9C TD JS QH 2C", Role.PONE, "5H 2C", P.DISCARD_FIVE_TO_DEALER),
        ("7H 7C 2D 3S 9H KC", Role.PONE, "7H 7C", P.DISCARD_PAIR_TO_DEALER),
        ("7H 8C 2D 3S JH KC", Role.PONE, "7H 8C", P.DISCARD_FIFTEEN_TO_DEALER),
        ("9H 9C 6D 3S AH KC", Role.DEALER, "9H KC", P.DISCARD_SPLIT_PAIR),
    ],
)
def test_recognisable_mistakes_are_named(six, role, throw, mistake):
    graded = grade(six, role, throw)
    assert not graded.is_best
    assert mistake in graded.mistakes
    assert mistake in graded.tempting


def test_keeping_the_best_hand_but_giving_the_crib_away_ignores_the_crib():
    # As pone, keeping the most points in hand can hand the dealer a big crib.
    rng = random.Random(5)
    for _ in range(200):
        six, role, options = deal_discard(rng, pattern=P.DISCARD_CRIB_IGNORED)
        if P.DISCARD_CRIB_IGNORED in tempting(six, role, options):
            best_hand = max(options, key=lambda o: o.hand_ev)
            graded = grade_discard(six, role, best_hand.throw, options)
            if not graded.is_best:
                assert P.DISCARD_CRIB_IGNORED in graded.mistakes
                return
    pytest.fail("no deal tempted the player to ignore the crib")


def test_a_mistake_costing_nothing_is_not_a_mistake():
    graded = grade("5H 5C 6D JS QH 2C", Role.DEALER, "6D 2C")
    assert graded.mistakes == ()


@pytest.mark.parametrize("pattern", [p for p in Pattern if p.value.startswith("discard-")])
def test_a_deal_for_a_mistake_tempts_it(pattern):
    rng = random.Random(pattern.value)
    six, role, options = deal_discard(rng, pattern=pattern)
    assert len(set(six)) == 6
    assert pattern in tempting(six, role, options)
    assert options == discard_options(six, role, CribModel.GOOD)
