"""The task worker's health: its heartbeat, the tasks of a worker that died put back in the
queue (``manage.py task_worker`` does both), and the figures ``manage.py tasks_check``
reports to a monitor."""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import Min
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max

from .services import lost_tasks_requeue

logger = logging.getLogger("accounts.worker")

# Where the worker writes the time it was last alive, in the cache every process shares.
HEARTBEAT_KEY = "tasks:worker-heartbeat"


def tend(worker_id: str) -> None:
    """One round of what the worker does beside its tasks: the heartbeat, and the tasks left
    RUNNING by a worker that died put back in the queue."""
    cache.set(HEARTBEAT_KEY, time.time(), timeout=None)
    requeued = lost_tasks_requeue(
        now=timezone.now(),
        lease=timedelta(seconds=settings.TASKS_LEASE_SECONDS),
        alive_worker=worker_id,
    )
    if requeued:
        logger.warning("%d task(s) of a worker that stopped put back in the queue", requeued)


def _oldest_waiting() -> datetime | None:
    """When the task that has waited longest to run could first have run."""
    ready = DBTaskResult.objects.ready()
    oldest = [
        ready.filter(run_after=get_date_max()).aggregate(at=Min("enqueued_at"))["at"],
        ready.exclude(run_after=get_date_max()).aggregate(at=Min("run_after"))["at"],
    ]
    return min((at for at in oldest if at is not None), default=None)


def tasks_figures() -> dict[str, float | None]:
    """Seconds since the worker's last heartbeat, and since the oldest task waiting to run
    could have run; None for no heartbeat ever, or no task waiting."""
    now = time.time()
    beat = cache.get(HEARTBEAT_KEY)
    waiting = _oldest_waiting()
    return {
        "worker_seen_seconds_ago": None if beat is None else round(now - beat, 1),
        "oldest_task_waiting_seconds": None
        if waiting is None
        else round(max(now - waiting.timestamp(), 0), 1),
    }
