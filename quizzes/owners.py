"""Who a deal belongs to: a signed-in player, or a guest known by their browser session.

A guest's key is a random token kept in the session data rather than the session key
itself, because logging in gives the session a new key (Django's protection against
session fixation) and the guest's attempts must still be found to move them over.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from hashlib import sha256
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest

GUEST_KEY = "guest_key"
# Said once, when a guest is first dealt a hand or starts a game, in one line on a phone
# so that the first hand stays in view: _messages.html adds the link to sign up, and the
# sign-up page says the rest (how long, and that everything comes with them).
GUEST_NOTICE = "Kept in this browser only."
GUEST_TAG = "guest"


@dataclass(frozen=True, slots=True)
class Owner:
    user: Any = None
    guest_key: str = ""

    @property
    def lookup(self) -> dict[str, Any]:
        """Filter arguments for rows owned by this player."""
        if self.user is not None:
            return {"user": self.user}
        return {"user__isnull": True, "guest_key": self.guest_key}

    @property
    def fields(self) -> dict[str, Any]:
        """Field values for a new row owned by this player."""
        return {"user": self.user, "guest_key": self.guest_key}


def owner_of(request: HttpRequest, *, create: bool = False) -> Owner | None:
    """The player making the request; a guest gets a key only when ``create`` is set.

    None for a guest who has never been dealt a hand: they own nothing.
    """
    if request.user.is_authenticated:
        return Owner(user=request.user)
    key = request.session.get(GUEST_KEY)
    if not key:
        if not create:
            return None
        key = secrets.token_urlsafe(24)
        request.session[GUEST_KEY] = key
        messages.info(request, GUEST_NOTICE, extra_tags=GUEST_TAG, fail_silently=True)
    return Owner(guest_key=key)


def guest_notice_withdraw(request: HttpRequest) -> None:
    """The guest notice, if not shown yet, is not for a player who has just logged in."""
    storage = messages.get_messages(request)
    kept = [message for message in storage if message.message != GUEST_NOTICE]
    for message in kept:
        messages.add_message(request, message.level, message.message, message.extra_tags)


# How long requests a browser sent before it logged in still find the deals it had as a guest.
MOVED_FOR = timedelta(minutes=10)


def _moved_key(session_key: str) -> str:
    return "guest-deals-moved:" + sha256(session_key.encode()).hexdigest()


def guest_deals_moved(request: HttpRequest, *, user, deals: list[int]) -> None:
    """Remember for a while that the deals of the guest session this request came with are
    ``user``'s from now on; said just before the log-in that moves them. Logging in gives
    the session a new key and deletes the old one, so a request the browser sent before the
    log-in finished (an answer in another tab) comes with a cookie whose session is gone:
    ``deal_moved`` finds its deal through it, whether the move is done yet or not."""
    old = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if old:
        value = {"user": user.pk, "deals": list(deals)}
        cache.set(_moved_key(old), value, MOVED_FOR.total_seconds())


def deal_moved(request: HttpRequest, pk: int) -> int | None:
    """The account the deal ``pk`` moved to, if it was a deal of the guest session whose
    cookie this request carries when that browser logged in (the cookie is the proof)."""
    old = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    moved = cache.get(_moved_key(old)) if old else None
    if moved and pk in moved["deals"]:
        return moved["user"]
    return None
