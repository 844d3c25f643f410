"""Dealing quiz hands: uniformly at random, or uniformly among hands with a pattern.

Randomness comes from ``secrets.SystemRandom()`` unless a test passes
its own ``random.Random``.

A hand with a given fifteen, pair or run pattern is dealt without rejection, however
rare the pattern (a double pair royal turns up once in 4,165 deals): those patterns
depend only on the five ranks, so a rank multiset is drawn from the ones that contain the
pattern, weighted by how many deals have it, and then suits and the starter are drawn.
Flushes, nobs and heels are built directly from their definition.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from cribbage.cards import DECK, Card, Rank, Suit
from cribbage.discard import CribModel, DiscardOption, Role, discard_options
from cribbage.show import score_show, show_total

from .patterns import RANK_CATEGORIES, Area, Pattern, patterns_of

__all__ = [
    "BIG_HAND",
    "CRIB_SHARE",
    "Holder",
    "Mode",
    "QuizHand",
    "best_keep",
    "deal_quiz_hand",
    "deal_realistic",
    "deal_with_pattern",
    "pick_weak_spot",
    "warm_up",
]

BIG_HAND = 12
"""The least total a "big hands" deal scores."""

CRIB_SHARE = 1 / 3
"""A crib is one count in three at the table (pone's hand, dealer's hand, crib)."""

system_random = secrets.SystemRandom()


class Mode(Enum):
    MIXED = "mixed"
    HAND = "hand"
    CRIB = "crib"
    RANDOM = "random"
    PEGGING = "pegging"
    DISCARD = "discard"
    LAY = "lay"
    PATTERN = "pattern"
    BIG = "big"
    WEAK_SPOTS = "weak"
    REVIEW = "review"
    GAME = "game"

    @property
    def label(self) -> str:
        return _MODE_LABELS[self]

    @property
    def description(self) -> str:
        return _MODE_DESCRIPTIONS[self]

    @classmethod
    def from_slug(cls, slug: str) -> Mode | None:
        try:
            return cls(slug)
        except ValueError:
            return None


_MODE_LABELS = {
    Mode.MIXED: "Mixed hands and cribs",
    Mode.HAND: "Hands only",
    Mode.CRIB: "Cribs only",
    Mode.RANDOM: "Random five cards",
    Mode.PEGGING: "The play",
    Mode.DISCARD: "Discarding",
    Mode.LAY: "The card to lay",
    Mode.PATTERN: "Focus on one pattern",
    Mode.BIG: "Big hands (12 or more)",
    Mode.WEAK_SPOTS: "My weak spots",
    Mode.REVIEW: "Review",
    Mode.GAME: "A game against the computer",
}


class Holder(Enum):
    """Whose four cards a realistic deal counts."""

    PONE = "pone"
    DEALER = "dealer"
    CRIB = "crib"

    @property
    def label(self) -> str:
        return {"pone": "the pone's hand", "dealer": "the dealer's hand", "crib": "the crib"}[
            self.value
        ]


_MODE_DESCRIPTIONS = {
    Mode.MIXED: (
        "Hands and cribs as they come at the table: six cards dealt, the best four kept, "
        "and one count in three is the crib."
    ),
    Mode.HAND: "Only kept hands: a four-card flush counts.",
    Mode.CRIB: "Only cribs, of the cards both players threw: a flush needs the starter too.",
    Mode.RANDOM: "Any five cards, as they fall: hands no one would keep, and many nineteens.",
    Mode.PEGGING: (
        "A play between two good players, a card at a time: say what each card pegs, go and "
        "last card included."
    ),
    Mode.DISCARD: (
        "Six cards and a seat: throw two to the crib, and see the points each choice is "
        "worth, to the hundredth."
    ),
    Mode.LAY: (
        "A turn in the play, your cards in hand and the count: tap the card to lay, and "
        "see what each is worth in the rest of the play, as the strong computer searches it."
    ),
    Mode.PATTERN: "Every hand dealt contains the pattern, however rare.",
    Mode.BIG: "Only hands and cribs worth 12 or more.",
    Mode.WEAK_SPOTS: "Patterns you have missed lately, more often the more you miss them.",
    Mode.REVIEW: "The patterns due in your review queue, the longest-waiting first.",
    Mode.GAME: "What you claimed in a game against the computer, counting your own hands.",
}


@dataclass(frozen=True, slots=True)
class QuizHand:
    """Four cards and a starter to count, as a hand or as the crib: the pattern the deal
    was made to contain, if any, and whose cards they are in a realistic deal."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    focus: Pattern | None = None
    holder: Holder | None = None


