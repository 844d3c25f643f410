from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class PlayerSession(AbstractBaseSession):
    """A browser's session, with the account it is logged in to (None for a guest), kept on
    each save: an account's sessions are found by an index, never by decoding every one."""

    user_id = models.BigIntegerField(null=True, blank=True, db_index=True)

    class Meta(AbstractBaseSession.Meta):
        db_table = "cribtrainer_session"

    @classmethod
    def get_session_store_class(cls):
        from .sessions import SessionStore

        return SessionStore
