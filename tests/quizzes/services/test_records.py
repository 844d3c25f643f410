"""The figures kept from a player's answers keep up with every answer saved."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.domain.streaks import streaks
from quizzes.models import Attempt, ShowRecord
from quizzes.owners import Owner
from quizzes.services.answers import discard_record
from tests.factories import DealFactory, DiscardDealFactory, UserFactory
from tests.quizzes.services.answering import (
    answer_something,
    count,
    marks_counted,
    pattern_figures,
    show_figures,
)

pytestmark = pytest.mark.django_db


def test_the_show_record_keeps_up_with_every_count_saved():
    user = UserFactory()
    owner = Owner(user=user)
    rng = random.Random(18)
    now = timezone.now()
    rights, cribs = [], 0
    for n in range(40):
        rights.append(rng.random() < 0.7)
        crib = rng.random() < 0.3
        cribs += crib
        count(DealFactory(user=user, crib=crib), rights[-1], now + timedelta(seconds=n))
        assert show_figures(owner) == (len(rights), cribs, sum(rights), *streaks(rights))
    # A throw is not a count: the record does not move.
    discard = DiscardDealFactory(user=user)
    discard_record(deal=discard, throw=discard.six[:2], now=now + timedelta(minutes=1))
    assert show_figures(owner) == (40, cribs, sum(rights), *streaks(rights))
    worked_out = ShowRecord.worked_out(owner)
    assert show_figures(owner) == (
        worked_out.attempts,
        worked_out.cribs,
        worked_out.right,
        worked_out.current_streak,
        worked_out.best_streak,
    )
    assert ShowRecord.objects.get().last == Attempt.objects.filter(kind="show").latest("pk")


def test_the_pattern_records_keep_up_with_every_mark_made_known(rng):
    owner = Owner(user=UserFactory())
    now = timezone.now()
    for n in range(60):
        answer_something(owner, rng, now + timedelta(seconds=n))
        assert pattern_figures(owner) == marks_counted(owner)
    assert len(pattern_figures(owner)) >= 10
    assert any(missed for _, missed in pattern_figures(owner).values())
