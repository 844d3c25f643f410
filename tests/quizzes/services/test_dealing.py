"""Dealing a quiz, and who a deal belongs to."""

import pytest
from django.db import IntegrityError
from django.utils import timezone

from quizzes.domain.dealing import Mode
from quizzes.domain.patterns import Pattern
from quizzes.owners import Owner
from quizzes.services.dealing import deal_create
from tests.factories import DealFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_deal_create_saves_a_pattern_deal_for_its_owner():
    user = UserFactory()
    deal = deal_create(
        owner=Owner(user=user), mode=Mode.PATTERN, pattern=Pattern.TRIPLE_RUN, now=timezone.now()
    )
    deal.refresh_from_db()
    assert deal.user == user
    assert deal.focus == "triple-run"
    assert deal.focus_pattern is Pattern.TRIPLE_RUN


def test_a_deal_must_have_exactly_one_owner():
    with pytest.raises(IntegrityError):
        DealFactory(user=None, guest_key="")


def test_a_deal_cannot_have_two_owners():
    with pytest.raises(IntegrityError):
        DealFactory(guest_key="someone")
