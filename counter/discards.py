"""Six cards dealt and which two to throw: the discard analyser's cards, seat and chosen keep.

Its query string is the analysis' shareable URL: ``/discard/?cards=5H,5C,6D,JS,QH,2C&role=dealer``
(``role=pone`` for the other seat), ``&opponent=random`` when the other player's two crib
cards are taken as thrown at random rather than as a good player throws them (the default,
``opponent=good``, is left out of the address), and ``&throw=JS,QH`` when the player chose a
keep to look at other than the best. The six go into one place of the card picker
(``counter.picks``).

``analyse()`` gives the engine's figures for the 15 choices (``cribbage.discard``):
exact expected points of the hand over the 46 starters and of the crib over every two cards
the opponent may throw (as likely as a good player would throw them, or all alike) and
every starter left, with the strong computer's estimate of the play beside them, never in
the net.

At a table of three or four (``players=3`` or ``4``) five are dealt and one thrown
(``TableDiscardHand``): ``/discard/?players=4&cards=5H,5D,JS,4C,KD&seat=partner``, the seat
``dealer``, ``partner`` (the dealer's, at four) or ``opponent``, and ``&throw=KD`` for a
keep other than the best. Its figures are ``cribbage.discard.table_discard_options``': the
hand over the 47 starters, the crib over every four of those cards it and the starter may
still take, all alike; there is no play estimate (the computer's is for two players).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import ClassVar, Self

from cribbage.cards import Card, format_cards
from cribbage.computer import pegging_term
from cribbage.discard import (
    CribModel,
    DiscardOption,
    HandSpread,
    Role,
    discard_options,
    hand_spread,
)
from cribbage.seating import Seating
from cribbage.words import number_word

from .picks import Picks, Place

DEALT = 6
THROWN = 2
CARDS = Place("cards", "Card", DEALT, tuple(str(n) for n in range(1, DEALT + 1)), noun="hand")


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the 15 ways to keep four: the engine's exact figures and, on the analyser, the
    strong computer's estimate of what the four peg in the play and the query string that
    shows this keep."""

    option: DiscardOption
    pegging: float | None = None
    query: str = ""

    @property
    def throw_param(self) -> str:
        return ",".join(card.code for card in self.option.throw)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The 15 choices of six cards for a seat, best net first, and the keep looked at."""

    hand: DiscardHand | TableDiscardHand
    choices: tuple[Choice, ...]
    chosen: Choice
    spread: HandSpread

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def rank(self) -> int:
        """The chosen keep's place among the 15 (the 5 at three or four), 1 for the best."""
        return self.choices.index(self.chosen) + 1

    @property
    def behind(self) -> float:
        """Expected points the chosen keep gives up against the best, net."""
        return self.best.option.net_ev - self.chosen.option.net_ev

    @property
    def computers_choice(self) -> Choice:
        """What the strong computer throws: the best net with its pegging estimate added."""
        return max(self.choices, key=lambda choice: choice.option.net_ev + (choice.pegging or 0))

    @property
    def spread_counts(self) -> tuple[tuple[int, int, float], ...]:
        """Each total the chosen keep can score, how many of the starters (46, or 47 of
        five dealt) give it, and their share of them."""
        counts = Counter(total for _, total in self.spread.totals)
        starters = len(self.spread.totals)
        return tuple((total, n, n / starters) for total, n in sorted(counts.items()))


class DealtHand(Picks):
    """What the discard analyser's hands share, at any table: the cards dealt as far as
    they are picked (``DEALT`` of them), and the ``THROWN`` thrown to look at (none: the
    best choice). Mixed into a frozen dataclass with ``cards`` and ``throw`` fields."""

    __slots__ = ()
    DEALT: ClassVar[int]
    THROWN: ClassVar[int]
    cards: tuple[Card, ...]
    throw: tuple[Card, ...]

    @property
    def placed(self) -> tuple[tuple[Card, ...], ...]:
        return (self.cards,)

    def with_placed(self, placed: tuple[tuple[Card, ...], ...], fill: str) -> Self:
        (cards,) = placed
        # A chosen keep belongs to the cards it was chosen from.
        throw = self.throw if len(cards) == self.DEALT and set(self.throw) <= set(cards) else ()
        return replace(self, cards=cards, throw=throw, fill=fill)  # type: ignore[type-var]

    def with_throw(self, throw: tuple[Card, ...]) -> Self:
        """Look at the keep that throws these of the cards dealt (sorted as the engine
        sorts)."""
        if (
            len(self.cards) != self.DEALT
            or len(set(throw)) != self.THROWN
            or not set(throw) <= set(self.cards)
        ):
            thrown = "two" if self.THROWN == THROWN else "one"
            raise ValueError(f"a throw is {thrown} of the {number_word(self.DEALT)} cards dealt")
        return replace(self, throw=tuple(sorted(throw)))  # type: ignore[type-var]

    @property
    def complete(self) -> bool:
        return len(self.cards) == self.DEALT

    @property
    def text(self) -> str:
        """The cards in typed notation: what the text field shows."""
        return format_cards(self.cards)

    @property
    def prompt(self) -> str:
        """What to pick next, in a few words; "" when the cards dealt are in."""
        return pick_prompt(len(self.cards), self.DEALT)

    def query_of(self, parts: list[str]) -> str:
        """The query string of ``parts``, then the fill and the throw looked at."""
        if self.fill:
            parts.append(f"fill={self.fill}")
        if self.throw:
            parts.append(f"throw={','.join(card.code for card in self.throw)}")
        return "&".join(parts)

    def analysis_of(self, choices: tuple[Choice, ...]) -> Analysis:
        """The ``choices`` with the one looked at (the throw's, else the best) and the
        spread of its keep."""
        chosen = next(
            (choice for choice in choices if choice.option.throw == self.throw), choices[0]
        )
        spread = hand_spread(chosen.option.keep, chosen.option.throw)
        return Analysis(self, choices, chosen, spread)


