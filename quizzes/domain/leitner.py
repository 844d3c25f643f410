"""Leitner scheduling of missed patterns. Pure: no Django, and the clock is passed in.

A missed pattern goes into box 1 and is due at once. Each time it is answered right
while due it moves up a box and comes back after that box's interval; a miss sends it
back to box 1. Answering it right before it is due changes nothing: the spacing is the
point.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

__all__ = ["BOX_INTERVALS", "TOP_BOX", "Slot", "after_answer", "is_due"]

BOX_INTERVALS: dict[int, timedelta] = {
    1: timedelta(0),
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=21),
}
TOP_BOX = max(BOX_INTERVALS)


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a pattern stands in the queue: its box and when it is next due."""

    box: int
    due_at: datetime


def entered(now: datetime) -> Slot:
    """A pattern missed for the first time."""
    return Slot(1, now + BOX_INTERVALS[1])


def is_due(slot: Slot, now: datetime) -> bool:
    return slot.due_at <= now


def after_answer(slot: Slot | None, *, right: bool, now: datetime) -> Slot | None:
    """The slot after the pattern was answered ``right`` or not, at ``now``.

    ``slot`` is None for a pattern not in the queue: a miss puts it in, a right answer
    leaves it out (None).
    """
    if not right:
        return entered(now)
    if slot is None or not is_due(slot, now):
        return slot
    box = min(slot.box + 1, TOP_BOX)
    return Slot(box, now + BOX_INTERVALS[box])
