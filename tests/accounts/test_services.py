"""Deleting an account: every row that names the player, and their sessions."""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model

from cribtrainer.models import PlayerSession
from quizzes.models import Attempt, Deal, ReviewItem
from tests.accounts.players import log_in
from tests.factories import PASSWORD, AttemptFactory, DealFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_delete_removes_the_account_and_all_its_data(client):
    user = UserFactory()
    AttemptFactory(deal=DealFactory(user=user))
    ReviewItem.objects.create(user=user, pattern="nobs")
    kept = AttemptFactory()
    client.force_login(user)
    response = client.post("/accounts/delete/", {"password": PASSWORD})
    assert response["Location"] == "/accounts/deleted/"
    assert not User.objects.filter(pk=user.pk).exists()
    assert list(Attempt.objects.all()) == [kept]
    assert list(Deal.objects.all()) == [kept.deal]
    assert not ReviewItem.objects.exists()
    assert "_auth_user_id" not in client.session


def test_delete_removes_every_row_naming_the_player_and_their_other_sessions(client):
    from axes.models import AccessLog

    user = UserFactory(username="leaver")
    kept = UserFactory(username="stayer")
    phone = type(client)(REMOTE_ADDR="10.0.0.7", HTTP_USER_AGENT="Phone")
    log_in(phone, "wrong", username="leaver")
    assert log_in(phone, PASSWORD, username="leaver").status_code == 302
    assert log_in(client, PASSWORD, username="stayer").status_code == 302
    client.post("/accounts/logout/")
    log_in(client, "wrong", username="stayer")
    assert log_in(client, PASSWORD, username="leaver").status_code == 302
    log_in(type(client)(), "wrong", username="leaver")  # someone guessing
    assert AccessLog.objects.filter(username="leaver").count() == 2
    assert AccessAttempt.objects.filter(username="leaver").exists()

    client.post("/accounts/delete/", {"password": PASSWORD})

    assert not AccessLog.objects.filter(username="leaver").exists()
    assert not AccessAttempt.objects.filter(username="leaver").exists()
    assert AccessLog.objects.filter(username="stayer").exists()
    assert AccessAttempt.objects.filter(username="stayer").exists()
    sessions = [s.get_decoded().get("_auth_user_id") for s in PlayerSession.objects.all()]
    assert str(user.pk) not in sessions
    assert phone.get("/accounts/").status_code == 302  # the phone is logged out
    assert User.objects.filter(pk=kept.pk).exists()
