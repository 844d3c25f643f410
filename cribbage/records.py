"""What a two-player game records: each deal's cards and play, the points pegged and
where they came from, the claims made in manual counting, the show's counts and the
result.

Every record is an immutable value; a ``Game`` (``cribbage.game``) holds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from .cards import Card
from .pegging import PegItem, PlayState
from .rules import DOUBLE_SKUNK_LINE, SKUNK_LINE, Seat, other
from .show import ShowResult, score_show

__all__ = [
    "ClaimRecord",
    "Counting",
    "Deal",
    "GameResult",
    "Peg",
    "Pending",
    "Phase",
    "ShowCount",
    "Source",
    "replay_play",
]


class Counting(Enum):
    """Who pegs the human's scores: the game as they happen, or the human by a claim."""

    AUTOMATIC = "automatic"
    MANUAL = "manual"


class Source(Enum):
    """Where pegged points came from."""

    HEELS = "heels"
    PLAY = "play"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"


class Phase(Enum):
    DISCARD = "discard"
    PLAY = "play"
    SHOW = "show"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Peg:
    """Points pegged: in which deal, by whom, from what."""

    deal: int
    player: Seat
    source: Source
    points: int


@dataclass(frozen=True, slots=True)
class Pending:
    """A claim the game waits for: ``points`` is what the move or count really scored.

    For the play, ``turn`` is the index in the deal's ``play.turns`` of the turn that
    scored (a card laid, with its go or last card; or a go that ended the series).
    """

    player: Seat
    source: Source
    points: int
    turn: int | None = None


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A claim made: what was claimed for which move or count, and what it scored.

    ``Game.claim_items(record)`` gives the items the move or count scored, for showing
    what was missed item by item.
    """

    deal: int
    player: Seat
    source: Source
    turn: int | None
    claimed: int
    scored: int

    @property
    def pegged(self) -> int:
        """What the player pegged: the claim, up to the score."""
        return min(self.claimed, self.scored)

    @property
    def missed(self) -> int:
        """Points left unclaimed, which the opponent took (muggins)."""
        return max(0, self.scored - self.claimed)

    @property
    def over_claimed(self) -> int:
        """Points claimed beyond the score, corrected without penalty."""
        return max(0, self.claimed - self.scored)


@dataclass(frozen=True, slots=True)
class ShowCount:
    """One count of the show: whose, hand or crib, and the itemised result.

    ``result.announce`` says the count as players do, ``result.total`` is what it scored.
    """

    player: Seat
    source: Source
    result: ShowResult


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: who won, the scores, skunks and match points."""

    winner: Seat
    scores: tuple[int, int]
    resigned: bool = False
    """Whether the loser gave the game up before either reached 121."""

    @property
    def loser(self) -> Seat:
        return other(self.winner)

    @property
    def loser_score(self) -> int:
        return self.scores[self.loser]

    @property
    def skunk(self) -> int:
        """0, 1 for a skunk (the loser under 91) or 2 for a double skunk (under 61)."""
        if self.loser_score < DOUBLE_SKUNK_LINE:
            return 2
        return 1 if self.loser_score < SKUNK_LINE else 0

    @property
    def match_points(self) -> int:
        """The winner's match points: 1 for a win, 2 for a skunk, 3 for a double skunk."""
        return 1 + self.skunk

    @property
    def tournament_points(self) -> int:
        """The winner's points under ACC tournament scoring: 2 for a win, 3 for a skunk."""
        return 3 if self.skunk else 2


# --- a deal ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: the six cards dealt to each seat, what each threw to the crib, the
    starter once cut, the play once started and how many counts of the show are made.

    ``dealt`` and ``thrown`` are by seat; ``thrown[p]`` is empty until ``p`` discards.
    The play's players are the same seats, the pone leading.
    """

    number: int
    dealer: Seat
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    thrown: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    starter: Card | None = None
    play: PlayState | None = None
    counts_made: int = 0

    @property
    def pone(self) -> Seat:
        return other(self.dealer)

    @property
    def phase(self) -> Phase:
        """Discard until the starter is cut, then the play, then the show."""
        if self.starter is None or self.play is None:
            return Phase.DISCARD
        return Phase.PLAY if not self.play.is_over else Phase.SHOW

    def kept(self, player: Seat) -> tuple[Card, ...]:
        """The cards ``player`` keeps: all six until they discard, then four."""
        thrown = self.thrown[player]
        return tuple(card for card in self.dealt[player] if card not in thrown)

    def laid(self, player: Seat) -> tuple[Card, ...]:
        """The cards ``player`` has laid in the play, in order."""
        if self.play is None:
            return ()
        return tuple(
            turn.card for turn in self.play.turns if turn.card is not None and turn.player == player
        )

    def held(self, player: Seat) -> tuple[Card, ...]:
        """The cards in ``player``'s hand now: kept and not yet laid."""
        laid = self.laid(player)
        return tuple(card for card in self.kept(player) if card not in laid)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The four cards of the crib once both have discarded (empty before)."""
        if not (self.thrown[0] and self.thrown[1]):
            return ()
        return tuple(sorted((*self.thrown[0], *self.thrown[1])))

    def show_order(self) -> tuple[tuple[int, Source, tuple[Card, ...]], ...]:
        """The three counts in order: pone's hand, dealer's hand, dealer's crib."""
        return (
            (self.pone, Source.HAND, self.kept(self.pone)),
            (self.dealer, Source.HAND, self.kept(self.dealer)),
            (self.dealer, Source.CRIB, self.crib),
        )

    def show_count(self, index: int) -> ShowCount:
        """Count number ``index`` (0, 1, 2) of the show, whether made yet or not."""
        player, source, cards = self.show_order()[index]
        assert self.starter is not None
        return ShowCount(player, source, _scored(cards, self.starter, source is Source.CRIB))

    @property
    def counts(self) -> tuple[ShowCount, ...]:
        """The counts of the show made so far, each with its itemised ``ShowResult``."""
        return tuple(self.show_count(index) for index in range(self.counts_made))


@lru_cache(maxsize=4096)
def _scored(cards: tuple[Card, ...], starter: Card, crib: bool) -> ShowResult:
    # The counts made are shown on every page of the deal and its summary: counted once.
    return score_show(cards, starter, crib)


def replay_play(
    cards: Iterable[Card | None], leader: Seat
) -> tuple[PlayState, tuple[PegItem, ...]]:
    """The two-player play after these turns (a card laid, or None for a go), ``leader``
    leading, and what the last one scored."""
    return _replayed(tuple(cards), leader)


@lru_cache(maxsize=4096)
def _replayed(
    cards: tuple[Card | None, ...], leader: Seat
) -> tuple[PlayState, tuple[PegItem, ...]]:
    # A game's state is read on every page and move: its finished deals' plays are the
    # same each time, and the deal in play one turn longer than the last (a prefix hit).
    if not cards:
        return PlayState.start(2, leader), ()
    state, _ = _replayed(cards[:-1], leader)
    last = cards[-1]
    return state.say_go() if last is None else state.lay(last)
