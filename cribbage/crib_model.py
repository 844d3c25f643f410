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
3,000 deals played out); see the README.

**The settling** (Hessel's method, also tabulated by Colvert, Rasmussen and Schell).
Deal ``DEALS`` pairs of six-card hands, seeded by ``SEED``. Start from the random model.
Each round, the dealer of every deal throws the two that maximise hand + crib and the pone
the two that maximise hand - crib, each valuing the crib by the other seat's current odds;
the classes thrown give both seats' new odds. The same deals are used every round, so the
rounds stop when no one's throw changes (or after ``ROUNDS``), and the change from round
to round is the model's own, not sampling noise. The odds are in ``crib_model_data``;
``python -m cribbage.crib_model`` works them out again and writes that module.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from multiprocessing import Pool
from operator import mul

from .cards import DECK, RANK_PRIMES, Card, Rank, Suit
from .show import RANK_POINTS, show_total

__all__ = [
    "DEALS",
    "ROUNDS",
    "SEED",
    "CribOdds",
    "ThrowOdds",
    "pair_values",
    "settle",
    "throw_class",
    "throw_odds",
]

DEALS = 15_000
ROUNDS = 8
SEED = "crib-model-1"

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
            suited = sum(same[a][b] for a, b in combinations(cards, 2))
            self.flush[suit] = 5 * suited / total * (suits_left[suit] - 2) / starters

    def expected_score(self, throw: tuple[Card, Card]) -> float:
        """The crib's expected total with these two of yours in it."""
        first, second = throw
        throw_key = first.prime * second.prime
        keys = [throw_key * key for key in self.draw_keys]
        expected = sum(map(mul, self.draw_odds, map(_POINTS, keys)))
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
    (to the other's), as settled in ``crib_model_data``."""
    from .crib_model_data import DEALER, PONE

    counts = {}
    for entry in (DEALER if dealer else PONE).split():
        name, count = entry.split(":")
        counts[name] = int(count)
    return ThrowOdds.counted(counts)


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


# --- settling --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the settling: the odds it gave and how far they moved."""

    dealer: ThrowOdds
    pone: ThrowOdds
    changed: int
    """Throws that differ from the round before (of 2 x ``DEALS``)."""
    moved: float
    """The largest change in any of the 2 x 91 pair values, in points."""


def deal_sixes(deals: int, seed: str) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The dealer's six and the pone's six of each deal, shuffled from ``seed``."""
    rng = random.Random(seed)
    sixes = []
    for _ in range(deals):
        cards = rng.sample(DECK, 12)
        sixes.append((tuple(sorted(cards[:6])), tuple(sorted(cards[6:]))))
    return sixes


def _hand_totals(six: tuple[Card, ...]) -> tuple[int, ...]:
    unseen = [card for card in DECK if card not in six]
    totals = []
    for throw in combinations(six, 2):
        keep = [card for card in six if card not in throw]
        totals.append(sum(show_total(keep, starter) for starter in unseen))
    return tuple(totals)


# Each process of the settling keeps the hands' totals it has worked out: they do not
# change from round to round.
_HANDS: dict[tuple[Card, ...], tuple[int, ...]] = {}


def best_throw(six: tuple[Card, ...], dealer: bool, odds: ThrowOdds) -> tuple[Card, Card]:
    """The two a player throws by hand and crib expectation, the other seat throwing by
    ``odds``: the first of the best in the order of ``combinations`` of the sorted six."""
    totals = _HANDS.get(six)
    if totals is None:
        totals = _HANDS[six] = _hand_totals(six)
    unseen = [card for card in DECK if card not in six]
    crib = CribOdds(unseen, odds)
    sign = 1 if dealer else -1
    best, best_net = None, float("-inf")
    for throw, hand_total in zip(combinations(six, 2), totals, strict=True):
        net = hand_total / len(unseen) + sign * crib.expected_score(throw)
        if net > best_net + 1e-12:
            best, best_net = throw, net
    return best


def _throws(job: tuple[list[tuple[Card, ...]], bool, ThrowOdds]) -> list[tuple[Card, Card]]:
    sixes, dealer, odds = job
    return [best_throw(six, dealer, odds) for six in sixes]


def settle(
    deals: int = DEALS,
    seed: str = SEED,
    rounds: int = ROUNDS,
    workers: int | None = None,
    report: Callable[[Round], None] | None = None,
) -> list[Round]:
    """Iterate both seats' throws until they settle (no throw changes) or for ``rounds``;
    every round, first to last, each told to ``report`` as it ends. ``workers=1`` plays
    them in this process, else on a pool (one process per core by default)."""
    if workers == 1:
        return _settle(deal_sixes(deals, seed), rounds, map, report)
    with Pool(workers) as pool:
        return _settle(deal_sixes(deals, seed), rounds, pool.map, report)


def _settle(sixes, rounds, map_jobs, report) -> list[Round]:
    deals = len(sixes)
    dealer_sixes = [dealer for dealer, _ in sixes]
    pone_sixes = [pone for _, pone in sixes]
    chunk = 500
    dealer_odds = pone_odds = ThrowOdds.random()
    values = pair_values(dealer_odds, pone_odds)
    before: list[tuple[Card, Card]] = []
    history: list[Round] = []
    for _ in range(rounds):
        jobs = [(dealer_sixes[i : i + chunk], True, pone_odds) for i in range(0, deals, chunk)]
        jobs += [(pone_sixes[i : i + chunk], False, dealer_odds) for i in range(0, deals, chunk)]
        throws = [throw for part in map_jobs(_throws, jobs) for throw in part]
        dealer_odds = ThrowOdds.tally(throw_class(*throw) for throw in throws[:deals])
        pone_odds = ThrowOdds.tally(throw_class(*throw) for throw in throws[deals:])
        changed = sum(a != b for a, b in zip(before, throws, strict=True)) if before else deals * 2
        new_values = pair_values(dealer_odds, pone_odds)
        moved = max(
            max(abs(a.own - b.own), abs(a.others - b.others))
            for a, b in zip(values, new_values, strict=True)
        )
        history.append(Round(dealer_odds, pone_odds, changed, moved))
        if report is not None:
            report(history[-1])
        values, before = new_values, throws
        if not changed:
            break
    return history


def _odds_text(odds: ThrowOdds) -> str:
    entries = [f"{name}:{odds.counts[name]}" for name in CLASSES]
    return "\n".join(" ".join(entries[i : i + 10]) for i in range(0, len(entries), 10))


def _report(done: Round) -> None:
    print(f"{done.changed:,} throws changed, pair values moved {done.moved:.4f}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> None:
    """Settle the odds and write the module ``crib_model_data`` to stdout."""
    args = list(sys.argv[1:] if argv is None else argv)
    deals = int(args[0]) if args else DEALS
    history = settle(deals, report=_report)
    last = history[-1]
    lines = "\n".join(
        f"  round {i}: {r.changed:,} throws changed, pair values moved {r.moved:.4f}"
        for i, r in enumerate(history, 1)
    )
    sys.stdout.write(
        '"""Written by ``python -m cribbage.crib_model``: see ``crib_model``.\n\n'
        f"{deals:,} deals, seed {SEED!r}; the rounds of the settling:\n{lines}\n\n"
        "Each entry is class:throws, how many of the deals' good throws were of that class.\n"
        '"""\n\n'
        f"DEALS = {deals}\n\n"
        f'DEALER = """\n{_odds_text(last.dealer)}\n"""\n\n'
        f'PONE = """\n{_odds_text(last.pone)}\n"""\n'
    )


if __name__ == "__main__":
    main()
