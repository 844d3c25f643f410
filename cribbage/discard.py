"""Discard values: what each keep-four/throw-two choice of a six-card hand is worth.

For each of the 15 choices: the exact expected hand score over the 46 unseen starters,
and the exact expected crib score over every pair the opponent may throw from the 46
unseen cards (1,035, equally likely) and every one of the 44 starters left. The dealer
owns the crib (net = hand + crib); the pone gives it away (net = hand - crib). Heels and
pegging are not included.

Fifteens, pairs and runs in the crib depend only on ranks, so the expectation over the
three unknown crib cards (two thrown, one starter: every 3-card subset of the unseen cards
is equally likely) is taken over their rank multisets, weighted by how many ways each can
be drawn. Nobs and the five-card flush are counted exactly on their own.

That is the random model (``CribModel.RANDOM``, ``discard_options``' default): the other
player's two are any two unseen cards alike. ``CribModel.GOOD`` has them thrown as a good
player in their seat throws (``crib_model``): the same exact count over the pairs and
starters, each pair weighted by how often a good player throws its ranks, suited or not.
The trainer judges every throw by that one (``CRIB_MODEL``).

At three and four players (``discard_options(..., players=3)``) each is dealt five and throws one:
the five keep-four/throw-one choices, the hand over the 47 unseen starters and the crib
over every four cards it and the starter may still take from them (at three, the other
two players' throws and the deck's card; at four, the other three throws), all equally
likely, by the same rank-multiset count. The dealer and, at four, the dealer's partner
own the crib; an opponent gives it away.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

from .cards import DECK, Card, CardError, Rank, ensure_distinct
from .crib_model import CribOdds, throw_odds
from .rules import DEALT_EACH, HAND_SIZE, THROWN_EACH
from .seating import Role, Seating
from .show import RANK_POINTS, rank_key, show_total

__all__ = [
    "CRIB_MODEL",
    "CribModel",
    "DiscardOption",
    "HandSpread",
    "Role",
    "discard_options",
    "hand_spread",
]


class CribModel(Enum):
    """How the other player's two crib cards are taken to be thrown."""

    GOOD = "good"
    """As a good player in their seat throws them (settled in ``crib_model``)."""
    RANDOM = "random"
    """Any two of the unseen cards alike."""


CRIB_MODEL = CribModel.GOOD
"""The model the trainer judges a throw by, everywhere alike: the game review, the quizzes,
the analyser's default, the hints and the computer's own discards. One model, so that a
throw the review calls best is the analyser's best and the quiz's."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One choice: the four cards kept, the two thrown to the crib, and their values."""

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    net_ev: float


