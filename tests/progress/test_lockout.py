"""Log-in throttling against password guessing (django-axes)."""

import pytest
from django.conf import settings

from tests.factories import UserFactory

PASSWORD = "the-right-pass-phrase"


@pytest.fixture
def player(db):
    return UserFactory(username="guessme", password=PASSWORD)


def log_in(client, password, username="guessme"):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_wrong_passwords_lock_the_username_out_with_a_clear_message(client, player):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, "wrong").status_code == 200
    locked = log_in(client, "wrong")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many failed log-ins" in page
    assert "“guessme”" in page
    assert "paused for 15 minutes" in page
    # Locked out even with the right password until the cool-off ends.
    assert log_in(client, PASSWORD).status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_lockout_is_per_username(client, player):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "wrong", username="someone-else")
    response = log_in(client, PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(player.pk)


def test_the_lockout_page_escapes_the_username(client, db):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = log_in(client, "wrong", username="<script>alert(1)</script>")
    assert response.status_code == 429
    assert b"<script>alert(1)</script>" not in response.content
    assert b"&lt;script&gt;" in response.content
