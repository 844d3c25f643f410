"""Scoring patterns, the unit of learning, and which of them a player's answer missed.

Pure: no Django. A pattern is what players name when they count: a fifteen of three
cards, a pair royal, a double run, a crib four-flush that scores nothing. Every pattern
belongs to one answer category (fifteens, pairs, runs, flush, nobs), the fields of an
itemised answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from counter.cribbage.show import ShowKind, ShowNote, ShowResult

__all__ = ["Answer", "Category", "CategoryMark", "Pattern", "mark_answer", "patterns_of"]


class Category(Enum):
    """The fields of an itemised answer, in counting order."""

    FIFTEENS = "fifteens"
    PAIRS = "pairs"
    RUNS = "runs"
    FLUSH = "flush"
    NOBS = "nobs"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def kind(self) -> ShowKind:
        return _CATEGORY_KIND[self]


_CATEGORY_KIND = {
    Category.FIFTEENS: ShowKind.FIFTEEN,
    Category.PAIRS: ShowKind.PAIR,
    Category.RUNS: ShowKind.RUN,
    Category.FLUSH: ShowKind.FLUSH,
    Category.NOBS: ShowKind.NOBS,
}


class Pattern(Enum):
    """A scoring pattern; the value is its stable slug, stored and used in URLs."""

    FIFTEEN_OF_TWO = "fifteen-2"
    FIFTEEN_OF_THREE = "fifteen-3"
    FIFTEEN_OF_FOUR = "fifteen-4"
    FIFTEEN_OF_FIVE = "fifteen-5"
    PAIR = "pair"
    PAIR_ROYAL = "pair-royal"
    DOUBLE_PAIR_ROYAL = "double-pair-royal"
    RUN_OF_THREE = "run-3"
    RUN_OF_FOUR = "run-4"
    RUN_OF_FIVE = "run-5"
    DOUBLE_RUN = "double-run"
    TRIPLE_RUN = "triple-run"
    DOUBLE_DOUBLE_RUN = "double-double-run"
    HAND_FLUSH_OF_FOUR = "hand-flush-4"
    FLUSH_OF_FIVE = "flush-5"
    CRIB_FOUR_FLUSH = "crib-four-flush"
    NOBS = "nobs"
    HEELS = "heels"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def category(self) -> Category:
        return _PATTERN_CATEGORY[self]

    @property
    def scores(self) -> bool:
        """False for the rules that make something worth nothing (crib four-flush, heels)."""
        return self not in (Pattern.CRIB_FOUR_FLUSH, Pattern.HEELS)

    @classmethod
    def from_slug(cls, slug: str) -> Pattern | None:
        try:
            return cls(slug)
        except ValueError:
            return None


_LABELS = {
    Pattern.FIFTEEN_OF_TWO: "fifteen of two cards",
    Pattern.FIFTEEN_OF_THREE: "fifteen of three cards",
    Pattern.FIFTEEN_OF_FOUR: "fifteen of four cards",
    Pattern.FIFTEEN_OF_FIVE: "fifteen of five cards",
    Pattern.PAIR: "pair",
    Pattern.PAIR_ROYAL: "pair royal",
    Pattern.DOUBLE_PAIR_ROYAL: "double pair royal",
    Pattern.RUN_OF_THREE: "run of three",
    Pattern.RUN_OF_FOUR: "run of four",
    Pattern.RUN_OF_FIVE: "run of five",
    Pattern.DOUBLE_RUN: "double run",
    Pattern.TRIPLE_RUN: "triple run",
    Pattern.DOUBLE_DOUBLE_RUN: "double-double run",
    Pattern.HAND_FLUSH_OF_FOUR: "hand flush of four",
    Pattern.FLUSH_OF_FIVE: "flush of five",
    Pattern.CRIB_FOUR_FLUSH: "crib four-flush (scores nothing)",
    Pattern.NOBS: "nobs",
    Pattern.HEELS: "heels (not part of the count)",
}

_PATTERN_CATEGORY = {
    **{p: Category.FIFTEENS for p in Pattern if p.value.startswith("fifteen")},
    Pattern.PAIR: Category.PAIRS,
    Pattern.PAIR_ROYAL: Category.PAIRS,
    Pattern.DOUBLE_PAIR_ROYAL: Category.PAIRS,
    Pattern.RUN_OF_THREE: Category.RUNS,
    Pattern.RUN_OF_FOUR: Category.RUNS,
    Pattern.RUN_OF_FIVE: Category.RUNS,
    Pattern.DOUBLE_RUN: Category.RUNS,
    Pattern.TRIPLE_RUN: Category.RUNS,
    Pattern.DOUBLE_DOUBLE_RUN: Category.RUNS,
    Pattern.HAND_FLUSH_OF_FOUR: Category.FLUSH,
    Pattern.FLUSH_OF_FIVE: Category.FLUSH,
    Pattern.CRIB_FOUR_FLUSH: Category.FLUSH,
    Pattern.NOBS: Category.NOBS,
    # Claiming points for a jack turned as starter is a mistake about nobs.
    Pattern.HEELS: Category.NOBS,
}

RANK_CATEGORIES = frozenset({Category.FIFTEENS, Category.PAIRS, Category.RUNS})
"""Categories decided by the five ranks alone, whatever the suits."""

_FIFTEENS = {
    2: Pattern.FIFTEEN_OF_TWO,
    3: Pattern.FIFTEEN_OF_THREE,
    4: Pattern.FIFTEEN_OF_FOUR,
    5: Pattern.FIFTEEN_OF_FIVE,
}
_PAIRS = {1: Pattern.PAIR, 3: Pattern.PAIR_ROYAL, 6: Pattern.DOUBLE_PAIR_ROYAL}
_SINGLE_RUNS = {3: Pattern.RUN_OF_THREE, 4: Pattern.RUN_OF_FOUR, 5: Pattern.RUN_OF_FIVE}
_MULTIPLE_RUNS = {2: Pattern.DOUBLE_RUN, 3: Pattern.TRIPLE_RUN, 4: Pattern.DOUBLE_DOUBLE_RUN}
_ORDER = {p: i for i, p in enumerate(Pattern)}


def patterns_of(result: ShowResult) -> tuple[Pattern, ...]:
    """The patterns in a counted hand or crib, each once, in counting order."""
    found: set[Pattern] = set()
    pairs_by_rank: dict[object, int] = {}
    runs: list[int] = []
    for item in result.items:
        if item.kind is ShowKind.FIFTEEN:
            found.add(_FIFTEENS[len(item.cards)])
        elif item.kind is ShowKind.PAIR:
            rank = item.cards[0].rank
            pairs_by_rank[rank] = pairs_by_rank.get(rank, 0) + 1
        elif item.kind is ShowKind.RUN:
            runs.append(len(item.cards))
        elif item.kind is ShowKind.FLUSH:
            found.add(Pattern.FLUSH_OF_FIVE if item.points == 5 else Pattern.HAND_FLUSH_OF_FOUR)
        elif item.kind is ShowKind.NOBS:
            found.add(Pattern.NOBS)
    found.update(_PAIRS[count] for count in pairs_by_rank.values())
    if len(runs) == 1:
        found.add(_SINGLE_RUNS[runs[0]])
    elif runs:
        found.add(_MULTIPLE_RUNS[len(runs)])
    notes = result.notes
    if ShowNote.CRIB_FOUR_FLUSH in notes:
        found.add(Pattern.CRIB_FOUR_FLUSH)
    if ShowNote.HEELS in notes:
        found.add(Pattern.HEELS)
    return tuple(sorted(found, key=_ORDER.__getitem__))


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's count: a total alone, or points per category (the total follows)."""

    total: int
    points: dict[Category, int] | None = None

    @classmethod
    def itemised(cls, points: dict[Category, int]) -> Answer:
        full = {category: points.get(category, 0) for category in Category}
        return cls(total=sum(full.values()), points=full)

    @property
    def is_itemised(self) -> bool:
        return self.points is not None


