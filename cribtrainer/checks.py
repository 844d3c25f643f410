"""Checks that ``manage.py check --deploy`` runs on the settings of a deployment."""

from django.conf import settings
from django.core.checks import Tags, Warning, register

# Backends that deliver nothing to the player: a reset link would go to the server's log,
# to memory or nowhere.
UNDELIVERED = {
    "django.core.mail.backends.console.EmailBackend",
    "django.core.mail.backends.filebased.EmailBackend",
    "django.core.mail.backends.locmem.EmailBackend",
    "django.core.mail.backends.dummy.EmailBackend",
    "cribtrainer.mail.UnconfiguredEmailBackend",
}


@register(Tags.security, deploy=True)
def reset_mail_check(app_configs=None, **kwargs):
    if settings.EMAIL_BACKEND not in UNDELIVERED:
        return []
    return [
        Warning(
            "Password-reset mail cannot be sent: no mail server is set "
            f"(EMAIL_BACKEND is {settings.EMAIL_BACKEND}).",
            hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, "
            "EMAIL_USE_TLS or EMAIL_USE_SSL, DEFAULT_FROM_EMAIL) to the mail server's.",
            id="cribtrainer.W001",
        )
    ]
