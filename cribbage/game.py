"""The two-player game to 121: the cut for deal, the deal, the crib, the starter and heels,
the play, the show, and muggins.

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
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from itertools import combinations
from typing import Any

from .cards import DECK, Card, CardError, Rank, parse_card
from .pegging import GO, PegItem, PegKind, PlayState
from .rules import DEALT_EACH, DOUBLE_SKUNK_LINE, GAME_POINTS, HEELS_POINTS, SKUNK_LINE, THROWN_EACH
from .show import MAX_SHOW, ShowResult, score_show
from .words import number_word

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

PLAYERS = (0, 1)
MAX_CLAIM = MAX_SHOW
"""The most a claim may be: no card in the play and no count in the show scores more."""
_STATE_VERSION = 1


class GameError(CardError):
    """An action the game does not allow now; the message says what is wrong."""


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


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Discard:
    """``player`` lays two of their six cards away to the dealer's crib."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Lay:
    """``player`` lays ``card`` in the play."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Go:
    """``player`` holds no card that fits the count and says go."""

    player: int


@dataclass(frozen=True, slots=True)
class Claim:
    """``player`` (the human, counting manually) claims ``points`` for the move or count
    the game waits on."""

    player: int
    points: int


@dataclass(frozen=True, slots=True)
class Resign:
    """``player`` gives the game up: it is lost as the scores stand, skunks included."""

    player: int


Action = Discard | Lay | Go | Claim | Resign


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as JSON-able data: ``{"type": "lay", "player": 0, "card": "5H"}``."""
    if isinstance(action, Discard):
        return {"type": "discard", "player": action.player, "cards": _codes(action.cards)}
    if isinstance(action, Lay):
        return {"type": "lay", "player": action.player, "card": action.card.code}
    if isinstance(action, Go):
        return {"type": "go", "player": action.player}
    if isinstance(action, Resign):
        return {"type": "resign", "player": action.player}
    return {"type": "claim", "player": action.player, "points": action.points}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action ``action_to_dict`` gave; raises GameError on data that is not one."""
    try:
        kind, player = data["type"], data["player"]
        if kind == "discard":
            return Discard(player, tuple(parse_card(code) for code in data["cards"]))
        if kind == "lay":
            return Lay(player, parse_card(data["card"]))
        if kind == "go":
            return Go(player)
        if kind == "claim":
            return Claim(player, data["points"])
        if kind == "resign":
            return Resign(player)
    except (KeyError, TypeError) as error:
        raise GameError(f"not an action: {data!r}") from error
    raise GameError(f"not an action: {data!r}")


# --- records ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Peg:
    """Points pegged: in which deal, by whom, from what."""

    deal: int
    player: int
    source: Source
    points: int


@dataclass(frozen=True, slots=True)
class Pending:
    """A claim the game waits for: ``points`` is what the move or count really scored.

    For the play, ``turn`` is the index in the deal's ``play.turns`` of the turn that
    scored (a card laid, with its go or last card; or a go that ended the series).
    """

    player: int
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
    player: int
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

    player: int
    source: Source
    result: ShowResult


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: who won, the scores, skunks and match points."""

    winner: int
    scores: tuple[int, int]
    resigned: bool = False
    """Whether the loser gave the game up before either reached 121."""

    @property
    def loser(self) -> int:
        return 1 - self.winner

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
    In the play, the pone is ``PlayState`` player 1 and the dealer player 2.
    """

    number: int
    dealer: int
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    thrown: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    starter: Card | None = None
    play: PlayState | None = None
    counts_made: int = 0

    @property
    def pone(self) -> int:
        return 1 - self.dealer

    @property
    def phase(self) -> Phase:
        """Discard until the starter is cut, then the play, then the show."""
        if self.starter is None or self.play is None:
            return Phase.DISCARD
        return Phase.PLAY if not self.play.is_over else Phase.SHOW

    def seat(self, play_player: int) -> int:
        """The seat of ``PlayState`` player 1 (the pone) or 2 (the dealer)."""
        return self.pone if play_player == 1 else self.dealer

    def play_player(self, seat: int) -> int:
        """The ``PlayState`` number of ``seat``: 1 for the pone, 2 for the dealer."""
        return 1 if seat == self.pone else 2

    def kept(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` keeps: all six until they discard, then four."""
        thrown = self.thrown[player]
        return tuple(card for card in self.dealt[player] if card not in thrown)

    def laid(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` has laid in the play, in order."""
        if self.play is None:
            return ()
        number = self.play_player(player)
        return tuple(
            turn.card for turn in self.play.turns if turn.card is not None and turn.player == number
        )

    def held(self, player: int) -> tuple[Card, ...]:
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


# --- chance ----------------------------------------------------------------------------


def shuffled_deck(seed: int | str, number: int) -> tuple[tuple[Card, ...], int]:
    """Deal ``number``'s deck as shuffled, and where the 40 cards left after the deal are
    cut for the starter (at least 4 cards in each part): the starter is the first card of
    the bottom part, ``deck[12 + cut]``."""
    rng = random.Random(f"{seed}:{number}")
    deck = list(DECK)
    rng.shuffle(deck)
    cut = rng.randrange(4, len(deck) - 2 * DEALT_EACH - 4 + 1)
    return tuple(deck), cut


def _shuffled(seed: str, number: int) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """Deal ``number``'s cards: six to the pone, six to the dealer (one at a time, the pone
    first) and the starter."""
    deck, cut = shuffled_deck(seed, number)
    pone = deck[0 : 2 * DEALT_EACH : 2]
    dealer = deck[1 : 2 * DEALT_EACH : 2]
    return pone, dealer, deck[2 * DEALT_EACH + cut]


def _cut_for_deal(seed: str) -> tuple[tuple[Card, Card], ...]:
    """Each player cuts a card (seat 0 first); equal ranks shuffle and cut again."""
    rng = random.Random(f"{seed}:cut")
    cuts = []
    while True:
        first, second = rng.sample(DECK, 2)
        cuts.append((first, second))
        if first.rank is not second.rank:
            return tuple(cuts)


def _new_deal(seed: str, number: int, dealer: int) -> Deal:
    pone_cards, dealer_cards, _ = _shuffled(seed, number)
    dealt = (pone_cards, dealer_cards) if dealer == 1 else (dealer_cards, pone_cards)
    return Deal(number, dealer, (tuple(sorted(dealt[0])), tuple(sorted(dealt[1]))))


# --- the game --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Game:
    """A game to 121 between seats 0 and 1, at one moment. Make one with ``Game.new``.

    ``deals`` holds every deal so far, the current one last; ``scores`` each seat's total
    (which may pass 121 on the winning score); ``pegs`` every score pegged, in order;
    ``claims`` every claim made in manual counting; ``pending`` the claim waited for.
    """

    seed: str
    human: int | None
    counting: Counting
    cuts: tuple[tuple[Card, Card], ...]
    deals: tuple[Deal, ...]
    scores: tuple[int, int] = (0, 0)
    pegs: tuple[Peg, ...] = ()
    claims: tuple[ClaimRecord, ...] = ()
    pending: Pending | None = None
    resigned: int | None = None
    """The seat that resigned the game, if one did."""

    @classmethod
    def new(
        cls,
        seed: int | str,
        *,
        human: int | None = 0,
        counting: Counting = Counting.MANUAL,
        first_dealer: int | None = None,
    ) -> Game:
        """A game cut for and dealt: the lower card deals first (ace low).

        ``human`` is the seat counting manually when ``counting`` is MANUAL (None: both are
        computers). ``first_dealer`` skips the cut for deal, for simulations.
        """
        if human not in (None, *PLAYERS) or first_dealer not in (None, *PLAYERS):
            raise ValueError("the players are seats 0 and 1")
        seed = str(seed)
        cuts: tuple[tuple[Card, Card], ...] = ()
        if first_dealer is None:
            cuts = _cut_for_deal(seed)
            first, second = cuts[-1]
            first_dealer = 0 if first.rank < second.rank else 1
        return cls(seed, human, Counting(counting), cuts, (_new_deal(seed, 1, first_dealer),))

    # --- what the game looks like ------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The current deal (the last one, when the game is over)."""
        return self.deals[-1]

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def pone(self) -> int:
        return self.deal.pone

    @property
    def starter(self) -> Card | None:
        return self.deal.starter

    @property
    def play(self) -> PlayState | None:
        return self.deal.play

    def held(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s hand now."""
        return self.deal.held(player)

    @property
    def winner(self) -> int | None:
        """The seat that reached 121 (or whose opponent resigned), or None while the game
        goes on."""
        if self.resigned is not None:
            return 1 - self.resigned
        for player in PLAYERS:
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
    def first_cut(self) -> tuple[Card, Card] | None:
        """The cards cut for the first deal (seat 0's, seat 1's), the lower dealing; None
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

    def is_manual(self, player: int) -> bool:
        """Whether ``player`` claims their own scores."""
        return self.counting is Counting.MANUAL and player == self.human

    @property
    def to_move(self) -> int | None:
        """The seat whose action the game waits for; None once it is over."""
        if self.is_over:
            return None
        if self.pending is not None:
            return self.pending.player
        deal = self.deal
        if deal.play is None:
            return deal.dealer if deal.thrown[deal.pone] else deal.pone
        assert deal.play.to_play is not None
        return deal.seat(deal.play.to_play)

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
                Discard(player, throw) for throw in combinations(deal.dealt[player], THROWN_EACH)
            )
        fitting = deal.play.playable(deal.held(player))
        return tuple(Lay(player, card) for card in fitting) if fitting else (Go(player),)

    def points_by_source(self, player: int, deal: int | None = None) -> dict[Source, int]:
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
            return _replay_play(turn.card for turn in deal.play.turns[: record.turn + 1])[1]
        index = 2 if record.source is Source.CRIB else (0 if record.player == deal.pone else 1)
        return deal.show_count(index).result

    # --- moves -------------------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        """The game after ``action``. Raises GameError, naming what is wrong, when the
        action is not allowed now; the game itself never changes."""
        self._check_turn(action)
        if isinstance(action, Resign):
            return replace(self, resigned=action.player, pending=None)
        if isinstance(action, Claim):
            game = self._claimed(action)
        elif isinstance(action, Discard):
            game = self._discarded(action)
        elif isinstance(action, Lay):
            game = self._laid(action)
        elif isinstance(action, Go):
            game = self._said_go(action)
        else:
            raise GameError(f"not an action: {action!r}")
        return game._advance()

    def _check_turn(self, action: Action) -> None:
        winner = self.winner
        if winner is not None and self.resigned is not None:
            raise GameError(f"the game is over: player {self.resigned} resigned")
        if winner is not None:
            raise GameError(
                f"the game is over: player {winner} won {self.scores[winner]} to "
                f"{self.scores[1 - winner]}"
            )
        player = getattr(action, "player", None)
        if player not in PLAYERS:
            raise GameError(f"there is no player {player!r}: the players are 0 and 1")
        if isinstance(action, Resign):
            return
        pending = self.pending
        if pending is not None:
            if player != pending.player:
                raise GameError(
                    f"it is not your turn: player {pending.player} is to claim their points"
                )
            if not isinstance(action, Claim):
                raise GameError(f"claim your points first: what did {self._claimed_for()} score?")
            return
        if isinstance(action, Claim):
            raise GameError("there is nothing to claim now")
        to_move = self.to_move
        if player != to_move:
            raise GameError(f"it is not your turn: player {to_move} is to {self._verb()}")

    def _claimed_for(self) -> str:
        pending, play = self.pending, self.deal.play
        assert pending is not None
        if pending.source is Source.PLAY:
            assert play is not None and pending.turn is not None
            card = play.turns[pending.turn].card
            return "the go" if card is None else card.code
        return "your crib" if pending.source is Source.CRIB else "your hand"

    def _verb(self) -> str:
        return "discard" if self.deal.play is None else "play"

    def _claimed(self, claim: Claim) -> Game:
        pending = self.pending
        assert pending is not None
        points = claim.points
        if isinstance(points, bool) or not isinstance(points, int):
            raise GameError(f"a claim is a number of points, not {points!r}")
        if not 0 <= points <= MAX_CLAIM:
            raise GameError(f"a claim is from 0 to {MAX_CLAIM} points, not {points}")
        deal = self.deal
        record = ClaimRecord(
            deal.number, claim.player, pending.source, pending.turn, points, pending.points
        )
        game = replace(self, pending=None, claims=(*self.claims, record))
        game = game._peg(claim.player, pending.source, record.pegged)
        if not game.is_over:
            game = game._peg(1 - claim.player, Source.MUGGINS, record.missed)
        if pending.source is not Source.PLAY:
            game = game._with_deal(replace(game.deal, counts_made=deal.counts_made + 1))
        return game

    def _discarded(self, action: Discard) -> Game:
        deal = self.deal
        if deal.play is not None:
            raise GameError("the discards are made: the play has begun")
        cards = tuple(action.cards)
        if len(cards) != THROWN_EACH:
            raise GameError(
                f"discard {number_word(THROWN_EACH)} cards, not {number_word(len(cards))}"
            )
        hand = deal.dealt[action.player]
        for card in cards:
            if card not in hand:
                raise GameError(f"{_code(card)} is not in your hand")
        if cards[0] is cards[1]:
            raise GameError(f"{cards[0].code} appears twice: discard two different cards")
        thrown = list(deal.thrown)
        thrown[action.player] = tuple(sorted(cards))
        return self._with_deal(replace(deal, thrown=(thrown[0], thrown[1])))

    def _laid(self, action: Lay) -> Game:
        deal = self.deal
        play = deal.play
        if play is None:
            raise GameError("the play has not begun: discard two cards to the crib first")
        card = action.card
        if card not in deal.held(action.player):
            laid = card in deal.laid(action.player)
            raise GameError(
                f"{_code(card)} {'was laid already' if laid else 'is not in your hand'}"
            )
        if not play.fits(card):
            raise GameError(
                f"the count is {play.count}: {card.short_label} would make it "
                f"{play.count + card.value}"
            )
        after, items = play.lay(card)
        game = self._with_deal(replace(deal, play=after))
        return game._scored_in_play(action.player, after, items)

    def _said_go(self, action: Go) -> Game:
        deal = self.deal
        play = deal.play
        if play is None:
            raise GameError("the play has not begun: discard two cards to the crib first")
        fitting = play.playable(deal.held(action.player))
        if fitting:
            raise GameError(
                f"you have a card that fits: you cannot say go (the count is {play.count}, "
                f"{fitting[0].code} makes it {play.count + fitting[0].value})"
            )
        scorer = deal.seat(play.last_player) if play.last_player is not None else action.player
        after, items = play.say_go()
        return self._with_deal(replace(deal, play=after))._scored_in_play(scorer, after, items)

    def _scored_in_play(self, scorer: int, play: PlayState, items: tuple[PegItem, ...]) -> Game:
        """Peg what the last turn scored, or wait for the human's claim: after each of their
        cards, and after a go that pegs them the go point."""
        turn = len(play.turns) - 1
        laid_a_card = play.turns[-1].card is not None
        if self.is_manual(scorer) and (items or laid_a_card):
            points = sum(item.points for item in items)
            return replace(self, pending=Pending(scorer, Source.PLAY, points, turn))
        return self._peg(scorer, Source.PLAY, sum(item.points for item in items))

    def _advance(self) -> Game:
        """Make every move that needs no one's choice: the cut, the show's automatic counts,
        the next deal. Stops when a player must act or the game is over."""
        game = self
        while not game.is_over and game.pending is None:
            deal = game.deal
            if deal.play is None:
                if not (deal.thrown[0] and deal.thrown[1]):
                    return game
                game = game._cut()
            elif not deal.play.is_over:
                return game
            elif deal.counts_made < len(deal.show_order()):
                game = game._count()
            else:
                dealer = deal.pone
                following = _new_deal(game.seed, deal.number + 1, dealer)
                game = replace(game, deals=(*game.deals, following))
        return game

    def _cut(self) -> Game:
        deal = self.deal
        starter = _shuffled(self.seed, deal.number)[2]
        game = self._with_deal(replace(deal, starter=starter, play=PlayState.start(2)))
        if starter.rank is Rank.JACK:
            game = game._peg(deal.dealer, Source.HEELS, HEELS_POINTS)
        return game

    def _count(self) -> Game:
        deal = self.deal
        count = deal.show_count(deal.counts_made)
        if self.is_manual(count.player):
            return replace(self, pending=Pending(count.player, count.source, count.result.total))
        game = self._peg(count.player, count.source, count.result.total)
        return game._with_deal(replace(deal, counts_made=deal.counts_made + 1))

    def _peg(self, player: int, source: Source, points: int) -> Game:
        if not points:
            return self
        scores = list(self.scores)
        scores[player] += points
        peg = Peg(self.deal.number, player, source, points)
        return replace(self, scores=(scores[0], scores[1]), pegs=(*self.pegs, peg))

    def _with_deal(self, deal: Deal) -> Game:
        return replace(self, deals=(*self.deals[:-1], deal))

    # --- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-able data; ``Game.from_dict`` gives the same game back."""
        return {
            "version": _STATE_VERSION,
            "seed": self.seed,
            "human": self.human,
            "counting": self.counting.value,
            "cuts": [_codes(cut) for cut in self.cuts],
            "scores": list(self.scores),
            "deals": [_deal_to_dict(deal) for deal in self.deals],
            "pegs": [
                {"deal": p.deal, "player": p.player, "source": p.source.value, "points": p.points}
                for p in self.pegs
            ],
            "claims": [
                {
                    "deal": c.deal,
                    "player": c.player,
                    "source": c.source.value,
                    "turn": c.turn,
                    "claimed": c.claimed,
                    "scored": c.scored,
                }
                for c in self.claims
            ],
            "pending": None
            if self.pending is None
            else {
                "player": self.pending.player,
                "source": self.pending.source.value,
                "points": self.pending.points,
                "turn": self.pending.turn,
            },
            "resigned": self.resigned,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The game ``to_dict`` gave. Raises GameError on data it cannot read."""
        version = data.get("version")
        if version != _STATE_VERSION:
            raise GameError(f"not a game state of version {_STATE_VERSION}: {version!r}")
        try:
            pending = data["pending"]
            return cls(
                seed=str(data["seed"]),
                human=data["human"],
                counting=Counting(data["counting"]),
                cuts=tuple(_pair(_cards(cut)) for cut in data["cuts"]),
                deals=tuple(_deal_from_dict(deal) for deal in data["deals"]),
                scores=_pair(tuple(data["scores"])),
                pegs=tuple(
                    Peg(p["deal"], p["player"], Source(p["source"]), p["points"])
                    for p in data["pegs"]
                ),
                claims=tuple(
                    ClaimRecord(
                        c["deal"],
                        c["player"],
                        Source(c["source"]),
                        c["turn"],
                        c["claimed"],
                        c["scored"],
                    )
                    for c in data["claims"]
                ),
                pending=None
                if pending is None
                else Pending(
                    pending["player"], Source(pending["source"]), pending["points"], pending["turn"]
                ),
                resigned=data.get("resigned"),
            )
        except GameError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise GameError(f"not a game state: {error!r}") from error


def replay(
    seed: int | str,
    actions: Iterable[Action],
    *,
    human: int | None = 0,
    counting: Counting = Counting.MANUAL,
    first_dealer: int | None = None,
) -> Game:
    """The game made by ``Game.new`` with these options, then every action in order."""
    game = Game.new(seed, human=human, counting=counting, first_dealer=first_dealer)
    for action in actions:
        game = game.apply(action)
    return game


_ITEM_WORDS = {
    PegKind.FIFTEEN: ("fifteen two", "fifteen"),
    PegKind.THIRTY_ONE: ("thirty-one for two", "thirty-one"),
    PegKind.GO: ("one for the go", "one for the go"),
    PegKind.LAST_CARD: ("one for last", "one for last"),
}


def _item_words(item: PegItem, first: bool) -> str:
    if item.kind in _ITEM_WORDS:
        alone, joined = _ITEM_WORDS[item.kind]
        return alone if first else joined
    name = f"a {item.name}"
    return f"{name} for {number_word(item.points)}" if first else name


def pegged_words(items: Iterable[PegItem]) -> str:
    """What a card or go pegged in the play, as a player says it while pegging: "fifteen
    two", "a pair for two", "a run of three for three", "one for the go", and for more
    than one item the running way, "fifteen two and a pair is four"; "" for nothing."""
    items = tuple(items)
    if not items:
        return ""
    if len(items) == 1:
        return _item_words(items[0], first=True)
    first = items[0]
    opening = first.kind in (PegKind.FIFTEEN, PegKind.THIRTY_ONE)
    words = [_item_words(first, first=opening)]
    words += [_item_words(item, first=False) for item in items[1:]]
    total = sum(item.points for item in items)
    return f"{' and '.join(words)} is {number_word(total)}"


# --- helpers ---------------------------------------------------------------------------


def _code(card: object) -> str:
    return card.code if isinstance(card, Card) else repr(card)


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def _cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in codes)


def _pair(values: tuple) -> tuple:
    if len(values) != 2:
        raise GameError(f"expected two values, one per player, got {len(values)}")
    return (values[0], values[1])


def _replay_play(cards: Iterable[Card | None]) -> tuple[PlayState, tuple[PegItem, ...]]:
    """The play after these turns (a card laid, or None for a go), and what the last one
    scored."""
    return _replayed(tuple(cards))


@lru_cache(maxsize=4096)
def _replayed(cards: tuple[Card | None, ...]) -> tuple[PlayState, tuple[PegItem, ...]]:
    # A game's state is read on every page and move: its finished deals' plays are the
    # same each time, and the deal in play one turn longer than the last (a prefix hit).
    if not cards:
        return PlayState.start(2), ()
    state, _ = _replayed(cards[:-1])
    last = cards[-1]
    return state.say_go() if last is None else state.lay(last)


def _deal_to_dict(deal: Deal) -> dict[str, Any]:
    play = None
    if deal.play is not None:
        play = [GO if turn.card is None else turn.card.code for turn in deal.play.turns]
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "dealt": [_codes(cards) for cards in deal.dealt],
        "thrown": [_codes(cards) for cards in deal.thrown],
        "starter": None if deal.starter is None else deal.starter.code,
        "play": play,
        "counts_made": deal.counts_made,
    }


def _deal_from_dict(data: Mapping[str, Any]) -> Deal:
    play = None
    if data["play"] is not None:
        play = _replay_play(None if token == GO else parse_card(token) for token in data["play"])[0]
    starter = data["starter"]
    return Deal(
        number=data["number"],
        dealer=data["dealer"],
        dealt=_pair(tuple(_cards(cards) for cards in data["dealt"])),
        thrown=_pair(tuple(_cards(cards) for cards in data["thrown"])),
        starter=None if starter is None else parse_card(starter),
        play=play,
        counts_made=data["counts_made"],
    )
