"""A guest's practice merged into an account, and purged guests."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.domain.marking import Answer
from quizzes.domain.spacing import State
from quizzes.models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from quizzes.owners import Owner
from quizzes.services.answers import attempt_record
from quizzes.services.guests import attempts_merge, guests_purge
from tests.factories import AttemptFactory, DealFactory, UserFactory
from tests.quizzes.services.answering import answer_something, count, pattern_figures, show_figures

pytestmark = pytest.mark.django_db


def test_merge_moves_a_guests_attempts_and_queue_without_duplicates():
    now = timezone.now()
    user = UserFactory()
    ReviewItem.objects.create(
        user=user,
        pattern="nobs",
        due_at=now + timedelta(days=2),
        state=State.Review,
        step=None,
        stability=3.0,
        difficulty=6.4,
        last_review=now - timedelta(days=1),
    )
    guest_deal = DealFactory(user=None, guest_key="guest-1")
    attempt_record(deal=guest_deal, answer=Answer(total=2), now=now)
    other_guest = AttemptFactory(deal=DealFactory(user=None, guest_key="guest-2"))

    assert attempts_merge(from_session="guest-1", to_user=user) == 1
    assert attempts_merge(from_session="guest-1", to_user=user) == 0

    assert list(Attempt.objects.filter(user=user)) == [guest_deal.attempt]
    assert Deal.objects.get(pk=guest_deal.pk).user == user
    assert Attempt.objects.get(pk=other_guest.pk).guest_key == "guest-2"
    items = ReviewItem.objects.filter(user=user)
    assert items.count() == 4
    nobs = items.get(pattern="nobs")
    # The guest's miss just now is the weaker card, and the one kept: due at once.
    assert (nobs.state, nobs.due_at, nobs.last_review, nobs.misses) == (State.Learning, now, now, 1)
    assert nobs.stability < 3
    assert not ReviewItem.objects.filter(guest_key="guest-1").exists()


def test_a_merge_works_the_record_out_again_from_both_histories_in_saved_order():
    now = timezone.now()
    user = UserFactory()
    count(DealFactory(user=user), True, now)
    count(DealFactory(user=user), True, now)
    guest_deal = DealFactory(user=None, guest_key="guest-1")
    count(guest_deal, False, now)
    count(DealFactory(user=user), True, now)
    assert show_figures(Owner(guest_key="guest-1")) == (1, 0, 0, 0, 0)

    attempts_merge(from_session="guest-1", to_user=user)

    # Right, right, the guest's miss, right.
    assert show_figures(Owner(user=user)) == (4, 0, 3, 1, 2)
    assert not ShowRecord.objects.filter(guest_key="guest-1").exists()
    moved = AttemptPattern.objects.filter(attempt__deal=guest_deal)
    assert moved.exists()
    assert set(moved.values_list("user", "guest_key")) == {(user.pk, "")}


def test_a_purged_guest_leaves_no_record():
    old = timezone.now() - timedelta(days=30)
    count(DealFactory(user=None, guest_key="gone", dealt_at=old), True, old)
    assert ShowRecord.objects.filter(guest_key="gone").exists()
    guests_purge(inactive_for=timedelta(days=7), now=timezone.now())
    assert not ShowRecord.objects.exists()
    assert not AttemptPattern.objects.exists()


def test_a_merge_adds_the_guests_pattern_figures_to_the_accounts(rng):
    now = timezone.now()
    user = UserFactory()
    guest = Owner(guest_key="guest-1")
    for _ in range(12):
        answer_something(Owner(user=user), rng, now)
        answer_something(guest, rng, now)
    mine, theirs = pattern_figures(Owner(user=user)), pattern_figures(guest)
    assert theirs

    attempts_merge(from_session="guest-1", to_user=user)

    merged = pattern_figures(Owner(user=user))
    for pattern in {*mine, *theirs}:
        seen, missed = zip(mine.get(pattern, (0, 0)), theirs.get(pattern, (0, 0)), strict=True)
        assert merged[pattern] == (sum(seen), sum(missed))
    assert not PatternRecord.objects.filter(user__isnull=True).exists()


def test_a_purged_guest_leaves_no_pattern_figures_and_an_active_one_keeps_theirs():
    old = timezone.now() - timedelta(days=30)
    count(DealFactory(user=None, guest_key="gone", dealt_at=old), False, old)
    count(DealFactory(user=None, guest_key="here"), False, timezone.now())
    assert pattern_figures(Owner(guest_key="gone"))
    kept = pattern_figures(Owner(guest_key="here"))

    guests_purge(inactive_for=timedelta(days=7), now=timezone.now())

    assert not PatternRecord.objects.filter(guest_key="gone").exists()
    assert pattern_figures(Owner(guest_key="here")) == kept
