"""Rate limits kept in Django's cache, so every worker shares them: how many times a key (a
client's address, an account) may do something in a window of time, and the 429 page that
says when it may again.

A rate of n times in s seconds holds in every s seconds, not only in windows aligned to
multiples of s: a window's edge gives no second burst. Goes are counted in slots of a tenth
of the window, and a key is refused while the slots overlapping the last s seconds hold n,
so a go counts for s seconds and at most a tenth more (to the end of its slot). Each go is
counted in one step of the cache's (``add`` then ``incr``: cribtrainer.cache makes that one
step on the database and file caches too), so two goes at once count two. Checking and
counting are two steps, though: requests at the same instant may all get through as the
last allowed one, so a limit can be exceeded by the number of workers, never more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from hashlib import sha256

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from .clients import client_address, client_network

SLOTS = 10  # a window's slots


def now() -> datetime:
    """The clock the windows are counted on; tests set it."""
    return timezone.now()


@dataclass(frozen=True)
class Throttle:
    """One kind of limited action. Its rate is the setting named ``setting``: a pair of
    (times, seconds), read at each use."""

    name: str
    setting: str

    @property
    def rate(self) -> tuple[int, int]:
        return getattr(settings, self.setting)

    def _slots(self, at: datetime) -> tuple[float, range]:
        """How long a slot is, and the numbers of the slots that overlap the window
        ending at ``at``, the oldest first."""
        slot = self.rate[1] / SLOTS
        current = int(at.timestamp() // slot)
        return slot, range(current - SLOTS, current + 1)

    def _cache_key(self, key: str, number: int) -> str:
        return (
            f"throttle:{self.name}:{number}:"
            + sha256(f"{self.name}\0{key}".encode()).hexdigest()[:40]
        )

    def blocked_until(self, *keys: str) -> datetime | None:
        """When the keys may go again, if any of them has used its rate up; else None."""
        at = now()
        times = self.rate[0]
        slot, numbers = self._slots(at)
        cache_keys = {key: [self._cache_key(key, n) for n in numbers] for key in keys}
        counts = cache.get_many([k for each in cache_keys.values() for k in each])
        until = None
        for each in cache_keys.values():
            held = [counts.get(k, 0) for k in each]
            left = sum(held)
            for number, count in zip(numbers, held, strict=True):
                if left < times:
                    break
                left -= count
                # Slot ``number`` leaves the window once the window's oldest slot is after it.
                free = datetime.fromtimestamp((number + SLOTS + 1) * slot, tz=at.tzinfo)
                until = free if until is None else max(until, free)
        return until

    def count(self, *keys: str) -> None:
        """Count one go for each key."""
        slot, numbers = self._slots(now())
        timeout = math.ceil(slot * (SLOTS + 1)) + 1
        for key in keys:
            _count_one(self._cache_key(key, numbers[-1]), timeout)

    def take(self, *keys: str) -> datetime | None:
        """Count one go unless the rate is used up: None if it may go ahead, else when it
        may go again."""
        until = self.blocked_until(*keys)
        if until is None:
            self.count(*keys)
        return until


def _count_one(key: str, timeout: int) -> int:
    """One more go on ``key``'s count, in one step of the cache's: ``add`` starts the count
    if there is none, ``incr`` adds the go. A key expiring between the two is started
    again. Returns the count."""
    while True:
        cache.add(key, 0, timeout=timeout)
        try:
            return cache.incr(key)
        except ValueError:
            continue


def retry_context(until: datetime) -> dict:
    """When to try again, for the 429 pages: the time (UTC) and whole minutes from now."""
    seconds = max((until - now()).total_seconds(), 0)
    return {"retry_at": until, "retry_minutes": max(math.ceil(seconds / 60), 1)}


def too_many_requests(
    request: HttpRequest, template: str, context: dict, until: datetime
) -> HttpResponse:
    """A 429 page with a Retry-After header."""
    response = render(request, template, {**retry_context(until), **context}, status=429)
    response["Retry-After"] = str(max(math.ceil((until - now()).total_seconds()), 1))
    return response


def throttled(request: HttpRequest, until: datetime, message: str) -> HttpResponse:
    """The generic 429 page: what was refused, and when to try again."""
    return too_many_requests(request, "too_many_requests.html", {"message": message}, until)


def session_key(request: HttpRequest) -> str | None:
    """Who a write is counted against besides its address: the account logged in (over all
    its sessions), else the browser's session, made now if it has none yet (the write is
    about to make it anyway); None for a request with no session at all."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"account:{user.pk}"
    session = getattr(request, "session", None)
    if session is None:
        return None
    if not session.session_key:
        session.save()
    return f"session:{session.session_key}"


@dataclass(frozen=True)
class WriteLimit:
    """A write that makes rows (a new game, a quiz deal), limited per session
    (``session_key``), per address (an IPv6 client by its /64, cribtrainer.clients) and per
    network (an IPv4 /24, an IPv6 /48). The rates are the settings ``THROTTLE_<NAME>``,
    ``THROTTLE_<NAME>_ADDRESS`` and ``THROTTLE_<NAME>_NETWORK``; ``message`` says on the
    429 page what was refused. Only what is made counts: a view asks ``refused`` first,
    and calls ``count`` once it made a row, not when it found the one asked for."""

    name: str
    message: str

    @property
    def per_session(self) -> Throttle:
        return Throttle(f"{self.name}-session", f"THROTTLE_{self.name.upper()}")

    @property
    def per_address(self) -> Throttle:
        return Throttle(f"{self.name}-address", f"THROTTLE_{self.name.upper()}_ADDRESS")

    @property
    def per_network(self) -> Throttle:
        return Throttle(f"{self.name}-network", f"THROTTLE_{self.name.upper()}_NETWORK")

    def refused(self, request: HttpRequest) -> HttpResponse | None:
        """The 429 page if the request's network, address or session has used its rate
        up (nothing counted, no session made); else None."""
        until = self.per_network.blocked_until(client_network(request))
        until = until or self.per_address.blocked_until(client_address(request))
        session = None if until else session_key(request)
        if session is not None:
            until = self.per_session.blocked_until(session)
        if until is not None:
            return throttled(request, until, self.message)
        return None

    def count(self, request: HttpRequest) -> None:
        """Count a row made for the request."""
        self.per_network.count(client_network(request))
        self.per_address.count(client_address(request))
        session = session_key(request)
        if session is not None:
            self.per_session.count(session)
