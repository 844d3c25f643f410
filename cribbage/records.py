"""What a game records: each deal's cards and play, the points pegged and
where they came from, the claims made in manual counting, the show's counts and the
result.

Every record is an immutable value; a ``Game`` (``cribbage.game``) holds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Protocol, Self

from .cards import Card
from .pegging import PegItem, PlayState
from .rules import DOUBLE_SKUNK_LINE, SKUNK_LINE, Seat, match_points, other
from .show import ShowResult, score_show

__all__ = [
    "ClaimRecord",
    "Counting",
    "Deal",
    "GameResult",
    "GameState",
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
    """How a game ended: who won, the scores, skunks and match points.

    ``scores`` are by seat. At four the partners' scores are their team's (seats 0 and 2,
    1 and 3, always equal) and ``winner`` is the winning team's first seat (0 or 1). At
    three the skunk is judged on the runner-up (``loser``: the best of the two beaten): a
    game is a skunk only when both losers are short of 91, a double skunk when both are
    short of 61. The ACC text names no skunk rule for three; the lines measure how far the
    winner beat the table, and a table where one player passed 91 was not beaten that far.
    """

    winner: Seat
    scores: tuple[int, ...]
    resigned: bool = False
    """Whether the loser gave the game up before either reached 121."""

    @property
    def loser(self) -> Seat:
        """The seat beaten: the other player, the other team's first seat at four, the
        runner-up at three (the next in turn after the winner on equal scores)."""
        players = len(self.scores)
        if players != 3:
            return other(self.winner) if players == 2 else 1 - self.winner
        beaten = [(self.winner + step) % players for step in (1, 2)]
        return max(beaten, key=lambda seat: (self.scores[seat], -beaten.index(seat)))

    @property
    def last(self) -> Seat:
        """Who finished last, and so deals first in a match's next game: the loser, at four
        the losing team's first seat, at three the player of the lower score of the two
        beaten (the later in turn from the winner on equal scores)."""
        players = len(self.scores)
        if players != 3:
            return self.loser
        beaten = [(self.winner + step) % players for step in (1, 2)]
        return min(beaten, key=lambda seat: (self.scores[seat], -beaten.index(seat)))

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
        """The winner's match points: 1 for a win, 2 for a skunk, 3 for a double skunk
        (``rules.match_points``, the one rule for them)."""
        return match_points(self.skunk)

    @property
    def tournament_points(self) -> int:
        """The winner's points under ACC tournament scoring: 2 for a win, 3 for a skunk."""
        return 3 if self.skunk else 2


# --- a deal ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: the cards dealt to each seat (six at two, five at three or four), what
    each threw to the crib, the starter once cut, the play once started and how many
    counts of the show are made.

    ``dealt`` and ``thrown`` are by seat; ``thrown[p]`` is empty until ``p`` discards.
    ``from_deck`` is the card dealt from the deck to the crib at three (empty otherwise).
    Seats go round the table in turn order; the play's players are the same seats, the
    player on the dealer's left (``pone``, the non-dealer at two) leading.
    """

    number: int
    dealer: Seat
    dealt: tuple[tuple[Card, ...], ...]
    thrown: tuple[tuple[Card, ...], ...] = ((), ())
    starter: Card | None = None
    play: PlayState | None = None
    counts_made: int = 0
    from_deck: tuple[Card, ...] = ()

    @property
    def players(self) -> int:
        return len(self.dealt)

    @property
    def pone(self) -> Seat:
        """The player on the dealer's left, who leads: the non-dealer at two."""
        return (self.dealer + 1) % self.players

    @property
    def seats_from_left(self) -> tuple[Seat, ...]:
        """Every seat in turn order from the dealer's left, the dealer last."""
        return tuple((self.dealer + step) % self.players for step in range(1, self.players + 1))

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

    def seen_by(self, player: Seat) -> tuple[Card, ...]:
        """Every card ``player`` has seen in the play so far: the cards dealt to them, the
        starter and the cards laid (what the computer and a hint may look at)."""
        assert self.starter is not None and self.play is not None
        laid = (turn.card for turn in self.play.turns if turn.card is not None)
        return (*self.dealt[player], self.starter, *laid)

    @property
    def all_thrown(self) -> bool:
        """Whether every player has discarded, so the crib is full."""
        return all(self.thrown)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The four cards of the crib once all have discarded (empty before)."""
        if not self.all_thrown:
            return ()
        return tuple(sorted((*(card for cards in self.thrown for card in cards), *self.from_deck)))

    def show_order(self) -> tuple[tuple[int, Source, tuple[Card, ...]], ...]:
        """The counts in order: each hand from the dealer's left (at two the pone's), the
        dealer's hand last, then the dealer's crib."""
        return (
            *((seat, Source.HAND, self.kept(seat)) for seat in self.seats_from_left),
            (self.dealer, Source.CRIB, self.crib),
        )

    def show_index(self, player: Seat, source: Source) -> int:
        """Where ``player``'s hand (or the crib) comes in the show."""
        if source is Source.CRIB:
            return self.players
        return self.seats_from_left.index(player)

    def show_count(self, index: int) -> ShowCount:
        """Count number ``index`` (from 0; the crib's is the last) of the show, whether
        made yet or not."""
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
    cards: Iterable[Card | None], leader: Seat, players: int = 2
) -> tuple[PlayState, tuple[PegItem, ...]]:
    """The play of ``players`` after these turns (a card laid, or None for a go),
    ``leader`` leading, and what the last one scored."""
    return _replayed(tuple(cards), leader, players)


@lru_cache(maxsize=4096)
def _replayed(
    cards: tuple[Card | None, ...], leader: Seat, players: int
) -> tuple[PlayState, tuple[PegItem, ...]]:
    # A game's state is read on every page and move: its finished deals' plays are the
    # same each time, and the deal in play one turn longer than the last (a prefix hit).
    if not cards:
        return PlayState.start(players, leader), ()
    state, _ = _replayed(cards[:-1], leader, players)
    last = cards[-1]
    return state.say_go() if last is None else state.lay(last)


class GameState(Protocol):
    """A game as the moves (``cribbage.moves``) and the codec (``cribbage.codec``) read
    it: ``cribbage.game.Game``, named here so that neither imports the game they serve."""

    @property
    def seed(self) -> str: ...
    @property
    def human(self) -> Seat | None: ...
    @property
    def counting(self) -> Counting: ...
    @property
    def cuts(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def deals(self) -> tuple[Deal, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def pegs(self) -> tuple[Peg, ...]: ...
    @property
    def claims(self) -> tuple[ClaimRecord, ...]: ...
    @property
    def pending(self) -> Pending | None: ...
    @property
    def resigned(self) -> Seat | None: ...
    @property
    def players(self) -> int: ...
    @property
    def deal(self) -> Deal: ...
    @property
    def to_move(self) -> Seat | None: ...
    @property
    def winner(self) -> Seat | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> GameResult | None: ...
    def is_manual(self, player: Seat) -> bool: ...
    def scoring_seats(self, player: Seat) -> tuple[Seat, ...]: ...
    def muggins_taker(self, player: Seat) -> Seat: ...
    def replaced(self, **changes: Any) -> Self:
        """The game with ``changes`` to its fields."""
        ...
