"""A count claimed in a game is kept like a quiz's answer, with its "Which did you miss?"."""

import pytest
from django.utils import timezone

from cribbage.cards import parse_card, parse_cards
from quizzes.domain.marking import Answer
from quizzes.domain.patterns import Category
from quizzes.owners import Owner
from quizzes.services.game_records import game_count_record
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def claim(answer: Answer):
    now = timezone.now()
    return game_count_record(
        owner=Owner(user=UserFactory()),
        hand=tuple(parse_cards("2C 2D 6H 7S")),
        starter=parse_card("9D"),
        crib=False,
        answer=answer,
        dealt_at=now,
        now=now,
        source={"game": 1, "deal": 1},
    )


def test_an_itemised_claim_with_the_total_right_is_not_asked_which_was_missed():
    # Fifteens 6 and a pair 2, claimed as fifteens 4 and pairs 4: 8, nothing missed.
    attempt = claim(Answer.itemised({Category.FIFTEENS: 4, Category.PAIRS: 4}))
    assert (attempt.claimed, attempt.points, attempt.right) == (8, 8, False)
    assert attempt.question is None


def test_a_short_claim_is_asked_which_was_missed():
    attempt = claim(Answer(total=6))
    assert attempt.question.prompt == "Which did you miss? You left out 2 points."
