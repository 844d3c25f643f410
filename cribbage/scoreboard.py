"""The score of a real game kept at the table, every count checked as it is pegged: the
players named at the start (two, three or four, partners at four), the box (who deals)
moving on at each deal, each entry (who pegged what, in which deal), undo of the last, the
game's end at 121 with its skunk, and a match of 3, 5 or 7 games.

The rules the board keeps (the ACC rules, as the app states them):

- Points go on the side's track: a player's own, at four the team's (``Seating``). The back
  peg stands where the side was before its last score. The game ends the moment a side
  reaches 121, in the play or mid-show: an entry that takes it past 121 ends it there,
  and nothing is pegged after the end.
- The deal passes to the left. The play comes first (points of 1 to 14 a card, a go, the
  last card once a deal, 31 for two); then the show from the dealer's left, the dealer's
  hand last, then the crib, the dealer's alone. A count may be left out (a hand of
  nothing), never made after a later one: the order decides who reaches 121 first. The
  crib is the deal's last count, so pegging it passes the deal; "next deal" passes it
  without one. Heels is 2 to the dealer, once a deal, before the show.
- A count checked from its cards is counted by ``show.score_show``, the deal's starter kept
  for its other counts and each card in one count of a deal only. A player who said more
  than the cards score pegs the right count (an over-count is corrected, never muggins);
  one who said less pegs the right count too, unless the table plays muggins (a setting)
  and the next opponent takes what was missed (``Seating.muggins_taker``).
- The skunk lines are 91 and 61, at three judged on the runner-up (``records.GameResult``).
  A match is won by the first to the majority of its games, the loser of each game dealing
  first in the next (``match_score.MatchScore``).

``Scoreboard`` is an immutable value: each change (an entry, the deal or game moved on, an
undo) gives a new one with its ``version`` one higher, so a page can say what changed since
the version it showed (``since``), and an undo sent from a page that showed another last
entry is refused. An action sent twice with the same ``key`` (a double-tapped button) is
made once. A board is stored as its changes (``Change``, ``action_to_dict``) and read back
by replaying them (``replay``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from typing import Any, TypeAlias

from .cards import Card, CardError, Rank, ensure_distinct, parse_card
from .match_score import MATCH_LENGTHS, GameOutcome, MatchScore
from .records import GameResult, Source
from .rules import GAME_POINTS, HEELS_POINTS, Seat
from .seating import Seating
from .show import MAX_SHOW, ShowResult, score_show

__all__ = [
    "NAME_LENGTH",
    "PLAY_MOST",
    "SHOW_NEVER",
    "Action",
    "Change",
    "Checked",
    "Count",
    "Entry",
    "Figures",
    "GameScore",
    "Made",
    "NextDeal",
    "NextGame",
    "Peg",
    "ScoreError",
    "Scoreboard",
    "Undone",
    "What",
    "action_from_dict",
    "action_to_dict",
    "first_dealer_by_cut",
]

PLAY_MOST = 14
"""The most one card pegs in the play: the fourth of a rank (12) that makes 31 (2)."""
SHOW_NEVER = frozenset({19, 25, 26, 27})
"""Totals no hand or crib can score (a hand of nothing is called a nineteen: it pegs 0)."""
NAME_LENGTH = 24
"""The longest name a player is given at the start."""
REPEATS_LOOKED_AT = 64
"""How many of the latest actions a repeat is looked for among: a repeat comes at once."""


class ScoreError(ValueError):
    """An entry the board refuses, with what is wrong in words; nothing changed."""


class What(Enum):
    """What points were pegged for: a card in the play, a go, the last card, 31, heels, a
    hand, the crib, or muggins (points another player missed)."""

    PLAY = "play"
    GO = "go"
    LAST = "last"
    THIRTY_ONE = "31"
    HEELS = "heels"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"

    @property
    def source(self) -> Source:
        """Where the points came from, as a game's records name it: the play's four are
        the play."""
        return _SOURCES[self]

    @property
    def fixed(self) -> int | None:
        """The points it always pegs (a go 1, the last card 1, 31 two, heels 2), or None."""
        return _FIXED.get(self)

    @property
    def in_the_play(self) -> bool:
        return self.source is Source.PLAY

    @property
    def said(self) -> str:
        """As a sentence says it: "in the play", "for the go", "for his heels"."""
        return _SAID[self]


_SOURCES = {
    What.PLAY: Source.PLAY,
    What.GO: Source.PLAY,
    What.LAST: Source.PLAY,
    What.THIRTY_ONE: Source.PLAY,
    What.HEELS: Source.HEELS,
    What.HAND: Source.HAND,
    What.CRIB: Source.CRIB,
    What.MUGGINS: Source.MUGGINS,
}
_FIXED = {What.GO: 1, What.LAST: 1, What.THIRTY_ONE: 2, What.HEELS: HEELS_POINTS}
_SAID = {
    What.PLAY: "in the play",
    What.GO: "for the go",
    What.LAST: "for the last card",
    What.THIRTY_ONE: "for 31",
    What.HEELS: "for his heels",
    What.HAND: "for the hand",
    What.CRIB: "for the crib",
    What.MUGGINS: "by muggins",
}


@lru_cache(maxsize=4096)
def _counted(cards: tuple[Card, ...], starter: Card, crib: bool) -> ShowResult:
    return score_show(cards, starter, crib)


@dataclass(frozen=True, slots=True)
class Checked:
    """A count checked from its cards: the four of the hand or crib, the starter, and what
    the player said it was (None: the page counted it for them)."""

    cards: tuple[Card, ...]
    starter: Card
    crib: bool = False
    said: int | None = None

    def __post_init__(self) -> None:
        if len(self.cards) != 4:
            raise ScoreError(
                f"A {'crib' if self.crib else 'hand'} is 4 cards and this one has "
                f"{len(self.cards)}: tap the four, then the starter."
            )
        try:
            ensure_distinct((*self.cards, self.starter))
        except CardError as error:
            raise ScoreError(f"{str(error)[0].upper()}{str(error)[1:]}.") from None
        if self.said is not None:
            _check_show_total(self.said, "crib" if self.crib else "hand")

    @property
    def result(self) -> ShowResult:
        """The itemised count."""
        return _counted(self.cards, self.starter, self.crib)

    @property
    def scored(self) -> int:
        return self.result.total

    @property
    def corrected(self) -> bool:
        """The player said another number than the cards score."""
        return self.said is not None and self.said != self.scored

    @property
    def missed(self) -> int:
        """Points the player left unsaid."""
        return max(0, self.scored - self.said) if self.said is not None else 0


# --- the actions ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Peg:
    """Points pegged by number: ``seat`` pegs ``points`` for ``what``. ``key`` tells a
    repeat of the same action (a double tap) from a new one."""

    seat: Seat
    what: What
    points: int
    key: str = ""


@dataclass(frozen=True, slots=True)
class Count:
    """A hand or the crib checked from its cards and pegged: the right count, or, when the
    player said less and ``muggins`` is taken, what they said, the rest to the taker."""

    seat: Seat
    checked: Checked
    muggins: bool = False
    key: str = ""

    @property
    def what(self) -> What:
        return What.CRIB if self.checked.crib else What.HAND

    @property
    def points(self) -> int:
        """What the player pegs."""
        checked = self.checked
        if self.muggins and checked.said is not None:
            return min(checked.said, checked.scored)
        return checked.scored


@dataclass(frozen=True, slots=True)
class NextDeal:
    """The deal passes to the left without the crib pegged. ``deal``, when given, is the
    deal the page showed: a second phone passing the same deal passes nothing more."""

    deal: int | None = None
    key: str = ""


@dataclass(frozen=True, slots=True)
class NextGame:
    """The match's next game, the loser of the last one dealing first. ``after``, when
    given, is the game the page showed as over: a second phone starting the next game of
    the same one starts nothing more."""

    after: int | None = None
    key: str = ""


Action: TypeAlias = Peg | Count | NextDeal | NextGame


@dataclass(frozen=True, slots=True)
class Change:
    """One change as it is stored: change ``version`` made ``action``, or, when ``action``
    is None, took the last one back (an undo sent with ``key``)."""

    version: int
    action: Action | None
    key: str = ""


@dataclass(frozen=True, slots=True)
class Made:
    """An action standing on the board, with the change (``version``) that made it."""

    version: int
    action: Action


@dataclass(frozen=True, slots=True)
class Undone:
    """An action taken back, with the change (``version``) that took it back and the
    ``key`` the undo was sent with (its repeat takes nothing more back)."""

    version: int
    made: Made
    key: str = ""


# --- the score of one game ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """Points pegged in a game: by the change ``version``, in deal ``deal`` (``dealer``
    dealing), by ``seat`` for ``what``; ``points`` as entered (under muggins what the
    player said), ``pegged`` as the pegs moved (less when the game ended at 121 on it). A
    count checked from the cards has them in ``checked``."""

    version: int
    deal: int
    dealer: Seat
    seat: Seat
    what: What
    points: int
    pegged: int
    checked: Checked | None = None

    @property
    def counted(self) -> int:
        """What the hand or crib scored: its cards' count when they were checked (whatever
        was said and taken by muggins), else the points entered."""
        return self.checked.scored if self.checked is not None else self.points


@dataclass(frozen=True, slots=True)
class GameScore:
    """One game as it stands: its number in the match, who dealt first, the deal being
    played, each side's score and back peg, every entry in order, and the winning side
    once a side reached 121."""

    number: int
    first_dealer: Seat
    players: int
    deal: int = 1
    scores: tuple[int, ...] = ()
    previous: tuple[int, ...] = ()
    entries: tuple[Entry, ...] = ()
    winner: int | None = None

    def dealer_of(self, deal: int) -> Seat:
        """Who deals deal ``deal``: the deal passes to the left."""
        return (self.first_dealer + deal - 1) % self.players

    @property
    def dealer(self) -> Seat:
        """Who has the box (the crib) in the deal being played."""
        return self.dealer_of(self.deal)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def in_deal(self, deal: int | None = None) -> tuple[Entry, ...]:
        """The entries of deal ``deal`` (the one being played when None), in order."""
        deal = self.deal if deal is None else deal
        found = []
        for entry in reversed(self.entries):
            if entry.deal < deal:
                break
            if entry.deal == deal:
                found.append(entry)
        return tuple(reversed(found))


# --- what a player made of a game ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figures:
    """One player's game: the points pegged by kind (the play, hands, cribs, heels, muggins
    taken), each hand's count (the average hand, the best), the counts checked from the
    cards and those corrected, and the points others took from them by muggins."""

    seat: Seat
    by_kind: dict[Source, int]
    hands: tuple[Entry, ...]
    cribs: tuple[Entry, ...]
    checked: tuple[Entry, ...]
    muggins_lost: int

    @property
    def total(self) -> int:
        return sum(self.by_kind.values())

    @property
    def average_hand(self) -> float | None:
        if not self.hands:
            return None
        return sum(entry.counted for entry in self.hands) / len(self.hands)

    @property
    def best_hand(self) -> Entry | None:
        """The best hand counted, one checked from its cards first among equals (it can be
        shown)."""
        if not self.hands:
            return None
        return max(self.hands, key=lambda entry: (entry.counted, entry.checked is not None))

    @property
    def corrected(self) -> tuple[Entry, ...]:
        return tuple(entry for entry in self.checked if entry.checked and entry.checked.corrected)


# --- the board ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _State:
    """The games folded from the actions standing: finished ones first, the current last."""

    games: tuple[GameScore, ...]

    @property
    def game(self) -> GameScore:
        return self.games[-1]


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """A real game (or a match) kept at the table: the seating and its names, whether the
    table plays muggins, the match's length, who dealt first in the first game (cut for),
    the actions standing (``made``), those taken back (``undone``) and the number of
    changes made (``version``). Build one with ``Scoreboard.new``; every change gives a
    new value."""

    seating: Seating
    first_dealer: Seat
    muggins: bool = False
    length: int = 1
    made: tuple[Made, ...] = ()
    undone: tuple[Undone, ...] = ()
    version: int = 0
    _state: _State | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self._state is None:  # folded once: each change folds only its own action
            object.__setattr__(self, "_state", self._folded(self.made))

    @property
    def state(self) -> _State:
        assert self._state is not None
        return self._state

    @classmethod
    def new(
        cls, names: Sequence[str], *, first_dealer: Seat, muggins: bool = False, length: int = 1
    ) -> Scoreboard:
        """A new game for the players ``names`` (2, 3 or 4, in turn order round the table;
        at four partners sit opposite: the first and third against the second and
        fourth), ``first_dealer`` dealing first. ``length``: 1, or a match of 3, 5 or 7.
        Raises ``ScoreError`` naming what is wrong."""
        names = tuple(" ".join(name.split()) for name in names)
        if len(names) not in (2, 3, 4):
            raise ScoreError(f"{len(names)} players: a game is for 2, 3 or 4 players.")
        for n, name in enumerate(names):
            if not name:
                raise ScoreError(f"Player {n + 1} has no name: give each player one.")
            if len(name) > NAME_LENGTH:
                raise ScoreError(
                    f"“{name[:NAME_LENGTH]}…” is too long a name: {NAME_LENGTH} letters at most."
                )
        folded = [name.casefold() for name in names]
        for n, name in enumerate(folded):
            if name in folded[:n]:
                raise ScoreError(f"Two players are called {names[n]}: give each their own name.")
        if length not in MATCH_LENGTHS:
            raise ScoreError(f"A match is of 1, 3, 5 or 7 games, not {length}.")
        seating = Seating(len(names), human=None, names=names)
        if first_dealer not in seating.seats:
            raise ScoreError(f"Player {first_dealer + 1}: {seating.seats_said}.")
        return cls(seating, first_dealer, muggins, length)

    # --- the table --------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many sit at the table: 2, 3 or 4."""
        return self.seating.players

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, seat by seat."""
        return self.seating.names

    def name(self, seat: Seat) -> str:
        return self.seating.name(seat)

    def check_seat(self, seat: int) -> Seat:
        """``seat`` itself, or ``ScoreError`` naming the players there are."""
        if seat not in self.seating.seats:
            said = ", ".join(f"{n + 1} {name}" for n, name in enumerate(self.names))
            raise ScoreError(f"Player {seat + 1} is not at this table: the players are {said}.")
        return seat

    # --- where the game stands ----------------------------------------------------------

    @property
    def games(self) -> tuple[GameScore, ...]:
        return self.state.games

    @property
    def game(self) -> GameScore:
        """The game being played (or the last one, once the match is over)."""
        return self.state.game

    @property
    def deal(self) -> int:
        """The number of the deal being played in the game, from 1."""
        return self.game.deal

    @property
    def dealer(self) -> Seat:
        """The seat that deals now."""
        return self.game.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score in the game being played (the front pegs)."""
        return self.game.scores

    @property
    def previous(self) -> tuple[int, ...]:
        """Each side's back peg: its score before its last points."""
        return self.game.previous

    def result_of(self, game: GameScore) -> GameResult | None:
        """How a finished game ended (scores by seat, the winner the side's first seat),
        for its skunk and match points; None while it is played."""
        if game.winner is None:
            return None
        scores = tuple(game.scores[self.seating.side_of(seat)] for seat in self.seating.seats)
        return GameResult(self.seating.side_seats(game.winner)[0], scores)

    @property
    def result(self) -> GameResult | None:
        return self.result_of(self.game)

    @property
    def match(self) -> MatchScore:
        """The match after its finished games."""
        outcomes = tuple(
            GameOutcome.of(result)
            for result in (self.result_of(game) for game in self.games)
            if result is not None
        )
        return MatchScore(self.length, outcomes, self.seating.sides)

    @property
    def is_over(self) -> bool:
        """The game being played is over (the match may have more)."""
        return self.game.is_over

    @property
    def match_over(self) -> bool:
        """Nothing more to play: the game is over, and the match with it."""
        return self.is_over and self.match.is_over

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry of the game being played."""
        return self.game.entries

    @property
    def last(self) -> Made | None:
        """The action an undo takes back."""
        return self.made[-1] if self.made else None

    def starter(self) -> Card | None:
        """The deal's starter, once a count of it was checked from the cards."""
        for entry in self.game.in_deal():
            if entry.checked is not None:
                return entry.checked.starter
        return None

    def cards_counted(self) -> dict[Card, Entry]:
        """Each card counted in the deal's hands and crib so far (not the starter), with
        the count it is in."""
        return {
            card: entry
            for entry in self.game.in_deal()
            if entry.checked is not None
            for card in entry.checked.cards
        }

    def show_next(self) -> tuple[Seat, What]:
        """The count made next in the deal's show: the hand after the last counted, from
        the dealer's left, the dealer's last; then the crib."""
        order = self._show_order()
        shown = [entry for entry in self.game.in_deal() if entry.what in (What.HAND, What.CRIB)]
        if not shown:
            return order[0], What.HAND
        last = shown[-1]
        at = order.index(last.seat) + 1
        if last.what is What.CRIB or at >= len(order):
            return self.dealer, What.CRIB
        return order[at], What.HAND

    def play_next(self) -> Seat:
        """Who likely pegs next in the play: the player after the last to peg in it, at
        the start of a deal the dealer's left, who leads."""
        for entry in reversed(self.game.in_deal()):
            if entry.what.in_the_play:
                return self.seating.left_of(entry.seat)
        return self.seating.left_of(self.dealer)

    @property
    def show_begun(self) -> bool:
        return any(entry.what in (What.HAND, What.CRIB) for entry in self.game.in_deal())

    def _show_order(self) -> tuple[Seat, ...]:
        dealer = self.dealer
        return tuple((dealer + step) % self.players for step in range(1, self.players + 1))

    # --- changes ------------------------------------------------------------------------

    def apply(self, action: Action) -> Scoreboard:
        """The board after ``action``; the same board for a repeat of an action made (or
        taken back) with the same ``key``. Raises ``ScoreError`` naming what is wrong."""
        if self.repeats(action):
            return self
        version = self.version + 1
        state = self._applied(self.state, Made(version, action))
        return replace(
            self, made=(*self.made, Made(version, action)), version=version, _state=state
        )

    def undo(self, key: str = "", *, seen: int | None = None) -> Scoreboard:
        """The board with its last action taken back (an entry and its muggins, a deal or
        game moved on); the same board for a repeat of an undo made with ``key``.

        ``seen`` is the version the page showed: when the action last then is no longer the
        last (another phone made one since, or took that one back), nothing is taken back
        and ``ScoreError`` says what changed. ``ScoreError`` too when nothing was made."""
        if key and any(undone.key == key for undone in self.undone[-REPEATS_LOOKED_AT:]):
            return self
        if not self.made:
            raise ScoreError("Nothing to undo: nothing has been pegged yet.")
        last = self.made[-1]
        if seen is not None and self._last_at(seen) != last:
            if self.since(seen) == ((last,), ()):
                again = "Undo again to take that back."
            else:
                again = f"Undo again to take back the last entry now: {self.said(last)}."
            raise ScoreError(
                "Nothing was undone: the board changed since this page showed it. "
                f"{self.changed(seen)} {again}"
            )
        version = self.version + 1
        undone = (*self.undone, Undone(version, last, key))
        return replace(self, made=self.made[:-1], undone=undone, version=version, _state=None)

    def replay(self, changes: Iterable[Change]) -> Scoreboard:
        """The board after ``changes`` as they were stored, each the next version: an action
        made, or the last one taken back. ``ValueError`` for a change out of order, or one
        the board refuses."""
        board = self
        for change in changes:
            if change.version != board.version + 1:
                raise ValueError(f"change {change.version} after change {board.version}")
            action = change.action
            board = board.undo(change.key) if action is None else board.apply(action)
            if board.version != change.version:
                raise ValueError(f"change {change.version} repeats an earlier one")
        return board

    def _last_at(self, version: int) -> Made | None:
        """The action standing last at change ``version``."""
        last = next((made for made in reversed(self.made) if made.version <= version), None)
        for undone in self.undone:
            made = undone.made
            if made.version <= version < undone.version and (
                last is None or made.version > last.version
            ):
                last = made
        return last

    def repeats(self, action: Action) -> bool:
        """Whether ``action`` was made (or made and taken back) already: same key, same
        action."""
        if not action.key:
            return False
        recent = [made.action for made in self.made[-REPEATS_LOOKED_AT:]]
        recent += [undone.made.action for undone in self.undone[-REPEATS_LOOKED_AT:]]
        return action in recent

    def since(self, version: int) -> tuple[tuple[Made, ...], tuple[Undone, ...]]:
        """What changed after change ``version``: the actions made since that still stand,
        and those taken back since."""
        return (
            tuple(made for made in self.made if made.version > version),
            tuple(undone for undone in self.undone if undone.version > version),
        )

    # --- checking an action ---------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise ``ScoreError`` naming what is wrong with ``action`` now; nothing changes."""
        self._applied(self.state, Made(self.version + 1, action))

    def count(self, seat: Seat, checked: Checked) -> ShowResult:
        """The itemised count of ``checked`` for ``seat``, once it is a count they may make
        now (``ScoreError`` naming why not)."""
        self.check(Count(seat, replace(checked, said=None)))
        return checked.result

    def _folded(self, made: Iterable[Made]) -> _State:
        state = _State((self._new_game(1, self.first_dealer),))
        for each in made:
            state = self._applied(state, each)
        return state

    def _new_game(self, number: int, first_dealer: Seat) -> GameScore:
        sides = (0,) * self.seating.sides
        return GameScore(number, first_dealer, self.players, scores=sides, previous=sides)

    def _applied(self, state: _State, made: Made) -> _State:
        action = made.action
        game = state.game
        if isinstance(action, NextGame):
            return _State((*state.games, self._next_game(state, action.after)))
        self._check_playing(state)
        if isinstance(action, NextDeal):
            if action.deal is not None and action.deal != game.deal:
                dealer = self.name(game.dealer)
                raise ScoreError(
                    f"This page showed deal {action.deal}; deal {game.deal} is being played "
                    f"now, {dealer} dealing: no deal was passed on."
                )
            return _State((*state.games[:-1], replace(game, deal=game.deal + 1)))
        seat = self.check_seat(action.seat)
        on = replace(self, _state=state)
        if isinstance(action, Count):
            on._check_count(action)
        else:
            on._check_peg(action)
        game = _pegged(game, self.seating, made.version, seat, action)
        if isinstance(action, Count) and action.muggins and not game.is_over:
            missed = action.checked.missed
            taker = self.seating.muggins_taker(seat)
            game = _pegged(
                game, self.seating, made.version, taker, Peg(taker, What.MUGGINS, missed)
            )
        if action.what is What.CRIB and not game.is_over:
            game = replace(game, deal=game.deal + 1)  # the crib is the deal's last count
        return _State((*state.games[:-1], game))

    def _next_game(self, state: _State, after: int | None) -> GameScore:
        game = state.game
        if after is not None and after != game.number:
            raise ScoreError(
                f"This page showed game {after}; game {game.number} is being played now: "
                "no game was started."
            )
        if not game.is_over:
            raise ScoreError(f"Game {game.number} is still being played: finish it first.")
        match = replace(self, _state=state).match
        if match.is_over:
            raise ScoreError("The match is over: it has no more games.")
        dealer = match.next_dealer
        assert dealer is not None
        return self._new_game(game.number + 1, dealer)

    def _check_playing(self, state: _State) -> None:
        game = state.game
        result = replace(self, _state=state).result_of(game)
        if result is None:
            return
        side = self.seating.side_of(result.winner)
        said = f"{self.seating.side_said(side)} won {game.scores[side]} to {result.loser_score}"
        if self.length == 1:
            raise ScoreError(f"The game is over: {said}. Nothing more is pegged.")
        if replace(self, _state=state).match.is_over:
            raise ScoreError(f"The match is over: {said} in the last game.")
        raise ScoreError(f"Game {game.number} is over: {said}. Start the next game to peg in it.")

    def _check_peg(self, peg: Peg) -> None:
        what, points = peg.what, peg.points
        deal = self.game.deal
        if what.fixed is not None and points != what.fixed:
            raise ScoreError(f"{_WHAT_WORD[what]} pegs {what.fixed}, not {points}.")
        if what is What.PLAY and not 1 <= points <= PLAY_MOST:
            raise ScoreError(
                f"{points} in the play: a card pegs 1 to {PLAY_MOST} (the fourth of a rank "
                "making 31 is the most)."
            )
        if what.in_the_play and self.show_begun:
            raise ScoreError(f"The show of deal {deal} has begun: its play is over.")
        if what is What.LAST:
            earlier = self._in_deal(What.LAST)
            if earlier is not None:
                raise ScoreError(
                    f"The last card of deal {deal} is pegged already ({self.name(earlier.seat)})."
                )
        if what is What.HEELS:
            self._check_heels(peg.seat)
        if what in (What.HAND, What.CRIB):
            _check_show_total(points, what.value)
            self._check_show(peg.seat, what)
        if what is What.MUGGINS:
            if not self.muggins:
                raise ScoreError(
                    "This table does not play muggins: it is a setting chosen at the start."
                )
            if not 1 <= points <= MAX_SHOW:
                raise ScoreError(f"{points} by muggins: points missed are 1 to {MAX_SHOW}.")

    def _check_heels(self, seat: Seat) -> None:
        deal = self.game.deal
        dealer = self.dealer
        if seat != dealer:
            raise ScoreError(
                f"Heels is the dealer's: {self.name(dealer)} deals deal {deal}, "
                f"not {self.name(seat)}."
            )
        if self._in_deal(What.HEELS) is not None:
            raise ScoreError(f"Heels is pegged already in deal {deal}: once a deal.")
        if self.show_begun:
            raise ScoreError(
                f"Heels is pegged when the starter is turned: the show of deal {deal} has begun."
            )

    def _check_show(self, seat: Seat, what: What) -> None:
        deal = self.game.deal
        name = self.name(seat)
        if what is What.CRIB:
            if seat != self.dealer:
                dealer = self.name(self.dealer)
                raise ScoreError(
                    f"The crib is the dealer's: {dealer} deals deal {deal}, not {name}."
                )
            return
        order = self._show_order()
        for entry in self.game.in_deal():
            if entry.what is What.HAND and entry.seat == seat:
                raise ScoreError(
                    f"{name}'s hand is pegged already in deal {deal} ({entry.points}): "
                    "undo it to enter it again."
                )
            if entry.what is What.HAND and order.index(entry.seat) > order.index(seat):
                raise ScoreError(
                    f"{name} counts before {self.name(entry.seat)}: the show goes from the "
                    "dealer's left, the dealer last, so it is too late for this hand."
                )

    def _check_count(self, count: Count) -> None:
        checked = count.checked
        deal = self.game.deal
        self._check_show(count.seat, count.what)
        starter = self.starter()
        if starter is not None and checked.starter != starter:
            first = next(e for e in self.game.in_deal() if e.checked is not None)
            raise ScoreError(
                f"The starter of deal {deal} is {starter.code} ({self.name(first.seat)}'s "
                f"{first.what.value} was counted with it), not {checked.starter.code}."
            )
        if self._in_deal(What.HEELS) is not None and checked.starter.rank is not Rank.JACK:
            raise ScoreError(
                f"Heels was pegged in deal {deal}, so its starter is a jack, "
                f"not {checked.starter.code}."
            )
        counted = self.cards_counted()
        for card in (*checked.cards, checked.starter):
            entry = counted.get(card)
            if entry is not None:
                whose = self.name(entry.seat)
                place = f"{whose}'s {entry.what.value}"
                raise ScoreError(
                    f"{card.code} is in {place} this deal: each card is dealt once. "
                    "Peg by number if that count was entered wrong."
                )
        if count.muggins:
            if not self.muggins:
                raise ScoreError(
                    "This table does not play muggins: the right count is pegged instead."
                )
            if checked.said is None or checked.said >= checked.scored:
                raise ScoreError(
                    f"Nothing to take by muggins: {self.name(count.seat)} missed nothing."
                )

    def _in_deal(self, what: What) -> Entry | None:
        return next((entry for entry in self.game.in_deal() if entry.what is what), None)

    # --- figures ---------------------------------------------------------------------------

    def figures(self, game: GameScore | None = None) -> tuple[Figures, ...]:
        """Each player's figures for ``game`` (the one being played when None)."""
        game = game or self.game
        figures = []
        for seat in self.seating.seats:
            mine = [entry for entry in game.entries if entry.seat == seat]
            by_kind = dict.fromkeys(
                (Source.PLAY, Source.HAND, Source.CRIB, Source.HEELS, Source.MUGGINS), 0
            )
            for entry in mine:
                by_kind[entry.what.source] += entry.pegged
            missed_at = {entry.version for entry in mine if entry.checked and entry.checked.missed}
            lost = sum(
                entry.pegged
                for entry in game.entries
                if entry.what is What.MUGGINS and entry.version in missed_at
            )
            figures.append(
                Figures(
                    seat,
                    by_kind,
                    tuple(entry for entry in mine if entry.what is What.HAND),
                    tuple(entry for entry in mine if entry.what is What.CRIB),
                    tuple(entry for entry in mine if entry.checked is not None),
                    lost,
                )
            )
        return tuple(figures)

    # --- words -------------------------------------------------------------------------

    def said(self, made: Made) -> str:
        """An action in words: "Ann pegged 12 for the hand (5H 5C 6D 4S with JC, said 10;
        Bo took 2 by muggins)", "deal 3 was passed on"."""
        action = made.action
        if isinstance(action, NextDeal):
            deal = "the deal" if action.deal is None else f"deal {action.deal}"
            return f"{deal} was passed on"
        if isinstance(action, NextGame):
            return "the next game was started"
        words = f"{self.name(action.seat)} pegged {action.points} {action.what.said}"
        if isinstance(action, Count):
            checked = action.checked
            words += (
                f" ({' '.join(card.code for card in checked.cards)} with {checked.starter.code}"
            )
            if checked.corrected:
                words += f", said {checked.said}"
                if action.muggins:
                    taker = self.name(self.seating.muggins_taker(action.seat))
                    words += f"; {taker} took {checked.missed} by muggins"
            words += ")"
        return words

    def changed(self, version: int) -> str:
        """What changed after change ``version``, in words ("" if nothing)."""
        made, undone = self.since(version)
        events = [(each.version, self.said(each)) for each in made]
        for each in undone:
            said = self.said(each.made)
            if each.made.version > version:
                events.append((each.made.version, said))
            events.append((each.version, f"{said} was taken back"))
        if not events:
            return ""
        text = "; ".join(said for _, said in sorted(events))
        return text[0].upper() + text[1:] + "."


