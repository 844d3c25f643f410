"""The hand counter: server time of its htmx partial (target ≤ 5 ms) and the weight of `/`.

The measurement runs in a child process, so it sets Django up itself whatever the other
benchmarks in this run did: production settings (DEBUG off, static files collected, hashed
and compressed by whitenoise into a throwaway folder).
"""

import gzip
import random
import re
import statistics
import time
from pathlib import Path

from tests.bench import run_in_child

REQUESTS = 400
PARTIAL_TARGET_MS = 5.0
FIRST_LOAD_TARGET_KB = 60.0


def run():
    run_in_child("tests.bench.bench_counter")


def _median_ms(client, urls, headers=None) -> tuple[float, float]:
    times = []
    for url in urls:
        start = time.perf_counter()
        response = client.get(url, headers=headers or {})
        times.append((time.perf_counter() - start) * 1e3)
        assert response.status_code == 200, (url, response.status_code)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def _measure():
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    call_command("collectstatic", interactive=False, verbosity=0)

    from django.test import Client

    from counter.cribbage.cards import DECK

    rng = random.Random(2026)
    urls = []
    for n in range(REQUESTS):
        five = rng.sample(DECK, 5)
        hand = ",".join(c.code for c in five[:4])
        urls.append(f"/?hand={hand}&starter={five[4].code}" + ("&crib=1" if n % 3 == 0 else ""))
    client = Client()
    htmx = {"HX-Request": "true", "HX-Current-URL": "http://testserver/"}
    _median_ms(client, urls[:50], htmx)  # warm the template cache and the engine's tables

    partial, partial_p95 = _median_ms(client, urls, htmx)
    full, _ = _median_ms(client, urls[:100])
    trivial, _ = _median_ms(client, ["/healthz"] * 100)
    verdict = "ok" if partial <= PARTIAL_TARGET_MS else "OVER TARGET"
    print(
        f"counter htmx partial: median {partial:.2f} ms, p95 {partial_p95:.2f} ms "
        f"over {REQUESTS} hands (target ≤ {PARTIAL_TARGET_MS:g}) {verdict}"
    )
    print(
        f"counter full page:    median {full:.2f} ms; "
        f"/healthz through the same stack {trivial:.2f} ms"
    )

    html = client.get("/").content
    paths = re.findall(
        rb'<(?:link rel="stylesheet"|script)[^>]*(?:href|src)="/static/([^"]+)"', html
    )
    root = Path(settings.STATIC_ROOT)
    html_gz = len(gzip.compress(html, compresslevel=6))
    parts = [("HTML (gzip -6)", len(html), html_gz)]
    for path in paths:
        served = root / path.decode()
        compressed = served.with_name(served.name + ".gz")
        size = served.stat().st_size
        parts.append(
            (path.decode(), size, compressed.stat().st_size if compressed.exists() else size)
        )
    total = sum(gz for _, _, gz in parts)
    verdict = "ok" if total <= FIRST_LOAD_TARGET_KB * 1024 else "OVER TARGET"
    print(
        f"first load of /: {total / 1024:.1f} KB compressed "
        f"(target ≤ {FIRST_LOAD_TARGET_KB:g}) {verdict}"
    )
    for name, size, gz in parts:
        print(f"    {name:<40} {size / 1024:6.1f} KB raw {gz / 1024:6.1f} KB compressed")


if __name__ == "__main__":
    _measure()
