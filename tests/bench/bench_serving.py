"""`make serve`'s stack under load, beside gunicorn alone, in one run: requests a
second and p99 for the counter page (wrk, 2 threads, 32 connections) and for a game move
(8 players at once, each playing whole games at the strong level through HTTP, a move
after each answer; the move's form chosen from the game in the database as
tests/bench/bench_game.py does).

Every server: DEBUG off, SQLite, 2 gunicorn sync workers, the request log written and thrown
away; nginx's per-client limits raised out of the way (every request here comes from one
address). ``SERVING_ROUNDS`` (3) rounds, each server in turn in each, ``SERVING_SECONDS``
(10) an endpoint: the median of the rounds and their range.

    python -m tests.bench serving
"""

import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.bench.bench_game import next_move
from tests.bench.loadtest import WRK_SCRIPT, _drive
from tests.server import ROOT, Player, gunicorn, make_serve, prepare, production_env

SECONDS = float(os.environ.get("SERVING_SECONDS", "10"))
ROUNDS = int(os.environ.get("SERVING_ROUNDS", "3"))
PLAYERS = 8
COUNTER_PAGE = "/?hand=5H,5C,5S,JD&starter=5D"
UNLIMITED = {"CLIENT_REQUESTS_PER_SECOND": "100000", "CLIENT_CONNECTIONS": "60000"}
SERVERS = {
    "nginx + gunicorn (make serve)": lambda env: make_serve(env, **UNLIMITED),
    "gunicorn alone": gunicorn,
}


def run() -> None:
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: `make loadtest` installs Debian's wrk")
    workdir = Path(tempfile.mkdtemp(prefix="cribtrainer-serving-"))
    try:
        env = production_env(
            f"sqlite:///{workdir / 'serving.sqlite3'}", workdir / "static", log_requests=True
        )
        prepare(env)
        subprocess.run(
            [sys.executable, "-m", "tests.bench.bench_serving", str(workdir)],
            env=env,
            cwd=ROOT,
            check=True,
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _player_moves(base: str, rng: random.Random, until: float, times: list, errors: list):
    """Whole games through ``base`` until ``until``, every move's round trip timed."""
    from games.models import Game

    player = Player(base)
    while time.monotonic() < until:
        status, path, _ = player.post("/play/new/", level="strong", counting="manual")
        pk = int(re.search(r"/play/(\d+)/", path).group(1))
        while time.monotonic() < until:
            game = Game.objects.get(pk=pk)
            engine = game.engine
            if engine.is_over:
                break
            data = next_move(game, engine, rng)
            start = time.perf_counter()
            status, _, _ = player.post(f"/play/{pk}/move/", {"HX-Request": "true"}, **data)
            ms = (time.perf_counter() - start) * 1000
            if status != 200:
                errors.append(status)
            elif data["action"] != "next":
                times.append(ms)


def _moves(base: str) -> dict:
    times: list[float] = []
    errors: list[int] = []
    until = time.monotonic() + SECONDS
    threads = [
        threading.Thread(target=_player_moves, args=(base, random.Random(i), until, times, errors))
        for i in range(PLAYERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    times.sort()
    return {
        "rps": len(times) / SECONDS,
        "p50": statistics.median(times),
        "p99": times[int(len(times) * 0.99)],
        "errors": len(errors),
    }


def _measure(workdir: Path) -> None:
    import django

    django.setup()
    env = {**os.environ}
    script = workdir / "count-non2xx.lua"
    script.write_text(WRK_SCRIPT)
    print(
        f"{ROUNDS} rounds, each server in turn each round, {SECONDS:g} s an endpoint; counter "
        f"page: wrk 2 threads, 32 connections; moves: {PLAYERS} players at once"
    )
    results: dict[tuple[str, str], list[dict]] = {}
    for _ in range(ROUNDS):
        for name, serve in SERVERS.items():
            with serve(env) as base:
                counter = _drive(base, COUNTER_PAGE, {}, script, f"{SECONDS:g}s")
                moves = _moves(base)
            results.setdefault((name, "counter page"), []).append(counter)
            results.setdefault((name, "a game move"), []).append(moves)
    for (name, what), rounds in results.items():
        rps = sorted(r["rps"] for r in rounds)
        p99 = sorted(r["p99"] for r in rounds)
        errors = sum(r["errors"] + r.get("non2xx", 0) for r in rounds)
        print(
            f"{name}, {what}: {statistics.median(rps):.0f} req/s ({rps[0]:.0f}–{rps[-1]:.0f}), "
            f"p99 {statistics.median(p99):.0f} ms ({p99[0]:.0f}–{p99[-1]:.0f}), errors {errors}",
            flush=True,
        )


if __name__ == "__main__":
    _measure(Path(sys.argv[1]))
