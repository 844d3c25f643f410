"""The chance to win the game from each score pair, the deal about to start: worked out
once, by dynamic programming over deals the computer played against itself, and shipped
as the data file ``win_table.csv`` (``cribbage.tablegen.win_table`` says how).

The same deals give what a player's own play and hand are worth in a deal, by role
(``deal_points``, the data file ``deal_points.csv``), which strong's discard near the end
of the game draws the other player's from.
"""

from __future__ import annotations

from functools import cache

from . import data
from .rules import GAME_POINTS

__all__ = [
    "DEAL_POINTS_FILE",
    "FILE",
    "SCALE",
    "deal_points",
    "dealer_win_chance",
    "win_chance",
]

FILE = "win_table.csv"
DEAL_POINTS_FILE = "deal_points.csv"
SCALE = 10_000
"""The table holds each chance in 1/10,000ths."""


@cache
def _table() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(map(int, row[1:])) for row in data.rows(FILE))


@cache
def deal_points(dealer: bool) -> tuple[tuple[int, int, float], ...]:
    """What the pone's (or the dealer's) own play and hand gave in the table's deals: each
    (play, hand) seen and its share of the deals. The crib and heels are not in it."""
    role = "dealer" if dealer else "pone"
    entries = [
        (int(play), int(hand), int(count))
        for seat, play, hand, count in data.rows(DEAL_POINTS_FILE)
        if seat == role
    ]
    deals = sum(count for _, _, count in entries)
    return tuple((play, hand, count / deals) for play, hand, count in entries)


def win_chance(mine: int, theirs: int, dealing: bool) -> float:
    """The chance to win of a player on ``mine`` against one on ``theirs``, the next deal
    about to start with them dealing (``dealing``) or as pone. 121 or more has won."""
    if mine >= GAME_POINTS:
        return 1.0
    if theirs >= GAME_POINTS:
        return 0.0
    mine, theirs = max(mine, 0), max(theirs, 0)
    if dealing:
        return 1.0 - _table()[theirs][mine] / SCALE
    return _table()[mine][theirs] / SCALE


def dealer_win_chance(pone: int, dealer: int) -> float:
    """The dealer's chance to win at these scores, the deal about to start."""
    return win_chance(dealer, pone, dealing=True)
