"""The play (pegging): points for laying a card on the current series.

A series is the cards laid since the count was last 0. Laying a card scores, all that
apply: fifteen (2), thirty-one (2), pairs counted back from the card (2, 6 or 12 for two,
three or four of a rank in a row) and the longest run formed by the last cards laid, in
any order, no rank repeated. The go, or last card, is 1 to the last player to lay a card
when no one can play, unless the count is 31.

``PlayState`` follows a whole play for 2, 3 or 4 players, turn by turn. Players are seats
0 to N - 1 in turn order; the leader (the player on the dealer's left) is seat 0 unless
given, as a two-player game gives its pone's seat. People number them from 1: the
notation's player 1 leads and player N deals (``seat + 1`` in what they read).
``peg_play`` and ``read_play`` score a play written as cards and ``go`` in the order said,
where ``go`` is said by the player whose turn it is and who cannot play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import Card, CardError, ensure_distinct, parse_card, split_tokens
from .rules import HAND_SIZE, MAX_COUNT, Seat
from .words import number_word

__all__ = [
    "GO",
    "GO_FROM",
    "MAX_PLAYERS",
    "MAX_TURN_POINTS",
    "MIN_PLAYERS",
    "PegItem",
    "PegKind",
    "PeggingError",
    "Play",
    "PlayRecord",
    "PlayState",
    "Turn",
    "peg_play",
    "peg_sequence",
    "pegged_words",
    "read_play",
    "read_play_state",
    "score_play",
    "series_count",
]

GO = "go"
MAX_CARD_VALUE = 10
GO_FROM = MAX_COUNT - MAX_CARD_VALUE + 1
"""The lowest count at which a player can be unable to play (holding only tens): a go said
below it is accepted, since the cards shown cannot prove it wrong, but worth a second look."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_TURN_POINTS = 15
"""The most one card laid can peg: a double pair royal (12) making fifteen (2) with the
play's last card (1), as four aces on a count of 11 at the end of a two-player play."""
_PAIR_POINTS = {2: 2, 3: 6, 4: 12}