def deal_quiz_hand(
    mode: Mode,
    *,
    pattern: Pattern | None = None,
    weights: Mapping[Pattern, float] | None = None,
    rng: random.Random = system_random,
) -> QuizHand:
    """Deal four cards and a starter for a quiz in ``mode``.

    MIXED, HAND and CRIB deal as at the table (``deal_realistic``); RANDOM and BIG draw
    five cards at random. ``pattern`` is required for PATTERN and REVIEW; ``weights`` (a
    miss rate per pattern) drive WEAK_SPOTS, which deals like MIXED while there is nothing
    to weigh.
    """
    if mode in (Mode.PEGGING, Mode.DISCARD, Mode.LAY, Mode.GAME):
        raise ValueError(f"{mode.value} mode deals no hand to count")
    if mode in (Mode.PATTERN, Mode.REVIEW):
        if pattern is None:
            raise ValueError(f"{mode.value} mode needs a pattern")
        return deal_with_pattern(pattern, rng=rng)
    if mode is Mode.WEAK_SPOTS:
        chosen = pattern or pick_weak_spot(weights or {}, rng)
        if chosen is not None:
            return deal_with_pattern(chosen, rng=rng)
        mode = Mode.MIXED
    if mode is Mode.BIG:
        while True:
            dealt = _uniform(rng, _crib_for(Mode.MIXED, rng))
            if show_total(dealt.hand, dealt.starter, dealt.crib) >= BIG_HAND:
                return dealt
    if mode is Mode.RANDOM:
        return _uniform(rng, _crib_for(Mode.MIXED, rng))
    return deal_realistic(crib=_crib_for(mode, rng), rng=rng)


def deal_realistic(*, crib: bool, rng: random.Random = system_random) -> QuizHand:
    """A count as it comes at the table: six cards dealt to each of two players, each
    keeping the four the engine's discard analysis rates best for its seat (the other
    player taken to throw as a good player does), and a starter cut from the rest. The
    count is one player's kept hand, or the crib of the four cards they threw."""
    cards = rng.sample(DECK, 13)
    pone_six, dealer_six, starter = cards[:6], cards[6:12], cards[12]
    if crib:
        pone, dealer = best_keep(pone_six, Role.PONE), best_keep(dealer_six, Role.DEALER)
        thrown = [*pone.throw, *dealer.throw]
        rng.shuffle(thrown)
        return QuizHand(tuple(thrown), starter, True, holder=Holder.CRIB)
    if rng.random() < 0.5:
        return QuizHand(best_keep(pone_six, Role.PONE).keep, starter, False, holder=Holder.PONE)
    kept = best_keep(dealer_six, Role.DEALER).keep
    return QuizHand(kept, starter, False, holder=Holder.DEALER)


def best_keep(six: Sequence[Card], role: Role) -> DiscardOption:
    """The keep/throw choice with the best expected net value for ``role``, the other
    player throwing to the crib as a good player does."""
    return discard_options(six, role, CribModel.GOOD)[0]


def deal_with_pattern(pattern: Pattern, *, rng: random.Random = system_random) -> QuizHand:
    """A deal that contains ``pattern`` (of the show), uniformly among all deals that do."""
    if pattern.area is not Area.SHOW:
        raise ValueError(f"{pattern.label} is not counted in a hand: deal a play or a discard")
    if pattern.category in RANK_CATEGORIES:
        ranks = _pick_rank_multiset(pattern, rng)
        cards = [
            Card(rank, suit)
            for rank in set(ranks)
            for suit in rng.sample(list(Suit), ranks.count(rank))
        ]
        rng.shuffle(cards)
        return QuizHand(tuple(cards[:4]), cards[4], _crib_for(Mode.MIXED, rng), pattern)
    builder = _BUILDERS[pattern]
    hand, starter, crib = builder(rng)
    hand = list(hand)
    rng.shuffle(hand)
    return QuizHand(tuple(hand), starter, crib, pattern)


def _uniform(rng: random.Random, crib: bool) -> QuizHand:
    five = rng.sample(DECK, 5)
    return QuizHand(tuple(five[:4]), five[4], crib)


def _crib_for(mode: Mode, rng: random.Random) -> bool:
    if mode is Mode.HAND:
        return False
    if mode is Mode.CRIB:
        return True
    return rng.random() < CRIB_SHARE


