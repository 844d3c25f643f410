"""A guest's practice brought along when the same browser signs up or logs in."""

from __future__ import annotations

from django.contrib import messages

from quizzes.owners import GUEST_KEY, guest_notice_withdraw
from quizzes.services.guests import attempts_merge


def guest_attempts_claim(sender, request, user, **kwargs) -> None:
    """On log-in or sign-up, bring the browser session's guest attempts along and tell the
    player how many came."""
    if request is None or not hasattr(request, "session"):
        return
    guest_notice_withdraw(request)
    key = request.session.pop(GUEST_KEY, "")
    moved = attempts_merge(from_session=key, to_user=user)
    if moved:
        hands = "hand" if moved == 1 else "hands"
        messages.success(
            request,
            f"{moved} {hands} you practised as a guest moved into your account.",
            fail_silently=True,
        )
