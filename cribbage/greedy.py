"""The greedy player, the computer's baseline level: it keeps the four cards that score most
by themselves, and lays the card that scores most now. The other levels and the table's
computer fall back on its play."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from .cards import DECK, Card
from .pegging import PlayState, score_play
from .rules import HAND_SIZE, MAX_COUNT
from .show import RANK_POINTS, rank_key

__all__ = ["four_card_points", "gives_nothing_away", "greedy_discard", "greedy_lay"]


def four_card_points(cards: Sequence[Card]) -> int:
    """What four cards score by themselves: fifteens, pairs, runs and a four-card flush."""
    points = RANK_POINTS[rank_key(card.rank for card in cards)]
    if len({card.suit for card in cards}) == 1:
        points += 4
    return points


def greedy_discard(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards greedy throws from the six (or five) dealt: it keeps the four that score
    most by themselves, the first such four in card order on a tie."""
    cards = tuple(sorted(cards))
    best = max(combinations(cards, HAND_SIZE), key=four_card_points)  # max keeps the first best
    return tuple(card for card in cards if card not in best)


def gives_nothing_away(play: PlayState, card: Card, unseen: Iterable[Card]) -> bool:
    """Whether no unseen card would score if laid on ``card`` (a fifteen, 31, pair or run)."""
    series = (*play.series, card)
    count = play.count + card.value
    return not any(
        score_play(series, other) for other in unseen if count + other.value <= MAX_COUNT
    )


def greedy_lay(hand: Sequence[Card], play: PlayState, seen: Iterable[Card]) -> Card:
    """The card greedy lays: the one that scores most now (the lowest on a tie); when none
    scores, the lowest that gives nothing away; else the lowest card."""
    fitting = sorted(play.playable(hand))
    scored = [(sum(item.points for item in play.lay(card)[1]), card) for card in fitting]
    most = max(points for points, _ in scored)
    if most:
        return next(card for points, card in scored if points == most)
    seen = set(seen)
    unseen = _one_per_rank(card for card in DECK if card not in seen)
    for card in fitting:
        if gives_nothing_away(play, card, unseen):
            return card
    return fitting[0]


def _one_per_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    """One card of each rank present: the play depends on ranks only."""
    by_rank: dict[int, Card] = {}
    for card in cards:
        by_rank.setdefault(card.rank, card)
    return tuple(by_rank.values())