_WHAT_WORD = {
    What.GO: "A go",
    What.LAST: "The last card",
    What.THIRTY_ONE: "31",
    What.HEELS: "Heels",
}


def _check_show_total(points: int, what: str) -> None:
    if not 0 <= points <= MAX_SHOW:
        raise ScoreError(f"{points} for the {what}: a count is 0 to {MAX_SHOW}.")
    if points in SHOW_NEVER:
        raise ScoreError(
            f"No {what} scores {points}: 19, 25, 26 and 27 cannot be made "
            "(a hand of nothing, called a nineteen, pegs 0)."
        )


def _pegged(
    game: GameScore, seating: Seating, version: int, seat: Seat, peg: Peg | Count
) -> GameScore:
    side = seating.side_of(seat)
    before = game.scores[side]
    after = min(before + peg.points, GAME_POINTS)
    entry = Entry(
        version,
        game.deal,
        game.dealer,
        seat,
        peg.what,
        peg.points,
        after - before,
        peg.checked if isinstance(peg, Count) else None,
    )
    scores, previous = list(game.scores), list(game.previous)
    if after != before:
        scores[side], previous[side] = after, before
    winner = side if after >= GAME_POINTS else None
    return replace(
        game,
        scores=tuple(scores),
        previous=tuple(previous),
        entries=(*game.entries, entry),
        winner=winner,
    )


