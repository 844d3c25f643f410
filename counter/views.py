from __future__ import annotations

from urllib.parse import unquote, urlsplit

from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django_htmx.http import push_url, replace_url

from cribtrainer.htmx import HtmxHttpRequest, current_path, vary_on_htmx, wants_partial

from .entry import HAND_SIZE, Entry
from .forms import CountForm


@require_safe
@vary_on_htmx
def counter_page(request: HtmxHttpRequest) -> HttpResponse:
    """The hand counter; its query string is the count, so every count has a URL."""
    form = CountForm(request.GET)
    result = form.entry.count() if form.is_valid() else None
    entry = form.entry
    share_url = _url_of(entry)
    partial = wants_partial(request)
    message = form.message
    if not partial and not message and unquote(request.get_full_path()) != share_url:
        # Without JavaScript the form's GET lands here; the canonical URL is the one to share.
        return redirect(share_url)
    context = {
        "form": form,
        "entry": entry,
        "result": result,
        "message": message or entry.prompt,
        "status": _status(result, message or entry.prompt),
        "slots": _slots(entry),
        "share_url": share_url,
        "share_url_absolute": request.build_absolute_uri(share_url),
        "page_title": _title(entry, result),
    }
    if not partial:
        return render(request, "counter/counter.html", context)
    response = render(request, "counter/counter.html#count", {**context, "oob": True})
    return _record_in_history(response, request, share_url, counted=result is not None)


@require_safe
def rules_page(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rules/rules.html")


def _url_of(entry: Entry) -> str:
    path = reverse("counter:counter")
    return f"{path}?{entry.query}" if entry.query else path


def _slots(entry: Entry) -> list[dict]:
    what = "Crib" if entry.crib else "Hand"
    slots = [
        {
            "card": entry.hand[n] if n < len(entry.hand) else None,
            "name": f"{what} {n + 1}",
            "starter": False,
        }
        for n in range(HAND_SIZE)
    ]
    slots.append({"card": entry.starter, "name": "Starter", "starter": True})
    return slots


def _status(result, message: str) -> str:
    if result is None:
        return message
    return f"{result.total} points in the {'crib' if result.crib else 'hand'}."


def _title(entry: Entry, result) -> str:
    if result is None:
        return "Hand counter · Cribtrainer"
    cards = " ".join(c.short_label for c in entry.hand)
    return f"{result.total} · {cards} + {entry.starter.short_label} · Cribtrainer"


def _record_in_history(
    response: HttpResponse, request: HtmxHttpRequest, url: str, counted: bool
) -> HttpResponse:
    """Push each count into the history; cards picked on the way there only replace the URL."""
    current = current_path(request)
    if unquote(current) == url:
        return response
    before = CountForm(QueryDict(urlsplit(current).query))
    if counted or (before.is_valid() and before.entry.complete):
        return push_url(response, url)
    return replace_url(response, url)
