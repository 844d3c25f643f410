"""Account pages: sign up, the account overview, deleting it, and the CSV export."""

from __future__ import annotations

import csv

from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django import forms
from django.conf import settings
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.validators import MaxLengthValidator
from django.db.models import Max, Sum
from django.db.models.functions import Coalesce
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods

from cribtrainer.clients import client_address
from cribtrainer.htmx import HtmxHttpRequest
from cribtrainer.throttle import too_many_requests

from .models import Attempt
from .owners import owner_of
from .services import account_delete

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


def _next_url(request: HtmxHttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("account")
    form = UserCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Logging in moves the guest's attempts into the new account (quizzes.apps).
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request, reverse("quizzes:progress")))
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": _next_url(request, "")},
        status=status,
    )


@require_GET
@login_required
def account_page(request: HtmxHttpRequest) -> HttpResponse:
    attempts = Attempt.objects.owned_by(owner_of(request)).count()
    return render(request, "registration/account.html", {"attempts": attempts})


class LoginForm(AuthenticationForm):
    """Django's log-in form, with the username's length checked before anything looks it up:
    Django sets the field's ``max_length`` after building it, so no validator enforces it,
    and an overlong name reached django-axes' log of failures (a 500 on PostgreSQL)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        error_messages={"required": "Enter your password to confirm."},
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password: nothing was deleted.")
        return password


@require_http_methods(["GET", "POST"])
@login_required
def account_delete_page(request: HtmxHttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        account_delete(user=user)
        return redirect("account_deleted")
    attempts = Attempt.objects.owned_by(owner_of(request)).count()
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "registration/account_delete.html",
        {"form": form, "attempts": attempts},
        status=status,
    )


def _recent_login_failures(**lookup):
    """django-axes' failures matching ``lookup`` within the cool-off time: how many, and
    when the last was."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    return AccessAttempt.objects.filter(attempt_time__gte=since, **lookup).aggregate(
        failures=Coalesce(Sum("failures_since_start"), 0), last=Max("attempt_time")
    )


def login_failure_limit(request: HtmxHttpRequest, credentials=None) -> int:
    """django-axes' ``AXES_FAILURE_LIMIT``: the limit for the failures it counts.

    axes counts the failures of each lock-out parameter (this username from this address,
    and this address for any username) and compares the larger, the address's, to one
    limit. The username's own limit applies once this username has failed that often from
    this address; until then, the address's.
    """
    username = get_client_username(request, credentials)
    mine = _recent_login_failures(username=username, ip_address=client_address(request))
    if mine["failures"] >= settings.LOGIN_FAILURES_PER_USERNAME:
        return settings.LOGIN_FAILURES_PER_USERNAME
    return settings.LOGIN_FAILURES_PER_ADDRESS


def login_failures_forgive(sender, request, user, **kwargs) -> None:
    """On log-in, forget this username's failed log-ins from this address (and only those:
    an address's failures against other usernames still count)."""
    if request is None:
        return
    AccessAttempt.objects.filter(
        username=user.get_username(), ip_address=client_address(request)
    ).delete()


def locked_out(request: HtmxHttpRequest, response=None, credentials=None) -> HttpResponse:
    """What django-axes shows a log-in that has failed too often (429 Too Many Requests)."""
    username = get_client_username(request, credentials) or ""
    address = client_address(request)
    mine = _recent_login_failures(username=username, ip_address=address)
    if mine["failures"] >= settings.LOGIN_FAILURES_PER_USERNAME:
        why, failures = "username", settings.LOGIN_FAILURES_PER_USERNAME
    else:
        why, failures = "address", settings.LOGIN_FAILURES_PER_ADDRESS
        mine = _recent_login_failures(ip_address=address)
    until = (mine["last"] or timezone.now()) + settings.AXES_COOLOFF_TIME
    context = {
        "why": why,
        "failures": failures,
        "minutes": round(settings.AXES_COOLOFF_TIME.total_seconds() / 60),
        "username": username,
    }
    return too_many_requests(request, "registration/locked_out.html", context, until)


@require_GET
def account_deleted(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "registration/account_deleted.html")


@require_GET
def attempts_csv(request: HtmxHttpRequest) -> HttpResponse:
    """Every attempt of the player, oldest first, one row each."""
    attempts = (
        Attempt.objects.owned_by(owner_of(request))
        .order_by("answered_at", "id")
        .select_related("deal")
        .prefetch_related("pattern_marks")
    )
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="cribtrainer-attempts.csv"'
    writer = csv.writer(response)
    writer.writerow(CSV_COLUMNS)
    for attempt in attempts:
        missed = [m.pattern for m in attempt.pattern_marks.all() if m.missed]
        writer.writerow(
            [
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
        )
    return response
