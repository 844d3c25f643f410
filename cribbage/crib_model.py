"""The realistic crib: what a crib is worth when the other player throws as a good player.

The random model (``discard``) lets the other player throw any two of the unseen cards,
all 1,035 pairs alike. A good player does not: as dealer they throw fives and touching
cards to their own crib, as pone wide, ten-heavy cards to yours. This module holds how a
good player in each seat throws, and values a crib with it.

**The model.** A throw's class is its two ranks and, for two ranks that differ, whether
they share a suit (``78s``, ``78o``, ``55``: 169 classes). ``ThrowOdds`` gives, for one
seat, the share of a good player's throws in each class. Given the cards you know (your
six, or your two thrown), the other player's throw is any two unseen cards with odds in
proportion to their class's share divided by the number of pairs of that class in a full
deck; the starter is then any of the other unseen cards alike. Every crib (your two, their
two, the starter) is valued exactly from there: fifteens, pairs and runs on ranks, the
five-card flush and nobs on the cards. What the model leaves out: the other player's throw
also depends on the cards you hold (it is taken from the unseen cards with the settled
odds, not re-derived from the hands they could hold), and the starter is taken as
independent of the four they keep. Played out card by card, that reads a crib 0.1-0.3
points low for middle cards a pone gives a good dealer (7-8: 7.30 here, 7.62 ± 0.16 in
3,000 deals played out); see docs/crib-model.md.

**The settling** (Hessel's method, also tabulated by Colvert, Rasmussen and Schell):
from the random model, round after round, the dealer of every one of many deals throws the
two that maximise hand + crib and the pone the two that maximise hand - crib, each valuing
the crib by the other seat's current odds, until the throws settle
(``cribbage.tablegen.crib_model``). The settled odds are the data file ``crib_model.csv``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from operator import mul

from . import data
from .cards import DECK, RANK_PRIMES, Card, Rank, Suit
from .show import RANK_POINTS

__all__ = [
    "CLASSES",
    "FILE",
    "CribOdds",
    "PairValue",
    "ThrowOdds",
    "pair_values",
    "throw_class",
    "throw_odds",
]

FILE = "crib_model.csv"
_RANKS = range(1, 14)
_POINTS = RANK_POINTS.__getitem__
_LETTERS = {int(rank): rank.letter for rank in Rank}
_BY_LETTER = {letter: rank for rank, letter in _LETTERS.items()}


def throw_class(first: Card, second: Card) -> str:
    """The class of two cards thrown: ``55``, ``78s`` (one suit) or ``78o`` (two)."""
    low, high = sorted((int(first.rank), int(second.rank)))
    word = _LETTERS[low] + _LETTERS[high]
    if low == high:
        return word
    return word + ("s" if first.suit is second.suit else "o")


def _classes() -> list[str]:
    names = []
    for low in _RANKS:
        for high in range(low, 14):
            word = _LETTERS[low] + _LETTERS[high]
            names.extend([word] if low == high else [word + "s", word + "o"])
    return names


CLASSES = tuple(_classes())
"""The 169 classes of two cards thrown, lowest ranks first."""


def _pairs_in_deck(name: str) -> int:
    if len(name) == 2:
        return comb(4, 2)
    return 4 if name.endswith("s") else 12


@dataclass(frozen=True, slots=True)
class ThrowOdds:
    """How a player in one seat throws: the share of their throws in each of the 169
    classes (summing to 1)."""

    shares: dict[str, float]
    counts: dict[str, int] | None = None
    """The throws counted in each class, when the odds were counted."""

    @classmethod
    def random(cls) -> ThrowOdds:
        """Any two cards alike: each class in proportion to its pairs in the deck."""
        return cls({name: _pairs_in_deck(name) / comb(52, 2) for name in CLASSES})

    @classmethod
    def tally(cls, thrown: Iterable[str]) -> ThrowOdds:
        """The odds of the classes thrown, as counted."""
        counts = dict.fromkeys(CLASSES, 0)
        for name in thrown:
            counts[name] += 1
        return cls.counted(counts)

    @classmethod
    def counted(cls, counts: dict[str, int]) -> ThrowOdds:
        """The odds of throws counted in each class."""
        total = sum(counts.values())
        return cls({name: n / total for name, n in counts.items()}, dict(counts))

    @property
    def weights(self) -> _Weights:
        return _weights(tuple(self.shares[name] for name in CLASSES))


class _Weights:
    """A seat's odds per pair of cards, by ranks: ``same[a][b]`` for two cards of one suit,
    ``other[a][b]`` for two suits (a pair is always two suits)."""

    def __init__(self, shares: tuple[float, ...]) -> None:
        self.same = [[0.0] * 14 for _ in range(14)]
        self.other = [[0.0] * 14 for _ in range(14)]
        for name, share in zip(CLASSES, shares, strict=True):
            low, high = _BY_LETTER[name[0]], _BY_LETTER[name[1]]
            table = self.same if name.endswith("s") else self.other
            table[low][high] = table[high][low] = share / _pairs_in_deck(name)


@cache
def _weights(shares: tuple[float, ...]) -> _Weights:
    return _Weights(shares)


class CribOdds:
    """The other player's two crib cards and the starter, with a seat's throw odds, given
    the cards still unseen: the expected crib of each two you may throw.

    Shared by all 15 throws of a hand (the work is in the constructor)."""

    def __init__(self, unseen: Sequence[Card], odds: ThrowOdds) -> None:
        w = odds.weights
        same, other = w.same, w.other
        n = [0] * 14
        has = {suit: [0] * 14 for suit in Suit}
        for card in unseen:
            n[card.rank] += 1
            has[card.suit][card.rank] = 1
        suits_left = {suit: sum(has[suit]) for suit in Suit}
        starters = len(unseen) - 2

        # Each rank pair's odds of being thrown (not yet divided by their sum).
        pair_weight = {}
        for a in _RANKS:
            if n[a] >= 2:
                pair_weight[a, a] = other[a][a] * comb(n[a], 2)
            for b in range(a + 1, 14):
                both = n[a] * n[b]
                if both:
                    suited = sum(has[suit][a] * has[suit][b] for suit in Suit)
                    pair_weight[a, b] = same[a][b] * suited + other[a][b] * (both - suited)
        total = sum(pair_weight.values())
        self.total = total

        # Fifteens, pairs and runs: the odds of each rank multiset of the three unknown
        # crib cards, the two thrown and the starter left.
        draws: dict[int, float] = {}
        for (a, b), weight in pair_weight.items():
            if not weight:
                continue
            key_ab = RANK_PRIMES[a] * RANK_PRIMES[b]
            for r in _RANKS:
                ways = n[r] - (r == a) - (r == b)
                if ways > 0:
                    key = key_ab * RANK_PRIMES[r]
                    draws[key] = draws.get(key, 0.0) + weight * ways
        scale = 1 / (total * starters)
        self.draw_keys = list(draws)
        self.draw_odds = [weight * scale for weight in draws.values()]

        # Each unseen card's odds of being thrown, and of being thrown with one of its suit.
        def thrown(rank: int, suit: Suit) -> tuple[float, float]:
            with_suit = sum(same[rank][b] * has[suit][b] for b in _RANKS if b != rank)
            with_other = sum(
                other[rank][b] * (n[b] - has[suit][b]) for b in _RANKS if b != rank
            ) + other[rank][rank] * (n[rank] - 1)
            return (with_suit + with_other) / total, with_suit / total

        # A jack of yours scores nobs when the starter is of its suit.
        self.own_nobs = {}
        for suit in Suit:
            in_throw = sum(thrown(r, suit)[0] for r in _RANKS if has[suit][r])
            self.own_nobs[suit] = (suits_left[suit] - in_throw) / starters
        # A jack of theirs scores it when thrown and the starter matches: of the other
        # unseen cards of its suit, one fewer if the card thrown with it is of its suit.
        self.their_nobs = 0.0
        for suit in Suit:
            if has[suit][Rank.JACK]:
                p, with_suit = thrown(Rank.JACK, suit)
                self.their_nobs += (p * (suits_left[suit] - 1) - with_suit) / starters
        # Five of a suit: their two of your suit, then a starter of it too.
        self.flush = {}
        for suit in Suit:
            cards = [r for r in _RANKS if has[suit][r]]
            pairs = sum(same[a][b] for a, b in combinations(cards, 2))
            self.flush[suit] = 5 * pairs / total * (suits_left[suit] - 2) / starters

    def expected_score(self, throw: tuple[Card, ...]) -> float:
        """The crib's expected total with these two of yours in it."""
        first, second = throw
        throw_key = first.prime * second.prime
        keys = [throw_key * key for key in self.draw_keys]
        expected: float = sum(map(mul, self.draw_odds, map(_POINTS, keys)))
        expected += self.their_nobs
        for card in throw:
            if card.rank is Rank.JACK:
                expected += self.own_nobs[card.suit]
        if first.suit is second.suit:
            expected += self.flush[first.suit]
        return expected


