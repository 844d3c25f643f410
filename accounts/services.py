"""Writes that span models: deleting an account, queueing the account mails, and putting
back in the queue the tasks of a worker that died."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.db import transaction
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cribtrainer.sessions import sessions_end

from .lockout import ADDRESS_MAILS
from .tasks import account_mail

User = get_user_model()


def account_delete(*, user) -> None:
    """Delete an account and every row that names the player: their deals, attempts and
    review queue (by cascade), django-axes' records of their log-ins and failed log-ins
    (username, addresses, browsers, times), and their sessions on every device: all of it
    or, if anything fails, none. The sessions are found by the account stored with each
    (cribtrainer.sessions), so no other player's is read or locked."""
    username = user.get_username()
    with transaction.atomic():
        sessions_end(user.pk)
        for model in (AccessAttempt, AccessLog, AccessFailureLog):
            model.objects.filter(username=username).delete()
        user.delete()


def _mail_queue(kind: str, *, user_id, email: str, request) -> None:
    account_mail.enqueue(
        kind, uuid.uuid4().hex, user_id, request.get_host(), request.is_secure(), 1, email
    )


def reset_mail_queue(*, user_id: int | None, request) -> None:
    """Queue a reset mail for the account ``user_id``, or for none: a task is queued for
    every request, which takes the same time whether it sends or not (accounts.tasks)."""
    _mail_queue("password_reset", user_id=user_id, email="", request=request)


def address_mail_queue(*, user, email: str, request) -> None:
    """Queue the mail that makes ``email`` the address of ``user``: a link to confirm it, or
    (if another account has it) a word to that account's owner instead, who may have
    forgotten the account. One mail either way, so neither the page nor the queue says
    which; at most the reset rate's mails about one address (nothing once it is used up)."""
    owner = User.objects.filter(email__iexact=email).exclude(pk=user.pk).first()
    if ADDRESS_MAILS.take(f"email:{email.casefold()}") is not None:
        _mail_queue("email_confirm", user_id=None, email="", request=request)
    elif owner is not None:
        _mail_queue("email_in_use", user_id=owner.pk, email="", request=request)
    else:
        _mail_queue("email_confirm", user_id=user.pk, email=email, request=request)


class WorkerLost(Exception):
    """The worker running a task stopped (killed, or its machine went) too many times."""


# Runs of one task on workers that stopped before the task was picked up no more.
TASK_RUNS_AT_MOST = 3


def lost_tasks_requeue(*, now: datetime, lease: timedelta, alive_worker: str) -> int:
    """Put back in the queue each task RUNNING for longer than ``lease`` on a worker other
    than ``alive_worker`` (the one asking, which is running): its worker died. A task whose
    workers died ``TASK_RUNS_AT_MOST`` times is marked failed instead. Returns how many
    were put back or failed."""
    stale = DBTaskResult.objects.running().filter(started_at__lt=now - lease)
    changed = 0
    for result in stale:
        if result.worker_ids and result.worker_ids[-1] == alive_worker:
            continue
        same = DBTaskResult.objects.filter(
            pk=result.pk, status=TaskResultStatus.RUNNING, started_at=result.started_at
        )
        if len(result.worker_ids) >= TASK_RUNS_AT_MOST:
            changed += same.update(
                status=TaskResultStatus.FAILED,
                finished_at=now,
                exception_class_path=f"{WorkerLost.__module__}.{WorkerLost.__qualname__}",
                traceback=f"its worker stopped while running it, {len(result.worker_ids)} times",
            )
        else:
            changed += same.update(status=TaskResultStatus.READY)
    return changed
