"""python manage.py tasks_check: for a monitor or cron, whether the task worker is sending
the account mails. Prints its figures as one JSON object; exits 1 when the worker has not
been seen for --worker-seconds or a task has waited longer than --waiting-seconds."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from accounts.worker import tasks_figures


class Command(BaseCommand):
    help = (
        "Print the task worker's last heartbeat and the oldest waiting task's age, in "
        "seconds; exit 1 if either is too old (the mail is not going out)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--worker-seconds", type=float, default=60, help="the longest without a heartbeat"
        )
        parser.add_argument(
            "--waiting-seconds", type=float, default=300, help="the longest a task may wait"
        )

    def handle(self, *args, worker_seconds: float, waiting_seconds: float, **options):
        figures = tasks_figures()
        seen, waiting = figures["worker_seen_seconds_ago"], figures["oldest_task_waiting_seconds"]
        problems = []
        if seen is None or seen > worker_seconds:
            problems.append("the task worker is not running")
        if waiting is not None and waiting > waiting_seconds:
            problems.append("tasks are waiting and not run")
        self.stdout.write(json.dumps({"status": "error" if problems else "ok", **figures}))
        if problems:
            raise CommandError("; ".join(problems))
