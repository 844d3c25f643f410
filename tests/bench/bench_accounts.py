"""Deleting an account among 350,000 sessions (guests make one each): median time of the
deletion, which reads and deletes only that account's sessions (target well under 1 s).

Runs in a child process on its own throwaway SQLite database, production settings.
"""

import statistics
import time
from datetime import timedelta

from tests.bench import run_in_child, verdict

SESSIONS = 350_000
DELETIONS = 5
TARGET_MS = 100.0


def run():
    run_in_child("tests.bench.bench_accounts")


def _measure() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import transaction
    from django.utils import timezone

    from accounts.services import account_delete
    from cribtrainer.models import PlayerSession
    from cribtrainer.sessions import SessionStore

    call_command("migrate", verbosity=0)
    expires = timezone.now() + timedelta(days=14)
    data = SessionStore().encode({"guest_key": "x" * 32})
    started = time.perf_counter()
    with transaction.atomic():
        PlayerSession.objects.bulk_create(
            (
                PlayerSession(session_key=f"guest{n:035d}", session_data=data, expire_date=expires)
                for n in range(SESSIONS)
            ),
            batch_size=5000,
        )
    print(f"  made {SESSIONS} guest sessions in {time.perf_counter() - started:.1f} s")
    times = []
    for n in range(DELETIONS):
        user = get_user_model().objects.create_user(f"leaver{n}", password="bench-password-29")
        for _ in range(3):
            store = SessionStore()
            store.update({"_auth_user_id": str(user.pk), "_auth_user_backend": "x"})
            store.create()
        pk = user.pk
        started = time.perf_counter()
        account_delete(user=user)
        times.append((time.perf_counter() - started) * 1000)
        assert not PlayerSession.objects.filter(user_id=pk).exists()
    assert PlayerSession.objects.count() == SESSIONS
    median = statistics.median(times)
    print(
        f"  account deletion among {SESSIONS} sessions: median {median:.1f} ms, worst "
        f"{max(times):.1f} ms over {DELETIONS} (target ≤ {TARGET_MS:.0f} ms: "
        f"{verdict(median <= TARGET_MS)})"
    )


if __name__ == "__main__":
    _measure()