@dataclass(frozen=True, slots=True)
class CategoryMark:
    """How one category of an itemised answer compares with the count."""

    category: Category
    claimed: int
    correct: int

    @property
    def right(self) -> bool:
        return self.claimed == self.correct

    @property
    def missed(self) -> int:
        """Points left out (0 when none were)."""
        return max(self.correct - self.claimed, 0)

    @property
    def over_claimed(self) -> int:
        """Points claimed that the cards do not score (0 when none were)."""
        return max(self.claimed - self.correct, 0)


@dataclass(frozen=True, slots=True)
class Marking:
    """An answer marked against the count: right or wrong, and which patterns it missed."""

    right: bool
    patterns: tuple[Pattern, ...]
    missed: frozenset[Pattern]
    categories: tuple[CategoryMark, ...]

    def was_missed(self, pattern: Pattern) -> bool:
        return pattern in self.missed


def category_points(result: ShowResult) -> dict[Category, int]:
    return {category: result.points_of(category.kind) for category in Category}


def mark_answer(result: ShowResult, answer: Answer) -> Marking:
    """Mark an answer.

    A total-only answer that is wrong misses every pattern in the hand: there is no
    telling which one the player got wrong. An itemised answer misses the patterns of
    each category whose points it got wrong, left out or over-claimed; a wrong claim
    for the flush or nobs also misses the rule that made them worth nothing (crib
    four-flush, heels).
    """
    patterns = patterns_of(result)
    if not answer.is_itemised:
        right = answer.total == result.total
        return Marking(
            right=right,
            patterns=patterns,
            missed=frozenset() if right else frozenset(patterns),
            categories=(),
        )
    correct = category_points(result)
    marks = tuple(
        CategoryMark(category, answer.points[category], correct[category]) for category in Category
    )
    wrong = {mark.category for mark in marks if not mark.right}
    return Marking(
        right=not wrong,
        patterns=patterns,
        missed=frozenset(p for p in patterns if p.category in wrong),
        categories=marks,
    )


def ordered(patterns: Iterable[Pattern]) -> tuple[Pattern, ...]:
    return tuple(sorted(set(patterns), key=_ORDER.__getitem__))
