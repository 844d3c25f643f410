"""Games between two computer levels at a table of two, three or four, many at a time: how
strong a level is (``crib match``).

A match is played deck by deck: deck ``j`` is the game of seed ``f"{S}:{j}"``, seat
``j % players`` dealing first (the cut for deal is skipped), and each deck is played once
per *rotation* of the levels round the table:

- at two, once with the first level in seat 0 (each level then deals first in half the
  games); with ``duplicate``, twice, the seats swapped, so every deal of the pair has the
  same cards in the same roles while both games last and the luck of the cards cancels out;
- at three, three times: the first level alone in seat 0, 1 and 2 in turn, against two of
  the second;
- at four, twice: the first level a team of partners in seats 0 and 2, then 1 and 3.

Every score is pegged automatically. A match's figures depend only on its seed, its number
of games, the table and the levels, never on how many processes play it; their intervals
are taken over the decks (a deck's rotations averaged: the deck is the unit of chance).
The CPU time of every decision is kept by level; only those depend on the machine.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .computer import Level, choose
from .game import Game
from .records import Counting, Source
from .seating import Seating

__all__ = [
    "GameSummary",
    "MatchResult",
    "mean_ci",
    "play_game",
    "play_match",
    "rotations",
    "summarise",
]

ROLES = ("pone", "dealer")
"""A seat's role in a deal: the dealer, or not (at two the pone)."""
SOURCES = (Source.HAND, Source.CRIB, Source.PLAY, Source.HEELS)
_Z95 = 1.959964


def rotations(players: int, duplicate: bool = True) -> int:
    """The games each deck is played: at two once (twice when ``duplicate``), at three once
    per seat of the lone first level, at four once per team."""
    Seating(players)
    if players == 2:
        return 2 if duplicate else 1
    return 3 if players == 3 else 2


def first_side_seats(players: int, rotation: int) -> tuple[int, ...]:
    """The seats of the first level in a rotation."""
    return (rotation, rotation + 2) if players == 4 else (rotation,)


def play_game(
    seed: str,
    levels: Sequence[Level | str],
    first_dealer: int,
    timer: Callable[[int, float], None] | None = None,
) -> Game:
    """A whole game, the level of each seat given in ``levels`` (one a seat), every score
    pegged automatically; ``timer(seat, ms)`` hears the CPU time of each decision."""
    seats = tuple(Level(level) for level in levels)
    game = Game.new(
        seed,
        human=None,
        counting=Counting.AUTOMATIC,
        first_dealer=first_dealer,
        players=len(seats),
    )
    while not game.is_over:
        player = game.to_move
        assert player is not None
        started = time.process_time()
        action = choose(game, seats[player])
        if timer is not None:
            timer(player, 1000 * (time.process_time() - started))
        game = game.apply(action)
    return game


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of a match, by side: 0 the first level's, 1 the second's. Who won, the
    skunk, the winner's match and tournament points, and points by role and source.

    ``points[side][role][source]`` and ``deals[side][role]`` count only the deals whose
    show was finished (the deal the game ends in is cut short), over the side's seats;
    roles are 0 pone (not dealing), 1 dealer and sources in ``SOURCES`` order. ``first``
    is the side that dealt first; ``seats`` the seats each side held; ``times`` each
    side's decision times in ms.
    """

    winner: int
    skunk: int
    match_points: int
    tournament_points: int
    points: tuple[tuple[tuple[int, ...], ...], ...]
    deals: tuple[tuple[int, int], ...]
    first: int = 0
    seats: tuple[int, int] = (1, 1)
    times: tuple[tuple[float, ...], tuple[float, ...]] = field(default=((), ()), compare=False)

    @property
    def signed_match_points(self) -> int:
        """The first side's match points: the winner's, less when the second side won."""
        return self.match_points if self.winner == 0 else -self.match_points

    @property
    def signed_tournament_points(self) -> int:
        return self.tournament_points if self.winner == 0 else -self.tournament_points

    def per_deal(self, side: int) -> float:
        """A seat's points a finished deal, of the side."""
        total = sum(map(sum, self.points[side]))
        return total / max(sum(self.deals[side]) or 1, 1)


def summarise(
    game: Game,
    first_seats: tuple[int, ...] = (0,),
    times: tuple[tuple[float, ...], tuple[float, ...]] = ((), ()),
) -> GameSummary:
    """The figures of a finished game, the first level in ``first_seats``."""
    result = game.result
    if result is None:
        raise ValueError("the game is not over")
    seating = game.seating
    side = [0 if seat in first_seats else 1 for seat in seating.seats]
    shows = game.players + 1
    finished = {deal.number: deal.dealer for deal in game.deals if deal.counts_made == shows}
    points = [[[0] * len(SOURCES) for _ in ROLES] for _ in (0, 1)]
    for peg in game.pegs:
        dealer = finished.get(peg.deal)
        if dealer is not None and peg.source in SOURCES:
            role = 1 if peg.player == dealer else 0
            points[side[peg.player]][role][SOURCES.index(peg.source)] += peg.points
    deals = [[0, 0], [0, 0]]
    for dealer in finished.values():
        for seat in seating.seats:
            deals[side[seat]][1 if seat == dealer else 0] += 1
    first_dealer = game.deals[0].dealer
    return GameSummary(
        winner=side[result.winner],  # at four the winner is the team's first seat
        skunk=result.skunk,
        match_points=result.match_points,
        tournament_points=result.tournament_points,
        points=tuple(tuple(tuple(role) for role in each) for each in points),
        deals=(tuple(deals[0]), tuple(deals[1])),  # type: ignore[arg-type]
        first=side[first_dealer],
        seats=(side.count(0), side.count(1)),
        times=times,
    )


