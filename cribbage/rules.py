"""The numbers of the rules (ACC rules): the game's length, the skunk lines, the deal,
the play's limit and heels; the two players' seats; and the tables of two, three and four
players: what each is dealt and throws, the order of the show, the partners of four.

Every module that needs one of these imports it from here, so the search, the tables and
the game agree without importing one another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
    "TABLES",
    "THROWN_EACH",
    "Seat",
    "Table",
    "dealer_seat",
    "match_points",
    "other",
    "partner_seats",
    "show_order",
    "table_for",
    "team_of",
    "team_totals",
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
SKUNKS = (0, 1, 2)
"""A game's skunk: none, a skunk (loser under 91), a double skunk (under 61)."""


def match_points(skunk: int) -> int:
    """The winner's match points for a game with ``skunk`` (0, 1 or 2): 1 for a win, 2 for
    a skunk, 3 for a double skunk. The one rule for them: a game's result, a match and the
    progress page use it."""
    if skunk not in SKUNKS:
        raise ValueError(f"a skunk is 0, 1 or 2, not {skunk}")
    return 1 + skunk


Seat: TypeAlias = int
"""A player's place: 0 or 1 in the two-player game, from 0 in turn order in a play of
more (the players see them as 1 and 2, or 1 to N)."""
SEATS: tuple[Seat, Seat] = (0, 1)
"""The two players' seats."""


def other(seat: Seat) -> Seat:
    """The other of the two seats."""
    return 1 - seat


@dataclass(frozen=True, slots=True)
class Table:
    """The deal at a table of ``players``: each is dealt ``dealt_each`` and throws
    ``thrown_each`` to the crib, and ``crib_from_deck`` cards go to the crib from the deck,
    so that every hand and the crib hold ``HAND_SIZE`` cards."""

    players: int
    dealt_each: int
    thrown_each: int
    crib_from_deck: int = 0

    @property
    def crib_size(self) -> int:
        return self.players * self.thrown_each + self.crib_from_deck

    @property
    def partners(self) -> bool:
        """Four players play as two teams of partners sitting opposite."""
        return self.players == 4


TABLES: dict[int, Table] = {
    2: Table(2, DEALT_EACH, THROWN_EACH),
    3: Table(3, 5, 1, crib_from_deck=1),
    4: Table(4, 5, 1),
}
"""The tables the rules describe, by the number of players."""


def table_for(players: int) -> Table:
    """The table of ``players`` (2, 3 or 4); ValueError for any other number."""
    try:
        return TABLES[players]
    except KeyError:
        raise ValueError(f"{players} players: a table has 2, 3 or 4") from None


def show_order(players: int) -> tuple[Seat, ...]:
    """The seats in the order their hands are shown: from the dealer's left, the dealer
    last (the crib, the dealer's, comes after). Seats are numbered from 0 in turn order,
    the player on the dealer's left first, as the play numbers them."""
    return tuple(range(table_for(players).players))


def dealer_seat(players: int) -> Seat:
    """The dealer's seat: the last in turn order."""
    return show_order(players)[-1]


def team_of(seat: Seat, players: int) -> int:
    """The team of ``seat`` at a table of partners: 0 for seats 0 and 2, 1 for seats 1 and 3
    (partners sit opposite). ValueError at a table without partners or for a seat it
    does not have."""
    if not table_for(players).partners:
        raise ValueError(f"{players} players play without partners")
    if seat not in show_order(players):
        raise ValueError(f"seat {seat}: a table of {players} has seats 0 to {players - 1}")
    return seat % 2


def partner_seats(team: int) -> tuple[Seat, Seat]:
    """The two seats of a team of four: team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    if team not in (0, 1):
        raise ValueError(f"team {team}: four players are teams 0 and 1")
    return (team, team + 2)


def team_totals(points: Sequence[int]) -> tuple[int, int]:
    """What each team of four pegs, from each seat's points (four, in seat order)."""
    if len(points) != 4:
        raise ValueError(f"{len(points)} seats: partners are four")
    return (points[0] + points[2], points[1] + points[3])
