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


def test_an_over_claim_is_asked_which_item_was_not_there_and_answered_queues_nothing():
    from quizzes.services.answers import attempt_explain

    attempt = claim(Answer(total=10))  # 8 in the cards
    question = attempt.question
    assert question.prompt == "Which did you count wrongly? You added 2 points too many."
    assert [choice.what for choice in question.choices[:2]] == [
        "a fifteen that is not there",
        "a pair that is not there",
    ]
    answered = attempt_explain(attempt=attempt, choice=0, now=timezone.now())
    assert answered.question is None
    assert answered.explained[-1] == "a fifteen that is not there"
    assert answered.marks["queued"] is False
    # The count's own patterns were counted: none of them is marked missed.
    assert not answered.pattern_marks.filter(missed=True).exists()
    assert not answered.pattern_marks.filter(missed=None).exists()


def test_an_itemised_over_claim_is_asked_about_the_items_typed():
    attempt = claim(Answer.itemised({Category.FIFTEENS: 8, Category.PAIRS: 2}))
    assert attempt.question.choices[0].what == "fifteens 8: the cards have 6"


def test_a_hand_of_nothing_over_claimed_is_asked_what_was_not_there():
    now = timezone.now()
    attempt = game_count_record(
        owner=Owner(user=UserFactory()),
        hand=tuple(parse_cards("2H 4C 8D TS")),
        starter=parse_card("KD"),
        crib=False,
        answer=Answer(total=2),
        dealt_at=now,
        now=now,
        source={"game": 1, "deal": 1},
    )
    assert [choice.what for choice in attempt.question.choices] == [
        "a fifteen that is not there",
        "a pair that is not there",
    ]