def pick_weak_spot(
    weights: Mapping[Pattern, float], rng: random.Random = system_random
) -> Pattern | None:
    """A pattern drawn in proportion to its weight (a recent miss rate); None when no
    pattern has any."""
    items = [(p, w) for p, w in weights.items() if w > 0]
    if not items:
        return None
    patterns = [pattern for pattern, _ in items]
    return rng.choices(patterns, weights=[weight for _, weight in items])[0]


# --- patterns decided by ranks -----------------------------------------------------


@cache
def _rank_table() -> dict[Pattern, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
    """For each rank pattern: the rank multisets that contain it, and cumulative weights.

    A multiset's weight is the number of five-card sets with those ranks; the starter
    is then one of the five at random, which keeps the draw uniform over deals.
    """
    table: dict[Pattern, tuple[list[tuple[int, ...]], list[int]]] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        weight = 1
        for count in counts.values():
            weight *= comb(4, count)
        for found in rank_patterns(ranks):
            multisets, cumulative = table.setdefault(found, ([], []))
            multisets.append(ranks)
            cumulative.append((cumulative[-1] if cumulative else 0) + weight)
    return {p: (tuple(m), tuple(c)) for p, (m, c) in table.items()}


def rank_patterns(ranks: Sequence[int]) -> set[Pattern]:
    """The fifteen, pair and run patterns among five ranks (1-13) in ascending order,
    whatever the suits: those the engine finds in any five cards with these ranks."""
    # DECK holds each rank's four suits together, so the n-th copy of a rank is DECK[...+ n].
    cards = []
    for position, rank in enumerate(ranks):
        copy = 0
        while position - copy > 0 and ranks[position - copy - 1] == rank:
            copy += 1
        cards.append(DECK[(rank - 1) * 4 + copy])
    counted = score_show(cards[:4], cards[4])
    return {p for p in patterns_of(counted) if p.category in RANK_CATEGORIES}


def warm_up() -> None:
    """Build the rank table now, so the first pattern deal does not wait for it."""
    _rank_table()


def _pick_rank_multiset(pattern: Pattern, rng: random.Random) -> tuple[Rank, ...]:
    multisets, cumulative = _rank_table()[pattern]
    chosen = rng.choices(multisets, cum_weights=cumulative)[0]
    return tuple(Rank(r) for r in chosen)


# --- patterns decided by suits -------------------------------------------------------


_Built = tuple[list[Card], Card, bool]
"""A deal made for a suit pattern: four cards, the starter, and whether they are a crib."""


def _suited(rng: random.Random, suit: Suit, count: int) -> list[Card]:
    return [Card(rank, suit) for rank in rng.sample(list(Rank), count)]


def _others(
    rng: random.Random, exclude: Sequence[Card], count: int, suit: Suit | None = None
) -> list[Card]:
    pool = [c for c in DECK if c not in exclude and (suit is None or c.suit is not suit)]
    return rng.sample(pool, count)


def _hand_flush_of_four(rng: random.Random) -> _Built:
    suit = rng.choice(list(Suit))
    hand = _suited(rng, suit, 4)
    return hand, _others(rng, hand, 1, suit)[0], False


def _crib_four_flush(rng: random.Random) -> _Built:
    hand, starter, _ = _hand_flush_of_four(rng)
    return hand, starter, True


def _three_suited_and_starter(rng: random.Random) -> _Built:
    suit = rng.choice(list(Suit))
    suited = _suited(rng, suit, 4)
    odd = _others(rng, suited, 1, suit)
    return [*suited[:3], *odd], suited[3], False


def _flush_of_five(rng: random.Random) -> _Built:
    five = _suited(rng, rng.choice(list(Suit)), 5)
    return five[:4], five[4], _crib_for(Mode.MIXED, rng)


def _nobs(rng: random.Random) -> _Built:
    starter = rng.choice([c for c in DECK if c.rank is not Rank.JACK])
    jack = Card(Rank.JACK, starter.suit)
    return [jack, *_others(rng, (starter, jack), 3)], starter, _crib_for(Mode.MIXED, rng)


def _heels(rng: random.Random) -> _Built:
    starter = Card(Rank.JACK, rng.choice(list(Suit)))
    return _others(rng, (starter,), 4), starter, _crib_for(Mode.MIXED, rng)


_BUILDERS = {
    Pattern.HAND_FLUSH_OF_FOUR: _hand_flush_of_four,
    Pattern.CRIB_FOUR_FLUSH: _crib_four_flush,
    Pattern.THREE_SUITED_AND_STARTER: _three_suited_and_starter,
    Pattern.FLUSH_OF_FIVE: _flush_of_five,
    Pattern.NOBS: _nobs,
    Pattern.HEELS: _heels,
}
