"""Account pages: sign up, log in, the account overview and its email address, changing
and resetting the password, logging out other browsers, deleting the account, and the CSV
export of the player's attempts."""

from __future__ import annotations

import csv
from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth import (
    authenticate,
    get_user_model,
    login,
    logout,
    update_session_auth_hash,
)
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cribtrainer.clients import client_address
from cribtrainer.htmx import HtmxHttpRequest, private_page
from cribtrainer.sessions import sessions_end
from cribtrainer.throttle import throttled
from quizzes.models import Attempt, Deal
from quizzes.owners import guest_deals_moved, owner_of

from .export import attempts_rows
from .forms import DeleteAccountForm, EmailForm, LoginForm, PasswordResetRequestForm, SignupForm
from .lockout import PASSWORD_RESETS, REAUTHENTICATIONS, SIGNUPS
from .services import account_delete, address_mail_queue, reset_mail_queue
from .tasks import email_confirm_read

User = get_user_model()
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _next_url(request: HtmxHttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def log_in(request: HtmxHttpRequest, user, backend: str | None = None) -> None:
    """Log in, which moves the guest's deals and attempts into the account (accounts.apps).

    Logging in deletes the guest's session at once, long before the move is done, so a
    request this browser sent as a guest meanwhile (an answer in another tab) would find
    nothing: it is told first where the guest's deals are going (``owners.deal_moved``).
    """
    guest = owner_of(request)
    if guest is not None and guest.user is None:
        deals = list(Deal.objects.owned_by(guest).values_list("pk", flat=True))
        guest_deals_moved(request, user=user, deals=deals)
    login(request, user, backend=backend)


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """Make an account and log in to it. Every sign-up sent counts toward the address's
    limit, made or refused. An email address given is the account's once a link mailed to
    it is followed; if another account has it, its owner is mailed instead. The page says
    the same in both cases (``_address_mail_queued``): whether an address has an account is
    never told to whoever types it. A username taken is said, as it must be: usernames are
    chosen to be seen, and the limit bounds how many are tried."""
    if request.user.is_authenticated:
        return redirect("account")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        until = SIGNUPS.take(client_address(request))
        if until is not None:
            return throttled(request, until, "Too many accounts made from your address.")
        user = None
        if form.is_valid():
            user = _signup_save(form)
            if user is None:  # made meanwhile by another request: check the form again
                form = SignupForm(request.POST)
                form.is_valid()
            elif email := form.cleaned_data["email"]:
                _address_mail_queued(request, user, email)
        user = user or _same_signup_again(request, form)
        if user is not None:
            log_in(request, user, backend=getattr(user, "backend", MODEL_BACKEND))
            return redirect(_next_url(request, reverse("quizzes:progress")))
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": _next_url(request, "")},
        status=status,
    )


def _address_mail_queued(request: HtmxHttpRequest, user, email: str) -> None:
    address_mail_queue(user=user, email=email, request=request)
    messages.info(
        request,
        f"We are sending a link to {email}: open it to make it your account's address.",
    )


def _signup_save(form: SignupForm):
    """Make the account; None if the username or email address was taken between the
    form's checks and the save."""
    try:
        with transaction.atomic():
            return form.save()
    except IntegrityError:
        return None


# How long after an account is made a sign-up sent again logs in to it.
SIGNUP_REPEAT = timedelta(minutes=2)


def _same_signup_again(request: HtmxHttpRequest, form: SignupForm):
    """The account a sign-up just made, if this is the same sign-up sent again: a double
    click, or a page sent again after the first answer was lost. It logs in with the
    password given, as the log-in page would (django-axes counts a wrong one)."""
    if set(form.errors) != {"username"} or not form.has_error("username", "unique"):
        return None
    username = form.data.get("username", "")
    made_just_now = User.objects.filter(
        username=username, date_joined__gte=timezone.now() - SIGNUP_REPEAT
    )
    if not made_just_now.exists():
        return None
    return authenticate(request, username=username, password=form.data.get("password1", ""))


class LoginView(auth_views.LoginView):
    """Django's log-in page, logging in through ``log_in``."""

    authentication_form = LoginForm

    def form_valid(self, form):
        log_in(self.request, form.get_user())
        return redirect(self.get_success_url())


def _reauthentication_keys(request: HtmxHttpRequest) -> tuple[str]:
    """What wrong passwords are counted by: the session that gave them. Never the account
    or an address alone, or a stolen session (or a neighbour on the same network) could
    stop the owner changing the password and so ending it."""
    return (f"session:{request.session.session_key}",)


def _reauthentication_refused(request: HtmxHttpRequest) -> HttpResponse | None:
    """The 429 page once this session has given too many wrong passwords; checked before
    any password is."""
    until = REAUTHENTICATIONS.blocked_until(*_reauthentication_keys(request))
    if until is None:
        return None
    return throttled(request, until, "Too many wrong passwords: nothing was changed.")


