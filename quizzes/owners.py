"""Who a deal belongs to: a signed-in player, or a guest known by their browser session.

A guest's key is a random token kept in the session data rather than the session key
itself, because logging in gives the session a new key (Django's protection against
session fixation) and the guest's attempts must still be found to move them over.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

GUEST_KEY = "guest_key"


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
    return Owner(guest_key=key)
