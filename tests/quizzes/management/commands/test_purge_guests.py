from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from cribtrainer.models import PlayerSession as Session
from cribtrainer.sessions import SessionStore
from games.models import Game, Scoreboard, ScoreboardChange
from quizzes.models import Attempt, AttemptPattern, Deal, ReviewItem
from tests.factories import (
    AttemptFactory,
    AttemptPatternFactory,
    DealFactory,
    GameFactory,
    ReviewItemFactory,
    ScoreboardFactory,
)

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
        "Would delete 1 guest inactive for 90 days: 1 deals, 1 attempts, 1 review items, "
        "0 games, 0 matches, 0 scoreboards; and 1 expired sessions."
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


# --- a guest is judged by their latest activity of any kind ---------------------------


@pytest.fixture
def gamers():
    """One guest playing a game now with a quiz history 10 days old; one answering today
    with a game last moved 10 days ago; one whose game and quizzes are both 10 days old."""
    for key, quiz_days, game_days in [("playing", 10, 0), ("quizzing", 0, 10), ("idle", 10, 10)]:
        AttemptFactory(
            deal=DealFactory(user=None, guest_key=key, dealt_at=days_ago(quiz_days)),
            answered_at=days_ago(quiz_days),
        )
        GameFactory(user=None, guest_key=key, updated_at=days_ago(game_days))


def test_a_guest_active_in_games_keeps_their_quizzes_and_the_other_way_round(gamers):
    assert purge("--days", "7") == (
        "Deleted 1 guest inactive for 7 days: 1 deals, 1 attempts, 0 review items, "
        "1 games, 0 matches, 0 scoreboards; and 0 expired sessions."
    )
    assert set(Deal.objects.values_list("guest_key", flat=True)) == {"playing", "quizzing"}
    assert set(Attempt.objects.values_list("guest_key", flat=True)) == {"playing", "quizzing"}
    assert set(Game.objects.values_list("guest_key", flat=True)) == {"playing", "quizzing"}


def test_a_dry_run_counts_the_games_it_would_delete(gamers):
    assert purge("--days", "7", "--dry-run") == (
        "Would delete 1 guest inactive for 7 days: 1 deals, 1 attempts, 0 review items, "
        "1 games, 0 matches, 0 scoreboards; and 0 expired sessions."
    )
    assert Game.objects.count() == 3


def test_a_purge_that_fails_half_way_deletes_nothing(gamers, monkeypatch):
    """The expired sessions go last: if that fails, the guests' rows deleted before it are
    all back."""
    import quizzes.services.guests

    class Sessions:
        def filter(self, **lookup):
            return self

        def count(self):
            return 0

        def delete(self):
            raise RuntimeError("the disk is full")

    monkeypatch.setattr(quizzes.services.guests.PlayerSession, "objects", Sessions())
    with pytest.raises(RuntimeError):
        purge("--days", "7")
    assert Deal.objects.count() == Attempt.objects.count() == Game.objects.count() == 3


def test_a_guest_keeping_score_at_a_table_is_kept_and_a_gone_ones_board_goes(gamers):
    """The idle guest scored a real game today; another only scored one 10 days ago."""
    for key, days in [("idle", 0), ("scored", 10)]:
        board = ScoreboardFactory(user=None, guest_key=key, updated_at=days_ago(days))
        ScoreboardChange.objects.create(
            board=board, version=1, action={"type": "peg", "seat": 0, "what": "go", "points": 1}
        )
    assert purge("--days", "7") == (
        "Deleted 1 guest inactive for 7 days: 0 deals, 0 attempts, 0 review items, "
        "0 games, 0 matches, 1 scoreboards; and 0 expired sessions."
    )
    assert list(Scoreboard.objects.values_list("guest_key", flat=True)) == ["idle"]
    assert set(Game.objects.values_list("guest_key", flat=True)) == {"playing", "quizzing", "idle"}
    assert list(ScoreboardChange.objects.values_list("board__guest_key", flat=True)) == ["idle"]