@dataclass(frozen=True, slots=True)
class DiscardHand(DealtHand):
    """The six cards dealt as far as they are picked, the seat, and the two thrown to look at
    (none: the best choice)."""

    PLACES = (CARDS,)
    DEALT = DEALT
    THROWN = THROWN

    cards: tuple[Card, ...] = ()
    role: Role = Role.DEALER
    throw: tuple[Card, ...] = ()
    fill: str = ""
    opponent: CribModel = CribModel.GOOD
    """How the other player's two crib cards are taken to be thrown."""

    def with_role(self, role: Role) -> DiscardHand:
        return replace(self, role=role)

    def with_opponent(self, opponent: CribModel) -> DiscardHand:
        return replace(self, opponent=opponent)

    @property
    def good_opponent(self) -> bool:
        return self.opponent is CribModel.GOOD

    @property
    def dealer(self) -> bool:
        return self.role is Role.DEALER

    @property
    def owns_crib(self) -> bool:
        """The crib counts for this seat: the dealer's."""
        return self.dealer

    @property
    def query(self) -> str:
        """The canonical query string:
        ``cards=5H,5C,6D,JS,QH,2C&role=dealer[&opponent=random][&throw=JS,QH]``.

        An empty page as the dealer, the other player throwing as a good player, is
        ``/discard/`` itself."""
        parts = [f"{key}={value}" for key, value in self.place_params()]
        if parts or self.role is not Role.DEALER:
            parts.append(f"role={self.role.value}")
        if not self.good_opponent:
            parts.append(f"opponent={self.opponent.value}")
        return self.query_of(parts)

    def analyse(self) -> Analysis | None:
        """The 15 choices with their figures, and the spread of the keep looked at; None until
        the six are in."""
        if not self.complete:
            return None
        return self.analysis_of(_choices(self.cards, self.role, self.opponent))


def _choices(cards: tuple[Card, ...], role: Role, opponent: CribModel) -> tuple[Choice, ...]:
    """The 15 choices of six cards for a seat, each with its pegging estimate and address."""
    hand = DiscardHand(cards, role, opponent=opponent)
    return tuple(
        Choice(option, pegging_term(option.keep, role), hand.with_throw(option.throw).query)
        for option in discard_options(cards, role, opponent)
    )


TABLE_DEALT = 5
TABLE_THROWN = 1
TABLE_PLAYERS = (3, 4)
TABLE_CARDS = Place(
    "cards",
    "Card",
    TABLE_DEALT,
    tuple(str(n) for n in range(1, TABLE_DEALT + 1)),
    noun="hand at a table of three or four",
)
SEAT_NAMES = {
    Role.DEALER: "dealer",
    Role.PARTNER: "dealer's partner",
    Role.OPPONENT: "opponent",
}
"""Each seat as a sentence says it after "the"."""
SEAT_LABELS = {
    Role.DEALER: "Dealer",
    Role.PARTNER: "Partner",
    Role.OPPONENT: "Opponent",
}
"""Each seat on the seat switch: one word, so the three fit a 320-pixel phone."""


def table_seats(players: int) -> tuple[Role, ...]:
    """The seats a table of three or four has: the dealer's partner at four only."""
    return Seating(players).roles


@dataclass(frozen=True, slots=True)
class TableDiscardHand(DealtHand):
    """The five cards dealt at a table of three or four as far as they are picked, the seat,
    and the card thrown to look at (none: the best choice)."""

    PLACES = (TABLE_CARDS,)
    DEALT = TABLE_DEALT
    THROWN = TABLE_THROWN

    cards: tuple[Card, ...] = ()
    players: int = 3
    seat: Role = Role.DEALER
    throw: tuple[Card, ...] = ()
    fill: str = ""

    @property
    def seats(self) -> tuple[Role, ...]:
        return table_seats(self.players)

    @property
    def seat_name(self) -> str:
        return SEAT_NAMES[self.seat]

    @property
    def owns_crib(self) -> bool:
        """The crib counts for this seat: the dealer's, or at four the dealer's team's."""
        return self.seat is not Role.OPPONENT

    @property
    def query(self) -> str:
        """The canonical query string:
        ``players=3&cards=5H,5D,JS,4C,KD&seat=dealer[&throw=KD]``; an empty page as the
        dealer is ``players=3`` alone, the page the player-count links open."""
        cards = [f"{key}={value}" for key, value in self.place_params()]
        parts = [f"players={self.players}", *cards]
        if cards or self.seat is not Role.DEALER:
            parts.append(f"seat={self.seat.value}")
        return self.query_of(parts)

    def analyse(self) -> Analysis | None:
        """The five choices with their figures, and the spread of the keep looked at; None
        until the five are in."""
        if not self.complete:
            return None
        choices = tuple(
            Choice(option, None, self.with_throw(option.throw).query)
            for option in discard_options(self.cards, self.seat, players=self.players)
        )
        return self.analysis_of(choices)


def pick_prompt(picked: int, dealt: int) -> str:
    """What to pick next of the ``dealt`` cards, ``picked`` in; "" when they are all in."""
    missing = dealt - picked
    if missing == dealt:
        return f"Pick the {dealt} cards you were dealt."
    if missing:
        return f"Pick {missing} more {'card' if missing == 1 else 'cards'}."
    return ""
