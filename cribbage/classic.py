"""The ``classic`` computer: the textbook player, a yardstick for ``strong``.

It discards by the exact expected value of hand and crib alone (``discard_options``: the
hand plus the crib as dealer, minus it as pone; no pegging term), and plays by a fixed
list of priorities from the cribbage literature (the advice of Colvert's *Play Winning
Cribbage* and the club handbooks). It counts no cards: each rule looks only at its own
hand and the series on the table.

The lead (whenever the count is 0), the first rule that names a card decides:

1. never a five while it holds anything else (a ten-card makes fifteen on it);
2. from a pair: if the other player pairs it, the third card is a pair royal;
3. holding a five, a ten-card, the five's partner: a five laid on it makes fifteen for
   the other player, and the five kept pairs it back;
4. low: the highest card under five (a four is the textbook lead), on which no card
   makes fifteen;
5. else the lowest card.

After the lead:

1. the lay that scores most now: a pair royal or double pair royal, a run, fifteen or 31,
   a pair, the go (so it pegs out whenever a card can). Between lays that score alike: the
   one that leaves the count off 5 and 21, then fifteen or 31 before a pair (a pair
   invites a pair royal), then the higher card;
2. when nothing scores: a card that keeps the count off 5 and 21, where a ten-card makes
   fifteen or 31, and does not set up a run (a card one or two ranks from the one before
   lets the other player lay the third of a run); the run rule is dropped when no card
   meets both, then the count rule;
3. of those, the highest card: the low ones are saved for the go and for 31.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .discard import CRIB_MODEL, Role, discard_options
from .pegging import PlayState
from .rules import MAX_COUNT

__all__ = ["DANGER_COUNTS", "classic_discard", "classic_lay", "classic_lead"]

DANGER_COUNTS = (5, 21)
"""Counts a ten-card turns into fifteen or 31."""
_TEN = 10


def classic_discard(cards: Iterable[Card], role: Role) -> tuple[Card, Card]:
    """The two cards classic throws: the best net expected value of hand and crib."""
    best = max(discard_options(cards, role, CRIB_MODEL), key=lambda option: option.net_ev)
    return best.throw[0], best.throw[1]


def classic_lead(hand: Sequence[Card]) -> Card:
    """The card classic leads from ``hand`` (the count is 0)."""
    cards = sorted(hand, key=lambda card: (card.rank, card))
    others = [card for card in cards if card.value != 5] or cards
    ranks = [int(card.rank) for card in others]
    paired = [card for card in others if ranks.count(int(card.rank)) > 1]
    if paired:
        return paired[0]
    if len(others) < len(cards):
        tens = [card for card in others if card.value == _TEN]
        if tens:
            return tens[0]
    low = [card for card in others if card.value < 5]
    if low:
        return low[-1]
    return others[0]


def classic_lay(hand: Sequence[Card], play: PlayState) -> Card:
    """The card classic lays on ``play`` (a card of ``hand`` must fit)."""
    fitting = sorted(play.playable(hand), key=lambda card: (card.rank, card))
    if not fitting:
        raise ValueError("no card fits: the player must say go")
    if play.count == 0:
        return classic_lead(fitting)
    scored = [(_points(play, card), card) for card in fitting]
    most = max(points for points, _ in scored)
    if most:
        return max(
            (card for points, card in scored if points == most),
            key=lambda card: (
                play.count + card.value not in DANGER_COUNTS,
                not _pairs(play, card),
                card.rank,
            ),
        )
    safe = [card for card in fitting if play.count + card.value not in DANGER_COUNTS]
    no_run = [card for card in safe if not _sets_up_run(play, card)]
    return max(no_run or safe or fitting, key=lambda card: (card.rank, card))


def _points(play: PlayState, card: Card) -> int:
    return sum(item.points for item in play.lay(card)[1])


def _pairs(play: PlayState, card: Card) -> bool:
    return bool(play.series) and play.series[-1].rank == card.rank


def _sets_up_run(play: PlayState, card: Card) -> bool:
    """Whether the card is one or two ranks from the last one laid: a third card could
    make a run of three."""
    if not play.series or play.count + card.value >= MAX_COUNT:
        return False
    return 0 < abs(int(play.series[-1].rank) - int(card.rank)) <= 2
