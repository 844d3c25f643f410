"""A player's attempts as CSV rows, for the download on the account page."""

from __future__ import annotations

from collections.abc import Iterator

from quizzes.models import Attempt
from quizzes.owners import Owner

CSV_COLUMNS = [
    "answered_at",
    "hand",
    "starter",
    "counted_as",
    "mode",
    "style",
    "claimed",
    "fifteens",
    "pairs",
    "runs",
    "flush",
    "nobs",
    "points",
    "right",
    "seconds",
    "missed_patterns",
]


def attempts_rows(owner: Owner | None) -> Iterator[list]:
    """The header (``CSV_COLUMNS``), then every attempt of the player, oldest first, one row
    each."""
    attempts = (
        Attempt.objects.owned_by(owner)
        .order_by("answered_at", "id")
        .select_related("deal")
        .prefetch_related("pattern_marks")
    )
    yield CSV_COLUMNS
    for attempt in attempts:
        missed = [m.pattern for m in attempt.pattern_marks.all() if m.missed]
        yield [
            attempt.answered_at.isoformat(),
            attempt.deal.hand,
            attempt.deal.starter,
            attempt.what,
            attempt.deal.mode,
            attempt.style,
            attempt.claimed,
            *(
                "" if value is None else value
                for value in (
                    attempt.fifteens,
                    attempt.pairs,
                    attempt.runs,
                    attempt.flush,
                    attempt.nobs,
                )
            ),
            attempt.points,
            "yes" if attempt.right else "no",
            f"{attempt.seconds:.1f}",
            " ".join(sorted(missed)),
        ]