class PeggingError(CardError):
    """A card or go that cannot happen in the play; the message says why.

    When the error comes from reading a play's notation, ``index`` is the position (from 0)
    of the offending token among those read, so a form can keep the ones before it.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index

    def __reduce__(self) -> tuple[type[PeggingError], tuple[str, int | None]]:
        return (type(self), (str(self), self.index))


class PegKind(Enum):
    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    GO = "go"
    LAST_CARD = "last-card"


_NAMES = {
    PegKind.FIFTEEN: "fifteen",
    PegKind.THIRTY_ONE: "thirty-one",
    PegKind.GO: "go",
    PegKind.LAST_CARD: "last card",
}
_PAIR_NAMES = {2: "pair", 6: "pair royal", 12: "double pair royal"}


@dataclass(frozen=True, slots=True)
class PegItem:
    kind: PegKind
    points: int

    @property
    def name(self) -> str:
        """The item as players say it: ``fifteen``, ``pair royal``, ``run of four``, ``go``."""
        if self.kind is PegKind.PAIR:
            return _PAIR_NAMES.get(self.points, "pair")
        if self.kind is PegKind.RUN:
            return f"run of {number_word(self.points)}"
        return _NAMES[self.kind]


_GO_POINT = PegItem(PegKind.GO, 1)
_LAST_CARD_POINT = PegItem(PegKind.LAST_CARD, 1)


@dataclass(frozen=True, slots=True)
class Play:
    """One card laid: the count it made and the points it scored (go included)."""

    card: Card
    count: int
    items: tuple[PegItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


def series_count(series: Iterable[Card]) -> int:
    """The running count of a series."""
    return sum(card.value for card in series)


def score_play(series: Sequence[Card], card: Card) -> tuple[PegItem, ...]:
    """The points for laying ``card`` on ``series`` (the cards laid since the count was 0).

    Raises PeggingError when the card would take the count past 31.
    """
    count = series_count(series) + card.value
    if count > MAX_COUNT:
        raise PeggingError(
            f"{card.short_label} would make the count {count}: the count may not pass {MAX_COUNT}"
        )
    items = []
    if count == 15:
        items.append(PegItem(PegKind.FIFTEEN, 2))
    elif count == MAX_COUNT:
        items.append(PegItem(PegKind.THIRTY_ONE, 2))
    laid = (*series, card)
    same_rank = 1
    for earlier in reversed(series):
        if earlier.rank is not card.rank:
            break
        same_rank += 1
    if same_rank > 1:
        items.append(PegItem(PegKind.PAIR, _PAIR_POINTS[same_rank]))
    run = _run_length(laid)
    if run:
        items.append(PegItem(PegKind.RUN, run))
    return tuple(items)


def _run_length(laid: Sequence[Card]) -> int:
    """The longest n >= 3 whose last n cards are n distinct ranks in sequence, else 0."""
    for n in range(len(laid), 2, -1):
        ranks = {card.rank for card in laid[-n:]}
        if len(ranks) == n and max(ranks) - min(ranks) == n - 1:
            return n
    return 0


def peg_sequence(tokens: Iterable[str | Card]) -> tuple[Play, ...]:
    """Score a whole play from the cards laid in order, ``go`` marking where no one could play.

    At a ``go`` the last card laid scores 1 and the count resets. A count of exactly 31
    resets by itself, its 2 points taking the place of the go, so a ``go`` with no card
    laid since the count was last reset is an error, as is a card laid twice.
    """
    plays: list[Play] = []
    series: list[Card] = []
    for token in tokens:
        if isinstance(token, str) and token.strip().lower() == GO:
            if not series:
                raise PeggingError(
                    "'go' with no card laid since the count was reset (31 resets it by itself)"
                )
            last = plays[-1]
            plays[-1] = Play(last.card, last.count, (*last.items, PegItem(PegKind.GO, 1)))
            series.clear()
            continue
        card = token if isinstance(token, Card) else parse_card(token)
        ensure_distinct((*(play.card for play in plays), card))
        items = score_play(series, card)
        series.append(card)
        plays.append(Play(card, series_count(series), items))
        if plays[-1].count == MAX_COUNT:
            series.clear()
    return tuple(plays)


# --- a play for 2, 3 or 4 players ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the play: ``player`` lays ``card``, or says go when ``card`` is None.

    ``count`` is the count after the card, or for a go the count the player could not play
    on. ``items`` are what the card scored, its go or last card included; a go turn scores
    nothing itself, since the go point belongs to the last card laid.
    """

    player: Seat
    card: Card | None
    count: int
    items: tuple[PegItem, ...] = ()

    @property
    def is_go(self) -> bool:
        """Whether the player said go rather than laying a card."""
        return self.card is None

    @property
    def could_have_played(self) -> bool:
        """A go said below 22, where any card fits: the player had a card to lay, unless
        they had none left to hold (which the notation does not show)."""
        return self.card is None and self.count < GO_FROM

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """A play, whole or so far: every turn in order, and what each player pegged."""

    players: int
    turns: tuple[Turn, ...]
    is_over: bool

    @property
    def plays(self) -> tuple[Turn, ...]:
        """The cards laid, one turn each, without the gos."""
        return tuple(turn for turn in self.turns if turn.card is not None)

    def pegged(self, player: Seat) -> int:
        """The points ``player`` pegged in the play so far."""
        return sum(turn.points for turn in self.turns if turn.player == player)

    @property
    def totals(self) -> dict[Seat, int]:
        """Points pegged by each player, by seat."""
        return {player: self.pegged(player) for player in range(self.players)}


