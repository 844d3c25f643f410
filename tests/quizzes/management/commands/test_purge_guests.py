from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.utils import timezone

from quizzes.models import Attempt, AttemptPattern, Deal, ReviewItem
from tests.factories import AttemptFactory, AttemptPatternFactory, DealFactory, ReviewItemFactory

pytestmark = pytest.mark.django_db


def days_ago(days):
    return timezone.now() - timedelta(days=days)


@pytest.fixture
def players():
    """A guest gone for 100 days, one who answered 10 days ago an old deal, one who only
    reviewed lately, a player gone for a year; a live and an expired session."""
    gone = AttemptFactory(
        deal=DealFactory(user=None, guest_key="gone", dealt_at=days_ago(100)),
        answered_at=days_ago(100),
    )
    AttemptPatternFactory(attempt=gone)
    ReviewItemFactory(user=None, guest_key="gone", updated_at=days_ago(100))
    AttemptFactory(
        deal=DealFactory(user=None, guest_key="answered", dealt_at=days_ago(120)),
        answered_at=days_ago(10),
    )
    ReviewItemFactory(user=None, guest_key="reviewed", updated_at=days_ago(5))
    DealFactory(user=None, guest_key="reviewed", dealt_at=days_ago(200))
    AttemptFactory(deal=DealFactory(dealt_at=days_ago(365)), answered_at=days_ago(365))
    live, expired = SessionStore(), SessionStore()
    live.create()
    expired.set_expiry(-1)
    expired.create()
    return live.session_key


def purge(*args):
    out = StringIO()
    call_command("purge_guests", *args, stdout=out)
    return out.getvalue().strip()


def test_a_dry_run_counts_and_deletes_nothing(players):
    before = [Deal.objects.count(), Attempt.objects.count(), ReviewItem.objects.count()]
    assert purge("--dry-run") == (
        "Would delete 1 guest inactive for 90 days: 1 deals, 1 attempts, 1 review items; "
        "and 1 expired sessions."
    )
    after = [Deal.objects.count(), Attempt.objects.count(), ReviewItem.objects.count()]
    assert before == after
    assert Session.objects.count() == 2


def test_inactive_guests_go_with_their_data_and_the_expired_sessions(players):
    assert purge().startswith("Deleted 1 guest")
    assert not Deal.objects.filter(guest_key="gone").exists()
    assert not ReviewItem.objects.filter(guest_key="gone").exists()
    assert not AttemptPattern.objects.filter(attempt__guest_key="gone").exists()
    assert set(Deal.objects.values_list("guest_key", flat=True)) == {"answered", "reviewed", ""}
    assert Attempt.objects.filter(user__isnull=False).count() == 1  # players are kept
    assert list(Session.objects.values_list("session_key", flat=True)) == [players]


def test_days_sets_how_long_is_inactive(players):
    assert purge("--days", "7").startswith("Deleted 2 guests")
    assert set(Deal.objects.values_list("guest_key", flat=True)) == {"reviewed", ""}


@pytest.mark.parametrize("days", ["0", "-3"])
def test_days_must_be_at_least_one(days):
    with pytest.raises(CommandError, match="--days must be at least 1"):
        call_command("purge_guests", "--days", days)
