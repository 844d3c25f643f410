"""Slow clients against `make serve`'s server (nginx in front of gunicorn, its default deadlines:
headers within 10 s, a body within 30 s), over real sockets on loopback.

For 60 s (SLOW_CLIENTS_SECONDS) 50 sockets (SLOW_CLIENTS) trickle, half their headers a line
a second, half a form's body a byte a second; each one answered opens again at once, so 50
are trickling all along. Meanwhile /healthz and the counter page are asked in turn, one at
a time, each timed (target: every one within 100 ms), and for 10 s before the slow sockets
open, to show how busy the machine is. Prints the probes' latencies and what
the slow sockets were answered, and after how long.

``SLOW_CLIENTS_SERVER=gunicorn`` runs the same against gunicorn alone (sync workers, as
`make serve` ran it before the front), for comparison.
"""

import os
import shutil
import statistics
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.cribtrainer.test_supervise import COUNTER_PAGE, trickle
from tests.server import gunicorn, make_serve, prepare, production_env

SECONDS = float(os.environ.get("SLOW_CLIENTS_SECONDS", "60"))
SLOW_CLIENTS = int(os.environ.get("SLOW_CLIENTS", "50"))
SERVER = os.environ.get("SLOW_CLIENTS_SERVER", "make serve")
TARGET_MS = 100.0
HEADERS = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Slow: 1\r\n")
BODY = (
    b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
    b"username=",
    b"a",
)


def _slow_client(base: str, kind: tuple[bytes, bytes], until: float, answers: list) -> None:
    """Trickle, and open again once answered, until ``until``."""
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            answer, closed = trickle(base, *kind, seconds=until - start, every=1.0)
        except OSError as error:
            answer, closed = repr(error).encode(), True
        status = answer.split(b"\r\n", 1)[0].decode(errors="replace")
        if not status:
            status = "closed, no answer" if closed else "no answer before the run ended"
        answers.append((status, time.monotonic() - start))


def _probe(url: str) -> float | None:
    """Milliseconds for a 200 from ``url``, or None when it failed or took over 5 s."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            response.read()
            ok = response.status == 200
    except OSError:
        ok = False
    return (time.perf_counter() - start) * 1000 if ok else None


def _probes(base: str, until: float) -> dict[str, list[float | None]]:
    """/healthz and the counter page asked in turn until ``until``: their times."""
    times: dict[str, list[float | None]] = {"/healthz": [], "counter page": []}
    while time.monotonic() < until:
        times["/healthz"].append(_probe(base + "/healthz"))
        times["counter page"].append(_probe(base + COUNTER_PAGE))
        time.sleep(0.05)
    return times


def _report(name: str, times: list[float | None]) -> None:
    good = sorted(t for t in times if t is not None)
    failed = len(times) - len(good)
    if not good:
        print(f"{name}: {len(times)} probes, all failed")
        return
    p99 = good[min(len(good) - 1, int(len(good) * 0.99))]
    within = sum(t <= TARGET_MS for t in good)
    print(
        f"{name}: {len(times)} probes, median {statistics.median(good):.1f} ms, "
        f"p99 {p99:.1f} ms, max {good[-1]:.1f} ms, {within} within {TARGET_MS:.0f} ms "
        f"(target: all), {failed} failed or over 5 s"
    )


def run() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="cribtrainer-slow-"))
    env = production_env(f"sqlite:///{workdir / 'slow.sqlite3'}", workdir / "static")
    try:
        prepare(env)
        serving = gunicorn(env) if SERVER == "gunicorn" else make_serve(env)
        with serving as base:
            for path in ("/healthz", COUNTER_PAGE):
                _probe(base + path)  # warm both workers' caches
            print(
                f"{SERVER}: {SLOW_CLIENTS} slow sockets for {SECONDS:g} s, half headers, "
                f"half a body, a line or byte a second",
                flush=True,
            )
            answers: list = []
            alone = _probes(base, time.monotonic() + min(10.0, SECONDS))
            until = time.monotonic() + SECONDS
            with ThreadPoolExecutor(SLOW_CLIENTS) as pool:
                for i in range(SLOW_CLIENTS):
                    kind = HEADERS if i % 2 else BODY
                    pool.submit(_slow_client, base, kind, until, answers)
                time.sleep(1)
                beside = _probes(base, until)
            for name in alone:
                _report(f"{name}, alone", alone[name])
                _report(f"{name}, beside the slow sockets", beside[name])
            by_status: dict[str, list[float]] = {}
            for status, seconds in answers:
                by_status.setdefault(status, []).append(seconds)
            for status, times in sorted(by_status.items()):
                print(
                    f"slow sockets answered {status!r}: {len(times)}, after "
                    f"{min(times):.1f}–{max(times):.1f} s"
                )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    run()
