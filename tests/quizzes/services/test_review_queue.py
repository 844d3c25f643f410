"""The review queue: each missed pattern a card that FSRS schedules, a right answer while
due rated Good, a miss rated Again."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone
from fsrs import Card, Rating, State

from quizzes.domain.marking import Answer
from quizzes.domain.patterns import Pattern
from quizzes.domain.spacing import SCHEDULER, Memory
from quizzes.models import ReviewItem
from quizzes.owners import Owner
from quizzes.progress import first_due_pattern, review_queue
from quizzes.services.answers import attempt_record
from quizzes.services.review_queue import review_queue_update
from tests.factories import DealFactory, UserFactory

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def reviewed(user, pattern="double-run", **memory) -> ReviewItem:
    """A pattern in the queue, counted right once after its miss, due at ``NOW``."""
    card = Card(
        card_id=0,
        state=State.Review,
        step=None,
        stability=3.0,
        difficulty=6.4,
        due=NOW,
        last_review=NOW - timedelta(days=3),
    )
    item = ReviewItem(user=user, pattern=pattern, misses=1)
    item.memory = Memory.of(card)
    for name, value in memory.items():
        setattr(item, name, value)
    item.save()
    return item


def test_a_right_answer_while_due_is_rated_good_and_fsrs_sets_the_next_date():
    user = UserFactory()
    item = reviewed(user)
    expected, _ = SCHEDULER.review_card(item.memory.card(), Rating.Good, NOW)
    deal = DealFactory(user=user, hand="3C 4D 4H 5S", starter="KC")
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=10), now=NOW)
    item.refresh_from_db()
    assert item.memory == Memory.of(expected)
    assert (item.state, item.last_review, item.misses) == (State.Review, NOW, 1)
    assert item.due_at > NOW + timedelta(days=3)
    (standing,) = attempt.queue
    assert standing == {
        "pattern": Pattern.DOUBLE_RUN,
        "due_at": item.due_at,
        "due_now": False,
        "moved": True,
    }


def test_a_miss_is_rated_again_and_due_at_once():
    owner = Owner(user=UserFactory())
    item = reviewed(owner.user, due_at=NOW + timedelta(days=2))
    expected, _ = SCHEDULER.review_card(item.memory.card(), Rating.Again, NOW)
    (standing,) = review_queue_update(owner=owner, marks={Pattern.DOUBLE_RUN: True}, now=NOW)
    item.refresh_from_db()
    assert item.memory == Memory.of(expected)
    assert (item.state, item.due_at, item.misses) == (State.Relearning, NOW, 2)
    assert item.stability < 3
    assert item.is_due(NOW)
    assert (standing["due_now"], standing["moved"]) == (True, True)


def test_a_pattern_missed_the_first_time_is_a_new_card_rated_again():
    owner = Owner(user=UserFactory())
    (standing,) = review_queue_update(owner=owner, marks={Pattern.NOBS: True}, now=NOW)
    item = ReviewItem.objects.get(user=owner.user)
    expected, _ = SCHEDULER.review_card(Card(card_id=0, due=NOW), Rating.Again, NOW)
    assert item.memory == Memory.of(expected)
    assert (item.pattern, item.misses, item.last_review) == ("nobs", 1, NOW)
    assert standing == {
        "pattern": "nobs",
        "due_at": NOW.isoformat(),
        "due_now": True,
        "moved": True,
    }


def test_a_right_answer_before_it_is_due_leaves_the_card_as_it_was():
    owner = Owner(user=UserFactory())
    item = reviewed(owner.user, due_at=NOW + timedelta(days=1))
    before = item.memory
    (standing,) = review_queue_update(owner=owner, marks={Pattern.DOUBLE_RUN: False}, now=NOW)
    item.refresh_from_db()
    assert item.memory == before
    assert (standing["due_now"], standing["moved"]) == (False, False)


def test_the_queue_is_in_fsrs_order_the_soonest_due_first():
    owner = Owner(user=UserFactory())
    review_queue_update(owner=owner, marks={Pattern.NOBS: True}, now=NOW - timedelta(days=2))
    reviewed(owner.user, "pair", due_at=NOW + timedelta(days=30))
    reviewed(owner.user, "heels", due_at=NOW - timedelta(hours=1))
    reviewed(owner.user, "triple-run", due_at=NOW + timedelta(days=1))
    queue = review_queue(owner, NOW)
    assert [item.pattern for item in queue.due] == ["nobs", "heels"]
    assert [item.pattern for item in queue.later] == ["triple-run", "pair"]
    assert first_due_pattern(owner, NOW) == Pattern.NOBS
    # Counted right now, nobs goes where FSRS puts it: after the triple run, before the pair.
    (standing,) = review_queue_update(owner=owner, marks={Pattern.NOBS: False}, now=NOW)
    nobs = ReviewItem.objects.get(user=owner.user, pattern="nobs")
    assert NOW + timedelta(days=1) < nobs.due_at < NOW + timedelta(days=30)
    assert standing["due_at"] == nobs.due_at.isoformat()
    queue = review_queue(owner, NOW)
    assert [item.pattern for item in queue.items] == ["heels", "triple-run", "nobs", "pair"]
    assert first_due_pattern(owner, NOW) == Pattern.HEELS


def test_patterns_due_at_the_same_moment_come_weakest_first():
    owner = Owner(user=UserFactory())
    reviewed(owner.user, "pair", stability=9.0)
    reviewed(owner.user, "nobs", stability=2.0)
    assert first_due_pattern(owner, NOW) == Pattern.NOBS


def test_each_item_carries_fsrs_retrievability_now():
    owner = Owner(user=UserFactory())
    item = reviewed(owner.user)
    (shown,) = review_queue(owner, NOW).items
    assert shown.chance == SCHEDULER.get_card_retrievability(item.memory.card(), NOW)
    assert 0.85 < shown.chance < 0.95


def test_a_time_from_the_clock_is_taken_as_fsrs_needs_it():
    owner = Owner(user=UserFactory())
    review_queue_update(owner=owner, marks={Pattern.NOBS: True}, now=timezone.now())
    assert ReviewItem.objects.get(user=owner.user).stability is not None
