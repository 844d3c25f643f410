"""The game to 121, for two, three or four players: the cut for deal, the deal, the crib,
the starter and heels, the play, the show, and muggins.

A ``Game`` is an immutable value. ``Game.new(seed)`` cuts for the first deal and deals it;
``game.apply(action)`` returns the game after one player's move, or raises ``GameError``
(leaving the game as it was). Every source of chance comes from the seed: the cut for the
first deal from ``random.Random(f"{seed}:cut")``, each deal's shuffle and the cut of its
starter from ``random.Random(f"{seed}:{deal number}")``. So a game is reproduced exactly by
its seed, its options and its actions (``replay``), and ``to_dict``/``from_dict`` carry one
state as JSON-able data.

The players are seats 0 and 1. The pone (non-dealer) discards first, then the dealer; the
starter is cut as soon as the crib is full, and a jack turned pegs 2 to the dealer at once
(heels). The play follows ``PlayState``: the pone leads, a player who holds a card that fits
must lay one, and only a player who cannot says go. The show counts the pone's hand, then
the dealer's hand, then the crib, and the deal passes to the pone. The game ends the moment
a player reaches 121, wherever that happens; counts not yet made are not made.

Counting is automatic (every score pegged as it happens) or manual, for the one human seat
(the computer always counts automatically). In manual counting the game waits for the
human's ``Claim`` after each card they lay (whether or not it scored: asking only when it
scored would give the answer away, and 0 is a quick answer), after a go that pegs them the
go point, and at each of their counts in the show. They peg what they claimed, up to what
the move scored; points they missed go to the computer at once (muggins, ACC rule 10: in
the play before the next score, in the show after the count is pegged); points claimed
beyond the score are corrected and cost nothing. Heels is always pegged automatically.

The game is made of one module per job: the actions and their JSON (``actions``), what a
game records (``records``), its chance (``chance``), the rules of each move (``moves``) and
its state's JSON (``codec``); this module holds the ``Game`` itself, what it shows of
itself, and every name of them a caller needs.

Three and four players (``players``; two unless given) follow the ACC rules' tables
(``rules.TABLES``). Seats 0 to N - 1 go round the table in turn order; five cards are dealt
to each from the dealer's left, and at three one card from the deck starts the crib; each
throws one. The player on the dealer's left (``Deal.pone``) throws first and leads, a go
passes to the next player who can lay (``PlayState``), and the last card goes to whoever
laid last. The show counts each hand from the dealer's left, the dealer's last, then the
crib; the deal passes to the left. At four, partners sit opposite (seats 0 and 2 against 1
and 3) and peg on one score: both partners' ``scores`` are always the team's, and
``winner`` is the winning team's first seat. Muggins at three or four: what the human
misses goes to the next opponent in turn (the player on their left), one opponent, as
ACC rule 10 lets "the opponent" claim it and the one on the left counts next. The skunk
at three is judged on the runner-up (``GameResult``): both losers short of 91.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from . import moves
from .actions import (
    MAX_CLAIM,
    Action,
    Claim,
    Discard,
    GameError,
    Go,
    Lay,
    Resign,
    action_from_dict,
    action_to_dict,
)
from .cards import Card
from .chance import cut_for_deal, new_deal, shuffled_deck
from .codec import game_fields, game_to_dict
from .pegging import PegItem, PlayState, pegged_words
from .records import (
    ClaimRecord,
    Counting,
    Deal,
    GameResult,
    Peg,
    Pending,
    Phase,
    ShowCount,
    Source,
    replay_play,
)
from .rules import DOUBLE_SKUNK_LINE, GAME_POINTS, SEATS, SKUNK_LINE, Seat, other, table_for
from .seating import Seating
from .show import ShowResult

# The game's public names, wherever each is made: ``from cribbage.game import X`` works
# for all of them.
__all__ = [
    "DOUBLE_SKUNK_LINE",
    "GAME_POINTS",
    "MAX_CLAIM",
    "PLAYERS",
    "SKUNK_LINE",
    "Action",
    "Claim",
    "ClaimRecord",
    "Counting",
    "Deal",
    "Discard",
    "Game",
    "GameError",
    "GameResult",
    "Go",
    "Lay",
    "Peg",
    "Pending",
    "Phase",
    "Resign",
    "ShowCount",
    "Source",
    "action_from_dict",
    "action_to_dict",
    "pegged_words",
    "replay",
    "shuffled_deck",
]

PLAYERS = SEATS


@dataclass(frozen=True, slots=True)
class Game:
    """A game to 121 between seats 0 to ``players - 1``, at one moment. Make one with
    ``Game.new``.

    ``deals`` holds every deal so far, the current one last; ``scores`` each seat's total
    (which may pass 121 on the winning score; at four, the team's); ``pegs`` every score
    pegged, in order; ``claims`` every claim made in manual counting; ``pending`` the
    claim waited for.
    """

    seed: str
    human: Seat | None
    counting: Counting
    cuts: tuple[tuple[Card, ...], ...]
    deals: tuple[Deal, ...]
    scores: tuple[int, ...] = (0, 0)
    pegs: tuple[Peg, ...] = ()
    claims: tuple[ClaimRecord, ...] = ()
    pending: Pending | None = None
    resigned: Seat | None = None
    """The seat that resigned the game, if one did."""
    players: int = 2
    """How many sit at the table: 2, 3 or 4."""

    @classmethod
    def new(
        cls,
        seed: int | str,
        *,
        human: Seat | None = 0,
        counting: Counting = Counting.MANUAL,
        first_dealer: Seat | None = None,
        players: int = 2,
    ) -> Game:
        """A game cut for and dealt: the lowest card deals first (ace low).

        ``human`` is the seat counting manually when ``counting`` is MANUAL (None: all are
        computers). ``first_dealer`` skips the cut for deal, for simulations. ``players``
        is 2, 3 or 4 (ValueError for another number).
        """
        table_for(players)
        seats = range(players)
        if human not in (None, *seats) or first_dealer not in (None, *seats):
            names = "0 and 1" if players == 2 else f"0 to {players - 1}"
            raise ValueError(f"the players are seats {names}")
        seed = str(seed)
        cuts: tuple[tuple[Card, ...], ...] = ()
        if first_dealer is None:
            cuts = cut_for_deal(seed, players)
            last = cuts[-1]
            first_dealer = min(seats, key=lambda seat: last[seat].rank)
        deal = new_deal(seed, 1, first_dealer, players)
        return cls(seed, human, Counting(counting), cuts, (deal,), (0,) * players, players=players)

    # --- what the game looks like ------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The current deal (the last one, when the game is over)."""
        return self.deals[-1]

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def pone(self) -> Seat:
        return self.deal.pone

    @property
    def starter(self) -> Card | None:
        return self.deal.starter

    @property
    def play(self) -> PlayState | None:
        return self.deal.play

    def held(self, player: Seat) -> tuple[Card, ...]:
        """The cards in ``player``'s hand now."""
        return self.deal.held(player)

    def replaced(self, **changes: Any) -> Game:
        """The game with ``changes`` to its fields (a move's result)."""
        return replace(self, **changes)

    @property
    def seating(self) -> Seating:
        """Who sits where: sides and partners, names, who takes what a player misses."""
        return Seating(self.players, self.human)

    def scoring_seats(self, player: Seat) -> tuple[Seat, ...]:
        """The seats whose score ``player``'s points go on: their own, at four both
        partners' (the team's score)."""
        return self.seating.scoring_seats(player)

    def muggins_taker(self, player: Seat) -> Seat:
        """Who takes the points ``player`` missed: the next opponent in turn, the player
        on their left (at two, the other player)."""
        return self.seating.muggins_taker(player)

    @property
    def winner(self) -> Seat | None:
        """The seat that reached 121 (or whose opponent resigned), or None while the game
        goes on. At four, the winning team's first seat (0 or 1). At three, when a player
        resigns, the better of the other two wins (the next in turn on equal scores)."""
        if self.resigned is not None:
            if self.players == 2:
                return other(self.resigned)
            if self.players == 4:
                return 1 - self.resigned % 2
            rest = [(self.resigned + step) % 3 for step in (1, 2)]
            return max(rest, key=lambda seat: (self.scores[seat], -rest.index(seat)))
        for player in range(self.players):
            if self.scores[player] >= GAME_POINTS:
                return player
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def result(self) -> GameResult | None:
        """Who won, by how much and the match points; None while the game goes on."""
        winner = self.winner
        if winner is None:
            return None
        return GameResult(winner, self.scores, resigned=self.resigned is not None)

    @property
    def first_cut(self) -> tuple[Card, ...] | None:
        """The cards cut for the first deal (seat 0's, seat 1's, ...), the lowest dealing; None
        when the game was started without a cut."""
        return self.cuts[-1] if self.cuts else None

    @property
    def phase(self) -> Phase:
        """Where the game is; the play lasts until its last score is claimed."""
        if self.is_over:
            return Phase.OVER
        if self.pending is not None and self.pending.source is Source.PLAY:
            return Phase.PLAY
        return self.deal.phase

    def is_manual(self, player: Seat) -> bool:
        """Whether ``player`` claims their own scores."""
        return self.counting is Counting.MANUAL and player == self.human

    @property
    def to_move(self) -> Seat | None:
        """The seat whose action the game waits for; None once it is over."""
        if self.is_over:
            return None
        if self.pending is not None:
            return self.pending.player
        deal = self.deal
        if deal.play is None:
            return next(seat for seat in deal.seats_from_left if not deal.thrown[seat])
        return deal.play.to_play

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the game accepts now (claims from 0 to ``MAX_CLAIM``)."""
        player = self.to_move
        if player is None:
            return ()
        if self.pending is not None:
            return tuple(Claim(player, points) for points in range(MAX_CLAIM + 1))
        deal = self.deal
        if deal.play is None:
            return tuple(
                Discard(player, throw)
                for throw in combinations(deal.dealt[player], table_for(self.players).thrown_each)
            )
        fitting = deal.play.playable(deal.held(player))
        return tuple(Lay(player, card) for card in fitting) if fitting else (Go(player),)

    def points_by_source(self, player: Seat, deal: int | None = None) -> dict[Source, int]:
        """What ``player`` pegged from each source, in one deal or (None) the whole game."""
        totals = dict.fromkeys(Source, 0)
        for peg in self.pegs:
            if peg.player == player and (deal is None or peg.deal == deal):
                totals[peg.source] += peg.points
        return totals

    def claim_items(self, record: ClaimRecord | Pending) -> tuple[PegItem, ...] | ShowResult:
        """What a claimed move or count scored, item by item: the play's items for the
        turn, or the itemised count of the hand or crib."""
        number = record.deal if isinstance(record, ClaimRecord) else self.deal.number
        deal = self.deals[number - 1]
        if record.source is Source.PLAY:
            assert deal.play is not None and record.turn is not None
            turns = deal.play.turns[: record.turn + 1]
            return replay_play((turn.card for turn in turns), deal.pone, deal.players)[1]
        return deal.show_count(deal.show_index(record.player, record.source)).result

    # --- moves and JSON --------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        """The game after ``action``. Raises GameError, naming what is wrong, when the
        action is not allowed now; the game itself never changes (``moves``)."""
        return moves.apply(self, action)

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-able data; ``Game.from_dict`` gives the same game back."""
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The game ``to_dict`` gave. Raises GameError on data it cannot read."""
        return cls(**game_fields(data))


def replay(
    seed: int | str,
    actions: Iterable[Action],
    *,
    human: Seat | None = 0,
    counting: Counting = Counting.MANUAL,
    first_dealer: Seat | None = None,
    players: int = 2,
) -> Game:
    """The game made by ``Game.new`` with these options, then every action in order."""
    game = Game.new(
        seed, human=human, counting=counting, first_dealer=first_dealer, players=players
    )
    for action in actions:
        game = game.apply(action)
    return game
