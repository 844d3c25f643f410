"""python manage.py task_worker: django-tasks' database worker (``db_worker``, with the same
options), which also says it is alive and picks up the tasks of a worker that died."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import DatabaseError, close_old_connections
from django_tasks_db.management.commands import db_worker

from accounts.worker import tend

logger = logging.getLogger("accounts.worker")


def _tend_forever(worker_id: str, stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            tend(worker_id)
        except (DatabaseError, OSError):
            logger.exception("the worker's heartbeat failed; trying again")
        finally:
            close_old_connections()
        stop.wait(settings.TASKS_HEARTBEAT_SECONDS)


class Command(db_worker.Command):
    help = (
        "Run the database task worker (as db_worker, with its options), with a heartbeat "
        "every TASKS_HEARTBEAT_SECONDS, and the tasks a worker that died left RUNNING for "
        "TASKS_LEASE_SECONDS run again."
    )

    def handle(self, *args, **options) -> None:
        # In a thread, so the heartbeat goes on while a task runs: it says the process is
        # alive, and a worker stuck on one task shows as the oldest waiting task's age.
        stop = threading.Event()
        threading.Thread(
            target=_tend_forever, args=(options["worker_id"], stop), daemon=True
        ).start()
        try:
            super().handle(*args, **options)
        finally:
            stop.set()
