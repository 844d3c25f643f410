from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from cribtrainer.htmx import HtmxHttpRequest
from quizzes.owners import owner_of

from .charts import accuracy_line, pattern_bars, time_columns
from .leitner import BOX_INTERVALS
from .queries import last_attempts, progress_of, review_queue


def next_step(progress, queue) -> dict:
    """The one thing to practise next, as the progress page leads with it."""
    if queue.due:
        return {"kind": "review", "items": queue.due}
    if progress.weak_spots:
        return {"kind": "weak", "stat": progress.weak_spots[0]}
    if not progress.attempts:
        return {"kind": "start"}
    return {"kind": "strong", "next_due": queue.next_due}


@require_GET
def progress_page(request: HtmxHttpRequest) -> HttpResponse:
    owner = owner_of(request)
    now = timezone.now()
    progress = progress_of(owner)
    queue = review_queue(owner, now)
    recent = progress.recent
    numbers = [r.number for r in recent]
    context = {
        "progress": progress,
        "queue": queue,
        "next": next_step(progress, queue),
        "last_attempts": last_attempts(owner),
        "now": now,
    }
    if recent:
        context["accuracy_chart"] = accuracy_line([r.rolling_percent for r in recent], numbers)
        context["time_chart"] = time_columns(
            [r.seconds for r in recent], [r.right for r in recent], numbers
        )
    if progress.patterns:
        context["pattern_chart"] = pattern_bars(
            [(s.pattern.label, s.right, s.seen, s.percent) for s in progress.patterns]
        )
    return render(request, "progress/progress.html", context)


@require_GET
def review_page(request: HtmxHttpRequest) -> HttpResponse:
    owner = owner_of(request)
    now = timezone.now()
    return render(
        request,
        "progress/review.html",
        {
            "queue": review_queue(owner, now),
            "now": now,
            "boxes": [(box, interval.days) for box, interval in BOX_INTERVALS.items()],
        },
    )
