"""Marking a player's count against the engine's, the way players count.

- A multiple run takes in its pairs (a double run of three is 8). An itemised answer may
  count those pairs in the run or under pairs: both are right.
- A wrong count is explained, not guessed. The difference between what the player said
  and what the cards score is matched against what a count can leave out (a scoring group,
  the pair inside a double run…) or wrongly add (a crib four-flush, heels taken as nobs, a
  pair counted again beside its double run…). A pattern is recorded as missed only when
  every explanation agrees on it. When several fit, the player is asked which one
  (``Marking.question``); when none does, nothing is recorded against any pattern.
- 19 is the table's word for a hand of nothing: right on a zero hand, and read as 0 when
  explaining a wrong count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations, product

from cribbage.cards import Card
from cribbage.show import ShowGroup, ShowKind, ShowNote, ShowResult

from .patterns import Category, Pattern, in_counting_order, patterns_of

__all__ = [
    "NINETEEN",
    "Answer",
    "AnswerStyle",
    "CategoryMark",
    "Choice",
    "Marking",
    "Question",
    "Slip",
    "mark_answer",
    "pattern_question",
    "split_words",
]

NINETEEN = 19
"""What players call a hand of nothing: no count can score 19."""
MOST_CHOICES = 6
"""More explanations than this make a question no one can answer in one tap."""
OVER_CHOICES = 4
"""The most an over-claim's question offers, the items not there first: with Skip, three
rows of buttons, so the question and Next deal keep to a phone's first screen."""


class AnswerStyle(Enum):
    """How a player gives a count: the total alone, or points per category."""

    TOTAL = "total"
    ITEMISED = "itemised"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def other(self) -> AnswerStyle:
        return AnswerStyle.ITEMISED if self is AnswerStyle.TOTAL else AnswerStyle.TOTAL


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
    def style(self) -> AnswerStyle:
        return AnswerStyle.TOTAL if self.points is None else AnswerStyle.ITEMISED


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


# --- what a count can leave out or wrongly add -------------------------------------------


@dataclass(frozen=True, slots=True)
class Slip:
    """One way to miscount: leave out (or wrongly add) ``points`` of ``pattern``.

    Slips of the same ``group`` exclude each other: a player leaves out a whole double run
    or the pair inside it, not both.
    """

    pattern: Pattern
    points: int
    categories: frozenset[Category]
    what: str
    group: int


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.short_label for card in cards)


def _pairs_by_rank(group: ShowGroup) -> list[tuple[str, int]]:
    """The pairs inside a multiple run: (their name, points) per rank."""
    return [(name, points) for name, points in group.parts[1:]]


def shortfall_slips(result: ShowResult) -> tuple[Slip, ...]:
    """What a count of ``result`` can leave out."""
    slips = []
    for index, group in enumerate(result.groups):
        pattern = Pattern(group.key)
        categories = _own_category(pattern)
        if pattern.multiple_run:
            categories |= {Category.PAIRS}
        if group.kind is ShowKind.NOBS:
            what = "one for his nobs"
        elif group.kind is ShowKind.FIFTEEN:
            what = f"a {pattern.label}: {_cards(group.cards)}"
        else:
            what = f"the {group.name}: {_cards(group.cards)}"
        slips.append(Slip(pattern, group.points, categories, what, index))
        for pair_name, points in _pairs_by_rank(group):
            what = f"the {pair_name.removeprefix('a ')} in the {group.name}"
            slips.append(Slip(pattern, points, categories, what, index))
        if pattern is Pattern.FLUSH_OF_FIVE:
            slips.append(Slip(pattern, 1, categories, "the starter's point in the flush", index))
    return tuple(slips)


_FLUSH_OVER_CLAIMS = (
    (
        ShowNote.CRIB_FOUR_FLUSH,
        Pattern.CRIB_FOUR_FLUSH,
        "four for a crib flush the starter does not match",
    ),
    (
        ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD,
        Pattern.THREE_SUITED_AND_STARTER,
        "a flush of three hand cards and the starter",
    ),
)
"""The flushes of four players claim where the cards have none: the note that says so,
the pattern, and the words."""


