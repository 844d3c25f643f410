"""python manage.py purge_guests [--days 90] [--dry-run]: run it daily from cron."""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from quizzes.services.guests import guests_purge


class Command(BaseCommand):
    help = (
        "Delete guests who have done nothing for --days days (90 by default; their latest "
        "activity of any kind: quizzes, review, games), with all their deals, attempts, "
        "review queue and games, and every expired session."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--days", type=int, default=90, help="days without practice (at least 1; 90)"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="print what would go, delete nothing"
        )

    def handle(self, *args, days: int, dry_run: bool, **options):
        if days < 1:
            raise CommandError(f"--days must be at least 1, not {days}.")
        purged = guests_purge(
            inactive_for=timedelta(days=days), now=timezone.now(), dry_run=dry_run
        )
        verb = "Would delete" if dry_run else "Deleted"
        rows = ", ".join(f"{count} {name}" for name, count in purged.rows.items())
        self.stdout.write(
            f"{verb} {purged.guests} guest{'s' * (purged.guests != 1)} inactive for {days} "
            f"days: {rows}; and {purged.expired_sessions} expired sessions."
        )
