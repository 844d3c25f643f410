"""How often each total occurs over every possible deal of four cards and a starter.

There are C(52, 4) * 48 = 12,994,800 (hand, starter) deals. Rather than counting each,
deals are grouped by their ranks: fifteens, pairs and runs depend only on the hand's rank
multiset and the starter's rank, and what the suits add (flush, nobs) depends only on a
few facts about those ranks, so each such case is counted once over its suit assignments
and reused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product
from math import comb

from .cards import Card, Rank, Suit
from .show import MAX_SHOW, RANK_POINTS, rank_key, show_total

__all__ = ["DEALS", "MAX_SHOW", "ShowDistribution", "show_distribution"]

DEALS = comb(52, 4) * 48


@dataclass(frozen=True, slots=True)
class ShowDistribution:
    """The number of deals scoring each total from 0 to 29."""

    crib: bool
    counts: tuple[int, ...]

    @property
    def deals(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float:
        return float(Fraction(sum(t * n for t, n in enumerate(self.counts)), self.deals))


_SuitCase = tuple[tuple[int, ...], int, int, bool]


def show_distribution(crib: bool = False) -> ShowDistribution:
    """Count every (4-card hand, starter) deal by its total, with hand or crib rules."""
    counts = [0] * (MAX_SHOW + 1)
    suit_bonuses: dict[_SuitCase, Counter[int]] = {}
    for hand_ranks in combinations_with_replacement(Rank, 4):
        in_hand = Counter(hand_ranks)
        for starter_rank in Rank:
            if in_hand[starter_rank] == 4:
                continue
            base = RANK_POINTS[rank_key((*hand_ranks, starter_rank))]
            case = _suit_case(in_hand, starter_rank)
            bonuses = suit_bonuses.get(case)
            if bonuses is None:
                bonuses = suit_bonuses[case] = _bonuses(hand_ranks, starter_rank, base, crib)
            for bonus, deals in bonuses.items():
                counts[base + bonus] += deals
    return ShowDistribution(crib=crib, counts=tuple(counts))


def _suit_case(in_hand: Counter[Rank], starter_rank: Rank) -> _SuitCase:
    """What decides the flush and nobs odds: how many cards of each rank the hand holds
    (which rank does not matter), how many share the starter's rank, how many are jacks,
    and whether the starter is a jack."""
    return (
        tuple(sorted(in_hand.values())),
        in_hand[starter_rank],
        in_hand[Rank.JACK],
        starter_rank is Rank.JACK,
    )


def _bonuses(
    hand_ranks: tuple[Rank, ...], starter_rank: Rank, base: int, crib: bool
) -> Counter[int]:
    """Points the suits add (flush, nobs) over every suit assignment of these ranks."""
    in_hand = Counter(hand_ranks)
    choices = [combinations(Suit, times) for times in in_hand.values()]
    bonuses: Counter[int] = Counter()
    for suits_by_rank in product(*map(list, choices)):
        hand = [
            Card(rank, suit)
            for rank, suits in zip(in_hand, suits_by_rank, strict=True)
            for suit in suits
        ]
        for starter_suit in Suit:
            starter = Card(starter_rank, starter_suit)
            if starter not in hand:
                bonuses[show_total(hand, starter, crib) - base] += 1
    return bonuses
