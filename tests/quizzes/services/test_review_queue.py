"""The review queue: a pattern moved through the Leitner boxes."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.domain.marking import Answer
from quizzes.models import ReviewItem
from quizzes.services.answers import (
    attempt_record,
)
from tests.factories import (
    DealFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_answering_a_due_pattern_right_moves_it_up_a_box():
    now = timezone.now()
    user = UserFactory()
    item = ReviewItem.objects.create(user=user, pattern="double-run", box=1, due_at=now)
    deal = DealFactory(user=user, hand="3C 4D 4H 5S", starter="KC")
    attempt_record(deal=deal, answer=Answer(total=10), now=now)
    item.refresh_from_db()
    assert item.box == 2
    assert item.due_at == now + timedelta(days=1)
