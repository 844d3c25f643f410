"""Reading a player's progress: totals, streaks, times, accuracy per pattern, the review
queue and what to practise next."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.db import connection
from django.db.models import F

from .domain.patterns import Area, Pattern
from .domain.spacing import chance_right
from .models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from .owners import Owner

RECENT = 200
"""How many recent attempts the weak spots are judged on."""

CHART_ATTEMPTS = 100
LAST_ATTEMPTS = 15
WEAK_AT_LEAST = 2
"""A pattern seen fewer times than this recently is not called a weak spot yet."""


@dataclass(frozen=True, slots=True)
class PatternStat:
    pattern: Pattern
    seen: int
    missed: int

    @property
    def right(self) -> int:
        return self.seen - self.missed

    @property
    def accuracy(self) -> float:
        return self.right / self.seen if self.seen else 0.0

    @property
    def percent(self) -> int:
        return round(self.accuracy * 100)

    @property
    def miss_rate(self) -> float:
        return self.missed / self.seen if self.seen else 0.0


@dataclass(frozen=True, slots=True)
class RecentAttempt:
    number: int
    right: bool
    seconds: float
    rolling_percent: int


@dataclass
class Progress:
    attempts: int = 0
    right: int = 0
    current_streak: int = 0
    best_streak: int = 0
    median_hand_seconds: float | None = None
    median_crib_seconds: float | None = None
    patterns: list[PatternStat] = field(default_factory=list)
    recent: list[RecentAttempt] = field(default_factory=list)
    weak_spots: list[PatternStat] = field(default_factory=list)

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.attempts) if self.attempts else 0


ROLLING = 10


def rolling_mean(values: Sequence[float], window: int = ROLLING) -> list[float]:
    """The mean over the last ``window`` values at each point."""
    out = []
    total = 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def rolling(rights: list[bool], window: int = ROLLING) -> list[int]:
    """Accuracy in percent over the last ``window`` answers at each point."""
    return [round(100 * share) for share in rolling_mean(rights, window)]


def pattern_stats(owner: Owner, *, recent: int | None = None) -> list[PatternStat]:
    """Accuracy per pattern, weakest first; over the last ``recent`` attempts if given,
    else over all, as the player's ``PatternRecord``s keep it.

    Marks not known (a wrong count nothing explained) count neither way."""
    if recent is None:
        rows = owned_rows(PATTERN_RECORDS, owner)
    else:
        rows = owned_rows(RECENT_PATTERNS, owner, count=recent)
    stats = [
        PatternStat(Pattern(pattern), seen, missed)
        for pattern, seen, missed in rows
        if Pattern.from_slug(pattern)
    ]
    order = {p: i for i, p in enumerate(Pattern)}
    return sorted(stats, key=lambda s: (s.accuracy, -s.seen, order[s.pattern]))


def miss_rates(owner: Owner) -> dict[Pattern, float]:
    """Recent miss rate per pattern: the weights of the "my weak spots" mode."""
    return {s.pattern: s.miss_rate for s in pattern_stats(owner, recent=RECENT) if s.missed}


def progress_of(owner: Owner | None) -> Progress:
    progress = Progress()
    if owner is None:
        return progress
    record = _show_record(owner)
    if record is None:
        return progress
    progress.attempts, progress.right = record.attempts, record.right
    progress.current_streak, progress.best_streak = record.current_streak, record.best_streak
    progress.median_hand_seconds, progress.median_crib_seconds = median_seconds(
        owner, hands=record.attempts - record.cribs, cribs=record.cribs
    )
    # The rolling accuracy of the first attempt charted counts the nine before it.
    latest = owned_rows(LATEST_COUNTS, owner, count=CHART_ATTEMPTS + ROLLING - 1)
    window = [(bool(right), seconds) for right, seconds in reversed(latest)]
    percents = rolling([right for right, _ in window])[-CHART_ATTEMPTS:]
    last = window[-CHART_ATTEMPTS:]
    first_number = record.attempts - len(last) + 1
    progress.recent = [
        RecentAttempt(first_number + i, right, seconds, percents[i])
        for i, (right, seconds) in enumerate(last)
    ]
    progress.patterns = pattern_stats(owner)
    progress.weak_spots = [
        s for s in pattern_stats(owner, recent=RECENT) if s.missed and s.seen >= WEAK_AT_LEAST
    ]
    return progress


def _show_record(owner: Owner) -> ShowRecord | None:
    """The player's ``ShowRecord`` (its figures only), or worked out from their counts when
    it is missing; None before their first count."""
    row = next(iter(owned_rows(SHOW_RECORD, owner)), None)
    if row is None:
        return ShowRecord.worked_out(owner)
    fields = ("attempts", "cribs", "right", "current_streak", "best_streak")
    return ShowRecord(**dict(zip(fields, row, strict=True)))


def median_seconds(owner: Owner, *, hands: int, cribs: int) -> tuple[float | None, float | None]:
    """The median time of the player's hands and of their cribs counted (``hands`` and
    ``cribs`` of them)."""
    return _median_seconds(owner, False, hands), _median_seconds(owner, True, cribs)


def _median_seconds(owner: Owner, crib: bool, size: int) -> float | None:
    """The median of ``size`` counts, read at their middle (an index holds them in order of
    time): the one count there, or the mean of the two."""
    if size <= 0:
        return None
    middle = [
        seconds
        for (seconds,) in owned_rows(
            MIDDLE_TIMES, owner, crib=crib, count=2 - size % 2, start=(size - 1) // 2
        )
    ]
    # Empty only if counts were deleted behind the record's back (in a shell, say).
    return sum(middle) / len(middle) if middle else None


def last_attempts(owner: Owner | None, count: int = LAST_ATTEMPTS):
    """The last hands and cribs counted, with what the table of them shows."""
    counted = Attempt.objects.owned_by(owner).filter(kind=Area.SHOW.value)
    shown = (
        "claimed",
        "points",
        "right",
        "marks",
        "seconds",
        "crib",
        "deal__hand",
        "deal__starter",
    )
    return counted.recent_first().select_related("deal").only(*shown)[:count]


# --- the quiz history read in SQL --------------------------------------------------------
# Each of these answers in a tenth of a millisecond or so; the ORM took about a millisecond
# to build each (the page's quiz history was mostly query building), so they are written
# out once. ``{owned}`` stands for the player's rows (``Owner.lookup``) in the query's table.

SHOW_RECORD = f"""
SELECT "attempts", "cribs", "right", "current_streak", "best_streak"
FROM "{ShowRecord._meta.db_table}" WHERE {{owned}} LIMIT 1"""

MIDDLE_TIMES = f"""
SELECT "seconds" FROM "{Attempt._meta.db_table}"
WHERE {{owned}} AND "kind" = '{Area.SHOW.value}' AND "crib" = %(crib)s
ORDER BY "seconds" LIMIT %(count)s OFFSET %(start)s"""

LATEST_COUNTS = f"""
SELECT "right", "seconds" FROM "{Attempt._meta.db_table}"
WHERE {{owned}} AND "kind" = '{Area.SHOW.value}'
ORDER BY "answered_at" DESC, "id" DESC LIMIT %(count)s"""

DISCARDS = f"""
SELECT "right", "loss", (
    SELECT "holder" FROM "{Deal._meta.db_table}"
    WHERE "{Deal._meta.db_table}"."id" = "{Attempt._meta.db_table}"."deal_id"
)
FROM "{Attempt._meta.db_table}" WHERE {{owned}} AND "kind" = '{Area.DISCARD.value}'
ORDER BY "answered_at", "id"
"""

PATTERN_RECORDS = f"""
SELECT "pattern", "seen", "missed" FROM "{PatternRecord._meta.db_table}" WHERE {{owned}}"""

RECENT_PATTERNS = f"""
SELECT "pattern", COUNT(*), COUNT(*) FILTER (WHERE "missed")
FROM "{AttemptPattern._meta.db_table}"
WHERE "missed" IS NOT NULL AND "attempt_id" IN (
    SELECT "id" FROM "{Attempt._meta.db_table}" WHERE {{owned}}
    ORDER BY "answered_at" DESC, "id" DESC LIMIT %(count)s
)
GROUP BY "pattern"
"""


def owned_rows(query: str, owner: Owner, **params) -> list[tuple]:
    """The rows of ``query`` (SQL with ``{owned}`` where the player's rows are chosen) for
    ``owner``, with its ``params`` (``%(name)s``)."""
    if owner.user is not None:
        owned, params["owner"] = '"user_id" = %(owner)s', owner.user.pk
    else:
        owned, params["owner"] = '"user_id" IS NULL AND "guest_key" = %(owner)s', owner.guest_key
    with connection.cursor() as cursor:
        cursor.execute(query.format(owned=owned), params)
        return cursor.fetchall()


@dataclass(frozen=True, slots=True)
class RecentDiscard:
    number: int
    loss: float
    rolling_loss: float


@dataclass
class DiscardProgress:
    """How a player discards: decisions made, best choices, points lost by seat."""

    decisions: int = 0
    best: int = 0
    by_role: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Per seat (dealer, pone): decisions and mean expected points lost per decision."""
    recent: list[RecentDiscard] = field(default_factory=list)

    @property
    def percent_best(self) -> int:
        return round(100 * self.best / self.decisions) if self.decisions else 0


def discard_progress(owner: Owner | None) -> DiscardProgress:
    progress = DiscardProgress()
    if owner is None:
        return progress
    rows = owned_rows(DISCARDS, owner)
    if not rows:
        return progress
    progress.decisions = len(rows)
    progress.best = sum(bool(right) for right, _, _ in rows)
    for role in ("dealer", "pone"):
        losses = [loss for _, loss, holder in rows if holder == role]
        if losses:
            progress.by_role[role] = (len(losses), sum(losses) / len(losses))
    losses = [loss for _, loss, _ in rows]
    last = losses[-CHART_ATTEMPTS:]
    first_number = len(losses) - len(last) + 1
    window = losses[-(CHART_ATTEMPTS + ROLLING - 1) :]
    means = rolling_mean(window)[-len(last) :]
    progress.recent = [
        RecentDiscard(first_number + i, loss, means[i]) for i, loss in enumerate(last)
    ]
    return progress


# FSRS's due dates first; among patterns due at the same moment, the weaker memory first.
QUEUE_ORDER = ("due_at", F("stability").asc(nulls_first=True), "pattern")


@dataclass(frozen=True, slots=True)
class Queue:
    """A player's review queue in FSRS's order, the soonest due first: the patterns due now
    and the others. Each item carries ``chance``, FSRS's retrievability now (0 to 1)."""

    due: list[ReviewItem]
    later: list[ReviewItem]

    @property
    def next_due(self) -> ReviewItem | None:
        return self.later[0] if self.later else None

    @property
    def items(self) -> list[ReviewItem]:
        return [*self.due, *self.later]


def review_queue(owner: Owner | None, now: datetime) -> Queue:
    items = list(ReviewItem.objects.owned_by(owner).order_by(*QUEUE_ORDER))
    for item in items:
        item.chance = chance_right(item.memory, now)
    return Queue(
        due=[item for item in items if item.is_due(now)],
        later=[item for item in items if not item.is_due(now)],
    )


def first_due_pattern(owner: Owner | None, now: datetime) -> Pattern | None:
    item = ReviewItem.objects.owned_by(owner).due(now).order_by(*QUEUE_ORDER).first()
    return item.pattern_enum if item else None


@dataclass(frozen=True, slots=True)
class ProgressSection:
    """A section an app above the trainer adds to the progress page: its template and the
    context it draws for a player (None: nothing to show)."""

    template: str
    context: Callable[[Owner], dict | None]


_SECTIONS: list[ProgressSection] = []


def register_progress_section(template: str, context: Callable[[Owner], dict | None]) -> None:
    """Add a section to the progress page (an app calls this from its ``ready``): the
    trainer shows it without importing the app."""
    section = ProgressSection(template, context)
    if section not in _SECTIONS:
        _SECTIONS.append(section)


def other_sections(owner: Owner | None) -> list[tuple[str, dict]]:
    """The registered sections with something to show for ``owner``."""
    if owner is None:
        return []
    shown = []
    for section in _SECTIONS:
        context = section.context(owner)
        if context is not None:
            shown.append((section.template, context))
    return shown