def _reauthentication_failed(request: HtmxHttpRequest, form: forms.Form, field: str) -> None:
    if form.has_error(field, "password_incorrect"):
        REAUTHENTICATIONS.count(*_reauthentication_keys(request))


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
@login_required
def account_page(request: HtmxHttpRequest) -> HttpResponse:
    """The account overview, and changing its email address (with the password)."""
    user = request.user
    if request.method == "POST":
        if refused := _reauthentication_refused(request):
            return refused
        form = EmailForm(user, request.POST)
        if form.is_valid():
            email = form.cleaned_data["email"]
            if email and email.casefold() != user.email.casefold():
                _address_mail_queued(request, user, email)
                return redirect("account")
            user.email = email
            user.save(update_fields=["email"])
            return redirect(reverse("account") + "?email=saved")
        _reauthentication_failed(request, form, "password")
    else:
        form = EmailForm(user, initial={"email": user.email})
    attempts = Attempt.objects.owned_by(owner_of(request)).count()
    ended = request.GET.get("ended", "")
    context = {
        "attempts": attempts,
        "form": form,
        "saved": request.GET.get("email") == "saved",
        "ended": int(ended) if ended.isdigit() and len(ended) < 7 else None,
    }
    return render(
        request,
        "registration/account.html",
        context,
        status=400 if form.is_bound else 200,
    )


@require_POST
@login_required
def sessions_end_others(request: HtmxHttpRequest) -> HttpResponse:
    """Log out every other browser logged in to this account; this one stays. No password
    is asked: it only takes access away, and must work when someone else has it."""
    ended = sessions_end(request.user.pk, keep=request.session.session_key)
    return redirect(reverse("account") + f"?ended={ended}")


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
@login_required
def account_delete_page(request: HtmxHttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if refused := _reauthentication_refused(request):
            return refused
        if form.is_valid():
            user = request.user
            with transaction.atomic():
                account_delete(user=user)
                logout(request)
            return redirect("account_deleted")
        _reauthentication_failed(request, form, "password")
    attempts = Attempt.objects.owned_by(owner_of(request)).count()
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "registration/account_delete.html",
        {"form": form, "attempts": attempts},
        status=status,
    )


@require_safe
def account_deleted(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "registration/account_deleted.html")


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
@login_required
def password_change(request: HtmxHttpRequest) -> HttpResponse:
    """Django's password change form, with wrong old passwords throttled. The account's
    other sessions end; this one goes on."""
    form = PasswordChangeForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if refused := _reauthentication_refused(request):
            return refused
        if form.is_valid():
            with transaction.atomic():
                form.save()
                update_session_auth_hash(request, form.user)
                sessions_end(form.user.pk, keep=request.session.session_key)
            return redirect("password_change_done")
        _reauthentication_failed(request, form, "old_password")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/password_change_form.html", {"form": form}, status=status)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's page, with the mail left to the task queue: one task for every request,
    naming the account (not the address) or none (``reset_mail_queue``)."""

    form_class = PasswordResetRequestForm

    def form_valid(self, form):
        reset_mail_queue(user_id=form.user_to_mail(), request=self.request)
        return redirect(self.get_success_url())


_password_reset_view = PasswordResetView.as_view()


@require_http_methods(["GET", "HEAD", "POST"])
def password_reset(request: HtmxHttpRequest) -> HttpResponse:
    """Ask for a reset link by email, at most the reset rate per address."""
    if request.method == "POST":
        until = PASSWORD_RESETS.take(f"address:{client_address(request)}")
        if until is not None:
            return throttled(request, until, "Too many password reset emails asked for.")
    return _password_reset_view(request)


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
def email_confirm(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The link mailed to an address given for an account: a page that asks, and a button
    that makes it the account's address (a GET changes nothing, for mail readers that open
    links on their own). Whoever has the link has the mailbox, so this page may say that
    another account has the address meanwhile."""
    read = email_confirm_read(token)
    user = None
    if read is not None:
        user_id, email, was = read
        user = User.objects.filter(pk=user_id, is_active=True, email=was).first()
    if user is None:
        context = {"problem": "This link is not valid: it is too old or was used already."}
        return render(request, "registration/email_confirm.html", context, status=400)
    context = {"account": user, "email": email}
    if request.method == "POST":
        user.email = email
        try:
            with transaction.atomic():
                user.save(update_fields=["email"])
        except IntegrityError:
            context["problem"] = "Another account already has that email address."
            return render(request, "registration/email_confirm.html", context, status=400)
        context["done"] = True
    return render(request, "registration/email_confirm.html", context)


@require_safe
@private_page
def attempts_csv(request: HtmxHttpRequest) -> HttpResponse:
    """Every attempt of the player, oldest first, one row each (``export.attempts_rows``)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="cribtrainer-attempts.csv"'
    csv.writer(response).writerows(attempts_rows(owner_of(request)))
    return response
