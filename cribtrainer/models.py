from importlib import import_module

from django.conf import settings
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
        # The engine in use (``cribtrainer.sessions``), named by the settings: it reads this
        # model, so the model does not import it back.
        return import_module(settings.SESSION_ENGINE).SessionStore