# --- the settled odds ------------------------------------------------------------------


@cache
def throw_odds(dealer: bool) -> ThrowOdds:
    """How a good player throws as dealer (``dealer=True``, to their own crib) or as pone
    (to the other's), as settled in ``crib_model.csv``."""
    column = 1 if dealer else 2
    return ThrowOdds.counted({row[0]: int(row[column]) for row in data.rows(FILE)})


@dataclass(frozen=True, slots=True)
class PairValue:
    """The expected crib with two cards of these ranks thrown to it, knowing only those
    two: to your own crib (the pone throwing the rest) and to the other's (the dealer)."""

    ranks: tuple[int, int]
    own: float
    others: float


def pair_values(dealer_odds: ThrowOdds, pone_odds: ThrowOdds) -> tuple[PairValue, ...]:
    """The discard table: for each of the 91 rank pairs, averaged over their suits (one
    suit in 4 of 16 ways for two ranks that differ), the crib to your own and the other's."""
    spades, hearts = Suit.SPADES, Suit.HEARTS
    values = []
    for low in _RANKS:
        for high in range(low, 14):
            throws = [((Card(low, spades), Card(high, hearts)), 1.0)]
            if low != high:
                throws = [((Card(low, spades), Card(high, hearts)), 0.75)]
                throws.append(((Card(low, spades), Card(high, spades)), 0.25))
            own = others = 0.0
            for throw, share in throws:
                unseen = [card for card in DECK if card not in throw]
                own += share * CribOdds(unseen, pone_odds).expected_score(throw)
                others += share * CribOdds(unseen, dealer_odds).expected_score(throw)
            values.append(PairValue((low, high), own, others))
    return tuple(values)
