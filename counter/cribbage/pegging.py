"""The play (pegging): points for laying a card on the current series.

A series is the cards laid since the count was last 0. Laying a card scores, all that
apply: fifteen (2), thirty-one (2), pairs counted back from the card (2, 6 or 12 for two,
three or four of a rank in a row) and the longest run formed by the last cards laid, in
any order, no rank repeated. The go, or last card, is 1 to the last player to lay a card
when no one can play, unless the count is 31.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import Card, CardError, ensure_distinct, parse_card

__all__ = [
    "GO",
    "PegItem",
    "PegKind",
    "PeggingError",
    "Play",
    "peg_sequence",
    "score_play",
    "series_count",
]

GO = "go"
MAX_COUNT = 31
_PAIR_POINTS = {2: 2, 3: 6, 4: 12}


class PeggingError(CardError):
    """A card or go that cannot happen in the play; the message says why."""


class PegKind(Enum):
    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    GO = "go"


@dataclass(frozen=True, slots=True)
class PegItem:
    kind: PegKind
    points: int


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
            f"{card.code} would make the count {count}: the count may not pass {MAX_COUNT}"
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