def over_claim_slips(result: ShowResult) -> tuple[Slip, ...]:
    """What a count of ``result`` can wrongly add: the over-claims players are known for."""
    notes = result.notes
    slips = []
    group = len(result.groups)
    flush = frozenset({Category.FLUSH})
    for note, pattern, what in _FLUSH_OVER_CLAIMS:
        if note in notes:
            slips.append(Slip(pattern, 4, flush, what, group))
            group += 1
    if ShowNote.HEELS in notes:
        nobs = frozenset({Category.NOBS})
        slips.append(Slip(Pattern.HEELS, 1, nobs, "one for nobs for the jack turned up", group))
        slips.append(Slip(Pattern.HEELS, 2, nobs, "two for heels in the count", group))
        group += 1
    for scoring in result.groups:
        pattern = Pattern(scoring.key)
        if pattern.multiple_run:
            both = frozenset({Category.PAIRS, Category.RUNS})
            slips.append(
                Slip(
                    pattern,
                    scoring.pair_points,
                    both,
                    f"the pairs counted again beside the {scoring.name}",
                    group,
                )
            )
            pairs = _pairs_by_rank(scoring)
            if len(pairs) > 1:
                for pair_name, points in pairs:
                    what = f"{pair_name} counted again beside the {scoring.name}"
                    slips.append(Slip(pattern, points, both, what, group))
            group += 1
        elif pattern is Pattern.RUN_OF_FOUR:
            runs = frozenset({Category.RUNS})
            slips.append(Slip(pattern, 2, runs, "the run of four as two runs of three", group))
            group += 1
        elif pattern is Pattern.HAND_FLUSH_OF_FOUR:
            slips.append(Slip(pattern, 1, flush, "the starter in a flush of four", group))
            group += 1
    return tuple(slips)


def explanations(slips: Sequence[Slip], points: int) -> tuple[tuple[Slip, ...], ...]:
    """Every way to make ``points`` from ``slips`` (at most one slip of each group), one per
    distinct set of patterns, fewest slips first."""
    options_by_group: dict[int, list[Slip]] = {}
    for slip in slips:
        options_by_group.setdefault(slip.group, []).append(slip)
    found: dict[frozenset[Pattern], tuple[Slip, ...]] = {}
    for size in range(1, len(options_by_group) + 1):
        for groups in combinations(options_by_group.values(), size):
            for chosen in product(*groups):
                if sum(slip.points for slip in chosen) == points:
                    found.setdefault(frozenset(slip.pattern for slip in chosen), chosen)
    return tuple(found.values())


# --- the marking ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to "Which did you miss?": the patterns it would record, named."""

    patterns: tuple[Pattern, ...]
    what: str


@dataclass(frozen=True, slots=True)
class Question:
    """Asked when several explanations fit a wrong count: which did the player do?"""

    short: bool
    points: int
    choices: tuple[Choice, ...]
    among: tuple[Pattern, ...]
    """The patterns whose marks the answer settles."""

    @property
    def prompt(self) -> str:
        unit = "point" if self.points == 1 else "points"
        if self.short:
            return f"Which did you miss? You left out {self.points} {unit}."
        return f"Which did you count wrongly? You added {self.points} {unit} too many."


@dataclass(frozen=True, slots=True)
class Marking:
    """An answer marked against the count.

    Each pattern in the count is missed, right, or ``unknown`` (a wrong count nothing
    explains for certain). ``explained`` names what the player left out or added when it
    is certain; ``question`` offers the explanations when several fit.
    """

    right: bool
    patterns: tuple[Pattern, ...]
    missed: frozenset[Pattern]
    unknown: frozenset[Pattern]
    categories: tuple[CategoryMark, ...] = ()
    difference: int = 0
    nineteen: bool = False
    explained: tuple[str, ...] = ()
    question: Question | None = None

    def was_missed(self, pattern: Pattern) -> bool:
        return pattern in self.missed

    def is_known(self, pattern: Pattern) -> bool:
        return pattern not in self.unknown

    @property
    def right_total(self) -> bool:
        """The total is right: for an itemised answer, maybe with a wrong split."""
        return self.difference == 0

    @property
    def split(self) -> tuple[str, ...]:
        """The items of an itemised answer split wrongly, in words (see ``split_words``)."""
        return split_words(self.categories)

    def answered(self, choice: int) -> Marking:
        """The marking once the player says which explanation was theirs: its patterns are
        missed, the other patterns not known until now were right."""
        if self.question is None or not 0 <= choice < len(self.question.choices):
            raise ValueError("there is no such choice")
        chosen = self.question.choices[choice]
        return replace(
            self,
            missed=self.missed | frozenset(chosen.patterns),
            unknown=self.unknown - frozenset(self.question.among),
            explained=(*self.explained, chosen.what),
            question=None,
        )


