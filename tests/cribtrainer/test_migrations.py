"""The move to sessions stored with their account keeps every live session: nobody is
logged out and no guest loses their practice."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as OldStore
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from cribtrainer.models import PlayerSession

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
