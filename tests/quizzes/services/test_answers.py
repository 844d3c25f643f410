"""Recording an answer once, with its marks and the review queue, and the answer to
"Which did you miss?"."""

from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.utils import timezone

from quizzes.domain.marking import Answer
from quizzes.domain.patterns import Category, Pattern
from quizzes.models import Attempt, AttemptPattern, ReviewItem
from quizzes.services.answers import attempt_explain, attempt_record
from quizzes.services.guests import attempts_merge
from tests.factories import AttemptFactory, DealFactory, UserFactory
from tests.quizzes.services.answering import pattern_figures

pytestmark = pytest.mark.django_db


def test_attempt_record_marks_and_saves_the_patterns():
    now = timezone.now()
    deal = DealFactory(dealt_at=now - timedelta(seconds=12))
    attempt, created = attempt_record(deal=deal, answer=Answer(total=28), now=now)
    assert created
    assert (attempt.claimed, attempt.points, attempt.right) == (28, 29, False)
    assert attempt.seconds == pytest.approx(12)
    # One short on the 29 hand: only nobs explains it, and the rest was counted right.
    marks = dict(AttemptPattern.objects.filter(attempt=attempt).values_list("pattern", "missed"))
    assert marks == {
        "fifteen-2": False,
        "fifteen-3": False,
        "double-pair-royal": False,
        "nobs": True,
    }
    assert attempt.explained == ("one for his nobs",)
    assert list(ReviewItem.objects.filter(user=deal.user).values_list("pattern", flat=True)) == [
        "nobs"
    ]
    (standing,) = attempt.queue
    assert (standing["pattern"], standing["due_now"], standing["moved"]) == (
        Pattern.NOBS,
        True,
        True,
    )


def queued(user) -> set[str]:
    return set(ReviewItem.objects.filter(user=user).values_list("pattern", flat=True))


def test_over_claiming_a_crib_four_flush_queues_only_that_rule():
    deal = DealFactory(hand="2H 4H 6H 8H", starter="KC", crib=True)
    total = deal.show.total
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=total + 4), now=timezone.now())
    assert not attempt.right
    assert queued(deal.user) == {"crib-four-flush"}
    marks = dict(attempt.pattern_marks.values_list("pattern", "missed"))
    assert marks["crib-four-flush"] is True
    assert all(missed is False for pattern, missed in marks.items() if pattern != "crib-four-flush")


def test_a_miss_several_things_explain_asks_and_queues_only_the_answer():
    # 4-4-5-6 + 9: fifteens 6 (two of three cards, one of two) and a double run 8. Two short
    # could be either fifteen, or the pair inside the double run.
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    now = timezone.now()
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=12), now=now)
    assert queued(deal.user) == set()
    assert set(attempt.pattern_marks.values_list("missed", flat=True)) == {None}
    question = attempt.question
    assert question.short and question.points == 2
    whats = [choice.what for choice in question.choices]
    assert "the pair of fours in the double run of three" in whats
    pair = whats.index("the pair of fours in the double run of three")

    attempt = attempt_explain(attempt=attempt, choice=pair, now=now)
    assert attempt.question is None
    assert queued(deal.user) == {"double-run"}
    marks = dict(attempt.pattern_marks.values_list("pattern", "missed"))
    assert marks == {"fifteen-2": False, "fifteen-3": False, "double-run": True}
    # Answered once: another answer changes nothing.
    attempt_explain(attempt=attempt, choice=0, now=now)
    assert queued(deal.user) == {"double-run"}


def test_skipping_the_question_records_nothing():
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=12), now=timezone.now())
    attempt = attempt_explain(attempt=attempt, choice=None, now=timezone.now())
    assert attempt.question is None
    assert queued(deal.user) == set()
    assert set(attempt.pattern_marks.values_list("missed", flat=True)) == {None}


