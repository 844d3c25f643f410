"""Work done outside the request: the password-reset mail."""

from __future__ import annotations

from django_tasks import task

from .forms import PasswordResetRequestForm


@task()
def password_reset_mail(email: str, domain: str, use_https: bool) -> None:
    """Mail a reset link to each active account with the address (none if there is none):
    a task, so the request that asked answers in the same time either way."""
    form = PasswordResetRequestForm({"email": email})
    if form.is_valid():
        form.save(domain_override=domain, use_https=use_https)
