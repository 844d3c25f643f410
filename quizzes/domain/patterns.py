"""Patterns, the unit of learning: what players name, miss and review.

Three areas of the game have them:
- the show: what players name when they count, a fifteen of three cards, a pair royal, a
  double run, a crib four-flush that scores nothing. Each belongs to one answer category
  (fifteens, pairs, runs, flush, nobs), the fields of an itemised answer;
- the play: what a card laid scores, a fifteen, a thirty-one, a pair royal, a run of four,
  the go, the last card;
- the discard: the mistakes players make laying away two cards, a five thrown to the
  dealer's crib, a pair split;
- the lay: the mistakes players make choosing the card to lay in the play, a five led, a
  count of 21 left for a ten-card, points passed up (``quizzes.domain.lays``).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from cribbage.show import ShowKind, ShowNote, ShowResult

__all__ = [
    "RANK_CATEGORIES",
    "Area",
    "Category",
    "Pattern",
    "in_counting_order",
    "patterns_of",
]


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


class Area(Enum):
    """The part of the game a pattern belongs to."""

    SHOW = "show"
    PLAY = "play"
    DISCARD = "discard"
    LAY = "lay"

    @property
    def label(self) -> str:
        return {
            "show": "The show",
            "play": "The play",
            "discard": "Discarding",
            "lay": "Laying cards",
        }[self.value]


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
    PLAY_FIFTEEN = "play-fifteen"
    PLAY_THIRTY_ONE = "play-thirty-one"
    PLAY_PAIR = "play-pair"
    PLAY_PAIR_ROYAL = "play-pair-royal"
    PLAY_DOUBLE_PAIR_ROYAL = "play-double-pair-royal"
    PLAY_RUN_OF_THREE = "play-run-3"
    PLAY_RUN_OF_FOUR = "play-run-4"
    PLAY_RUN_OF_FIVE = "play-run-5"
    PLAY_RUN_OF_SIX = "play-run-6"
    PLAY_RUN_OF_SEVEN = "play-run-7"
    PLAY_GO = "play-go"
    PLAY_LAST_CARD = "play-last-card"
    DISCARD_FIVE_TO_DEALER = "discard-five-to-dealer"
    DISCARD_PAIR_TO_DEALER = "discard-pair-to-dealer"
    DISCARD_FIFTEEN_TO_DEALER = "discard-fifteen-to-dealer"
    DISCARD_SPLIT_PAIR = "discard-split-pair"
    DISCARD_CRIB_IGNORED = "discard-crib-ignored"
    LAY_LED_FIVE = "lay-led-five"
    LAY_INTO_FIFTEEN = "lay-into-fifteen"
    LAY_PAIR_ROYAL_CHANCE = "lay-pair-royal-chance"
    LAY_RUN_OPENED = "lay-run-opened"
    LAY_POINTS_PASSED = "lay-points-passed"
    LAY_GO_CARD_SPENT = "lay-go-card-spent"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def area(self) -> Area:
        if self.value.startswith("play-"):
            return Area.PLAY
        if self.value.startswith("discard-"):
            return Area.DISCARD
        if self.value.startswith("lay-"):
            return Area.LAY
        return Area.SHOW

    @property
    def category(self) -> Category | None:
        """The itemised answer's field a show pattern belongs to (None in the play and
        the discard)."""
        return _PATTERN_CATEGORY.get(self)

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
    Pattern.PLAY_FIFTEEN: "fifteen in the play",
    Pattern.PLAY_THIRTY_ONE: "thirty-one",
    Pattern.PLAY_PAIR: "pair in the play",
    Pattern.PLAY_PAIR_ROYAL: "pair royal in the play",
    Pattern.PLAY_DOUBLE_PAIR_ROYAL: "double pair royal in the play",
    Pattern.PLAY_RUN_OF_THREE: "run of three in the play",
    Pattern.PLAY_RUN_OF_FOUR: "run of four in the play",
    Pattern.PLAY_RUN_OF_FIVE: "run of five in the play",
    Pattern.PLAY_RUN_OF_SIX: "run of six in the play",
    Pattern.PLAY_RUN_OF_SEVEN: "run of seven in the play",
    Pattern.PLAY_GO: "the go",
    Pattern.PLAY_LAST_CARD: "the last card",
    # The mistakes as a player owns up to them: what they did.
    Pattern.DISCARD_FIVE_TO_DEALER: "threw a five to the dealer's crib",
    Pattern.DISCARD_PAIR_TO_DEALER: "threw a pair to the dealer's crib",
    Pattern.DISCARD_FIFTEEN_TO_DEALER: "threw a fifteen to the dealer's crib",
    Pattern.DISCARD_SPLIT_PAIR: "split a pair",
    Pattern.DISCARD_CRIB_IGNORED: "forgot the crib's points",
    Pattern.LAY_LED_FIVE: "led a five",
    Pattern.LAY_INTO_FIFTEEN: "left the count on 5 or 21 for a ten-card",
    Pattern.LAY_PAIR_ROYAL_CHANCE: "paired when a pair royal could come back",
    Pattern.LAY_RUN_OPENED: "opened a run for the opponent",
    Pattern.LAY_POINTS_PASSED: "passed up points in the play",
    Pattern.LAY_GO_CARD_SPENT: "spent the low card the go needed",
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
