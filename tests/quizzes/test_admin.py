"""Staff changing or deleting answers in the admin: the figures kept from them (the show
record, the pattern records) are worked out again for each player concerned."""

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.domain.marking import Answer
from quizzes.models import AttemptPattern, Deal, PatternRecord, ShowRecord
from quizzes.owners import Owner
from quizzes.services.answers import attempt_record
from tests.factories import DealFactory, UserFactory

pytestmark = pytest.mark.django_db


def figures(owner: Owner):
    """What the progress page reads: the show record and the pattern records."""
    record = ShowRecord.objects.owned_by(owner).first()
    patterns = {r.pattern: (r.seen, r.missed) for r in PatternRecord.objects.owned_by(owner)}
    return (record.attempts, record.right) if record else None, patterns


def worked_out(owner: Owner):
    record = ShowRecord.worked_out(owner)
    patterns = {r.pattern: (r.seen, r.missed) for r in PatternRecord.worked_out(owner)}
    return (record.attempts, record.right) if record else None, patterns


@pytest.fixture
def player():
    """A player with three counts of the 29 hand: right, one short (nobs missed), right."""
    user = UserFactory(username="counter")
    for total in (29, 28, 29):
        attempt_record(deal=DealFactory(user=user), answer=Answer(total=total), now=timezone.now())
    return Owner(user=user)


@pytest.fixture
def staff(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def test_deleting_an_attempt_works_the_players_figures_out_again(staff, player):
    missed = AttemptPattern.objects.filter(missed=True).first().attempt
    url = reverse("admin:quizzes_attempt_delete", args=[missed.pk])
    assert staff.post(url, {"post": "yes"}).status_code == 302
    assert figures(player) == worked_out(player)
    assert figures(player)[0] == (2, 2)


def test_deleting_deals_from_the_list_works_the_players_figures_out_again(staff, player):
    other = Owner(user=UserFactory(username="other"))
    attempt_record(deal=DealFactory(user=other.user), answer=Answer(total=28), now=timezone.now())
    doomed = [
        Deal.objects.filter(user=player.user).first().pk,
        Deal.objects.get(user=other.user).pk,
    ]
    url = reverse("admin:quizzes_deal_changelist")
    form = {"action": "delete_selected", "_selected_action": doomed, "post": "yes"}
    assert staff.post(url, form).status_code == 302
    for owner in (player, other):
        assert figures(owner) == worked_out(owner)
    assert figures(other) == (None, {})


def test_changing_a_mark_works_the_players_figures_out_again(staff, player):
    mark = AttemptPattern.objects.filter(missed=True).first()
    url = reverse("admin:quizzes_attemptpattern_change", args=[mark.pk])
    form = {
        "attempt": mark.attempt_id,
        "user": mark.user_id,
        "guest_key": "",
        "pattern": mark.pattern,
        "missed": "false",
    }
    assert staff.post(url, form).status_code == 302
    assert figures(player) == worked_out(player)
    assert figures(player)[1][mark.pattern][1] == 0
