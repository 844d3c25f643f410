"""The review queue: each pattern moved through the Leitner boxes by the answers that
mark it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.db import transaction

from ..domain.leitner import after_answer
from ..domain.patterns import Pattern
from ..models import ReviewItem
from ..owners import Owner


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