@dataclass(frozen=True, slots=True)
class PlayState:
    """A play in progress. Make the first with ``PlayState.start(players)``.

    Players are seats 0 to N - 1 in turn order, the leader's left next. ``to_play`` is
    whose turn it is (None once the play is over), ``series`` the cards laid since the
    count was last 0 and ``count`` their total, ``laid[seat]`` how many cards that player
    has laid, ``said_go`` the players passed over until the count restarts,
    ``last_player`` who laid the most recent card, and ``turns`` every turn so far. When
    the play is over the last series stays as it ended.
    """

    players: int
    to_play: Seat | None
    laid: tuple[int, ...]
    series: tuple[Card, ...] = ()
    count: int = 0
    said_go: frozenset[Seat] = frozenset()
    last_player: Seat | None = None
    turns: tuple[Turn, ...] = ()

    @classmethod
    def start(cls, players: int, leader: Seat = 0) -> PlayState:
        """The play before any card, ``leader`` (seat 0 unless given) to lead."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the play is for 2, 3 or 4 players, not {players}")
        if not 0 <= leader < players:
            raise ValueError(f"the leader is a seat from 0 to {players - 1}, not {leader}")
        return cls(players, leader, (0,) * players)

    @property
    def is_over(self) -> bool:
        """Whether all 4 cards of every player are down."""
        return self.to_play is None

    @property
    def cards_down(self) -> int:
        """How many cards have been laid in the whole play."""
        return sum(self.laid)

    def holds_cards(self, player: Seat) -> bool:
        """Whether ``player`` has a card left to lay."""
        return self.laid[player] < HAND_SIZE

    def fits(self, card: Card) -> bool:
        """Whether ``card`` can be laid without taking the count past 31."""
        return self.count + card.value <= MAX_COUNT

    def playable(self, hand: Iterable[Card]) -> tuple[Card, ...]:
        """The cards of ``hand`` that fit; when there are none the player must say go."""
        return tuple(each for each in hand if self.fits(each))

    @property
    def record(self) -> PlayRecord:
        """The turns so far as a PlayRecord."""
        return PlayRecord(self.players, self.turns, self.is_over)

    def lay(self, card: Card) -> tuple[PlayState, tuple[PegItem, ...]]:
        """``to_play`` lays ``card``: the next state and what the card scored.

        The items include the go when no one can play after the card, and the last card
        when it is the last of the play (neither when it makes 31). Raises PeggingError
        when the play is over, the card was laid already or it does not fit.
        """
        player = self.to_play
        if player is None:
            raise PeggingError(f"'{card.code}' {self._over()}")
        if any(turn.card is card for turn in self.turns):
            raise PeggingError(f"'{card.code}' was laid already: each card is in the deck once")
        made = self.count + card.value
        if made > MAX_COUNT:
            raise PeggingError(
                f"{card.short_label} would make the count {made}: "
                f"player {player + 1} must play a card that fits or say go"
            )
        items = score_play(self.series, card)
        laid = _one_more(self.laid, player)
        series, count, said_go = (*self.series, card), made, self.said_go
        if sum(laid) == HAND_SIZE * self.players:
            to_play = None
            if made != MAX_COUNT:
                items = (*items, _LAST_CARD_POINT)
        elif made == MAX_COUNT or _no_one_can_play(laid, said_go):
            if made != MAX_COUNT:
                items = (*items, _GO_POINT)
            series, count, said_go = (), 0, frozenset()
            to_play = _next_player(player, laid, said_go)
        else:
            to_play = _next_player(player, laid, said_go)
        turns = (*self.turns, Turn(player, card, made, items))
        after = PlayState(self.players, to_play, laid, series, count, said_go, player, turns)
        return after, items

    def say_go(self) -> tuple[PlayState, tuple[PegItem, ...]]:
        """``to_play`` says go: the next state and the go point, if the series ends.

        The go point, when no one can play any more, is pegged by ``last_player`` (the one
        who laid the last card) and added to that card's turn. Whether the player really
        had no card that fits cannot be known from the cards laid, so a go is accepted at
        any count but 0, where a new series starts and every card fits; a go below 22 is
        marked (``Turn.could_have_played``). Raises PeggingError when the play is over or
        the count is 0.
        """
        player = self.to_play
        if player is None:
            raise PeggingError(f"'{GO}' {self._over()}")
        if not self.count:
            raise PeggingError(
                f"'{GO}' cannot be said at count 0: a new series starts, every card fits, "
                f"so player {player + 1} must lead"
            )
        said_go = self.said_go | {player}
        turns = (*self.turns, Turn(player, None, self.count))
        if not _no_one_can_play(self.laid, said_go):
            to_play = _next_player(player, self.laid, said_go)
            after = PlayState(
                self.players,
                to_play,
                self.laid,
                self.series,
                self.count,
                said_go,
                self.last_player,
                turns,
            )
            return after, ()
        last = self.last_player
        assert last is not None  # the count is above 0, so someone has laid a card
        to_play = _next_player(last, self.laid)
        after = PlayState(
            self.players, to_play, self.laid, last_player=last, turns=_go_to_last_card(turns)
        )
        return after, (_GO_POINT,)

    def _over(self) -> str:
        return f"comes after the play is over: all {self.cards_down} cards are down"


def _one_more(laid: tuple[int, ...], player: Seat) -> tuple[int, ...]:
    return (*laid[:player], laid[player] + 1, *laid[player + 1 :])


def _no_one_can_play(laid: tuple[int, ...], said_go: frozenset[Seat]) -> bool:
    """Whether every player who still holds cards has said go (or no one holds any)."""
    return all(n >= HAND_SIZE or player in said_go for player, n in enumerate(laid))


def _next_player(
    after: Seat, laid: tuple[int, ...], said_go: frozenset[Seat] = frozenset()
) -> Seat | None:
    """The first player after ``after`` (``after`` last) who holds cards and has not said go."""
    players = len(laid)
    for step in range(1, players + 1):
        player = (after + step) % players
        if laid[player] < HAND_SIZE and player not in said_go:
            return player
    return None


def _go_to_last_card(turns: tuple[Turn, ...]) -> tuple[Turn, ...]:
    """The turns with the go point added to the last card laid."""
    for index in range(len(turns) - 1, -1, -1):
        turn = turns[index]
        if turn.card is not None:
            scored = Turn(turn.player, turn.card, turn.count, (*turn.items, _GO_POINT))
            return (*turns[:index], scored, *turns[index + 1 :])
    raise AssertionError("a go point with no card laid")


# --- the notation of a play ------------------------------------------------------------


def read_play(
    tokens: str | Iterable[str | Card], players: int
) -> tuple[PlayRecord, PeggingError | None]:
    """Score a play written as cards and ``go`` in the order said, as far as it is valid.

    ``players`` is 2, 3 or 4, and each ``go`` is said by the player whose turn it is and who
    cannot play. ``tokens`` is one string or several, split on spaces and commas (cards may
    also be given as Cards). Returns the record of the turns up to the first error, and that
    error or None; the error's ``index`` counts the tokens once split. A play not yet over
    is fine: the record says whether it is.
    """
    state, error = read_play_state(tokens, players)
    return state.record, error


def read_play_state(
    tokens: str | Iterable[str | Card], players: int
) -> tuple[PlayState, PeggingError | None]:
    """Like ``read_play``, but the state the play has reached rather than its record: whose
    turn it is and the count, for a page that follows a play as it is laid."""
    state = PlayState.start(players)
    for index, token in enumerate(_split(tokens)):
        try:
            state = _take(state, token)
        except CardError as error:
            return state, _placed(error, index, _where(state, token))
    return state, None


def peg_play(tokens: str | Iterable[str | Card], players: int) -> PlayRecord:
    """Score a play written as cards and ``go`` (see ``read_play``), whole or so far.

    Raises PeggingError, naming the token and where it is, at the first one that cannot be.
    """
    record, error = read_play(tokens, players)
    if error is not None:
        raise error
    return record


def _split(tokens: str | Iterable[str | Card]) -> Iterator[str | Card]:
    if isinstance(tokens, str):
        yield from split_tokens(tokens)
        return
    for token in tokens:
        if isinstance(token, Card):
            yield token
        else:
            yield from split_tokens(token)


def _is_go(token: str | Card) -> bool:
    return isinstance(token, str) and token.lower() == GO


def _take(state: PlayState, token: str | Card) -> PlayState:
    if _is_go(token):
        return state.say_go()[0]
    return state.lay(token if isinstance(token, Card) else parse_card(token))[0]


def _where(state: PlayState, token: str | Card) -> str:
    if not _is_go(token):
        return f"card {state.cards_down + 1}"
    return f"after card {state.cards_down}" if state.cards_down else "before any card"


def _placed(error: CardError, index: int, where: str) -> PeggingError:
    """The error with where its token is; every message starts with the quoted token."""
    token, _, reason = str(error).partition(" ")
    return PeggingError(f"{token} ({where}) {reason}", index)


# By ``PegKind`` value: said alone (or first), and joined after another item.
_ITEM_WORDS = {
    "fifteen": ("fifteen two", "fifteen"),
    "thirty-one": ("thirty-one for two", "thirty-one"),
    "go": ("one for the go", "one for the go"),
    "last-card": ("one for last", "one for last"),
}
_OPENING = ("fifteen", "thirty-one")


def _item_words(item: PegItem, first: bool) -> str:
    said = _ITEM_WORDS.get(item.kind.value)
    if said is not None:
        alone, joined = said
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
    words = [_item_words(first, first=first.kind.value in _OPENING)]
    words += [_item_words(item, first=False) for item in items[1:]]
    total = sum(item.points for item in items)
    return f"{' and '.join(words)} is {number_word(total)}"
