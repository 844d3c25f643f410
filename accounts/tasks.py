"""Work done outside the request: the account mails. A password-reset link, a link that
confirms an email address given for an account, and a word to the owner of an address that
someone tried to give for another account.

Each mail is queued with a key of its own and no email address but the one a player gave
for their own account (``email_confirm``): a reset names the account by its id, or by
nothing when no account has the address typed. The task then:

- takes ``MAIL_SLOT_SECONDS`` whether it sends or not, so a queue run by one worker says
  nothing, by when the next mail goes, of which addresses have accounts;
- raises when the mail server refuses or is down, and queues itself again after
  ``MAIL_RETRY_SECONDS``, four times longer each time, ``MAIL_RETRIES`` times at most;
- sends once per key: the key is marked sent in the cache after the send and looked up
  before it, so a task run again (retried, or picked up after its worker died:
  ``manage.py task_worker``) sends nothing twice unless the worker died between the two.
"""

from __future__ import annotations

import logging
import time
import uuid
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.template import loader
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django_tasks import task
from django_tasks.backends.immediate import ImmediateBackend

logger = logging.getLogger("accounts.mail")

User = get_user_model()

# How long a key stays marked sent: longer than every retry and the worker's lease.
SENT_MARKER_SECONDS = 7 * 24 * 3600
EMAIL_CONFIRM_SALT = "accounts.email-confirm"


def email_confirm_token(user, email: str) -> str:
    """The signed token of a link that makes ``email`` the account's address, valid while
    the account's address is still the one it had when the link was made."""
    return signing.dumps({"u": user.pk, "e": email, "was": user.email}, salt=EMAIL_CONFIRM_SALT)


def email_confirm_read(token: str) -> tuple[int, str, str] | None:
    """The account id, the address to confirm and the address the account had, from a
    token ``email_confirm_token`` made within PASSWORD_RESET_TIMEOUT; None if it is not
    one (forged, altered or too old)."""
    try:
        data = signing.loads(
            token, salt=EMAIL_CONFIRM_SALT, max_age=settings.PASSWORD_RESET_TIMEOUT
        )
        return int(data["u"]), str(data["e"]), str(data["was"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def _active_user(user_id: int | None):
    if user_id is None:
        return None
    return User.objects.filter(pk=user_id, is_active=True).first()


def _message(template: str, context: dict, to: str) -> EmailMessage:
    subject = "".join(loader.render_to_string(f"{template}_subject.txt", context).splitlines())
    body = loader.render_to_string(f"{template}_email.html", context)
    return EmailMessage(subject, body, None, [to])


def _link_context(domain: str, use_https: bool) -> dict:
    return {"domain": domain, "site_name": domain, "protocol": "https" if use_https else "http"}


def _password_reset(user_id, email, domain, use_https) -> EmailMessage | None:
    """The reset link, as Django's PasswordResetForm words it, to an active account with a
    usable password and an address."""
    user = _active_user(user_id)
    if user is None or not user.email or not user.has_usable_password():
        return None
    context = {
        **_link_context(domain, use_https),
        "email": user.email,
        "user": user,
        "uid": urlsafe_base64_encode(force_bytes(user.pk)),
        "token": default_token_generator.make_token(user),
    }
    return _message("registration/password_reset", context, user.email)


def _email_confirm(user_id, email, domain, use_https) -> EmailMessage | None:
    user = _active_user(user_id)
    if user is None or not email:
        return None
    link = reverse("email_confirm", args=[email_confirm_token(user, email)])
    context = {**_link_context(domain, use_https), "user": user, "email": email, "link": link}
    return _message("registration/email_confirm", context, email)


def _email_in_use(user_id, email, domain, use_https) -> EmailMessage | None:
    owner = _active_user(user_id)
    if owner is None or not owner.email:
        return None
    context = {**_link_context(domain, use_https), "user": owner, "email": owner.email}
    return _message("registration/email_in_use", context, owner.email)


MAILS = {
    "password_reset": _password_reset,
    "email_confirm": _email_confirm,
    "email_in_use": _email_in_use,
}


def retry_delay(attempt: int) -> timedelta:
    """How long after failed attempt number ``attempt`` (from 1) the next is made."""
    return timedelta(seconds=settings.MAIL_RETRY_SECONDS * 4 ** (attempt - 1))


def _sent_marker(key: str) -> str:
    return f"account-mail:sent:{key}"


@task()
def account_mail(
    kind: str,
    key: str,
    user_id: int | None,
    domain: str,
    use_https: bool,
    attempt: int = 1,
    email: str = "",
) -> None:
    """Send one account mail (``MAILS[kind]``), or nothing if there is none to send, in the
    same time either way; raise if the send fails, after queueing the next attempt."""
    started = time.monotonic()
    try:
        _deliver(kind, key, user_id, domain, use_https, attempt, email)
    finally:
        if not isinstance(account_mail.get_backend(), ImmediateBackend):
            _rest_of_slot(started)


def _rest_of_slot(started: float) -> None:
    left = started + settings.MAIL_SLOT_SECONDS - time.monotonic()
    if left > 0:
        time.sleep(left)
    elif settings.MAIL_SLOT_SECONDS > 0:
        logger.warning(
            "account mail took %.1f s, more than MAIL_SLOT_SECONDS (%s): its time shows",
            settings.MAIL_SLOT_SECONDS - left,
            settings.MAIL_SLOT_SECONDS,
        )


def _deliver(kind, key, user_id, domain, use_https, attempt, email) -> None:
    if cache.get(_sent_marker(key)) is not None:
        return
    message = MAILS[kind](user_id, email, domain, use_https)
    if message is None:
        return
    try:
        message.send()
    except Exception:
        if attempt <= settings.MAIL_RETRIES:
            run_after = timezone.now() + retry_delay(attempt)
            account_mail.using(run_after=run_after).enqueue(
                kind, key, user_id, domain, use_https, attempt + 1, email
            )
            logger.warning("account mail %s not sent (attempt %d): tried again", key, attempt)
        else:
            logger.error("account mail %s not sent after %d attempts: given up", key, attempt)
        raise
    cache.set(_sent_marker(key), 1, timeout=SENT_MARKER_SECONDS)


@task()
def password_reset_mail(email: str, domain: str, use_https: bool) -> None:
    """A reset mail queued before the mails named no address (sent as ``account_mail``
    is): kept for the tasks already queued under this name."""
    from .forms import PasswordResetRequestForm

    form = PasswordResetRequestForm({"email": email})
    if form.is_valid():
        user_id = form.user_to_mail()
        _deliver("password_reset", uuid.uuid4().hex, user_id, domain, use_https, 1, "")