def first_dealer_by_cut(cuts: Sequence[Card], names: Sequence[str]) -> Seat:
    """Who deals first from each player's cut (in seat order): the lowest card, the ace
    low. ``ScoreError`` when two cut the same card or the lowest rank is shared (they cut
    again)."""
    if len(cuts) != len(names):
        raise ScoreError(f"{len(cuts)} cuts for {len(names)} players: each player cuts.")
    try:
        ensure_distinct(cuts)
    except CardError as error:
        raise ScoreError(f"{str(error)[0].upper()}{str(error)[1:]}: cut again.") from None
    lowest = min(card.rank for card in cuts)
    low = [seat for seat, card in enumerate(cuts) if card.rank == lowest]
    if len(low) > 1:
        who = " and ".join(names[seat] for seat in low)
        raise ScoreError(f"{who} cut {lowest.plural}: a tie, so cut again.")
    return low[0]


# --- JSON ----------------------------------------------------------------------------


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as JSON-able data, as a change is stored; ``action_from_dict`` reads it."""
    data: dict[str, Any]
    if isinstance(action, NextDeal):
        data = {"type": "deal", "deal": action.deal}
    elif isinstance(action, NextGame):
        data = {"type": "game", "after": action.after}
    elif isinstance(action, Peg):
        data = {"type": "peg", "seat": action.seat, "what": action.what.value}
        data["points"] = action.points
    else:
        checked = action.checked
        data = {
            "type": "count",
            "seat": action.seat,
            "cards": [card.code for card in checked.cards],
            "starter": checked.starter.code,
            "crib": checked.crib,
            "said": checked.said,
            "muggins": action.muggins,
        }
    if action.key:
        data["key"] = action.key
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action ``action_to_dict`` wrote. ``ValueError`` for data that is not one."""
    key = str(data.get("key", ""))
    kind = data["type"]
    if kind == "deal":
        return NextDeal(_number_or_none(data.get("deal")), key)
    if kind == "game":
        return NextGame(_number_or_none(data.get("after")), key)
    if kind == "peg":
        return Peg(int(data["seat"]), What(data["what"]), int(data["points"]), key)
    if kind == "count":
        checked = Checked(
            tuple(parse_card(code) for code in data["cards"]),
            parse_card(data["starter"]),
            bool(data["crib"]),
            _number_or_none(data.get("said")),
        )
        return Count(int(data["seat"]), checked, bool(data.get("muggins")), key)
    raise ValueError(f"an action of type {kind!r}")


def _number_or_none(value: Any) -> int | None:
    return None if value is None else int(value)
