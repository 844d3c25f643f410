"""Games of three or four computers between two levels (``crib match --players 3|4``).

Always duplicate: each shuffled deck is played once per seat rotation, so the luck of the
cards cancels out. Deck ``j`` is the game of seed ``f"{S}:{j}"``, seat ``j % players``
dealing first in every rotation of it. At three the first level plays one seat against two
of the second, sitting in seat 0, 1 and 2 in turn (three games a deck); at four the first
level is a team of partners against a team of the second, in seats 0 and 2, then 1 and 3
(two games a deck). Every score is pegged automatically.

The figures are the first level's: its share of the games won (the fair share of equals
is 1/3 at three, 1/2 at four), its match points a game (1/2/3 for a win, skunk or double
skunk, the winner's as a loss when it loses), and points a finished deal by seat, each
with the half-width of its 95 % interval over the decks (a deck's rotations averaged:
the deck is the unit of chance). It also times every decision of each level, in
milliseconds of CPU time (mean and 95th percentile); only those depend on the machine.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .computer import Level, choose
from .game import Game
from .match import mean_ci
from .records import Counting
from .rules import table_for

__all__ = ["TableGame", "TableMatch", "play_table_game", "play_table_match", "rotations"]


def rotations(players: int) -> int:
    """The games each deck is played: once per seat of the lone level at three, once per
    team at four."""
    table_for(players)
    if players == 2:
        raise ValueError("two players: use crib match without --players")
    return 3 if players == 3 else 2


def first_side_seats(players: int, rotation: int) -> tuple[int, ...]:
    """The seats of the first level in a rotation."""
    return (rotation,) if players == 3 else (rotation, rotation + 2)


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game, from the first level's side: whether it won, its match points (minus
    the winner's when it lost), its points a finished deal and the other side's (by seat,
    averaged over the side's seats), and each decision's time by level, in ms."""

    won: bool
    match_points: int
    points_per_deal: tuple[float, float]
    times: tuple[tuple[float, ...], tuple[float, ...]]


def play_table_game(
    seed: str, players: int, levels: Sequence[str], rotation: int, first_dealer: int
) -> TableGame:
    """A whole game of ``players`` computers, the first level in the rotation's seats."""
    mine = first_side_seats(players, rotation)
    seats = tuple(Level(levels[0] if seat in mine else levels[1]) for seat in range(players))
    game = Game.new(
        seed, human=None, counting=Counting.AUTOMATIC, first_dealer=first_dealer, players=players
    )
    times: tuple[list[float], list[float]] = ([], [])
    while not game.is_over:
        player = game.to_move
        assert player is not None
        started = time.process_time()
        action = choose(game, seats[player])
        times[0 if player in mine else 1].append(1000 * (time.process_time() - started))
        game = game.apply(action)
    result = game.result
    assert result is not None
    won = result.winner in mine  # at four the winner is the team's first seat
    finished = {deal.number for deal in game.deals if deal.counts_made == players + 1}
    totals = [0.0, 0.0]
    for peg in game.pegs:
        if peg.deal in finished:
            totals[0 if peg.player in mine else 1] += peg.points
    deals = max(len(finished), 1)
    per_deal = (totals[0] / deals / len(mine), totals[1] / deals / (players - len(mine)))
    points = result.match_points if won else -result.match_points
    return TableGame(won, points, per_deal, (tuple(times[0]), tuple(times[1])))


def _play_one(job: tuple[str, int, int, tuple[str, str]]) -> TableGame:
    seed, players, index, levels = job
    deck, rotation = divmod(index, rotations(players))
    return play_table_game(f"{seed}:{deck}", players, levels, rotation, deck % players)


@dataclass(frozen=True, slots=True)
class TableMatch:
    """The games of a table match in order (deck by deck) and their figures (``to_dict``)."""

    seed: str
    players: int
    levels: tuple[str, str]
    games: tuple[TableGame, ...]

    def to_dict(self) -> dict[str, Any]:
        """The match as one JSON-able object: the first level's figures with intervals
        over the decks, and the decision times of each level."""
        per = rotations(self.players)
        decks = [self.games[i : i + per] for i in range(0, len(self.games), per)]

        def over_decks(value: Any) -> dict[str, float]:
            return mean_ci([statistics.fmean(value(game) for game in deck) for deck in decks])

        return {
            "players": self.players,
            "games": len(self.games),
            "decks": len(decks),
            "seed": self.seed,
            "levels": list(self.levels),
            "duplicate": True,
            "fair_share": round(1 / 3 if self.players == 3 else 1 / 2, 4),
            "first_wins": over_decks(lambda game: float(game.won)),
            "first_match_points_per_game": over_decks(lambda game: game.match_points),
            "first_points_per_deal": over_decks(lambda game: game.points_per_deal[0]),
            "second_points_per_deal": over_decks(lambda game: game.points_per_deal[1]),
            "decision_ms": {
                level: _times([t for game in self.games for t in game.times[side]])
                for side, level in enumerate(self.levels)
            },
        }


def _times(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"decisions": 0, "mean": 0.0, "p95": 0.0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "decisions": len(values),
        "mean": round(statistics.fmean(values), 3),
        "p95": round(p95, 3),
    }


def play_table_match(
    games: int,
    seed: str,
    levels: Sequence[Level | str],
    players: int,
    workers: int | None = None,
) -> TableMatch:
    """Play ``games`` games of ``players`` between two levels on ``workers`` processes
    (default: one per core). ValueError when ``games`` is not a whole number of decks
    (three games a deck at three, two at four)."""
    per = rotations(players)
    if games % per:
        raise ValueError(
            f"each deck is played {per} times at {players} players: {games} games is not "
            f"a multiple of {per}"
        )
    names = (Level(levels[0]).value, Level(levels[1]).value)
    jobs = [(str(seed), players, index, names) for index in range(games)]
    workers = workers or os.cpu_count() or 1
    if workers == 1 or games < 2:
        played = [_play_one(job) for job in jobs]
    else:
        from multiprocessing import Pool  # here, so importing the engine loads no multiprocessing

        with Pool(min(workers, games)) as pool:
            played = pool.map(_play_one, jobs, chunksize=max(1, min(16, games // (4 * workers))))
    return TableMatch(str(seed), players, names, tuple(played))
