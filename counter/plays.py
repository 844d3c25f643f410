"""A play entered at the table, card by card: what the pegging counter shows and shares.

Its query string is the pegging counter's URL, in the notation of ``crib peg --players``:
``/pegging/?players=2&play=6H,4C,5D,go,2C,go,9S``, the cards and gos in the order they
were said, player 1 (on the dealer's left) leading and the dealer last. The engine numbers
the players by seat from 0, so player ``n`` on the page is seat ``n - 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.cards import Card
from cribbage.pegging import GO, PeggingError, PlayRecord, PlayState, Turn, read_play_state

TWO_PLAYERS = 2
Said = Card | str  # a card laid, or GO


@dataclass(frozen=True, slots=True)
class TablePlay:
    """The cards laid and gos said so far, all valid, and the play they have reached."""

    state: PlayState
    said: tuple[Said, ...] = ()

    @classmethod
    def read(cls, said: tuple[Said, ...], players: int) -> tuple[TablePlay, PeggingError | None]:
        """The play as far as ``said`` is valid, and the first token that is not (or None)."""
        state, error = read_play_state(said, players)
        kept = said if error is None else said[: error.index]
        return cls(state, tuple(kept)), error

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def record(self) -> PlayRecord:
        """Every turn so far in order, and what each player pegged."""
        return self.state.record

    @property
    def is_over(self) -> bool:
        """Every card is down."""
        return self.state.is_over

    full = is_over  # the picker takes no more cards (``counter.picks.Picks.full``)

    @property
    def can_say_go(self) -> bool:
        """A go needs a count to be unable to play on."""
        return not self.is_over and self.state.count > 0

    def marks(self) -> dict[Card, str]:
        """Each card laid and its place in the play, the picker's badge: 1 for the lead."""
        return {turn.card: str(n) for n, turn in enumerate(self.record.plays, start=1)}

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(each.code if isinstance(each, Card) else GO for each in self.said)

    @property
    def query(self) -> str:
        """The canonical query string: ``players=2&play=6H,4C,go``; "" for a new two-player
        play."""
        return self.query_for(self.players)

    def query_for(self, players: int) -> str:
        """The query string of the same cards and gos said by ``players`` players."""
        if not self.said and players == TWO_PLAYERS:
            return ""
        play = f"&play={','.join(self.tokens)}" if self.said else ""
        return f"players={players}{play}"

    @property
    def text(self) -> str:
        """The play as the text field shows it: ``6H 4C 5D go 2C``."""
        return " ".join(self.tokens)

    @property
    def to_play_number(self) -> int | None:
        """Whose turn it is as the table numbers the players, from 1 (the leader)."""
        seat = self.state.to_play
        return None if seat is None else seat + 1

    @property
    def last_turn(self) -> Turn | None:
        turns = self.record.turns
        return turns[-1] if turns else None


def player_role(seat: int, players: int) -> str:
    """What the player in ``seat`` (from 0, in turn order) is called at the table besides
    their number: the dealer plays last; with two players the other is the pone, who
    leads."""
    if seat == players - 1:
        return "dealer"
    if players == TWO_PLAYERS:
        return "pone"
    return "leads" if seat == 0 else ""
