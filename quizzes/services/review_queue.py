"""The review queue: each pattern a card that FSRS schedules by the answers that mark it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.db import transaction

from ..domain.patterns import Pattern
from ..domain.spacing import after_answer, is_due
from ..models import ReviewItem
from ..owners import Owner


def review_queue_update(
    *, owner: Owner, marks: Mapping[Pattern, bool], now: datetime
) -> list[dict]:
    """Rate each pattern's card: ``marks`` says, of each pattern whose mark is known,
    whether it was missed (Again) or counted right (Good, when it is due). Patterns not
    known stay where they are.

    Returns where each of these patterns now stands in the queue, for the feedback:
    ``{"pattern", "due_at", "due_now", "moved"}`` (an ISO date), for those in the queue.
    """
    if not marks:
        return []
    standing = []
    with transaction.atomic():
        items = {
            item.pattern: item
            # Locked, so two answers of one player at once rate a card one after the other.
            for item in ReviewItem.objects.owned_by(owner)
            .select_for_update()
            .filter(pattern__in=[p.value for p in marks])
        }
        for pattern, missed in marks.items():
            item = items.get(pattern.value)
            memory = after_answer(item.memory if item else None, right=not missed, now=now)
            if memory is None:
                continue
            moved = item is None or memory != item.memory or missed
            if moved:
                item = item or ReviewItem(**owner.fields, pattern=pattern.value)
                item.memory, item.updated_at = memory, now
                item.misses += missed
                item.save()
            standing.append(
                {
                    "pattern": pattern.value,
                    "due_at": memory.due_at.isoformat(),
                    "due_now": is_due(memory, now),
                    "moved": moved,
                }
            )
    return standing