def _explain(
    slips: Sequence[Slip], difference: int, among: Sequence[Pattern]
) -> tuple[frozenset[Pattern], tuple[str, ...], Question | None]:
    """The patterns certainly missed and what explains them; or, when several explanations
    fit, a question settling the marks of ``among``; or nothing when none fits."""
    found = explanations(slips, abs(difference))
    if len(found) == 1:
        (chosen,) = found
        return frozenset(s.pattern for s in chosen), tuple(s.what for s in chosen), None
    if not found or len(found) > MOST_CHOICES:
        return frozenset(), (), None
    choices = tuple(
        Choice(in_counting_order(s.pattern for s in chosen), " and ".join(s.what for s in chosen))
        for chosen in found
    )
    return frozenset(), (), Question(difference < 0, abs(difference), choices, tuple(among))


def pattern_question(
    result: ShowResult,
    difference: int,
    among: Iterable[Pattern] | None = None,
    typed: Iterable[CategoryMark] = (),
) -> Question | None:
    """For a wrong count that no explanation, or too many, fit: which pattern of the count
    (of ``among``, when given: those whose marks are not known) the player got wrong, one
    choice each (those that score, for a short count).

    An over-claim is asked first about what the player counted that the cards do not
    hold: the items they typed over what the cards score (``typed``, an itemised
    answer's marks), or, for a total, each item not there that makes the points added
    ("a fifteen that is not there"). Those choices record no pattern as missed: the
    count's own patterns were counted, the points added were not in it. None when there
    is nothing to name."""
    patterns = patterns_of(result)
    if among is not None:
        patterns = tuple(p for p in patterns if p in set(among))
    if difference < 0:
        patterns = tuple(p for p in patterns if p.scores)
    if not difference:
        return None
    if difference < 0:
        choices = tuple(Choice((p,), f"the {p.label}") for p in patterns)
    else:
        over = [mark for mark in typed if mark.over_claimed]
        added = tuple(typed_over_claim(mark) for mark in over) if over else not_there(difference)
        counted = tuple(Choice((p,), f"too much for the {p.label}") for p in patterns)
        choices = (added + counted)[:OVER_CHOICES]
    if not choices:
        return None
    return Question(difference < 0, abs(difference), choices, patterns)


_NUMBERS = ("two", "three", "four", "five", "six", "seven", "eight")
_NOT_THERE = {
    Category.FIFTEENS: {2: "a fifteen that is not there"}
    | {2 * n: f"{word} fifteens that are not there" for n, word in enumerate(_NUMBERS, 2)},
    Category.PAIRS: {
        2: "a pair that is not there",
        4: "two pairs that are not there",
        6: "a pair royal that is not there",
        12: "a double pair royal that is not there",
    },
    Category.RUNS: {
        n: f"a run of {word} that is not there" for n, word in enumerate(_NUMBERS[1:4], 3)
    },
    Category.FLUSH: {
        4: "a flush of four that is not there",
        5: "a flush of five that is not there",
    },
    Category.NOBS: {1: "one for his nobs that is not there"},
}
"""What a count can add that the cards do not hold, by kind and by the points it adds."""


def not_there(points: int) -> tuple[Choice, ...]:
    """Each item of one kind worth ``points`` that a count may claim when the cards do not
    hold it, in counting order: "a fifteen that is not there", "a pair that is not there"."""
    kinds = tuple(
        Choice((), by_points[points]) for by_points in _NOT_THERE.values() if points in by_points
    )
    return kinds or (Choice((), f"{points} points for items that are not there"),)


def typed_over_claim(mark: CategoryMark) -> Choice:
    """An item of an itemised answer over what the cards score, as the player gave it:
    "fifteens 6: the cards have 4", "flush 4: the cards have none"."""
    has = f"{mark.correct}" if mark.correct else "none"
    return Choice((), f"{mark.category.value} {mark.claimed}: the cards have {has}")


