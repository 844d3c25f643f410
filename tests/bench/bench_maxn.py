"""The search of the play at three and four (``cribbage.maxn``): the time to value every
card of one position, as the lay quiz, the review and the strong computer ask it, over
realistic positions (every player keeping and laying as greedy does, ``deal_lay``), against
the lay quiz's target of 50 ms median. Each median comes with a distribution-free 95%
interval; the search's memory is cleared between positions, as between requests it is not,
so the figures are the cold case."""

import random
import time

from cribbage.maxn import lay_values
from cribbage.search import memory
from quizzes.domain.lays import _realistic_position
from tests.bench.bench_game import summary

POSITIONS = 300
TARGET_MS = 50.0


def run() -> None:
    for players in (3, 4):
        rng = random.Random(f"bench-maxn-{players}")
        times = []
        while len(times) < POSITIONS:
            position = _realistic_position(rng, players)
            if position is None:
                continue
            memory().forget()
            started = time.perf_counter()
            lay_values(position.held, position.play, position.me, position.seen)
            times.append((time.perf_counter() - started) * 1000)
        verdict = "ok" if sorted(times)[len(times) // 2] <= TARGET_MS else "OVER TARGET"
        print(f"a position at {players}: {summary(times)}, max {max(times):.1f} ms ({verdict})")


if __name__ == "__main__":
    run()