def test_a_miss_nothing_explains_stays_out_of_the_queue():
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")  # 14
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=3), now=timezone.now())
    assert attempt.question is None and attempt.explained == ()
    assert queued(deal.user) == set()


def test_nineteen_is_right_for_a_hand_of_nothing_only():
    nothing = DealFactory(hand="2C 4D 6S 8H", starter="KC")
    attempt, _ = attempt_record(deal=nothing, answer=Answer(total=19), now=timezone.now())
    assert attempt.right and attempt.nineteen
    something = DealFactory(hand="2C 3D 6S 8H", starter="9C")  # 6-9: fifteen 2
    attempt, _ = attempt_record(deal=something, answer=Answer(total=19), now=timezone.now())
    assert not attempt.right
    assert attempt.explained == ("a fifteen of two cards: 6♠ 9♣",)


def test_a_second_answer_to_a_deal_returns_the_first():
    deal = DealFactory()
    first, _ = attempt_record(deal=deal, answer=Answer(total=29), now=timezone.now())
    again, created = attempt_record(deal=deal, answer=Answer(total=3), now=timezone.now())
    assert not created
    assert again.pk == first.pk
    assert again.claimed == 29
    assert Attempt.objects.count() == 1


def test_the_database_refuses_a_second_attempt_at_a_deal():
    attempt = AttemptFactory()
    with pytest.raises(IntegrityError):
        AttemptFactory(deal=attempt.deal)


def test_an_itemised_attempt_keeps_its_items():
    deal = DealFactory(hand="3C 4D 4H 5S", starter="KC")
    answer = Answer.itemised({Category.FIFTEENS: 2, Category.PAIRS: 2, Category.RUNS: 3})
    attempt, _ = attempt_record(deal=deal, answer=answer, now=timezone.now())
    assert (attempt.style, attempt.fifteens, attempt.runs, attempt.claimed) == ("itemised", 2, 3, 7)
    assert attempt.answer == answer
    missed = AttemptPattern.objects.filter(attempt=attempt, missed=True)
    assert list(missed.values_list("pattern", flat=True)) == ["double-run"]


@pytest.mark.parametrize(
    "split",
    [
        {Category.FIFTEENS: 6, Category.RUNS: 8},
        {Category.FIFTEENS: 6, Category.PAIRS: 2, Category.RUNS: 6},
    ],
)
def test_a_double_run_may_be_counted_with_its_pair_or_under_pairs(split):
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    attempt, _ = attempt_record(deal=deal, answer=Answer.itemised(split), now=timezone.now())
    assert attempt.right
    assert set(attempt.pattern_marks.values_list("missed", flat=True)) == {False}


def test_an_answer_to_a_deal_that_moved_meanwhile_goes_to_the_account():
    user = UserFactory()
    found = DealFactory(user=None, guest_key="guest-1")  # as the answer's request found it
    attempts_merge(from_session="guest-1", to_user=user)  # the same browser logged in
    attempt, created = attempt_record(deal=found, answer=Answer(total=2), now=timezone.now())
    assert created
    assert (attempt.user, attempt.guest_key) == (user, "")
    assert ReviewItem.objects.filter(user=user).exists()
    assert not ReviewItem.objects.filter(user__isnull=True).exists()
    assert not Attempt.objects.filter(user__isnull=True).exists()


def test_an_explained_miss_counts_the_marks_it_settles_once():
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    owner = deal.owner
    now = timezone.now()
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=12), now=now)
    assert pattern_figures(owner) == {}
    pair = [c.what for c in attempt.question.choices].index(
        "the pair of fours in the double run of three"
    )
    attempt_explain(attempt=attempt, choice=pair, now=now)
    settled = {"fifteen-2": (1, 0), "fifteen-3": (1, 0), "double-run": (1, 1)}
    assert pattern_figures(owner) == settled
    attempt_explain(attempt=attempt, choice=0, now=now)
    assert pattern_figures(owner) == settled
