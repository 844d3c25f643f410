"""Guests' practice: moved into an account when they sign up or log in, and deleted
once they have done nothing for long enough (with the rows other apps register)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef

from cribtrainer.models import PlayerSession

from ..models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem
from ..owners import Owner
from ..signals import guest_merged
from .records import records_rebuild


def attempts_merge(*, from_session: str, to_user) -> int:
    """Move a guest's deals, attempts and review queue into an account.

    Rows are moved, not copied, so merging twice changes nothing the second time. Where
    both have the same pattern in the queue, the weaker card is kept (the lower stability,
    then the sooner due): the player is likelier to forget it. Returns how many attempts
    moved.
    """
    if not from_session:
        return 0
    guest = Owner(guest_key=from_session)
    with transaction.atomic():
        # The guest's deals locked first, as attempt_record locks the deal it answers: an
        # answer recorded at the same moment is either moved here or made for the account.
        deals = list(Deal.objects.owned_by(guest).select_for_update().values_list("pk", flat=True))
        Deal.objects.filter(pk__in=deals).update(user=to_user, guest_key="")
        moved = Attempt.objects.owned_by(guest).update(user=to_user, guest_key="")
        AttemptPattern.objects.owned_by(guest).update(user=to_user, guest_key="")
        records_rebuild(owner=guest)
        records_rebuild(owner=Owner(user=to_user))
        theirs = {item.pattern: item for item in ReviewItem.objects.filter(user=to_user)}
        for item in ReviewItem.objects.owned_by(guest):
            kept = theirs.get(item.pattern)
            if kept is not None:
                # The weaker memory of the two: the one the player is likelier to forget.
                kept.memory = min(
                    kept.memory, item.memory, key=lambda m: (m.stability or 0, m.due_at)
                )
                kept.misses += item.misses
                kept.updated_at = max(kept.updated_at, item.updated_at)
                kept.save()
                item.delete()
            else:
                item.user, item.guest_key = to_user, ""
                item.save()
        guest_merged.send(sender=Owner, user=to_user, guest_key=from_session)
    return moved


@dataclass(frozen=True)
class GuestRows:
    """A kind of row kept for guests: its name in the purge's report, its model (with
    ``user`` and ``guest_key``), and its field saying when the guest last used it."""

    name: str
    model: type
    used_at: str

    def rows(self):
        return self.model.objects.filter(user__isnull=True)

    def used_since(self, since: datetime):
        return self.rows().filter(**{f"{self.used_at}__gte": since}).values("guest_key")


_GUEST_ROWS = [
    GuestRows("deals", Deal, "dealt_at"),
    GuestRows("attempts", Attempt, "answered_at"),
    GuestRows("review items", ReviewItem, "updated_at"),
]


def register_guest_rows(name: str, model: type, used_at: str) -> None:
    """For an app above this one keeping guests' rows of its own (a game): a guest's
    latest use of them keeps the guest, and ``guests_purge`` deletes them with the guest."""
    if all(kind.name != name for kind in _GUEST_ROWS):
        _GUEST_ROWS.append(GuestRows(name, model, used_at))


@dataclass(frozen=True)
class Purged:
    """What a purge of inactive guests removed (or would remove): how many guests, how many
    rows of each kind (deals, attempts, review items, and each registered kind such as
    games), and how many expired sessions."""

    guests: int
    rows: dict[str, int]
    expired_sessions: int

    @property
    def deals(self) -> int:
        return self.rows["deals"]

    @property
    def attempts(self) -> int:
        return self.rows["attempts"]

    @property
    def review_items(self) -> int:
        return self.rows["review items"]


def guests_purge(*, inactive_for: timedelta, now: datetime, dry_run: bool = False) -> Purged:
    """Delete the guests who have done nothing for ``inactive_for`` (dealt, answered,
    reviewed, moved in a game: their latest activity of any kind), with all their rows, and
    every expired session: all of it in one transaction, or nothing.

    A guest is known only by the key in their browser's session, which expires long before
    (two weeks after their last change, by default): their rows could never be claimed
    again by anyone.
    """
    since = now - inactive_for

    def stale(kind: GuestRows):
        rows = kind.rows()
        for other in _GUEST_ROWS:
            rows = rows.exclude(guest_key__in=other.used_since(since))
        return rows

    with transaction.atomic():
        doomed = [(kind.name, stale(kind)) for kind in _GUEST_ROWS]
        sessions = PlayerSession.objects.filter(expire_date__lt=now)
        guests = set()
        for _, rows in doomed:
            guests |= set(rows.values_list("guest_key", flat=True).distinct())
        purged = Purged(
            guests=len(guests),
            rows={name: rows.count() for name, rows in doomed},
            expired_sessions=sessions.count(),
        )
        if not dry_run:
            # Deals first: their attempts and marks go with them, counted above.
            for _, rows in doomed:
                rows.delete()
            # The figures of a guest's patterns go with the last of the guest's marks.
            guest_marks = AttemptPattern.objects.filter(
                user__isnull=True, guest_key=OuterRef("guest_key")
            )
            PatternRecord.objects.filter(~Exists(guest_marks), user__isnull=True).delete()
            sessions.delete()
    return purged
