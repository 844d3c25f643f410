"""The move to sessions stored with their account keeps every live session: nobody is
logged out and no guest loses their practice. A database made before the squashes, by the
migrations since removed, migrates: the squashes are taken as applied, and its players keep
their passwords and sessions."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as OldStore
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from cribtrainer.models import PlayerSession
from tests.migrating import has_old_chain, migrate, old_chain_database

BEFORE = [("cribtrainer", "0001_cache_table")]


@pytest.mark.django_db(transaction=True)
def test_live_sessions_are_copied_with_their_account_and_expired_ones_are_not():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    logged_in, guest, expired = OldStore(), OldStore(), OldStore()
    logged_in.update({"_auth_user_id": "42", "_auth_user_backend": "x"})
    guest["guest_key"] = "a-guest"
    expired["guest_key"] = "gone"
    expired.set_expiry(-1)
    for store in (logged_in, guest, expired):
        store.create()

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    copied = {s.session_key: s for s in PlayerSession.objects.all()}
    assert set(copied) == {logged_in.session_key, guest.session_key}
    assert copied[logged_in.session_key].user_id == 42
    assert copied[guest.session_key].user_id is None
    assert copied[guest.session_key].get_decoded() == {"guest_key": "a-guest"}
    assert copied[guest.session_key].expire_date > timezone.now() + timedelta(days=13)


SQUASHES = {
    ("quizzes", "0001_squashed_0007_show_records_and_mark_owners"),
    ("games", "0001_squashed_0008_game_skill"),
}


@has_old_chain
@pytest.mark.django_db(transaction=True)
def test_a_database_made_before_the_squashes_migrates_with_its_players_sessions():
    old_chain_database()
    recorded = MigrationRecorder(connection).applied_migrations()
    assert ("quizzes", "0007_show_records_and_mark_owners") in recorded
    assert ("games", "0008_game_skill") in recorded
    assert not SQUASHES & recorded.keys()

    migrate()

    recorded = MigrationRecorder(connection).applied_migrations()
    assert recorded.keys() >= SQUASHES
    assert ("quizzes", "0008_pattern_records_and_crib_counts") in recorded
    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []
    player = User.objects.get(username="old-timer")
    assert player.check_password("old-timer's secret")
    sessions = {s.user_id: s.get_decoded() for s in PlayerSession.objects.all()}
    assert sessions.keys() == {player.pk, None}
    assert sessions[player.pk]["_auth_user_id"] == str(player.pk)
    assert sessions[None] == {"guest_key": "a-guest"}