@dataclass(frozen=True, slots=True)
class HandSpread:
    """What a kept hand scores with each of the starters it may get (46, or 47 of five)."""

    keep: tuple[Card, ...]
    totals: tuple[tuple[Card, int], ...]
    """Each unseen starter and the hand's total with it, best first."""

    @property
    def worst(self) -> int:
        return min(total for _, total in self.totals)

    @property
    def best(self) -> int:
        return max(total for _, total in self.totals)

    @property
    def mean(self) -> float:
        return sum(total for _, total in self.totals) / len(self.totals)

    @property
    def chance_of_twelve(self) -> float:
        """The share of the starters with which the hand scores 12 or more: a big hand."""
        return self.chance_of_at_least(12)

    def chance_of_at_least(self, points: int) -> float:
        """The share of the starters with which the hand scores ``points`` or more."""
        return sum(total >= points for _, total in self.totals) / len(self.totals)

    def top_starters(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The best totals and the starters that give each, best first (at most three)."""
        by_total: dict[int, list[Card]] = {}
        for starter, total in self.totals:
            by_total.setdefault(total, []).append(starter)
        return tuple((total, tuple(by_total[total])) for total in sorted(by_total)[::-1][:3])


def hand_spread(keep: Iterable[Card], thrown: Iterable[Card]) -> HandSpread:
    """The kept four's total with each starter not among the cards dealt: 46 starters for
    six dealt (two players), 47 for five (three and four)."""
    keep, thrown = tuple(keep), tuple(thrown)
    dealt = {*keep, *thrown}
    if len(keep) != HAND_SIZE or len(dealt) != len(keep) + len(thrown) or len(thrown) not in (1, 2):
        raise CardError(
            f"a spread is of {HAND_SIZE} cards kept from {DEALT_EACH} or 5 distinct cards"
        )
    totals = [(starter, show_total(keep, starter)) for starter in DECK if starter not in dealt]
    totals.sort(key=lambda pair: (-pair[1], pair[0].index))
    return HandSpread(keep, tuple(totals))


def discard_options(
    cards: Iterable[Card],
    role: Role,
    crib_model: CribModel = CribModel.RANDOM,
    *,
    players: int = 2,
) -> tuple[DiscardOption, ...]:
    """Every way to throw to the crib from the cards dealt to a seat whose ``role`` it is
    at a table of ``players``, best net value first: the 15 keep-4/throw-2 choices of a
    six-card hand at two, the 5 keep-4/throw-1 choices of a five at three or four.

    At two ``crib_model`` says how the other player's two crib cards are thrown: at
    random (the default) or as a good player throws them. At three and four the crib's
    other cards are any four the deck still holds, all alike (the random model only), and
    the crib counts for the dealer and, at four, the dealer's partner, against an
    opponent. CardError names a hand, a table, a seat or a model that do not go
    together."""
    cards = tuple(sorted(cards))
    try:
        seating = Seating(players, human=None)
        role = Role(role)
    except ValueError as error:
        raise CardError(str(error)) from None
    table = seating.table
    if len(cards) != table.dealt_each:
        if players == 2:
            raise CardError(
                f"a two-player hand to discard from has {DEALT_EACH} cards, got {len(cards)}"
            )
        raise CardError(
            f"a {players}-player hand to discard from has {table.dealt_each} cards, "
            f"got {len(cards)}"
        )
    if role not in seating.roles:
        if role is Role.PARTNER:
            raise CardError(f"a table of {players} has no partners: the dealer or an opponent")
        named = " or the ".join(r.value for r in seating.roles)
        raise CardError(f"at a table of {players} a seat is the {named}, not the {role.value}")
    ensure_distinct(cards)
    crib_model = CribModel(crib_model)
    if players == 2:
        return _discard_options(cards, role, crib_model)
    if crib_model is not CribModel.RANDOM:
        raise CardError(
            f"at {players} players the crib is valued at random only: the good player's "
            "model is for two players"
        )
    return _five_card_options(cards, role.owns_crib)


@lru_cache(maxsize=1024)
def _discard_options(
    cards: tuple[Card, ...], role: Role, crib_model: CribModel
) -> tuple[DiscardOption, ...]:
    # A quiz grades a throw and then shows its table; a player at the analyser looks at
    # one keep after another: the same six and seat, asked again within moments.
    unseen = [card for card in DECK if card not in cards]
    crib = _crib_odds(unseen, role, crib_model)
    return _options(cards, unseen, crib, THROWN_EACH, role is Role.DEALER)


@lru_cache(maxsize=1024)
def _five_card_options(cards: tuple[Card, ...], owns_crib: bool) -> tuple[DiscardOption, ...]:
    # Three and four players draw the crib alike: one card of ours, four unseen.
    unseen = [card for card in DECK if card not in cards]
    return _options(cards, unseen, _CribOdds(unseen, unknown=HAND_SIZE), 1, owns_crib)


def _options(
    cards: tuple[Card, ...],
    unseen: list[Card],
    crib: _CribOdds | CribOdds,
    thrown: int,
    owns_crib: bool,
) -> tuple[DiscardOption, ...]:
    sign = 1 if owns_crib else -1
    options = []
    for throw in combinations(cards, thrown):
        keep = tuple(card for card in cards if card not in throw)
        hand_ev = sum(show_total(keep, starter) for starter in unseen) / len(unseen)
        crib_ev = crib.expected_score(throw)
        options.append(DiscardOption(keep, throw, hand_ev, crib_ev, hand_ev + sign * crib_ev))
    options.sort(key=lambda option: -option.net_ev)
    return tuple(options)


def _crib_odds(unseen: list[Card], role: Role, crib_model: CribModel) -> _CribOdds | CribOdds:
    if crib_model is CribModel.RANDOM:
        return _CribOdds(unseen)
    # The dealer's crib gets the pone's throw, and the pone's gift gets the dealer's.
    return CribOdds(unseen, throw_odds(dealer=role is Role.PONE))


class _CribOdds:
    """The unknown crib cards' odds (the starter among them), shared by all the throws of
    one hand: three unknown with two thrown (two players), four with one (three, four)."""

    def __init__(self, unseen: list[Card], unknown: int = 3) -> None:
        self.unseen_count = len(unseen)
        self.unknown = unknown
        self.draws = comb(self.unseen_count, unknown)
        ranks_left = Counter(card.rank for card in unseen)
        self.rank_draws = []
        for key, rank_times in _rank_multisets(unknown):
            ways = 1
            for rank, times in rank_times:
                ways *= comb(ranks_left[rank], times)
            if ways:
                self.rank_draws.append((key, ways))
        self.suits_left = Counter(card.suit for card in unseen)
        n = self.unseen_count
        # A jack another player throws (or the deck gives) scores nobs when the starter
        # matches its suit: it is in the crib with odds (unknown - 1) / n, and then the
        # starter is equally likely any of the other n - 1 cards.
        self.opponent_nobs = sum(
            (unknown - 1) / n * (self.suits_left[card.suit] - 1) / (n - 1)
            for card in unseen
            if card.rank is Rank.JACK
        )

    def expected_score(self, throw: tuple[Card, ...]) -> float:
        first = throw[0]
        throw_key = 1
        for card in throw:
            throw_key *= card.prime
        rank_total = sum(ways * RANK_POINTS[throw_key * key] for key, ways in self.rank_draws)
        expected = rank_total / self.draws + self.opponent_nobs
        for card in throw:
            if card.rank is Rank.JACK:
                expected += self.suits_left[card.suit] / self.unseen_count
        if all(card.suit is first.suit for card in throw):
            expected += 5 * comb(self.suits_left[first.suit], self.unknown) / self.draws
        return expected


@cache
def _rank_multisets(size: int) -> tuple[tuple[int, tuple[tuple[Rank, int], ...]], ...]:
    """Every multiset of ``size`` ranks: its ``rank_key`` and how many times each rank."""
    return tuple(
        (rank_key(ranks), tuple(Counter(ranks).items()))
        for ranks in combinations_with_replacement(sorted(Rank), size)
    )
