"""What stops password guessing and floods: django-axes' lock-out of failed log-ins (the
limit it applies, the page it shows, what a log-in forgives; settings.AXES_*) and the rate
limits of sign-ups, wrong passwords given again, reset mails asked for and mails about
one address."""

from __future__ import annotations

from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Max, Sum
from django.db.models.functions import Coalesce
from django.http import HttpResponse
from django.utils import timezone

from cribtrainer.clients import client_address
from cribtrainer.htmx import HtmxHttpRequest
from cribtrainer.throttle import Throttle, too_many_requests

SIGNUPS = Throttle("signup", "THROTTLE_SIGNUP")
REAUTHENTICATIONS = Throttle("reauth", "THROTTLE_REAUTH")
PASSWORD_RESETS = Throttle("password-reset", "THROTTLE_PASSWORD_RESET")
# Mails about one address given for an account (a link to confirm it, or a word to the
# owner of the account that has it): as many as reset mails.
ADDRESS_MAILS = Throttle("address-mail", "THROTTLE_PASSWORD_RESET")


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
