"""The game against the computer at two, three and four seats: the game page and a move
with the computers' replies, against their targets of 10 ms and 25 ms median server time,
with ``/healthz`` in the same run as the floor every request pays.

Whole games are played through Django's test client as the page's JavaScript plays them
(htmx requests, the table rendered back), counting by hand at the strong level: every
page view and every move is timed. The measurement runs in a child process with its own
throwaway SQLite database and production settings, like the other page benchmarks.
Each median comes with a distribution-free 95% interval (order statistics).
"""

import math
import random
import re
import time

from tests.bench import run_in_child, verdict

GAMES = 2
PLAYERS = (2, 3, 4)
PAGE_TARGET_MS = 10.0
MOVE_TARGET_MS = 25.0
HEALTHZ_TIMES = 300
HTMX = {"HX-Request": "true"}


def run():
    run_in_child("tests.bench.bench_game")


def summary(times: list[float]) -> str:
    """Median with its 95% interval, and the 95th percentile, in milliseconds."""
    times = sorted(times)
    n = len(times)
    spread = 0.98 * math.sqrt(n)
    low = times[max(0, math.floor(n / 2 - spread))]
    high = times[min(n - 1, math.ceil(n / 2 + spread))]
    p95 = times[int(n * 0.95)]
    return f"median {median(times):.2f} ms (95% {low:.2f}–{high:.2f}), p95 {p95:.2f} ms, n={n}"


def median(times: list[float]) -> float:
    times = sorted(times)
    n = len(times)
    return times[n // 2] if n % 2 else (times[n // 2 - 1] + times[n // 2]) / 2


def _timed(call, *args, **kwargs):
    started = time.perf_counter()
    response = call(*args, **kwargs)
    return response, (time.perf_counter() - started) * 1000


def _measure() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)  # /healthz reads the cache
    call_command("collectstatic", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="bench-password-29")
    client = Client()
    client.force_login(user)
    for _ in range(20):  # warm up: templates compiled, caches filled
        client.get("/healthz")
    healthz = [_timed(client.get, "/healthz")[1] for _ in range(HEALTHZ_TIMES)]

    rng = random.Random(19)
    print(f"/healthz: {summary(healthz)}")
    for players in PLAYERS:
        pages, moves = _play(client, rng, players)
        print(
            f"game page, {players} seats: {summary(pages)} (target ≤ {PAGE_TARGET_MS:g}) "
            f"{verdict(median(pages) <= PAGE_TARGET_MS)}"
        )
        print(
            f"a move with the computers' replies (strong), {players} seats: {summary(moves)} "
            f"(target ≤ {MOVE_TARGET_MS:g}) {verdict(median(moves) <= MOVE_TARGET_MS)}"
        )


def next_move(game, engine, rng: random.Random) -> dict:
    """The form of a move in ``game`` (its ``engine`` not over): the next deal or the count
    claimed right when the game waits for them, else a legal action chosen by ``rng``."""
    data = {"move": game.moves}
    if game.pauses_after(engine):
        data["action"] = "next"
    elif engine.pending is not None:
        data.update(action="claim", total=str(engine.pending.points))
    else:
        action = rng.choice(engine.legal_actions())
        if engine.deal.play is None:
            data.update(action="discard", throw=[card.code for card in action.cards])
        elif hasattr(action, "card"):
            data.update(action="lay", card=action.card.code)
        else:
            data["action"] = "go"
    return data


def _play(client, rng: random.Random, players: int) -> tuple[list[float], list[float]]:
    """``GAMES`` whole games at ``players`` seats, every page view and move timed."""
    from games.models import Game

    pages, moves = [], []
    for _ in range(GAMES):
        data = {"level": "strong", "counting": "manual", "players": players}
        response = client.post("/play/new/", data)
        pk = int(re.search(r"/play/(\d+)/", response["Location"]).group(1))
        for _ in range(3000):
            response, ms = _timed(client.get, f"/play/{pk}/")
            assert response.status_code == 200
            pages.append(ms)
            game = Game.objects.get(pk=pk)
            engine = game.engine
            if engine.is_over:
                break
            data = next_move(game, engine, rng)
            response, ms = _timed(client.post, f"/play/{pk}/move/", data, headers=HTMX)
            assert response.status_code == 200, response.content[:300]
            if data["action"] != "next":
                moves.append(ms)
        assert Game.objects.get(pk=pk).is_over
    return pages, moves


if __name__ == "__main__":
    _measure()
