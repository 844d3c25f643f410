"""Writes that span models: dealing a hand, recording an answer with its review queue,
moving a guest's practice into an account, and deleting an account."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db import IntegrityError, transaction
from django.utils import timezone

from .domain.dealing import Mode, deal_quiz_hand
from .domain.leitner import after_answer
from .domain.marking import Answer, Marking
from .domain.patterns import Category, Pattern
from .models import Attempt, AttemptPattern, Deal, ReviewItem
from .owners import GUEST_KEY, Owner, guest_deals_moved


def deal_create(
    *,
    owner: Owner,
    mode: Mode,
    now: datetime,
    pattern: Pattern | None = None,
    weights: dict[Pattern, float] | None = None,
) -> Deal:
    dealt = deal_quiz_hand(mode, pattern=pattern, weights=weights)
    row = Deal.from_cards(
        dealt.hand,
        dealt.starter,
        **owner.fields,
        crib=dealt.crib,
        mode=mode.value,
        focus=dealt.focus.value if dealt.focus else "",
        dealt_at=now,
    )
    row.save()
    return row


RECORD_TRIES = 3


def attempt_record(*, deal: Deal, answer: Answer, now: datetime) -> tuple[Attempt, bool]:
    """Mark and save the answer to a deal, with its patterns and the review queue.

    A deal is answered once: a repeated submit gets the first attempt back and
    ``created`` False, whatever it claimed.
    """
    for _ in range(RECORD_TRIES - 1):
        try:
            return _attempt_create(deal, answer, now)
        except IntegrityError:
            # Another request got in first: the same deal answered twice at once (theirs
            # stands, and the next try returns it), or another deal of the same player
            # adding the same pattern to the review queue (it is there for the next try).
            continue
    return _attempt_create(deal, answer, now)


def _attempt_create(deal: Deal, answer: Answer, now: datetime) -> tuple[Attempt, bool]:
    with transaction.atomic():
        # The deal locked and read again: a guest's deal may have moved into an account
        # since the request found it (attempts_merge locks it too), and the attempt and the
        # review queue go to whoever owns the deal now.
        deal = Deal.objects.select_for_update().get(pk=deal.pk)
        existing = Attempt.objects.filter(deal=deal).first()
        if existing is not None:
            return existing, False
        marking = deal.mark(answer)
        itemised = answer.points or {}
        attempt = Attempt.objects.create(
            deal=deal,
            user=deal.user,
            guest_key=deal.guest_key,
            style=answer.style.value,
            claimed=answer.total,
            **{c.value: itemised.get(c) for c in Category},
            points=deal.show.total,
            right=marking.right,
            crib=deal.crib,
            seconds=max((now - deal.dealt_at).total_seconds(), 0.0),
            answered_at=now,
            marks=Attempt.marks_of(marking),
        )
        AttemptPattern.objects.bulk_create(
            AttemptPattern(attempt=attempt, pattern=p.value, missed=marking.was_missed(p))
            for p in marking.patterns
        )
        review_queue_update(
            owner=Owner(user=deal.user, guest_key=deal.guest_key), marking=marking, now=now
        )
    return attempt, True


def review_queue_update(*, owner: Owner, marking: Marking, now: datetime) -> None:
    """Move each pattern of a marked answer through the Leitner boxes."""
    with transaction.atomic():
        items = {
            item.pattern: item
            # Locked, so two answers of one player at once move a box one after the other.
            for item in ReviewItem.objects.owned_by(owner)
            .select_for_update()
            .filter(pattern__in=[p.value for p in marking.patterns])
        }
        for pattern in marking.patterns:
            missed = marking.was_missed(pattern)
            item = items.get(pattern.value)
            slot = after_answer(item.slot if item else None, right=not missed, now=now)
            if slot is None or (item is not None and slot == item.slot and not missed):
                continue
            if item is None:
                item = ReviewItem(**owner.fields, pattern=pattern.value)
            item.box, item.due_at, item.updated_at = slot.box, slot.due_at, now
            item.misses += missed
            item.save()


def attempts_merge(*, from_session: str, to_user) -> int:
    """Move a guest's deals, attempts and review queue into an account.

    Rows are moved, not copied, so merging twice changes nothing the second time. Where
    both have the same pattern in the queue, the one nearer box 1 is kept: the player
    has missed it most recently there. Returns how many attempts moved.
    """
    return _merge(from_session, to_user)[0]


def _merge(from_session: str, to_user) -> tuple[int, list[int]]:
    """attempts_merge, also returning the ids of the deals moved."""
    if not from_session:
        return 0, []
    guest = Owner(guest_key=from_session)
    with transaction.atomic():
        # The guest's deals locked first, as attempt_record locks the deal it answers: an
        # answer recorded at the same moment is either moved here or made for the account.
        deals = list(Deal.objects.owned_by(guest).select_for_update().values_list("pk", flat=True))
        Deal.objects.filter(pk__in=deals).update(user=to_user, guest_key="")
        moved = Attempt.objects.owned_by(guest).update(user=to_user, guest_key="")
        theirs = {item.pattern: item for item in ReviewItem.objects.filter(user=to_user)}
        for item in ReviewItem.objects.owned_by(guest):
            kept = theirs.get(item.pattern)
            if kept is not None:
                slot = min(kept.slot, item.slot, key=lambda s: (s.box, s.due_at))
                kept.box, kept.due_at = slot.box, slot.due_at
                kept.misses += item.misses
                kept.updated_at = max(kept.updated_at, item.updated_at)
                kept.save()
                item.delete()
            else:
                item.user, item.guest_key = to_user, ""
                item.save()
    return moved, deals


def guest_attempts_claim(sender, request, user, **kwargs) -> None:
    """On log-in or sign-up, bring the browser session's guest attempts along, and remember
    where their deals went for requests the browser sent before it logged in."""
    if request is None or not hasattr(request, "session"):
        return
    key = request.session.pop(GUEST_KEY, "")
    _, deals = _merge(key, user)
    if deals:
        guest_deals_moved(request, user=user, deals=deals)


@dataclass(frozen=True)
class Purged:
    """What a purge of inactive guests removed (or would remove)."""

    guests: int
    deals: int
    attempts: int
    review_items: int
    expired_sessions: int


def guests_purge(*, inactive_for: timedelta, now: datetime, dry_run: bool = False) -> Purged:
    """Delete the guests who have dealt, answered and reviewed nothing for ``inactive_for``,
    with their deals, attempts and review queue, and every expired session.

    A guest is known only by the key in their browser's session, which expires long before
    (two weeks by default): their rows could never be claimed again by anyone.
    """
    since = now - inactive_for
    active = (
        Deal.objects.filter(user__isnull=True, dealt_at__gte=since).values("guest_key"),
        Attempt.objects.filter(user__isnull=True, answered_at__gte=since).values("guest_key"),
        ReviewItem.objects.filter(user__isnull=True, updated_at__gte=since).values("guest_key"),
    )

    def stale(model):
        rows = model.objects.filter(user__isnull=True)
        for keys in active:
            rows = rows.exclude(guest_key__in=keys)
        return rows

    deals, attempts, items = stale(Deal), stale(Attempt), stale(ReviewItem)
    sessions = Session.objects.filter(expire_date__lt=now)
    guests = set(deals.values_list("guest_key", flat=True).distinct())
    guests |= set(items.values_list("guest_key", flat=True).distinct())
    purged = Purged(
        guests=len(guests),
        deals=deals.count(),
        attempts=attempts.count(),
        review_items=items.count(),
        expired_sessions=sessions.count(),
    )
    if not dry_run:
        with transaction.atomic():
            deals.delete()  # their attempts and marks with them
            items.delete()
            sessions.delete()
    return purged


def account_delete(*, user) -> None:
    """Delete an account and every row that names the player: their deals, attempts and
    review queue (by cascade), django-axes' records of their log-ins and failed log-ins
    (username, addresses, browsers, times), and their sessions on every device."""
    username = user.get_username()
    with transaction.atomic():
        Session.objects.filter(session_key__in=_session_keys_of(user)).delete()
        for model in (AccessAttempt, AccessLog, AccessFailureLog):
            model.objects.filter(username=username).delete()
        user.delete()


def _session_keys_of(user) -> list[str]:
    """The keys of the user's unexpired sessions. Session data is signed, not searchable,
    so each is decoded: a pass over the sessions, which purge_guests keeps few."""
    pk = str(user.pk)
    store = SessionStore()
    return [
        session.session_key
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator()
        if store.decode(session.session_data).get("_auth_user_id") == pk
    ]
