"""Games between two computer levels, many at a time: how strong a level is (``crib match``).

Game ``i`` of a match with seed ``S`` is the game of seed ``f"{S}:{i}"``; the first side
sits in seat 0 and deals first in the even games, the second side in the odd ones (the cut
for deal is skipped so that each deals first in half the games). Every score is pegged
automatically. A match's figures depend only on its seed, its number of games and the
levels, never on how many processes play it.

A duplicate match (``duplicate=True``) plays each shuffled deck twice with the seats
swapped: games ``2j`` and ``2j + 1`` are both the game of seed ``f"{S}:{j}"``, the first
side in seat 0 in the one and in seat 1 in the other, the same seat dealing first in
both (seat 0 in the even pairs, seat 1 in the odd ones). Every deal of the pair then has
the same cards in the same roles while both games last, so the luck of the cards cancels
out, and the interval is taken over the pairs' means, the pair being the unit of chance.
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .computer import Level, choose
from .game import Game
from .records import Counting, Source
from .rules import other

__all__ = [
    "GameSummary",
    "MatchResult",
    "first_dealing_side",
    "mean_ci",
    "play_game",
    "play_match",
    "summarise",
]

ROLES = ("pone", "dealer")
SOURCES = (Source.HAND, Source.CRIB, Source.PLAY, Source.HEELS)
_Z95 = 1.959964


def play_game(seed: str, levels: Sequence[Level | str], first_dealer: int) -> Game:
    """A whole game between ``levels[0]`` in seat 0 and ``levels[1]`` in seat 1."""
    seats = tuple(Level(level) for level in levels)
    game = Game.new(seed, human=None, counting=Counting.AUTOMATIC, first_dealer=first_dealer)
    while not game.is_over:
        player = game.to_move
        assert player is not None
        game = game.apply(choose(game, seats[player]))
    return game


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of a match, by seat: who won, the skunk, and points by role and source.

    ``points[seat][role][source]`` and ``deals[seat][role]`` count only the deals whose
    show was finished (the deal the game ends in is cut short); roles are 0 pone, 1 dealer
    and sources in ``SOURCES`` order.
    """

    winner: int
    skunk: int
    match_points: int
    tournament_points: int
    points: tuple[tuple[tuple[int, ...], ...], ...]
    deals: tuple[tuple[int, int], ...]


def summarise(game: Game) -> GameSummary:
    """The figures of a finished game."""
    result = game.result
    if result is None:
        raise ValueError("the game is not over")
    finished = {deal.number: deal.dealer for deal in game.deals if deal.counts_made == 3}
    points = [[[0] * len(SOURCES) for _ in ROLES] for _ in (0, 1)]
    for peg in game.pegs:
        dealer = finished.get(peg.deal)
        if dealer is not None and peg.source in SOURCES:
            role = 1 if peg.player == dealer else 0
            points[peg.player][role][SOURCES.index(peg.source)] += peg.points
    dealt = sum(dealer == 0 for dealer in finished.values())
    deals = ((len(finished) - dealt, dealt), (dealt, len(finished) - dealt))
    return GameSummary(
        winner=result.winner,
        skunk=result.skunk,
        match_points=result.match_points,
        tournament_points=result.tournament_points,
        points=tuple(tuple(tuple(role) for role in seat) for seat in points),
        deals=deals,
    )


def _play_one(job: tuple[str, int, tuple[str, str], bool]) -> GameSummary:
    """Game ``index`` of a match, summarised with the first side as seat 0."""
    seed, index, levels, duplicate = job
    if not duplicate:
        return summarise(play_game(f"{seed}:{index}", levels, first_dealer=index % 2))
    deck, swapped = divmod(index, 2)
    seats = (levels[1], levels[0]) if swapped else levels
    summary = summarise(play_game(f"{seed}:{deck}", seats, first_dealer=deck % 2))
    return _swap_seats(summary) if swapped else summary


def _swap_seats(summary: GameSummary) -> GameSummary:
    return replace(
        summary,
        winner=other(summary.winner),
        points=summary.points[::-1],
        deals=summary.deals[::-1],
    )


