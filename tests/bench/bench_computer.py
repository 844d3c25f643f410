"""The computer opponent: strong's decision time, and strong against greedy over 2,000 games.

Decision times are taken in this process over whole games against greedy, every decision
strong makes counted (discards, cards, forced ones and gos alike), after a few games have
warmed the engine's tables as a serving process would have. The match is ``crib match`` on
both cores.
"""

import statistics
import time

from counter.cribbage.computer import Level, choose
from counter.cribbage.game import Counting, Game
from counter.cribbage.match import play_game, play_match

TIMING_GAMES = 100
MATCH_GAMES = 2000
MATCH_SEED = "bench"
MEAN_TARGET_MS = 5.0
P95_TARGET_MS = 50.0
EDGE_TARGET = 0.30
WALL_TARGET_S = 600.0


def _verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def decision_times(games: int = TIMING_GAMES) -> tuple[list[float], list[float]]:
    """Milliseconds for each of strong's decisions, all of them and the non-forced ones,
    after a few untimed games have filled the engine's tables."""
    for index in range(3):
        play_game(f"warm-up:{index}", (Level.STRONG, Level.GREEDY), first_dealer=index % 2)
    every, chosen = [], []
    for index in range(games):
        game = Game.new(
            f"timing:{index}", human=None, counting=Counting.AUTOMATIC, first_dealer=index % 2
        )
        levels = (Level.STRONG, Level.GREEDY)
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
        f"(target ≤ {MEAN_TARGET_MS:g}) {_verdict(mean <= MEAN_TARGET_MS)}, "
        f"p95 {p95:.2f} ms (target ≤ {P95_TARGET_MS:g}) {_verdict(p95 <= P95_TARGET_MS)}"
    )
    print(
        f"  with a choice to make: {len(chosen)}, mean {statistics.fmean(chosen):.2f} ms, "
        f"p95 {_p95(chosen):.2f} ms, worst {max(chosen):.1f} ms"
    )

    start = time.perf_counter()
    result = play_match(MATCH_GAMES, MATCH_SEED, (Level.STRONG, Level.GREEDY), workers=2)
    wall = time.perf_counter() - start
    figures = result.to_dict()
    edge = figures["match_points_per_game"]
    acc = figures["tournament_points_per_game"]
    strong, greedy = figures["sides"]
    strong_enough = _verdict(edge["mean"] >= EDGE_TARGET)
    print(
        f"strong vs greedy, {MATCH_GAMES} games: {edge['mean']:+.3f} ± {edge['ci95']:.3f} "
        f"match points a game (target ≥ +{EDGE_TARGET:.2f}) {strong_enough}; "
        f"ACC {acc['mean']:+.3f} ± {acc['ci95']:.3f}; {wall:.0f} s on 2 cores "
        f"(target ≤ {WALL_TARGET_S:.0f}) {_verdict(wall <= WALL_TARGET_S)}"
    )
    for side in (strong, greedy):
        print(
            f"  {side['level']}: {side['wins']} wins, {side['skunks']} skunks, "
            f"{side['double_skunks']} double skunks"
        )
        for role in ("pone", "dealer"):
            per = side["points_per_deal"][role]
            print(
                f"    as {role:<6} {per['total']:5.2f} a deal: hand {per['hand']:.2f}, "
                f"crib {per['crib']:.2f}, play {per['play']:.2f}, heels {per['heels']:.2f}"
            )
    print("  (expert play: about 10.2 a deal as pone and 16.2 as dealer)")
