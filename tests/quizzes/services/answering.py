"""Answers given through the services, and the figures they should leave, for the service
tests."""

import random

from cribbage.cards import DECK, format_cards
from quizzes.domain.dealing import Mode
from quizzes.domain.marking import Answer
from quizzes.domain.patterns import Category
from quizzes.models import Attempt, AttemptPattern, Deal, PatternRecord, ShowRecord
from quizzes.owners import Owner
from quizzes.services.answers import (
    attempt_explain,
    attempt_record,
    discard_record,
    lay_record,
    play_record,
)
from quizzes.services.dealing import deal_create
from tests.factories import DealFactory, DiscardDealFactory, PlayDealFactory


def show_figures(owner: Owner) -> tuple[int, int, int, int, int]:
    record = ShowRecord.objects.owned_by(owner).get()
    return (record.attempts, record.cribs, record.right, record.current_streak, record.best_streak)


def count(deal: Deal, right: bool, now) -> Attempt:
    """Answer the 29 hand of ``DealFactory``, rightly or one short."""
    return attempt_record(deal=deal, answer=Answer(total=29 if right else 28), now=now)[0]


def pattern_figures(owner: Owner) -> dict[str, tuple[int, int]]:
    """The player's pattern records as kept: seen and missed, by pattern."""
    records = PatternRecord.objects.owned_by(owner)
    return {r.pattern: (r.seen, r.missed) for r in records}


def marks_counted(owner: Owner) -> dict[str, tuple[int, int]]:
    """Seen and missed per pattern, counted from every known mark of the player."""
    marks = AttemptPattern.objects.owned_by(owner).exclude(missed=None)
    figures = {}
    for pattern, missed in marks.values_list("pattern", "missed"):
        seen, misses = figures.get(pattern, (0, 0))
        figures[pattern] = (seen + 1, misses + missed)
    return figures


def answer_something(owner: Owner, rng: random.Random, now) -> None:
    """One answer of any kind, as a player might give it: a count (a total or itemised,
    right or not, with "Which did you miss?" answered or skipped), a play, a throw, a lay."""
    kind = rng.choice(["count", "count", "count", "itemised", "play", "throw", "lay"])
    if kind in ("count", "itemised"):
        five = rng.sample(DECK, 5)
        deal = DealFactory(
            **owner.fields,
            hand=format_cards(five[:4]),
            starter=five[4].code,
            crib=rng.random() < 0.3,
        )
        total = max(deal.show.total + rng.choice([0, 0, -2, -4, 2, 3]), 0)
        items = None
        if kind == "itemised":
            items = {c: rng.choice([0, 2, 4]) for c in Category}
        attempt, _ = attempt_record(deal=deal, answer=Answer(total=total, points=items), now=now)
        question = attempt.question
        if question is not None:
            choice = rng.choice([None, *range(len(question.choices))])
            attempt_explain(attempt=attempt, choice=choice, now=now)
    elif kind == "play":
        deal = PlayDealFactory(**owner.fields)
        play_record(deal=deal, claims=[rng.choice([0, 0, 2]) for _ in deal.play.plays], now=now)
    elif kind == "throw":
        deal = DiscardDealFactory(**owner.fields)
        discard_record(deal=deal, throw=tuple(rng.sample(deal.six, 2)), now=now)
    else:
        deal = deal_create(owner=owner, mode=Mode.LAY, now=now)
        lay_record(deal=deal, card=rng.choice(deal.lay_position.fitting), now=now)
