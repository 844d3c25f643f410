"""Writes that span models: dealing a hand, recording an answer with its review queue,
moving a guest's practice into an account, and deleting an account."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.contrib import messages
from django.db import IntegrityError, transaction

from .domain.dealing import Mode, deal_quiz_hand
from .domain.leitner import after_answer
from .domain.marking import Answer, Marking
from .domain.patterns import Category, Pattern
from .models import Attempt, AttemptPattern, Deal, ReviewItem
from .owners import GUEST_KEY, Owner


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
        holder=dealt.holder.value if dealt.holder else "",
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
    existing = Attempt.objects.filter(deal=deal).first()
    if existing is not None:
        return existing, False
    marking = deal.mark(answer)
    itemised = answer.points or {}
    with transaction.atomic():
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
        settled = settled_marks(marking)
        AttemptPattern.objects.bulk_create(
            AttemptPattern(attempt=attempt, pattern=p.value, missed=settled.get(p))
            for p in marking.patterns
        )
        queue = review_queue_update(owner=attempt.owner, marks=settled, now=now)
        if queue:
            attempt.marks = {**attempt.marks, "queue": queue}
            attempt.save(update_fields=["marks"])
    return attempt, True


def settled_marks(marking: Marking) -> dict[Pattern, bool]:
    """Each pattern whose mark is known, and whether it was missed."""
    return {p: marking.was_missed(p) for p in marking.patterns if marking.is_known(p)}


def attempt_explain(*, attempt: Attempt, choice: int | None, now: datetime) -> Attempt:
    """The player's answer to "Which did you miss?": ``choice`` is the index of the
    explanation that was theirs, None to skip the question. Answered once: a repeat, or
    an answer to a question no longer asked, changes nothing."""
    with transaction.atomic():
        attempt = Attempt.objects.select_for_update().get(pk=attempt.pk)
        question = attempt.question
        if question is None:
            return attempt
        if choice is None:
            attempt.marks = {**attempt.marks, "question": None, "skipped": True}
            attempt.save(update_fields=["marks"])
            return attempt
        chosen = question.choices[choice]
        settled = {p: p in chosen.patterns for p in question.among}
        for pattern, missed in settled.items():
            attempt.pattern_marks.filter(pattern=pattern.value).update(missed=missed)
        queue = review_queue_update(owner=attempt.owner, marks=settled, now=now)
        attempt.marks = {
            **attempt.marks,
            "question": None,
            "explained": [*attempt.explained, chosen.what],
            "queue": [*attempt.marks.get("queue", ()), *queue],
        }
        attempt.save(update_fields=["marks"])
    return attempt


def review_queue_update(
    *, owner: Owner, marks: Mapping[Pattern, bool], now: datetime
) -> list[dict]:
    """Move each pattern through the Leitner boxes: ``marks`` says, of each pattern whose
    mark is known, whether it was missed. Patterns not known stay where they are.

    Returns where each of these patterns now stands in the queue, for the feedback:
    ``{"pattern", "box", "due_at", "moved"}`` (an ISO date), for those in the queue.
    """
    standing = []
    with transaction.atomic():
        items = {
            item.pattern: item
            # Locked, so two answers of one player at once move a box one after the other.
            for item in ReviewItem.objects.owned_by(owner)
            .select_for_update()
            .filter(pattern__in=[p.value for p in marks])
        }
        for pattern, missed in marks.items():
            item = items.get(pattern.value)
            slot = after_answer(item.slot if item else None, right=not missed, now=now)
            if slot is None:
                continue
            moved = item is None or slot != item.slot or missed
            if moved:
                item = item or ReviewItem(**owner.fields, pattern=pattern.value)
                item.box, item.due_at, item.updated_at = slot.box, slot.due_at, now
                item.misses += missed
                item.save()
            standing.append(
                {
                    "pattern": pattern.value,
                    "box": slot.box,
                    "due_at": slot.due_at.isoformat(),
                    "moved": moved,
                }
            )
    return standing


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
    """On log-in or sign-up, bring the browser session's guest attempts along, and tell the
    player how many came."""
    if request is None or not hasattr(request, "session"):
        return
    key = request.session.pop(GUEST_KEY, "")
    moved = attempts_merge(from_session=key, to_user=user)
    if moved:
        hands = "hand" if moved == 1 else "hands"
        messages.success(
            request,
            f"{moved} {hands} you practised as a guest moved into your account.",
            fail_silently=True,
        )


def account_delete(*, user) -> None:
    """Delete an account and everything of the player's: deals, attempts, the queue."""
    with transaction.atomic():
        user.delete()
