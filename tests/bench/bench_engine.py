"""Engine benchmarks: the show count, deal statistics and discard values."""

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cribbage.cards import DECK
from cribbage.discard import CribModel, Role, discard_options
from cribbage.show import score_show, show_total

CRIB = Path(sys.executable).parent / "crib"


def _per_call_us(function, deals, repeats=5):
    """Best of several passes over the deals, in microseconds per deal."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for five in deals:
            function(five[:4], five[4])
        best = min(best, time.perf_counter() - start)
    return best / len(deals) * 1e6


def _command_seconds(*args, repeats=3):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([str(CRIB), *args], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run():
    rng = random.Random(2026)
    deals = [rng.sample(DECK, 5) for _ in range(20_000)]
    for five in deals:  # fill the rank tables once, as a running server would have
        show_total(five[:4], five[4])
    itemised = _per_call_us(score_show, deals)
    score_only = _per_call_us(show_total, deals)
    print(f"itemised count (score_show):   {itemised:6.2f} µs/hand  (target ≤ 20)")
    print(f"score-only count (show_total): {score_only:6.2f} µs/hand  (target ≤ 3)")
    for args in (["stats"], ["stats", "--crib"]):
        seconds = _command_seconds(*args)
        print(f"crib {' '.join(args):<13} {seconds:5.2f} s  (the whole command; target ≤ 2)")

    hands = [rng.sample(DECK, 6) for _ in range(50)]
    for model in CribModel:
        discard_options(hands[0], Role.PONE, model)  # the good model's table, read once
        times = []
        for hand in hands:
            start = time.perf_counter()
            discard_options(hand, Role.DEALER, model)
            times.append(time.perf_counter() - start)
        mean = statistics.mean(times) * 1e3
        print(
            f"discard analysis, {model.value} crib: {mean:5.2f} ms mean over 50 hands (target ≤ 50)"
        )
    command = _command_seconds("discard", "5H", "5C", "6D", "JS", "QH", "2C", "--dealer")
    print(f"crib discard (whole command, fresh process): {command * 1e3:.0f} ms")
