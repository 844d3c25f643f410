"""The numbers of the rules (ACC rules, two players): the game's length, the skunk lines,
the deal, the play's limit and heels; and the two players' seats.

Every module that needs one of these imports it from here, so the search, the tables and
the game agree without importing one another.
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = [
    "DEALT_EACH",
    "DOUBLE_SKUNK_LINE",
    "GAME_POINTS",
    "HAND_SIZE",
    "HEELS_POINTS",
    "MAX_COUNT",
    "SEATS",
    "SKUNK_LINE",
    "THROWN_EACH",
    "Seat",
    "other",
]

GAME_POINTS = 121
"""The first to peg 121 wins, wherever that happens."""
SKUNK_LINE = 91
"""A loser who has not reached 91 (90 or less) is skunked."""
DOUBLE_SKUNK_LINE = 61
"""A loser who has not reached 61 (60 or less) is double skunked."""
DEALT_EACH = 6
"""Cards dealt to each of two players."""
THROWN_EACH = 2
"""Cards each of two players throws to the crib."""
HAND_SIZE = DEALT_EACH - THROWN_EACH
"""Cards kept in a hand, and in the crib."""
MAX_COUNT = 31
"""The count of the play never passes 31."""
HEELS_POINTS = 2
"""A jack turned as the starter pegs 2 to the dealer."""

Seat: TypeAlias = int
"""A player's place: 0 or 1 in the two-player game, from 0 in turn order in a play of
more (the players see them as 1 and 2, or 1 to N)."""
SEATS: tuple[Seat, Seat] = (0, 1)
"""The two players' seats."""


def other(seat: Seat) -> Seat:
    """The other of the two seats."""
    return 1 - seat
