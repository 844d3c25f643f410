"""Scoring patterns, the unit of learning.

A pattern is what players name when they count: a fifteen of three cards, a pair royal, a
double run, a crib four-flush that scores nothing. Every pattern belongs to one answer
category (fifteens, pairs, runs, flush, nobs), the fields of an itemised answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from counter.cribbage.show import ShowKind, ShowNote, ShowResult

__all__ = ["RANK_CATEGORIES", "Category", "Pattern", "in_counting_order", "patterns_of"]


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
    """A scoring pattern; the value is its stable slug, stored and used in URLs.

    The slugs of the show's patterns are the engine's group keys (``ShowGroup.key``) and
    note values (``ShowNote``), so a counted hand names its patterns itself.
    """

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
    THREE_SUITED_AND_STARTER = "three-suited-plus-starter"
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
        """False for the rules that make something look worth points when it is worth
        nothing in the count (crib four-flush, three suited cards and the starter, heels)."""
        return self not in _NOTE_PATTERNS.values()

    @property
    def order(self) -> int:
        """The pattern's place in counting order."""
        return _ORDER[self]

    @property
    def multiple_run(self) -> bool:
        """A run that takes in pairs: its pair points may be counted under pairs instead."""
        return self in (Pattern.DOUBLE_RUN, Pattern.TRIPLE_RUN, Pattern.DOUBLE_DOUBLE_RUN)

    @classmethod
    def from_slug(cls, slug: str) -> Pattern | None:
        try:
            return cls(slug)
        except ValueError:
            return None


# The rules that make points look due where there are none: a pattern when a count hits them.
_NOTE_PATTERNS = {
    ShowNote.CRIB_FOUR_FLUSH: Pattern.CRIB_FOUR_FLUSH,
    ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD: Pattern.THREE_SUITED_AND_STARTER,
    ShowNote.HEELS: Pattern.HEELS,
}

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
    Pattern.THREE_SUITED_AND_STARTER: "three suited cards and the starter (no flush)",
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
    Pattern.THREE_SUITED_AND_STARTER: Category.FLUSH,
    Pattern.NOBS: Category.NOBS,
    # Claiming points for a jack turned as starter is a mistake about nobs.
    Pattern.HEELS: Category.NOBS,
}

RANK_CATEGORIES = frozenset({Category.FIFTEENS, Category.PAIRS, Category.RUNS})
"""Categories decided by the five ranks alone, whatever the suits."""

_ORDER = {p: i for i, p in enumerate(Pattern)}


def in_counting_order(patterns: Iterable[Pattern]) -> tuple[Pattern, ...]:
    """Each pattern once, in the order players count them."""
    return tuple(sorted(set(patterns), key=_ORDER.__getitem__))


def patterns_of(result: ShowResult) -> tuple[Pattern, ...]:
    """The patterns in a counted hand or crib, each once, in counting order: the engine's
    groups (``ShowGroup.key``) and the notes that are patterns (crib four-flush, heels)."""
    found = {Pattern(group.key) for group in result.groups}
    found.update(_NOTE_PATTERNS[note] for note in result.notes)
    return in_counting_order(found)
