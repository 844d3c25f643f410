"""Benchmarks, run by `make bench` (never by pytest): each bench_*.py module has run()."""

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.server import ROOT, app_env


def run_in_child(module: str) -> None:
    """Run ``python -m module`` with production settings on a throwaway SQLite database.

    A child process sets Django up itself, whatever the other benchmarks did: DEBUG off,
    static files collected (hashed, compressed) into the same throwaway folder.
    """
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        env = app_env(
            STATIC_ROOT=str(Path(folder) / "static"),
            ALLOWED_HOSTS="testserver",
            DATABASE_URL=f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            SECRET_KEY="bench-only-not-a-secret",
            DEBUG="0",
            LOG_REQUESTS="0",
        )
        subprocess.run([sys.executable, "-m", module], env=env, check=True, cwd=ROOT)


def timed_in_turn(client, paths: tuple[str, ...], rounds: int) -> dict[str, tuple[list, list]]:
    """The server time of each of ``paths`` over ``rounds`` rounds, in ms, wall clock and
    CPU (this process's): a request of each path a round, so each sees the machine as busy
    as the other does."""
    times: dict[str, tuple[list, list]] = {path: ([], []) for path in paths}
    for _ in range(rounds):
        for path in paths:
            wall, cpu = time.perf_counter(), time.process_time()
            response = client.get(path)
            times[path][0].append((time.perf_counter() - wall) * 1000)
            times[path][1].append((time.process_time() - cpu) * 1000)
            assert response.status_code == 200, (path, response.status_code)
    return times


def verdict(ok: bool) -> str:
    """How a figure stands against its target, as every benchmark prints it."""
    return "ok" if ok else "OVER TARGET"