def mark_answer(result: ShowResult, answer: Answer) -> Marking:
    """Mark an answer: a total, or points per category (see the module's notes)."""
    if answer.points is None:
        return _mark_total(result, answer.total)
    return _mark_itemised(result, answer.points)


def _mark_total(result: ShowResult, claimed: int) -> Marking:
    patterns = patterns_of(result)
    nineteen = claimed == NINETEEN
    difference = (0 if nineteen else claimed) - result.total
    if not difference:
        return Marking(True, patterns, frozenset(), frozenset(), nineteen=nineteen)
    slips = shortfall_slips(result) if difference < 0 else over_claim_slips(result)
    missed, explained, question = _explain(slips, difference, patterns)
    unknown = frozenset() if explained else frozenset(patterns)
    return Marking(
        right=False,
        patterns=patterns,
        missed=missed,
        unknown=unknown,
        difference=difference,
        nineteen=nineteen,
        explained=explained,
        question=question,
    )


def category_points(result: ShowResult, *, pairs_in_runs: bool) -> dict[Category, int]:
    """Points per category; the pairs inside multiple runs go with the runs or the pairs."""
    points = {category: result.points_of(category.kind) for category in Category}
    if pairs_in_runs:
        moved = sum(group.pair_points for group in result.groups)
        points[Category.RUNS] += moved
        points[Category.PAIRS] -= moved
    return points


def _mark_itemised(result: ShowResult, claimed: dict[Category, int]) -> Marking:
    patterns = patterns_of(result)

    def marks_for(pairs_in_runs: bool) -> tuple[CategoryMark, ...]:
        correct = category_points(result, pairs_in_runs=pairs_in_runs)
        return tuple(CategoryMark(c, claimed[c], correct[c]) for c in Category)

    # Whichever way the player split the pairs inside a multiple run, mark against it.
    marks = min(
        (marks_for(True), marks_for(False)),
        key=lambda ms: (sum(not m.right for m in ms), sum(abs(m.claimed - m.correct) for m in ms)),
    )
    difference = sum(claimed.values()) - result.total
    wrong = [mark for mark in marks if not mark.right]
    if not wrong:
        return Marking(True, patterns, frozenset(), frozenset(), marks)
    missed: set[Pattern] = set()
    unknown: set[Pattern] = set()
    explained: list[str] = []
    question = None
    short, over = shortfall_slips(result), over_claim_slips(result)
    for mark in wrong:
        in_category = [p for p in patterns if mark.category in _categories(p)]
        either = short if mark.claimed < mark.correct else over
        slips = [slip for slip in either if mark.category in slip.categories]
        certain, said, asked = _explain(slips, mark.claimed - mark.correct, in_category)
        if certain:
            missed |= certain
            explained.extend(said)
        elif len(in_category) == 1:
            missed.update(in_category)  # the one pattern of the category was miscounted
        elif asked is not None and question is None and difference:
            # With the total right nothing was left out or added, only put under the wrong
            # item: "Which did you miss?" would ask about points the player did not miss.
            question = asked
            unknown.update(in_category)
        else:
            unknown.update(in_category)
    return Marking(
        right=False,
        patterns=patterns,
        missed=frozenset(missed),
        unknown=frozenset(unknown - missed),
        categories=marks,
        difference=difference,
        explained=tuple(explained),
        question=question,
    )


def split_words(marks: Iterable[CategoryMark]) -> tuple[str, ...]:
    """Each item of an itemised answer that is wrong, as the count has it beside what was
    said: ("fifteens 6, not 4", "pairs 2, not 4")."""
    return tuple(
        f"{mark.category.value} {mark.correct}, not {mark.claimed}"
        for mark in marks
        if not mark.right
    )


def _categories(pattern: Pattern) -> frozenset[Category]:
    if pattern.multiple_run:
        return frozenset({Category.RUNS, Category.PAIRS})
    return _own_category(pattern)


def _own_category(pattern: Pattern) -> frozenset[Category]:
    """The answer field of a show pattern, as a set (empty for a pattern of the play)."""
    category = pattern.category
    return frozenset() if category is None else frozenset({category})
