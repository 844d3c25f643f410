"""The quizzes' pages that compute the most: the discard feedback (the 15 choices, exact, and
two spreads) against its target of 20 ms median server time.

The measurement runs in a child process with its own throwaway SQLite database and
production settings, like the other page benchmarks.
"""

import random
import statistics
import time

from tests.bench import run_in_child, verdict

DEALS = 60
DISCARD_FEEDBACK_TARGET_MS = 20.0


def run():
    run_in_child("tests.bench.bench_quizzes")


def _median_ms(client, urls) -> tuple[float, float]:
    times = []
    for url in urls:
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def _measure() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from cribbage.cards import DECK, format_cards
    from cribbage.discard import Role
    from quizzes.models import Deal

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="bench-password-29")
    client = Client()
    client.force_login(user)
    rng = random.Random(13)
    urls = []
    for n in range(DEALS):
        six = sorted(rng.sample(DECK, 6))
        role = (Role.DEALER, Role.PONE)[n % 2]
        deal = Deal.objects.create(
            user=user, kind="discard", hand=format_cards(six), holder=role.value
        )
        throw = [card.code for card in rng.sample(six, 2)]
        assert client.post(f"/quiz/{deal.pk}/answer/", {"throw": throw}).status_code == 302
        urls.append(f"/quiz/{deal.pk}/")
    median, p95 = _median_ms(client, urls)
    print(
        f"discard quiz feedback: median {median:.1f} ms, p95 {p95:.1f} ms over {DEALS} deals "
        f"(target ≤ {DISCARD_FEEDBACK_TARGET_MS:g}) {verdict(median <= DISCARD_FEEDBACK_TARGET_MS)}"
    )


if __name__ == "__main__":
    _measure()
