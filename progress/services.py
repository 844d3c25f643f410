"""Writes that span models: the review queue after an answer, and moving a guest's
attempts into their account."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from quizzes.models import Attempt, Deal
from quizzes.owners import GUEST_KEY, Owner
from quizzes.patterns import Marking

from .leitner import after_answer
from .models import ReviewItem


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
    if not from_session:
        return 0
    guest = Owner(guest_key=from_session)
    with transaction.atomic():
        Deal.objects.owned_by(guest).update(user=to_user, guest_key="")
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
    return moved


def guest_attempts_claim(sender, request, user, **kwargs) -> None:
    """On log-in or sign-up, bring the browser session's guest attempts along."""
    if request is None or not hasattr(request, "session"):
        return
    key = request.session.pop(GUEST_KEY, "")
    attempts_merge(from_session=key, to_user=user)


def account_delete(*, user) -> None:
    """Delete an account and everything of the player's: deals, attempts, the queue."""
    with transaction.atomic():
        user.delete()
