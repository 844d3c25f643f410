import csv
import io

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import override_settings

from quizzes.models import Attempt, Deal, ReviewItem
from tests.factories import PASSWORD, AttemptFactory, DealFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "a-pair-royal-is-six"


def guest_answers(client, totals=("29",)):
    """Deal and answer as a guest; returns the deals."""
    deals = []
    for total in totals:
        response = client.post("/quiz/new/", {"mode": "hand"})
        deal = Deal.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
        client.post(f"/quiz/{deal.pk}/answer/", {"total": total})
        deals.append(deal)
    return deals


def test_signup_signs_in_and_brings_the_guests_attempts(client):
    guest_answers(client, ["0", "1"])
    response = client.post(
        "/accounts/signup/",
        {"username": "muggins", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get(username="muggins")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert Attempt.objects.filter(user=user).count() == 2
    assert not Attempt.objects.filter(user__isnull=True).exists()
    assert ReviewItem.objects.filter(user=user).exists()
    assert not ReviewItem.objects.filter(user__isnull=True).exists()


def test_signup_problems_are_named(client):
    response = client.post(
        "/accounts/signup/", {"username": "", "password1": "a", "password2": "b"}
    )
    assert response.status_code == 400
    assert "The two password fields didn" in response.text
    assert not User.objects.exists()


def test_login_brings_the_guests_attempts_once(client):
    user = UserFactory()
    AttemptFactory(deal=DealFactory(user=user))
    guest_answers(client, ["5"])
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert Attempt.objects.filter(user=user).count() == 2
    client.post("/accounts/logout/")
    client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert Attempt.objects.filter(user=user).count() == 2
    assert Attempt.objects.count() == 2


def test_a_guest_deal_answered_after_login_is_the_players(client):
    user = UserFactory()
    response = client.post("/quiz/new/", {"mode": "hand"})
    client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    page = client.get(response["Location"])
    assert page.status_code == 200
    client.post(response["Location"] + "answer/", {"total": "2"})
    assert Attempt.objects.get().user == user


def test_logout_takes_post_only(client):
    client.force_login(UserFactory())
    assert client.get("/accounts/logout/").status_code == 405
    assert client.post("/accounts/logout/").status_code == 302
    assert "_auth_user_id" not in client.session


def test_change_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response["Location"] == "/accounts/password/done/"
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_account_pages_need_a_login(client):
    for url in ("/accounts/", "/accounts/delete/", "/accounts/password/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")


def test_delete_needs_the_password(client):
    user = UserFactory()
    AttemptFactory(deal=DealFactory(user=user))
    client.force_login(user)
    assert "cannot be undone" in client.get("/accounts/delete/").text
    response = client.post("/accounts/delete/", {"password": "wrong"})
    assert response.status_code == 400
    assert "That is not your password: nothing was deleted." in response.text
    assert User.objects.filter(pk=user.pk).exists()
    assert Attempt.objects.count() == 1


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


def test_csv_export_has_one_row_per_attempt_of_the_player_only(client):
    user = UserFactory()
    client.force_login(user)
    deal = DealFactory(user=user, hand="3C 4D 4H 5S", starter="KC")
    client.post(f"/quiz/{deal.pk}/answer/", {"fifteens": "2", "pairs": "2", "runs": "3"})
    AttemptFactory()
    response = client.get("/accounts/attempts.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 1
    row = rows[0]
    assert (row["hand"], row["starter"], row["counted_as"]) == ("3C 4D 4H 5S", "KC", "hand")
    assert (row["style"], row["claimed"], row["points"], row["right"]) == (
        "itemised",
        "7",
        "10",
        "no",
    )
    assert (row["runs"], row["flush"]) == ("3", "0")
    assert row["missed_patterns"] == "double-run"


def test_a_guest_can_export_their_attempts_too(client):
    guest_answers(client, ["3"])
    rows = list(csv.reader(io.StringIO(client.get("/accounts/attempts.csv").content.decode())))
    assert len(rows) == 2


@pytest.fixture
def guessme(db):
    return UserFactory(username="guessme", password=PASSWORD)


def log_in(client, password, username="guessme", **headers):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, headers=headers
    )


def test_wrong_passwords_lock_the_username_out_with_a_clear_message(client, guessme):
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME - 1):
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


def test_a_lockout_is_per_username(client, guessme):
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        log_in(client, "wrong", username="someone-else")
    response = log_in(client, PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(guessme.pk)


def test_the_lockout_page_escapes_the_username(client, db):
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        response = log_in(client, "wrong", username="<script>alert(1)</script>")
    assert response.status_code == 429
    assert b"<script>alert(1)</script>" not in response.content
    assert b"&lt;script&gt;" in response.content


@override_settings(PROXY_COUNT=1)
def test_behind_a_proxy_failures_from_elsewhere_do_not_lock_the_owner_out(client, guessme):
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME + 1):
        response = log_in(client, "wrong", **{"X-Forwarded-For": "6.6.6.6"})
    assert response.status_code == 429
    response = log_in(client, PASSWORD, **{"X-Forwarded-For": "1.1.1.1"})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(guessme.pk)
    # The guesser stays locked out, whatever they put in front of the proxy's entry.
    client.post("/accounts/logout/")
    spoofed = {"X-Forwarded-For": "1.1.1.1, 6.6.6.6"}
    assert log_in(client, PASSWORD, **spoofed).status_code == 429


@override_settings(PROXY_COUNT=0)
def test_with_no_proxy_a_forged_forwarded_for_does_not_escape_a_lockout(client, guessme):
    for n in range(settings.LOGIN_FAILURES_PER_USERNAME):
        log_in(client, "wrong", **{"X-Forwarded-For": f"6.6.6.{n}"})
    assert log_in(client, PASSWORD, **{"X-Forwarded-For": "1.1.1.1"}).status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.1"}


def test_an_address_failing_across_usernames_is_locked_out_for_every_username(client, guessme):
    for n in range(settings.LOGIN_FAILURES_PER_ADDRESS - 1):
        assert log_in(client, "wrong", username=f"nobody{n}").status_code == 200
    locked = log_in(client, "wrong", username="nobody-last")
    assert locked.status_code == 429
    assert f"{settings.LOGIN_FAILURES_PER_ADDRESS} failed log-ins from your address" in locked.text
    assert log_in(client, PASSWORD).status_code == 429
    # Another address is not locked out.
    other = type(client)(REMOTE_ADDR="10.1.2.3")
    assert log_in(other, PASSWORD).status_code == 302


def test_logging_in_forgives_only_that_usernames_failures_from_that_address(client, guessme):
    attacker = UserFactory(username="attacker")
    for n in range(settings.LOGIN_FAILURES_PER_ADDRESS - 2):
        log_in(client, "wrong", username=f"victim{n}")
    log_in(client, "wrong", username="attacker")
    # Their own log-in does not wipe their failures against other usernames.
    assert log_in(client, PASSWORD, username="attacker").status_code == 302
    assert not AccessAttempt.objects.filter(username=attacker.username).exists()
    assert AccessAttempt.objects.count() == settings.LOGIN_FAILURES_PER_ADDRESS - 2
    client.post("/accounts/logout/")
    assert log_in(client, "wrong", username="victim-next").status_code == 200
    assert log_in(client, "wrong", username="victim-last").status_code == 429


def test_the_lockout_page_says_when_to_try_again(client, guessme):
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        response = log_in(client, "wrong")
    assert response.status_code == 429
    assert "Try again in 15 minutes, after" in response.text
    assert int(response["Retry-After"]) in range(14 * 60, 15 * 60 + 1)
