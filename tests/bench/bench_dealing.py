"""Dealing quiz hands: the rank table a pattern deal draws from, and the deals themselves.

The table is built when a serving process starts (``cribtrainer/wsgi.py`` calls each app's
``warm_up``), so no player waits for it; this reports what that costs.
"""

import random
import statistics
import time

from cribbage.computer import greedy_lay
from cribbage.show import show_total
from quizzes.domain import dealing
from quizzes.domain.dealing import Mode, deal_quiz_hand, deal_realistic, deal_with_pattern
from quizzes.domain.patterns import Pattern
from quizzes.domain.play import deal_play
from tests.bench import verdict

RARE = (Pattern.DOUBLE_PAIR_ROYAL, Pattern.FLUSH_OF_FIVE, Pattern.TRIPLE_RUN)
PATTERN_DEAL_TARGET_MS = 20.0
REALISTIC_DEALS = 1000
REALISTIC_TARGET_MS = 20.0
PLAYS = 300
PLAY_TARGET_MS = 50.0


def _ms(function, times: int) -> list[float]:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        function()
        spent.append((time.perf_counter() - start) * 1e3)
    return spent


def run():
    rng = random.Random(2026)
    start = time.perf_counter()
    dealing.warm_up()
    print(f"rank table for pattern deals: built in {time.perf_counter() - start:.2f} s at start-up")
    for pattern in RARE:
        spent = _ms(lambda pattern=pattern: deal_with_pattern(pattern, rng=rng), 300)
        median, worst = statistics.median(spent), max(spent)
        print(
            f"deal a {pattern.label}: median {median:.3f} ms, worst {worst:.3f} ms "
            f"(target ≤ {PATTERN_DEAL_TARGET_MS:g}) {verdict(worst <= PATTERN_DEAL_TARGET_MS)}"
        )
    for crib, what in ((False, "kept hands"), (True, "cribs")):
        dealt: list = []
        spent = _ms(
            lambda crib=crib, dealt=dealt: dealt.append(deal_realistic(crib=crib, rng=rng)),
            REALISTIC_DEALS,
        )
        mean = statistics.mean(show_total(q.hand, q.starter, q.crib) for q in dealt)
        median, p95 = statistics.median(spent), sorted(spent)[int(0.95 * len(spent))]
        print(
            f"realistic deal, {REALISTIC_DEALS} {what}: mean {mean:.2f} points; dealt in "
            f"median {median:.1f} ms, p95 {p95:.1f} ms (target ≤ {REALISTIC_TARGET_MS:g}) "
            f"{verdict(median <= REALISTIC_TARGET_MS)}"
        )
    spent = _ms(lambda: deal_play(rng, greedy_lay), PLAYS)  # as quizzes.services.dealing deals
    median, p95 = statistics.median(spent), sorted(spent)[int(0.95 * len(spent))]
    print(
        f"deal a play quiz (two hands kept, laid by the greedy computer): median {median:.1f} ms, "
        f"p95 {p95:.1f} ms over {PLAYS} (target ≤ {PLAY_TARGET_MS:g}) "
        f"{verdict(median <= PLAY_TARGET_MS)}"
    )
    spent = _ms(lambda: deal_quiz_hand(Mode.RANDOM, rng=rng), 1000)
    randoms = [deal_quiz_hand(Mode.RANDOM, rng=rng) for _ in range(REALISTIC_DEALS)]
    mean = statistics.mean(show_total(q.hand, q.starter, q.crib) for q in randoms)
    print(
        f"random five cards, {REALISTIC_DEALS} deals: mean {mean:.2f} points; dealt in "
        f"median {statistics.median(spent):.3f} ms"
    )
