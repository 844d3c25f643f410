from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from counter.cribbage.show import MAX_SHOW
from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial

from .domain.charts import accuracy_line, pattern_bars, time_columns
from .domain.dealing import Mode
from .domain.leitner import BOX_INTERVALS
from .domain.marking import AnswerStyle
from .domain.patterns import Category, Pattern
from .forms import CHOOSABLE_MODES, AnswerForm, DealForm
from .models import Attempt, Deal
from .owners import deal_moved, owner_of
from .progress import (
    first_due_pattern,
    last_attempts,
    miss_rates,
    progress_of,
    review_queue,
)
from .services import attempt_record, deal_create

# The answer style last used, in a cookie of its own: the answer view writes no session,
# since an answer sent while the same browser logs in has its session deleted under it,
# and Django answers 400 to a request whose session it cannot save.
STYLE_COOKIE = "answer_style"


# --- quizzes -------------------------------------------------------------------------


def chooser_context(request: HtmxHttpRequest, form: DealForm | None = None) -> dict:
    owner = owner_of(request)
    return {
        "form": form or DealForm(),
        "modes": CHOOSABLE_MODES,
        "patterns": list(Pattern),
        "due": len(review_queue(owner, timezone.now()).due) if owner else 0,
    }


@require_safe
@private_page
def choose(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "quizzes/choose.html", chooser_context(request))


@require_POST
def deal_new(request: HtmxHttpRequest) -> HttpResponse:
    form = DealForm(request.POST)
    if not form.is_valid():
        return render(request, "quizzes/choose.html", chooser_context(request, form), status=400)
    mode: Mode = form.cleaned_data["mode"]
    pattern: Pattern | None = form.cleaned_data["pattern"] if mode is Mode.PATTERN else None
    owner = owner_of(request, create=True)
    now = timezone.now()
    weights = None
    if mode is Mode.REVIEW:
        pattern = first_due_pattern(owner, now)
        if pattern is None:
            return redirect("quizzes:review")
    elif mode is Mode.WEAK_SPOTS:
        weights = miss_rates(owner)
    deal = deal_create(owner=owner, mode=mode, pattern=pattern, weights=weights, now=now)
    return redirect("quizzes:deal", pk=deal.pk)


def owned_deal(request: HtmxHttpRequest, pk: int) -> Deal:
    """The player's deal; or, for a request the browser sent as a guest before it logged in,
    the guest's deal that has moved into the account meanwhile."""
    deal = Deal.objects.owned_by(owner_of(request)).filter(pk=pk).first()
    if deal is None and not request.user.is_authenticated:
        user = deal_moved(request, pk)
        deal = Deal.objects.filter(pk=pk, user=user).first() if user else None
        if deal is not None:
            # This request's session is gone, and the browser has the account's by now:
            # Django would delete the cookie of an empty session, logging the browser out.
            request.COOKIES.pop(settings.SESSION_COOKIE_NAME, None)
    if deal is None:
        raise Http404("No such deal of yours.")
    return deal


def answer_style(request: HtmxHttpRequest) -> AnswerStyle:
    for asked in (request.GET.get("style"), request.COOKIES.get(STYLE_COOKIE)):
        try:
            return AnswerStyle(asked)
        except ValueError:
            continue
    return AnswerStyle.TOTAL


def feedback_context(deal: Deal, attempt: Attempt) -> dict:
    """The feedback as it was given: the marks stored with the attempt."""
    marks = attempt.pattern_marks.all()
    return {
        "deal": deal,
        "attempt": attempt,
        "show": deal.show,
        "marks": attempt.category_marks,
        "patterns": sorted(marks, key=lambda mark: list(Pattern).index(mark.pattern_enum)),
        "missed_any": any(mark.missed for mark in marks),
        "short": max(attempt.points - attempt.claimed, 0),
        "over": max(attempt.claimed - attempt.points, 0),
    }


def question_context(request: HtmxHttpRequest, deal: Deal, form: AnswerForm | None = None):
    style = form.style if form is not None and form.style else answer_style(request)
    return {
        "deal": deal,
        "form": form or AnswerForm(),
        "style": style,
        "categories": list(Category),
        "max_points": MAX_SHOW,
    }


@require_safe
@vary_on_htmx
@private_page
def deal_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    deal = owned_deal(request, pk)
    attempt = Attempt.objects.filter(deal=deal).first()
    if attempt is None:
        context = question_context(request, deal)
    else:
        context = feedback_context(deal, attempt)
    template = "quizzes/deal.html"
    if wants_partial(request):
        template += "#quiz-card"
    return render(request, template, context)


@require_POST
@vary_on_htmx
@private_page
def answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    deal = owned_deal(request, pk)
    form = AnswerForm(request.POST)
    existing = Attempt.objects.filter(deal=deal).first()
    if existing is None:
        if not form.is_valid():
            template = "quizzes/deal.html"
            # htmx swaps only 2xx responses by default; a plain form post gets a 400.
            status = 200 if wants_partial(request) else 400
            if wants_partial(request):
                template += "#quiz-card"
            return render(request, template, question_context(request, deal, form), status=status)
        existing, _ = attempt_record(deal=deal, answer=form.answer, now=timezone.now())
    if wants_partial(request):
        response = render(request, "quizzes/deal.html#quiz-card", feedback_context(deal, existing))
    else:
        response = redirect("quizzes:deal", pk=deal.pk)
    if request.COOKIES.get(STYLE_COOKIE) != existing.style:
        response.set_cookie(
            STYLE_COOKIE,
            existing.style,
            max_age=365 * 24 * 3600,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response


# --- progress and review -------------------------------------------------------------


def next_step(progress, queue) -> dict:
    """The one thing to practise next, as the progress page leads with it."""
    if queue.due:
        return {"kind": "review", "items": queue.due}
    if progress.weak_spots:
        return {"kind": "weak", "stat": progress.weak_spots[0]}
    if not progress.attempts:
        return {"kind": "start"}
    return {"kind": "strong", "next_due": queue.next_due}


@require_safe
@private_page
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
    return render(request, "quizzes/progress.html", context)


@require_safe
@private_page
def review_page(request: HtmxHttpRequest) -> HttpResponse:
    owner = owner_of(request)
    now = timezone.now()
    return render(
        request,
        "quizzes/review.html",
        {
            "queue": review_queue(owner, now),
            "now": now,
            "boxes": [(box, interval.days) for box, interval in BOX_INTERVALS.items()],
        },
    )
