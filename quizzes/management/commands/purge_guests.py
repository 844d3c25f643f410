"""python manage.py purge_guests [--days 90] [--task-days 3] [--dry-run]: run it daily from
cron."""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from quizzes.services.guests import guests_purge


class Command(BaseCommand):
    help = (
        "Delete guests who have done nothing for --days days (90 by default; their latest "
        "activity of any kind: quizzes, review, games), with all their deals, attempts, "
        "review queue and games, every expired session, and the finished tasks (the queued "
        "mails) older than --task-days days (3)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--days", type=int, default=90, help="days without practice (at least 1; 90)"
        )
        parser.add_argument(
            "--task-days", type=int, default=3, help="days a finished task is kept (at least 1; 3)"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="print what would go, delete nothing"
        )

    def handle(self, *args, days: int, task_days: int, dry_run: bool, **options):
        if days < 1:
            raise CommandError(f"--days must be at least 1, not {days}.")
        if task_days < 1:
            raise CommandError(f"--task-days must be at least 1, not {task_days}.")
        purged = guests_purge(
            inactive_for=timedelta(days=days), now=timezone.now(), dry_run=dry_run
        )
        verb = "Would delete" if dry_run else "Deleted"
        rows = ", ".join(f"{count} {name}" for name, count in purged.rows.items())
        self.stdout.write(
            f"{verb} {purged.guests} guest{'s' * (purged.guests != 1)} inactive for {days} "
            f"days: {rows}; and {purged.expired_sessions} expired sessions."
        )
        # Kept a few days, for an operator to see what failed; longer, a task's arguments
        # (an address given for an account) are kept for no one.
        tasks = DBTaskResult.objects.finished().filter(
            finished_at__lt=timezone.now() - timedelta(days=task_days)
        )
        count = tasks.count() if dry_run else tasks.delete()[0]
        if count:
            self.stdout.write(f"{verb} {count} finished tasks older than {task_days} days.")
