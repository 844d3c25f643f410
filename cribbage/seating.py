"""Who sits where at a table of two, three or four: the seats and their names, partners and
teams, the scores kept on the board (a track a side), who deals next, who takes what a
player misses (muggins), and whose crib it is from each seat.

Seats are numbered 0 to N - 1 in turn order: the player on a seat's left plays after it.
At four, partners sit opposite (seats 0 and 2 against 1 and 3) and peg on one score: a
*side* is a player, or at four a team, and each side has one track on the board. The
human, when there is one, is named "you", the others by where they sit from the human (the
player in the south): at two "the computer"; at three West (on the human's left, next in
turn) and East; at four West, North (the partner, opposite) and East. A table of real
players (the scoreboard's) names each seat as the players were named at the start.

Every layer reads the table from here: the game, the computer, the review, the match,
the pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .rules import Seat, Table, table_for

__all__ = ["NAMES", "Role", "Seating"]

NAMES = {
    2: ("you", "the computer"),
    3: ("you", "West", "East"),
    4: ("you", "West", "North", "East"),
}
"""Each seat's name, in turn order from the human's."""
_SIDES_SAID = {
    2: ("you", "the computer"),
    3: ("you", "West", "East"),
    4: ("you and North", "West and East"),
}


class Role(Enum):
    """Whose crib it is, seen from a seat: the dealer's own; at two the pone's (the
    dealer's opponent); at three or four an opponent's, or at four the dealer's partner's,
    whose crib is the team's."""

    DEALER = "dealer"
    PONE = "pone"
    PARTNER = "partner"
    OPPONENT = "opponent"

    @property
    def owns_crib(self) -> bool:
        """Whether the crib counts for the seat's side."""
        return self in (Role.DEALER, Role.PARTNER)


@dataclass(frozen=True, slots=True)
class Seating:
    """A table of ``players`` (2, 3 or 4), the human in seat ``human`` (None: no human,
    the seats named "player 1" ..., or by ``names``, one a seat in turn order, as players
    at a real table are). ValueError for a table or seat that does not exist."""

    players: int = 2
    human: Seat | None = 0
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        table_for(self.players)
        if self.human is not None and self.human not in self.seats:
            raise ValueError(f"seat {self.human}: {self.seats_said}")
        if self.names and (len(self.names) != self.players or self.human is not None):
            raise ValueError(f"a table of {self.players} real players names each of them")

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def seats_said(self) -> str:
        """The seats there are, in words, for an error message."""
        last = self.players - 1
        return f"a table of {self.players} has seats 0 {'and' if last == 1 else 'to'} {last}"

    def check(self, seat: int) -> Seat:
        """``seat`` itself, or ValueError naming the seats there are."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat}: {self.seats_said}")
        return seat

    @property
    def table(self) -> Table:
        """What each seat is dealt and throws (``rules.TABLES``)."""
        return table_for(self.players)

    @property
    def partners(self) -> bool:
        """Four players play as two teams of partners sitting opposite."""
        return self.players == 4

    # --- sides: a player, or a team at four -------------------------------------------

    @property
    def sides(self) -> int:
        """How many scores the board keeps: a track a player, at four a track a team."""
        return 2 if self.partners else self.players

    def side_of(self, seat: Seat) -> int:
        """The side (track) ``seat`` pegs on: their own, at four their team's (seat % 2)."""
        return seat % 2 if self.partners else seat

    def side_seats(self, side: int) -> tuple[Seat, ...]:
        """The seats that peg on ``side``: one player, or at four both partners."""
        return (side, side + 2) if self.partners else (side,)

    def scoring_seats(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats whose score ``seat``'s points go on: their own, at four both partners'."""
        return self.side_seats(self.side_of(seat))

    def partner(self, seat: Seat) -> Seat | None:
        """The partner sitting opposite ``seat`` at four; None at two or three."""
        return (seat + 2) % 4 if self.partners else None

    def opponents(self, seat: Seat) -> tuple[Seat, ...]:
        """Every seat not on ``seat``'s side, in turn order from its left."""
        side = self.side_of(seat)
        later = ((seat + step) % self.players for step in range(1, self.players))
        return tuple(other for other in later if self.side_of(other) != side)

    def side_scores(self, scores: Sequence[int]) -> tuple[int, ...]:
        """Each side's score, from the seats' (at four both partners' are the team's)."""
        return tuple(scores[self.side_seats(side)[0]] for side in range(self.sides))

    def racing(self, scores: Sequence[int], seat: Seat) -> int:
        """The score ``seat`` races: the best of its opponents'."""
        return max(scores[other] for other in self.opponents(seat))

    # --- the deal ------------------------------------------------------------------------

    def next_dealer(self, dealer: Seat) -> Seat:
        """The next deal's dealer: the deal passes to the left."""
        return (dealer + 1) % self.players

    def left_of(self, seat: Seat) -> Seat:
        """The seat on ``seat``'s left, who plays after it: the dealer's left leads."""
        return (seat + 1) % self.players

    def muggins_taker(self, seat: Seat) -> Seat:
        """Who takes the points ``seat`` missed: the next opponent in turn, on their left
        (at two the other player), one player, as ACC rule 10 lets "the opponent" claim
        them and the one on the left counts next."""
        return self.opponents(seat)[0]

    def role(self, seat: Seat, dealer: Seat) -> Role:
        """Whose crib it is, seen from ``seat`` when ``dealer`` deals."""
        if seat == dealer:
            return Role.DEALER
        if self.players == 2:
            return Role.PONE
        if self.partners and self.side_of(seat) == self.side_of(dealer):
            return Role.PARTNER
        return Role.OPPONENT

    @property
    def roles(self) -> tuple[Role, ...]:
        """The roles a seat may have at this table."""
        if self.players == 2:
            return (Role.DEALER, Role.PONE)
        if self.partners:
            return (Role.DEALER, Role.PARTNER, Role.OPPONENT)
        return (Role.DEALER, Role.OPPONENT)

    # --- names ---------------------------------------------------------------------------

    def name(self, seat: Seat) -> str:
        """How a page names a seat: "you", "the computer", "West", "North", or the name
        a real player was given."""
        if self.names:
            return self.names[seat]
        if self.human is None:
            return f"player {seat + 1}"
        return NAMES[self.players][(seat - self.human) % self.players]

    def possessive(self, seat: Seat) -> str:
        """A seat's possessive: "your", "the computer's", "West's"."""
        return "your" if seat == self.human else f"{self.name(seat)}'s"

    def side_said(self, side: int) -> str:
        """A side as a sentence names it: "you", "the computer", "West", "you and North",
        "Ann and Cy"."""
        if self.human is None:
            return " and ".join(self.name(seat) for seat in self.side_seats(side))
        return _SIDES_SAID[self.players][(side - self.side_of(self.human)) % self.sides]

    def side_name(self, side: int) -> str:
        """A side's name, as the board labels its track: "You", "The computer", "West",
        "You and North"."""
        said = self.side_said(side)
        return said[0].upper() + said[1:]

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(self.side_name(side) for side in range(self.sides))
