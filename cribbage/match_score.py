"""A match of 1, 3, 5 or 7 games between two players: the match points each game gives,
and where the match stands.

The rules the app states (ACC rules, "Match"; the shared rules' "The game"):

- A game's winner scores match points: 1 for a win, 2 for a skunk (the loser under 91),
  3 for a double skunk (under 61). ``match_points`` is that one rule; a game's result
  (``cribbage.records.GameResult``) and the progress page both use it.
- The match is won by the first player to win the majority of its games: 1 of 1, 2 of 3,
  3 of 5, 4 of 7. Its match points are kept beside the games won and said at the end.
- The first deal of the first game is cut for; the first dealer of each next game is the
  loser of the game before (ACC rules): the dealer's crib makes up for the loss.
- A player who resigns a game of the match resigns the match: the other wins it.

Pure values, no Django: ``MatchScore`` is immutable, ``score.after(outcome)`` the match
after one more game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .rules import SEATS, Seat, other

if TYPE_CHECKING:
    from .records import GameResult

__all__ = [
    "MATCH_LENGTHS",
    "GameOutcome",
    "MatchScore",
    "games_needed",
    "match_points",
]

MATCH_LENGTHS = (1, 3, 5, 7)
"""The matches offered: an odd number of games, so one player always has the majority."""

SKUNKS = (0, 1, 2)
"""A game's skunk: none, a skunk (loser under 91), a double skunk (under 61)."""


def match_points(skunk: int) -> int:
    """The winner's match points for a game with ``skunk`` (0, 1 or 2): 1 for a win, 2 for
    a skunk, 3 for a double skunk."""
    if skunk not in SKUNKS:
        raise ValueError(f"a skunk is 0, 1 or 2, not {skunk}")
    return 1 + skunk


def games_needed(length: int) -> int:
    """Games a player must win to win a match of ``length`` games: the majority."""
    if length not in MATCH_LENGTHS:
        raise ValueError(f"a match is of 1, 3, 5 or 7 games, not {length}")
    return length // 2 + 1


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one game of a match ended: its winner, its skunk, and whether the loser
    resigned it (which resigns the match)."""

    winner: Seat
    skunk: int = 0
    resigned: bool = False

    def __post_init__(self) -> None:
        if self.winner not in SEATS:
            raise ValueError("the players are seats 0 and 1")
        match_points(self.skunk)  # a skunk it has

    @property
    def loser(self) -> Seat:
        return other(self.winner)

    @property
    def points(self) -> int:
        """The winner's match points for the game."""
        return match_points(self.skunk)

    @classmethod
    def of(cls, result: GameResult) -> GameOutcome:
        """The outcome of a finished game's ``GameResult``."""
        return cls(result.winner, result.skunk, result.resigned)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "skunk": self.skunk, "resigned": self.resigned}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameOutcome:
        return cls(int(data["winner"]), int(data["skunk"]), bool(data.get("resigned", False)))


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match of ``length`` games after the games in ``games`` (in order): the games
    each player won, their match points, the winner once one has the majority (or the
    other resigned), and who deals first in the next game."""

    length: int
    games: tuple[GameOutcome, ...] = ()

    def __post_init__(self) -> None:
        needed = games_needed(self.length)
        won = [0, 0]
        for game in self.games:
            if max(won) >= needed:
                raise ValueError("the match was over before its last game")
            won[game.winner] += 1
            if game.resigned:
                won[game.winner] = needed  # a resignation ends the match

    @property
    def needed(self) -> int:
        """Games a player must win to win the match."""
        return games_needed(self.length)

    @property
    def won(self) -> tuple[int, int]:
        """The games each seat has won."""
        return (
            sum(game.winner == 0 for game in self.games),
            sum(game.winner == 1 for game in self.games),
        )

    @property
    def points(self) -> tuple[int, int]:
        """The match points each seat has scored: 1 a win, 2 a skunk, 3 a double skunk."""
        return (
            sum(game.points for game in self.games if game.winner == 0),
            sum(game.points for game in self.games if game.winner == 1),
        )

    @property
    def winner(self) -> Seat | None:
        """The seat that has won the match: the first to the majority of its games, or the
        other player of one who resigned; None while it is being played."""
        if self.games and self.games[-1].resigned:
            return self.games[-1].winner
        for seat in SEATS:
            if self.won[seat] >= self.needed:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def resigned(self) -> bool:
        """Whether the match ended by a resignation."""
        return bool(self.games) and self.games[-1].resigned

    @property
    def number(self) -> int:
        """The number of the game being played, or of the last one once it is over."""
        return len(self.games) + (0 if self.is_over else 1)

    @property
    def next_dealer(self) -> Seat | None:
        """Who deals first in the next game: the loser of the last one; None for the first
        game (cut for) and once the match is over."""
        if not self.games or self.is_over:
            return None
        return self.games[-1].loser

    def after(self, outcome: GameOutcome) -> MatchScore:
        """The match after one more game. Raises ``ValueError`` once it is over."""
        if self.is_over:
            raise ValueError("the match is over: it has no more games")
        return MatchScore(self.length, (*self.games, outcome))

    def to_list(self) -> list[dict[str, Any]]:
        """The games as JSON-able data (``from_list`` reads them back)."""
        return [game.to_dict() for game in self.games]

    @classmethod
    def from_list(cls, length: int, games: list[dict[str, Any]]) -> MatchScore:
        return cls(length, tuple(GameOutcome.from_dict(game) for game in games))
