"""The computer opponent: strong's decision time, and the three levels against each other
over 2,000 duplicate games each (every deck played twice, the seats swapped).

Decision times are taken in this process over whole games against classic, every decision
strong makes counted (discards, cards, forced ones and gos alike), after a few games have
warmed the engine's tables as a serving process would have. The matches are ``crib match
--duplicate`` on both cores; each side's points per deal, by role and source, are printed
beside the published figures for expert play.
"""

import statistics
import time

from cribbage.computer import Level, choose
from cribbage.game import Counting, Game
from cribbage.match import play_game, play_match
from tests.bench import verdict

TIMING_GAMES = 100
MATCH_GAMES = 2000
MATCH_SEED = "bench"
MEAN_TARGET_MS = 5.0
P95_TARGET_MS = 50.0
MATCHES = (
    # first side, second side, target edge in match points a game (None: reported only)
    (Level.STRONG, Level.CLASSIC, 0.25),
    (Level.CLASSIC, Level.GREEDY, None),
    (Level.STRONG, Level.GREEDY, 0.45),
)
EXPERT = {"pone": 10.2, "dealer": 16.2}
"""Points a deal as pone and as dealer in expert play, as published."""


def decision_times(games: int = TIMING_GAMES) -> tuple[list[float], list[float]]:
    """Milliseconds for each of strong's decisions, all of them and the non-forced ones,
    after a few untimed games have filled the engine's tables."""
    levels = (Level.STRONG, Level.CLASSIC)
    for index in range(3):
        play_game(f"warm-up:{index}", levels, first_dealer=index % 2)
    every, chosen = [], []
    for index in range(games):
        game = Game.new(
            f"timing:{index}", human=None, counting=Counting.AUTOMATIC, first_dealer=index % 2
        )
        while not game.is_over:
            level = levels[game.to_move]
            if level is Level.STRONG:
                choices = len(game.legal_actions())
                start = time.perf_counter()
                action = choose(game, level)
                spent = (time.perf_counter() - start) * 1e3
                every.append(spent)
                if choices > 1:
                    chosen.append(spent)
            else:
                action = choose(game, level)
            game = game.apply(action)
    return every, chosen


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run():
    every, chosen = decision_times()
    mean, p95 = statistics.fmean(every), _p95(every)
    print(
        f"strong's decisions: {len(every)} in {TIMING_GAMES} games, mean {mean:.2f} ms "
        f"(target ≤ {MEAN_TARGET_MS:g}) {verdict(mean <= MEAN_TARGET_MS)}, "
        f"p95 {p95:.2f} ms (target ≤ {P95_TARGET_MS:g}) {verdict(p95 <= P95_TARGET_MS)}"
    )
    print(
        f"  with a choice to make: {len(chosen)}, mean {statistics.fmean(chosen):.2f} ms, "
        f"p95 {_p95(chosen):.2f} ms, worst {max(chosen):.1f} ms"
    )
    for first, second, target in MATCHES:
        start = time.perf_counter()
        result = play_match(MATCH_GAMES, MATCH_SEED, (first, second), workers=2, duplicate=True)
        wall = time.perf_counter() - start
        figures = result.to_dict()
        edge = figures["match_points_per_game"]
        acc = figures["tournament_points_per_game"]
        against = (
            f"(target ≥ +{target:.2f}) {verdict(edge['mean'] >= target)}"
            if target is not None
            else "(reported)"
        )
        print(
            f"{first.value} vs {second.value}, {MATCH_GAMES} duplicate games: "
            f"{edge['mean']:+.3f} ± {edge['ci95']:.3f} match points a game {against}; "
            f"ACC {acc['mean']:+.3f} ± {acc['ci95']:.3f}; first dealer won "
            f"{figures['first_dealer_won']:.1%}; {wall:.0f} s on 2 cores"
        )
        for side in figures["sides"]:
            print(
                f"  {side['level']}: {side['wins']} wins, {side['skunks']} skunks, "
                f"{side['double_skunks']} double skunks"
            )
            for role in ("pone", "dealer"):
                per = side["points_per_deal"][role]
                print(
                    f"    as {role:<6} {per['total']:5.2f} a deal (expert {EXPERT[role]:.1f}): "
                    f"hand {per['hand']:.2f}, crib {per['crib']:.2f}, play {per['play']:.2f}, "
                    f"heels {per['heels']:.2f}"
                )
