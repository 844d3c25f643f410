"""Writes that span models: dealing a hand and recording an answer."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction

from progress.services import review_queue_update

from .dealing import Mode, deal
from .models import Attempt, AttemptPattern, Deal
from .owners import Owner
from .patterns import Answer, Category, Pattern


def deal_create(
    *,
    owner: Owner,
    mode: Mode,
    now: datetime,
    pattern: Pattern | None = None,
    weights: dict[Pattern, float] | None = None,
) -> Deal:
    dealt = deal(mode, pattern=pattern, weights=weights)
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
            style=Attempt.Style.ITEMISED if answer.is_itemised else Attempt.Style.TOTAL,
            claimed=answer.total,
            **{c.value: itemised.get(c) for c in Category},
            points=deal.show.total,
            right=marking.right,
            crib=deal.crib,
            seconds=max((now - deal.dealt_at).total_seconds(), 0.0),
            answered_at=now,
        )
        AttemptPattern.objects.bulk_create(
            AttemptPattern(attempt=attempt, pattern=p.value, missed=marking.was_missed(p))
            for p in marking.patterns
        )
        review_queue_update(
            owner=Owner(user=deal.user, guest_key=deal.guest_key), marking=marking, now=now
        )
    return attempt, True
