"""The review of missed patterns, spaced by FSRS (the ``fsrs`` package, the scheduler Anki
uses). Pure: no Django, and the clock is passed in.

Each missed pattern is a card. A miss rates it Again: it is due at once. Counted right while
due, it is rated Good and FSRS sets when it comes back: when the chance of counting it right
(its retrievability) has fallen to 90%, after a day at first, then longer each time. Counting
it right before it is due changes nothing: the spacing is the point, and a pattern that turns
up in every hand would otherwise be rated Good a dozen times a day.

The chance of counting a pattern right now is FSRS's forgetting curve read at the time
since it was last rated, to the second: the ``fsrs`` package reads it in whole days, which
gives every pattern rated today 100%, however often it was missed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

__all__ = ["SCHEDULER", "Memory", "State", "after_answer", "chance_right", "is_due"]

# One learning step of no time: a miss is due again at once, as a coach would have the
# player count it again straight away. No fuzz, so the same answers give the same dates.
SCHEDULER = Scheduler(
    learning_steps=(timedelta(0),),
    relearning_steps=(timedelta(0),),
    enable_fuzzing=False,
)
# FSRS's forgetting curve, R = (1 + FACTOR * days / stability) ** DECAY: 90% when the days
# since the last rating equal the stability.
DECAY = -SCHEDULER.parameters[20]
FACTOR = 0.9 ** (1 / DECAY) - 1
DAY = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class Memory:
    """What FSRS holds of a missed pattern: when it is next due, its state (learning,
    review or relearning) and step, its stability (days for the chance of counting it right
    to fall from 100% to 90%) and difficulty (1 to 10), and when it was last rated. A card
    never rated has no stability, difficulty or last rating."""

    due_at: datetime
    state: State = State.Learning
    step: int | None = 0
    stability: float | None = None
    difficulty: float | None = None
    last_review: datetime | None = None

    def card(self) -> Card:
        """The same as the ``fsrs`` package's card."""
        return Card(
            card_id=0,
            state=self.state,
            step=self.step,
            stability=self.stability,
            difficulty=self.difficulty,
            due=_utc(self.due_at),
            last_review=_utc(self.last_review) if self.last_review else None,
        )

    @classmethod
    def of(cls, card: Card) -> Memory:
        """The memory an ``fsrs`` card holds."""
        return cls(
            due_at=card.due,
            state=State(card.state),
            step=card.step,
            stability=card.stability,
            difficulty=card.difficulty,
            last_review=card.last_review,
        )


def _utc(moment: datetime) -> datetime:
    # fsrs accepts only datetime.timezone.utc itself, not another zone at offset 0.
    return moment.astimezone(UTC)


def is_due(memory: Memory, now: datetime) -> bool:
    """Whether the pattern is due for review at ``now``."""
    return memory.due_at <= now


def after_answer(memory: Memory | None, *, right: bool, now: datetime) -> Memory | None:
    """The memory after the pattern was counted ``right`` or not, at ``now``: a miss is
    rated Again, a right answer while due Good; a right answer before it is due leaves it.

    ``memory`` is None for a pattern not in the queue: a miss puts it in as a new card, a
    right answer leaves it out (None).
    """
    if memory is None:
        if right:
            return None
        memory = Memory(due_at=now)
    elif right and not is_due(memory, now):
        return memory
    card, _ = SCHEDULER.review_card(
        memory.card(), Rating.Good if right else Rating.Again, review_datetime=_utc(now)
    )
    return Memory.of(card)


def chance_right(memory: Memory, now: datetime) -> float:
    """FSRS's retrievability: the chance, 0 to 1, that the pattern is counted right at
    ``now``, on FSRS's forgetting curve at the time since it was last rated (the same as
    the ``fsrs`` package's on whole days, and falling between them). A pattern just missed
    has a low stability, so its chance falls within hours, the faster the more often it
    was missed; a card never rated has 0."""
    if memory.last_review is None or memory.stability is None:
        return 0.0
    days = max(now - memory.last_review, timedelta(0)) / DAY
    return float((1 + FACTOR * days / memory.stability) ** DECAY)
