"""The session engine (``SESSION_ENGINE``): Django's database sessions, stored with the
account each is logged in to, so an account's sessions can be ended without reading the
others."""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore


def session_user_id(data: dict) -> int | None:
    """The account a session's data is logged in to, or None."""
    try:
        return int(data.get(SESSION_KEY))
    except (TypeError, ValueError):
        return None


class SessionStore(DatabaseStore):
    @classmethod
    def get_model_class(cls):
        from .models import PlayerSession

        return PlayerSession

    stored_expiry = None
    """When the session, as it was read, was to expire (None until it is read)."""

    def _get_session_from_db(self):
        stored = super()._get_session_from_db()
        self.stored_expiry = stored.expire_date if stored is not None else None
        return stored

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        session.user_id = session_user_id(data)
        return session


def sessions_end(user_id: int, *, keep: str | None = None) -> int:
    """End every session logged in to the account, but ``keep`` (a session key); how many
    ended."""
    sessions = SessionStore.get_model_class().objects.filter(user_id=user_id)
    if keep:
        sessions = sessions.exclude(session_key=keep)
    return sessions.delete()[0]