def _play_one(job: tuple[str, int, int, tuple[str, str], bool]) -> GameSummary:
    """Game ``index`` of a match, summarised from the first level's side."""
    seed, players, index, levels, duplicate = job
    deck, rotation = divmod(index, rotations(players, duplicate))
    mine = first_side_seats(players, rotation)
    seats = tuple(levels[0] if seat in mine else levels[1] for seat in range(players))
    times: tuple[list[float], list[float]] = ([], [])

    def timer(seat: int, ms: float) -> None:
        times[0 if seat in mine else 1].append(ms)

    game = play_game(f"{seed}:{deck}", seats, deck % players, timer)
    return summarise(game, mine, (tuple(times[0]), tuple(times[1])))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The games of a match, in order (deck by deck), and what they add up to
    (``to_dict``)."""

    seed: str
    levels: tuple[str, str]
    games: tuple[GameSummary, ...]
    duplicate: bool = False
    players: int = 2

    def to_dict(self) -> dict[str, Any]:
        """The match as one JSON-able object (see ``crib match --help``): at two the wins,
        skunks and points a deal by role and source of each side, and the first side's
        match and tournament points a game; at three or four the first level's share of
        the wins, match points and points a deal, and the decision times (which alone
        depend on the machine)."""
        if self.players == 2:
            return self._two_players()
        return {
            "players": self.players,
            "games": len(self.games),
            "decks": len(self._decks()),
            "seed": self.seed,
            "levels": list(self.levels),
            "duplicate": True,
            "fair_share": round(1 / 3 if self.players == 3 else 1 / 2, 4),
            "first_wins": self._over_decks(lambda game: float(game.winner == 0)),
            "first_match_points_per_game": self._over_decks(lambda game: game.signed_match_points),
            "first_points_per_deal": self._over_decks(lambda game: game.per_deal(0)),
            "second_points_per_deal": self._over_decks(lambda game: game.per_deal(1)),
            "decision_ms": self._times(),
        }

    def _two_players(self) -> dict[str, Any]:
        n = len(self.games)
        return {
            "games": n,
            "seed": self.seed,
            "levels": list(self.levels),
            "duplicate": self.duplicate,
            "sides": [self._side(side) for side in (0, 1)],
            "match_points_per_game": self._over_decks(lambda game: game.signed_match_points),
            "tournament_points_per_game": self._over_decks(
                lambda game: game.signed_tournament_points
            ),
            "first_dealer_won": sum(game.winner == game.first for game in self.games) / max(n, 1),
        }

    def _decks(self) -> list[tuple[GameSummary, ...]]:
        per = rotations(self.players, self.duplicate)
        return [self.games[i : i + per] for i in range(0, len(self.games), per)]

    def _over_decks(self, value: Callable[[GameSummary], float]) -> dict[str, float]:
        return mean_ci([statistics.fmean(value(game) for game in deck) for deck in self._decks()])

    def _side(self, side: int) -> dict[str, Any]:
        won = [game for game in self.games if game.winner == side]
        per_deal = {}
        for role_index, role in enumerate(ROLES):
            deals = sum(game.deals[side][role_index] for game in self.games)
            by_source = {
                source.value: sum(game.points[side][role_index][i] for game in self.games)
                / max(deals, 1)
                for i, source in enumerate(SOURCES)
            }
            by_source["total"] = sum(by_source.values())
            per_deal[role] = {key: round(value, 4) for key, value in by_source.items()}
            per_deal[role]["deals"] = deals
        return {
            "level": self.levels[side],
            "wins": len(won),
            "skunks": sum(game.skunk == 1 for game in won),
            "double_skunks": sum(game.skunk == 2 for game in won),
            "points_per_deal": per_deal,
        }

    def _times(self) -> dict[str, dict[str, float]]:
        times: dict[str, list[float]] = {level: [] for level in self.levels}
        for game in self.games:
            for side, level in enumerate(self.levels):
                times[level].extend(game.times[side])
        return {level: _time_figures(values) for level, values in times.items()}


def _time_figures(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"decisions": 0, "mean": 0.0, "p95": 0.0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "decisions": len(values),
        "mean": round(statistics.fmean(values), 3),
        "p95": round(p95, 3),
    }


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
    players: int = 2,
) -> MatchResult:
    """Play ``games`` games between two levels at a table of ``players`` on ``workers``
    processes (default: one per core; 1 plays them in this process). At two,
    ``duplicate`` plays each deck twice, the seats swapped; at three and four a match is
    always duplicate. ValueError when ``games`` is not a whole number of decks."""
    duplicate = duplicate or players != 2
    per = rotations(players, duplicate)
    if games % per:
        if players == 2:
            raise ValueError(f"a duplicate match plays each deck twice: {games} games is odd")
        raise ValueError(
            f"each deck is played {per} times at {players} players: {games} games is not "
            f"a multiple of {per}"
        )
    names = (Level(levels[0]).value, Level(levels[1]).value)
    jobs = [(str(seed), players, index, names, duplicate) for index in range(games)]
    workers = workers or os.cpu_count() or 1
    if workers == 1 or games < 2:
        summaries = [_play_one(job) for job in jobs]
    else:
        from multiprocessing import Pool  # here, so importing the engine loads no multiprocessing

        with Pool(min(workers, games)) as pool:
            summaries = pool.map(_play_one, jobs, chunksize=max(1, min(16, games // (4 * workers))))
    return MatchResult(str(seed), names, tuple(summaries), duplicate, players)
