"""A match of 1, 3, 5 or 7 games at a table of two, three or four: the match points each
game gives, and where the match stands.

The rules the app states (ACC rules, "Match"; the shared rules' "The game"):

- A game's winner scores match points: 1 for a win, 2 for a skunk (the loser under 91),
  3 for a double skunk (under 61) (``rules.match_points``).
- The match is won by the first side to win the majority of its games: 1 of 1, 2 of 3,
  3 of 5, 4 of 7. A side is a player, or at four a team of partners. At three the same
  number wins it, so a match of three can run longer than its length when the games are
  shared out (three games won one each: the fourth decides a match of 3). Its match points
  are kept beside the games won and said at the end.
- The first deal of the first game is cut for; the first dealer of each next game is the
  loser of the game before (ACC rules): the dealer's crib makes up for the loss. At three
  the rules name no loser, so the player who finished last deals; at four the losing team
  deals, its first seat (seat 1 for West and East, seat 0 for you and North).
- A player who resigns a game of the match resigns the match: the other side wins it (at
  three the better of the other two, as the game says).

Pure values, no Django: ``MatchScore`` is immutable, ``score.after(outcome)`` the match
after one more game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .records import GameResult
from .rules import match_points
from .seating import Seating

__all__ = [
    "MATCH_LENGTHS",
    "GameOutcome",
    "MatchScore",
    "games_needed",
    "match_points",
]

MATCH_LENGTHS = (1, 3, 5, 7)
"""The matches offered: an odd number of games, so at two one player has the majority."""


def games_needed(length: int) -> int:
    """Games a side must win to win a match of ``length`` games: the majority."""
    if length not in MATCH_LENGTHS:
        raise ValueError(f"a match is of 1, 3, 5 or 7 games, not {length}")
    return length // 2 + 1


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one game of a match ended: the side that won it, its skunk, whether the loser
    resigned it (which resigns the match), and the side that deals first in the next game
    (``last``: at two and four the other side, at three the player who finished last).
    ``sides`` is how many there are: 2, or 3 at a table of three."""

    winner: int
    skunk: int = 0
    resigned: bool = False
    last: int | None = None
    sides: int = 2

    def __post_init__(self) -> None:
        if self.sides not in (2, 3):
            raise ValueError(f"a match is between 2 or 3 sides, not {self.sides}")
        seats = "seats 0 and 1" if self.sides == 2 else "seats 0 to 2"
        if self.winner not in range(self.sides):
            raise ValueError(f"the players are {seats}")
        if self.last is None:
            if self.sides != 2:
                raise ValueError("at three the game's last player deals the next: say who")
            object.__setattr__(self, "last", 1 - self.winner)
        elif self.last not in range(self.sides) or self.last == self.winner:
            raise ValueError(f"the last player is one of the {seats} who did not win")
        match_points(self.skunk)  # a skunk it has

    @property
    def loser(self) -> int:
        """The side that deals first in the next game."""
        assert self.last is not None
        return self.last

    @property
    def points(self) -> int:
        """The winner's match points for the game."""
        return match_points(self.skunk)

    @classmethod
    def of(cls, result: GameResult) -> GameOutcome:
        """The outcome of a finished game's ``GameResult``, by side."""
        seating = Seating(len(result.scores), human=None)
        winner = seating.side_of(result.winner)
        if seating.sides == 2:
            return cls(winner, result.skunk, result.resigned)
        return cls(winner, result.skunk, result.resigned, result.last, sides=seating.sides)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "winner": self.winner,
            "skunk": self.skunk,
            "resigned": self.resigned,
        }
        if self.sides != 2:
            data["last"] = self.last
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], sides: int = 2) -> GameOutcome:
        last = data.get("last")
        return cls(
            int(data["winner"]),
            int(data["skunk"]),
            bool(data.get("resigned", False)),
            None if last is None else int(last),
            sides,
        )


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match of ``length`` games between ``sides`` sides (2, or 3 at a table of three)
    after the games in ``games`` (in order): the games each side won, their match points,
    the winner once one has the majority (or another resigned), and which side deals first
    in the next game."""

    length: int
    games: tuple[GameOutcome, ...] = ()
    sides: int = 2

    def __post_init__(self) -> None:
        needed = games_needed(self.length)
        won = [0] * self.sides
        for game in self.games:
            if game.sides != self.sides:
                raise ValueError(f"a game of {game.sides} sides in a match of {self.sides}")
            if max(won) >= needed:
                raise ValueError("the match was over before its last game")
            won[game.winner] += 1
            if game.resigned:
                won[game.winner] = needed  # a resignation ends the match

    @property
    def needed(self) -> int:
        """Games a side must win to win the match."""
        return games_needed(self.length)

    @property
    def won(self) -> tuple[int, ...]:
        """The games each side has won."""
        return tuple(sum(game.winner == side for game in self.games) for side in range(self.sides))

    @property
    def points(self) -> tuple[int, ...]:
        """The match points each side has scored: 1 a win, 2 a skunk, 3 a double skunk."""
        return tuple(
            sum(game.points for game in self.games if game.winner == side)
            for side in range(self.sides)
        )

    @property
    def winner(self) -> int | None:
        """The side that has won the match: the first to the majority of its games, or the
        winner of a game its loser resigned; None while it is being played."""
        if self.games and self.games[-1].resigned:
            return self.games[-1].winner
        won = self.won
        for side in range(self.sides):
            if won[side] >= self.needed:
                return side
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
    def next_dealer(self) -> int | None:
        """Who deals first in the next game: the side that lost the last one (its first
        seat: the side's number is that seat's); None for the first game (cut for) and once
        the match is over."""
        if not self.games or self.is_over:
            return None
        return self.games[-1].loser

    def after(self, outcome: GameOutcome) -> MatchScore:
        """The match after one more game. Raises ``ValueError`` once it is over."""
        if self.is_over:
            raise ValueError("the match is over: it has no more games")
        return MatchScore(self.length, (*self.games, outcome), self.sides)

    def before(self, number: int) -> MatchScore:
        """The match as it stood before its game ``number`` (from 1) was played."""
        return MatchScore(self.length, self.games[: max(number - 1, 0)], self.sides)

    def to_list(self) -> list[dict[str, Any]]:
        """The games as JSON-able data (``from_list`` reads them back)."""
        return [game.to_dict() for game in self.games]

    @classmethod
    def from_list(cls, length: int, games: list[dict[str, Any]], sides: int = 2) -> MatchScore:
        return cls(length, tuple(GameOutcome.from_dict(game, sides) for game in games), sides)
