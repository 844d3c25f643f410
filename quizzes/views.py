from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from cribtrainer.htmx import HtmxHttpRequest, wants_partial
from progress.queries import first_due_pattern, miss_rates, review_queue

from .dealing import Mode
from .forms import CHOOSABLE_MODES, AnswerForm, DealForm
from .models import Attempt, Deal
from .owners import owner_of
from .patterns import Category, Pattern
from .services import attempt_record, deal_create

STYLE_KEY = "answer_style"
STYLES = ("total", "itemised")


def chooser_context(request: HtmxHttpRequest, form: DealForm | None = None) -> dict:
    owner = owner_of(request)
    return {
        "form": form or DealForm(),
        "modes": CHOOSABLE_MODES,
        "patterns": list(Pattern),
        "due": len(review_queue(owner, timezone.now()).due) if owner else 0,
    }


@require_GET
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
            return redirect("progress:review")
    elif mode is Mode.WEAK_SPOTS:
        weights = miss_rates(owner)
    deal = deal_create(owner=owner, mode=mode, pattern=pattern, weights=weights, now=now)
    return redirect("quizzes:deal", pk=deal.pk)


def owned_deal(request: HtmxHttpRequest, pk: int) -> Deal:
    return get_object_or_404(Deal.objects.owned_by(owner_of(request)), pk=pk)


def answer_style(request: HtmxHttpRequest) -> str:
    asked = request.GET.get("style")
    if asked in STYLES:
        return asked
    return request.session.get(STYLE_KEY, "total")


def feedback_context(deal: Deal, attempt: Attempt) -> dict:
    marking = deal.mark(attempt.answer)
    correct = {c: deal.show.points_of(c.kind) for c in Category}
    return {
        "deal": deal,
        "attempt": attempt,
        "show": deal.show,
        "marking": marking,
        "marks": marking.categories,
        "correct": correct,
        "patterns": [(p, marking.was_missed(p)) for p in marking.patterns],
        "short": max(attempt.points - attempt.claimed, 0),
        "over": max(attempt.claimed - attempt.points, 0),
    }


def question_context(request: HtmxHttpRequest, deal: Deal, form: AnswerForm | None = None):
    style = form.style if form is not None and form.style else answer_style(request)
    return {
        "deal": deal,
        "form": form or AnswerForm(),
        "style": style,
        "other_style": "itemised" if style == "total" else "total",
        "categories": list(Category),
    }


@require_GET
@vary_on_headers("HX-Request")
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
@vary_on_headers("HX-Request")
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
        request.session[STYLE_KEY] = existing.style
    if wants_partial(request):
        return render(request, "quizzes/deal.html#quiz-card", feedback_context(deal, existing))
    return redirect("quizzes:deal", pk=deal.pk)
