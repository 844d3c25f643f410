"""The settling of the crib model (Hessel's method, also tabulated by Colvert, Rasmussen
and Schell): how a good player throws to the crib in each seat (``cribbage.crib_model``).

Deal ``DEALS`` pairs of six-card hands, seeded by ``SEED``. Start from the random model.
Each round, the dealer of every deal throws the two that maximise hand + crib and the pone
the two that maximise hand - crib, each valuing the crib by the other seat's current odds;
the classes thrown give both seats' new odds. The same deals are used every round, so the
rounds stop when no one's throw changes (or after ``ROUNDS``), and the change from round
to round is the model's own, not sampling noise.

It writes ``crib_model.csv``, the last round's throws counted in each class with the
round before's (the odds the last round threw against), and ``crib_throws.csv``, the last
round's throw in each deal, so that a few deals can be thrown again and compared.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..cards import DECK, Card, format_cards
from ..crib_model import CLASSES, FILE, CribOdds, ThrowOdds, pair_values, throw_class
from ..show import show_total
from . import data_file, revision

__all__ = [
    "DEALS",
    "ROUNDS",
    "SEED",
    "THROWS_FILE",
    "Round",
    "best_throw",
    "deal_sixes",
    "make",
    "settle",
]

DEALS = 15_000
ROUNDS = 8
SEED = "crib-model-1"
THROWS_FILE = "crib_throws.csv"
_CHUNK = 500


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the settling: the throws, the odds they gave and how far they moved."""

    dealer: ThrowOdds
    pone: ThrowOdds
    changed: int
    """Throws that differ from the round before (of 2 x ``DEALS``)."""
    moved: float
    """The largest change in any of the 2 x 91 pair values, in points."""
    throws: tuple[tuple[Card, Card], ...] = ()
    """Each deal's dealer's throw, then each deal's pone's."""


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
    assert best is not None
    return best


_Job = tuple[list[tuple[Card, ...]], bool, ThrowOdds]
"""Some deals' sixes, whether they are the dealer's, and the other seat's odds."""


def _throws(job: _Job) -> list[tuple[Card, Card]]:
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
    from multiprocessing import Pool  # here: importing a generator loads no process pool

    with Pool(workers) as pool:
        return _settle(deal_sixes(deals, seed), rounds, pool.map, report)


def _settle(
    sixes: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]],
    rounds: int,
    map_jobs: Callable[
        [Callable[[_Job], list[tuple[Card, Card]]], list[_Job]], Iterable[list[tuple[Card, Card]]]
    ],
    report: Callable[[Round], None] | None,
) -> list[Round]:
    deals = len(sixes)
    dealer_sixes = [dealer for dealer, _ in sixes]
    pone_sixes = [pone for _, pone in sixes]
    dealer_odds = pone_odds = ThrowOdds.random()
    values = pair_values(dealer_odds, pone_odds)
    before: list[tuple[Card, Card]] = []
    history: list[Round] = []
    for _ in range(rounds):
        jobs = [(dealer_sixes[i : i + _CHUNK], True, pone_odds) for i in range(0, deals, _CHUNK)]
        jobs += [(pone_sixes[i : i + _CHUNK], False, dealer_odds) for i in range(0, deals, _CHUNK)]
        throws = [throw for part in map_jobs(_throws, jobs) for throw in part]
        dealer_odds = ThrowOdds.tally(throw_class(*throw) for throw in throws[:deals])
        pone_odds = ThrowOdds.tally(throw_class(*throw) for throw in throws[deals:])
        changed = sum(a != b for a, b in zip(before, throws, strict=True)) if before else deals * 2
        new_values = pair_values(dealer_odds, pone_odds)
        moved = max(
            max(abs(a.own - b.own), abs(a.others - b.others))
            for a, b in zip(values, new_values, strict=True)
        )
        history.append(Round(dealer_odds, pone_odds, changed, moved, tuple(throws)))
        if report is not None:
            report(history[-1])
        values, before = new_values, throws
        if not changed:
            break
    return history


def _report(done: Round) -> None:
    print(f"{done.changed:,} throws changed, pair values moved {done.moved:.4f}", file=sys.stderr)


def texts(history: Sequence[Round], deals: int = DEALS) -> dict[str, str]:
    """The data files of a settling of two rounds or more: the odds of its last round and
    the round before, and the last round's throws."""
    command = "python -m cribbage.tablegen crib_model"
    seed = f"{SEED}, {deals:,} deals, {ROUNDS} rounds at most"
    made = revision(__name__)
    before, last = history[-2:]
    rounds = [
        f"round {i}: {r.changed:,} throws changed, pair values moved {r.moved:.4f}"
        for i, r in enumerate(history, 1)
    ]
    columns = [_counts(odds) for odds in (last.dealer, last.pone, before.dealer, before.pone)]
    odds_file = data_file(
        "How a good player throws to the crib, by seat: see cribbage.crib_model.",
        command,
        seed,
        made,
        [
            *rounds,
            "dealer, pone: how many of the last round's throws were of the class;",
            "dealer_before, pone_before: of the round before's, which the last threw against.",
        ],
        ("class", "dealer", "pone", "dealer_before", "pone_before"),
        ((name, *(column[name] for column in columns)) for name in CLASSES),
    )
    throws = data_file(
        "The last round of the crib model's settling: each deal's throws.",
        command,
        seed,
        made,
        ["deal: the deal's index among those the seed deals (deal_sixes)."],
        ("deal", "dealer", "pone"),
        (
            (i, format_cards(last.throws[i]), format_cards(last.throws[deals + i]))
            for i in range(deals)
        ),
    )
    return {FILE: odds_file, THROWS_FILE: throws}


def _counts(odds: ThrowOdds) -> dict[str, int]:
    assert odds.counts is not None, "the odds of a round are counted"
    return odds.counts


def make(workers: int | None = None) -> dict[str, str]:
    """Settle the odds from ``SEED``: the data files by name."""
    return texts(settle(DEALS, SEED, ROUNDS, workers, _report), DEALS)