def first_dealing_side(index: int, duplicate: bool) -> int:
    """The side (0 the first level, 1 the second) that deals first in game ``index``."""
    if not duplicate:
        return index % 2
    deck, swapped = divmod(index, 2)
    return deck % 2 ^ swapped


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The games of a match, in order, and what they add up to (``to_dict``)."""

    seed: str
    levels: tuple[str, str]
    games: tuple[GameSummary, ...]
    duplicate: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The match as one JSON-able object (see ``crib match --help``). In a duplicate
        match each game's figures are the first side's, whichever seat it held, and the
        intervals are over the pairs of games."""
        n = len(self.games)
        match_points = self._units([_signed(game, game.match_points) for game in self.games])
        tournament = self._units([_signed(game, game.tournament_points) for game in self.games])
        return {
            "games": n,
            "seed": self.seed,
            "levels": list(self.levels),
            "duplicate": self.duplicate,
            "sides": [self._side(seat) for seat in (0, 1)],
            "match_points_per_game": mean_ci(match_points),
            "tournament_points_per_game": mean_ci(tournament),
            "first_dealer_won": sum(
                game.winner == first_dealing_side(index, self.duplicate)
                for index, game in enumerate(self.games)
            )
            / max(n, 1),
        }

    def _units(self, values: Sequence[float]) -> list[float]:
        """The independent outcomes: each game, or in a duplicate match each pair's mean."""
        if not self.duplicate:
            return list(values)
        return [
            (first + second) / 2 for first, second in zip(values[::2], values[1::2], strict=True)
        ]

    def _side(self, seat: int) -> dict[str, Any]:
        won = [game for game in self.games if game.winner == seat]
        per_deal = {}
        for role_index, role in enumerate(ROLES):
            deals = sum(game.deals[seat][role_index] for game in self.games)
            by_source = {
                source.value: sum(game.points[seat][role_index][i] for game in self.games)
                / max(deals, 1)
                for i, source in enumerate(SOURCES)
            }
            by_source["total"] = sum(by_source.values())
            per_deal[role] = {key: round(value, 4) for key, value in by_source.items()}
            per_deal[role]["deals"] = deals
        return {
            "level": self.levels[seat],
            "wins": len(won),
            "skunks": sum(game.skunk == 1 for game in won),
            "double_skunks": sum(game.skunk == 2 for game in won),
            "points_per_deal": per_deal,
        }


def _signed(game: GameSummary, points: int) -> int:
    return points if game.winner == 0 else -points


def mean_ci(values: Sequence[float]) -> dict[str, float]:
    """The mean of ``values`` and the half-width of its 95 % confidence interval (normal)."""
    if not values:
        return {"mean": 0.0, "ci95": 0.0}
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": round(mean, 4), "ci95": round(_Z95 * spread / math.sqrt(len(values)), 4)}


def play_match(
    games: int,
    seed: str,
    levels: Sequence[Level | str],
    workers: int | None = None,
    *,
    duplicate: bool = False,
) -> MatchResult:
    """Play ``games`` games between two levels on ``workers`` processes (default: one per
    core; 1 plays them in this process); ``duplicate``, each deck twice, the seats
    swapped (``games`` must then be even). Raises ValueError for an odd duplicate match."""
    if duplicate and games % 2:
        raise ValueError(f"a duplicate match plays each deck twice: {games} games is odd")
    names = (Level(levels[0]).value, Level(levels[1]).value)
    jobs = [(str(seed), index, names, duplicate) for index in range(games)]
    workers = workers or os.cpu_count() or 1
    if workers == 1 or games < 2:
        summaries = [_play_one(job) for job in jobs]
    else:
        from multiprocessing import Pool  # here, so importing the engine loads no multiprocessing

        with Pool(min(workers, games)) as pool:
            summaries = pool.map(_play_one, jobs, chunksize=max(1, min(16, games // (4 * workers))))
    return MatchResult(str(seed), names, tuple(summaries), duplicate)
