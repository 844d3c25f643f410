from __future__ import annotations

from urllib.parse import unquote, urlsplit

from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url, replace_url

from cribtrainer.htmx import HtmxHttpRequest, wants_partial

from .forms import HAND_SIZE, CountForm, Deal


@require_GET
@vary_on_headers("HX-Request")
def counter_page(request: HtmxHttpRequest) -> HttpResponse:
    """The hand counter; its query string is the count, so every count has a URL."""
    form = CountForm(request.GET)
    result = form.deal.count() if form.is_valid() else None
    deal = form.deal
    share_url = _url_of(deal)
    partial = wants_partial(request)
    message = form.message
    if not partial and not message and unquote(request.get_full_path()) != share_url:
        # Without JavaScript the form's GET lands here; the canonical URL is the one to share.
        return redirect(share_url)
    context = {
        "form": form,
        "deal": deal,
        "result": result,
        "message": message or deal.prompt,
        "status": _status(result, message or deal.prompt),
        "slots": _slots(deal),
        "share_url": share_url,
        "share_url_absolute": request.build_absolute_uri(share_url),
        "page_title": _title(deal, result),
    }
    if not partial:
        return render(request, "counter/counter.html", context)
    response = render(request, "counter/counter.html#count", {**context, "oob": True})
    return _record_in_history(response, request, share_url, counted=result is not None)


@require_GET
def rules_page(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rules/rules.html")


def _url_of(deal: Deal) -> str:
    path = reverse("counter:counter")
    return f"{path}?{deal.query}" if deal.query else path


def _slots(deal: Deal) -> list[dict]:
    what = "Crib" if deal.crib else "Hand"
    slots = [
        {"card": deal.hand[n] if n < len(deal.hand) else None, "name": f"{what} {n + 1}"}
        for n in range(HAND_SIZE)
    ]
    slots.append({"card": deal.starter, "name": "Starter", "starter": True})
    return slots


def _status(result, message: str) -> str:
    if result is None:
        return message
    return f"{result.total} points in the {'crib' if result.crib else 'hand'}."


def _title(deal: Deal, result) -> str:
    if result is None:
        return "Hand counter · Cribtrainer"
    cards = " ".join(c.short_label for c in deal.hand)
    return f"{result.total} · {cards} + {deal.starter.short_label} · Cribtrainer"


def _record_in_history(
    response: HttpResponse, request: HtmxHttpRequest, url: str, counted: bool
) -> HttpResponse:
    """Push each count into the history; cards picked on the way there only replace the URL."""
    current = request.htmx.current_url_abs_path or ""
    if unquote(current) == url:
        return response
    before = CountForm(QueryDict(urlsplit(current).query))
    if counted or (before.is_valid() and before.deal.complete):
        return push_url(response, url)
    return replace_url(response, url)
