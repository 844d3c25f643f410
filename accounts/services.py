"""Writes that span models: deleting an account."""

from __future__ import annotations

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.db import transaction

from cribtrainer.sessions import sessions_end


def account_delete(*, user) -> None:
    """Delete an account and every row that names the player: their deals, attempts and
    review queue (by cascade), django-axes' records of their log-ins and failed log-ins
    (username, addresses, browsers, times), and their sessions on every device: all of it
    or, if anything fails, none. The sessions are found by the account stored with each
    (cribtrainer.sessions), so no other player's is read or locked."""
    username = user.get_username()
    with transaction.atomic():
        sessions_end(user.pk)
        for model in (AccessAttempt, AccessLog, AccessFailureLog):
            model.objects.filter(username=username).delete()
        user.delete()
