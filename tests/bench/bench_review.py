"""The game review: a finished game's review computed from cold (target ≤ 500 ms), each
deal's review as the server makes it when the deal's show ends, and `/play/<id>/review/`
rendered from the stored review (median target ≤ 20 ms).

The engine part plays ``GAMES`` games (seat 0 greedy, so it makes mistakes to review;
seat 1 strong; manual counting, claimed exactly) and reviews each with the search's and
the discard table's caches cleared first, as a server process meeting the game anew. The
page part runs in a child process with its own throwaway SQLite database (production
settings), like the progress benchmark.
"""

import statistics
import time

from tests.bench import run_in_child, timed_in_turn, verdict

GAMES = 10
REQUESTS = 40
REVIEW_TARGET_MS = 500.0
PAGE_TARGET_MS = 20.0


def _finished(seed: str):
    from cribbage.computer import choose
    from cribbage.game import Claim, Game

    game = Game.new(seed, human=0)
    while not game.is_over:
        if game.pending is not None:
            game = game.apply(Claim(game.to_move, game.pending.points))
        else:
            game = game.apply(choose(game, ("greedy", "strong")[game.to_move]))
    return game


def _deal_by_deal(seed: str) -> list[float]:
    """A game played, each deal reviewed as its show ends, as the server does: ms each."""
    from cribbage.computer import choose
    from cribbage.game import Claim, Game
    from cribbage.review import review_deal

    game, times = Game.new(seed, human=0), []
    while not game.is_over:
        number = game.deal.number
        if game.pending is not None:
            game = game.apply(Claim(game.to_move, game.pending.points))
        else:
            game = game.apply(choose(game, ("greedy", "strong")[game.to_move]))
        if game.deal.number != number:
            started = time.perf_counter()
            review_deal(game, game.deals[number - 1])
            times.append((time.perf_counter() - started) * 1000)
    return times


def _cold() -> None:
    from cribbage import discard, search

    search.forget()
    discard._discard_options.cache_clear()


def run():
    from cribbage.review import review_game

    times, deals = [], []
    for n in range(GAMES):
        game = _finished(f"bench-review-{n}")
        _cold()
        started = time.perf_counter()
        reviews = review_game(game)
        times.append((time.perf_counter() - started) * 1000)
        deals.append(len(reviews))
    median, worst = statistics.median(times), max(times)
    print(
        f"  a finished game's review from cold ({min(deals)}–{max(deals)} deals): median "
        f"{median:.0f} ms, worst {worst:.0f} ms over {GAMES} games "
        f"(target ≤ {REVIEW_TARGET_MS:.0f} ms: {verdict(worst <= REVIEW_TARGET_MS)})"
    )
    each = [ms for n in range(3) for ms in _deal_by_deal(f"bench-review-deal-{n}")]
    print(
        f"  each deal reviewed as its show ends (in the process that played it): median "
        f"{statistics.median(each):.0f} ms, worst {max(each):.0f} ms over {len(each)} deals"
    )
    run_in_child("tests.bench.bench_review")


def _measure() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import Client

    from games.models import Game

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="bench-password-21")
    engine = _finished("bench-review-page")
    game = Game.objects.create(
        user=user, seed=engine.seed, level="strong", state=engine.to_dict(), winner="human"
    )
    client = Client()
    client.force_login(user)
    _cold()
    started = time.perf_counter()
    assert client.get(f"/play/{game.pk}/review/").status_code == 200  # reviews and stores
    first = (time.perf_counter() - started) * 1000
    page = f"/play/{game.pk}/review/"
    measured = timed_in_turn(client, ("/healthz", page), REQUESTS)
    times, healthz = measured[page][0], statistics.median(measured["/healthz"][0])
    median = statistics.median(times)
    print(
        f"  /play/<id>/review/ of {len(engine.deals)} deals: first (reviewing) {first:.0f} ms; "
        f"then median {median:.1f} ms, best {min(times):.1f} ms over {REQUESTS} requests "
        f"(target ≤ {PAGE_TARGET_MS:.0f} ms: "
        f"{verdict(median <= PAGE_TARGET_MS)}); /healthz median {healthz:.1f} ms "
        f"in the same run, a request of each in turn"
    )
    drawn = []
    for _ in range(REQUESTS // 4):
        caches["reviews"].clear()  # the page's cached part drawn again from the stored review
        started = time.perf_counter()
        assert client.get(f"/play/{game.pk}/review/").status_code == 200
        drawn.append((time.perf_counter() - started) * 1000)
    print(
        f"  the same, its cached part drawn again each time: median "
        f"{statistics.median(drawn):.1f} ms over {len(drawn)} requests"
    )


if __name__ == "__main__":
    _measure()
