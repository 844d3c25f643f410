"""Marking a player's count against the engine's: right or wrong, and which patterns it missed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from counter.cribbage.show import ShowResult

from .patterns import Category, Pattern, patterns_of

__all__ = ["Answer", "AnswerStyle", "CategoryMark", "Marking", "mark_answer"]


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
    if answer.points is None:
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
