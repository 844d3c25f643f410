import csv
import io
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone

from cribtrainer.models import PlayerSession
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


def in_one_64(n: int) -> dict:
    """The n-th address of one IPv6 /64, as the proxy in front says it."""
    return {"X-Forwarded-For": f"2001:db8:1:2:{n:x}:{n:x}:0:1"}


@override_settings(PROXY_COUNT=1)
def test_an_ipv6_network_is_one_address_for_the_log_in_lockout(client, guessme):
    limit = settings.LOGIN_FAILURES_PER_USERNAME
    for n in range(limit - 1):
        assert log_in(client, "wrong", **in_one_64(n)).status_code == 200
    assert log_in(client, "wrong", **in_one_64(limit)).status_code == 429
    assert log_in(client, PASSWORD, **in_one_64(999)).status_code == 429
    # The next /64 is another address.
    other = {"X-Forwarded-For": "2001:db8:1:3::1"}
    assert log_in(client, PASSWORD, **other).status_code == 302


@override_settings(PROXY_COUNT=1, IPV6_PREFIX_LENGTH=48)
def test_the_ipv6_network_counted_as_one_address_is_a_setting(client, guessme):
    for n in range(settings.LOGIN_FAILURES_PER_USERNAME):
        log_in(client, "wrong", **{"X-Forwarded-For": f"2001:db8:1:{n:x}::1"})
    assert log_in(client, PASSWORD, **{"X-Forwarded-For": "2001:db8:1:ff::1"}).status_code == 429


@override_settings(PROXY_COUNT=1)
def test_a_log_in_flood_from_one_64_is_refused_before_any_password_is_hashed(
    client, guessme, monkeypatch
):
    from django.contrib.auth.backends import ModelBackend

    hashed = []
    authenticate = ModelBackend.authenticate

    def counted(self, *args, **kwargs):
        hashed.append(1)
        return authenticate(self, *args, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counted)
    limit = settings.LOGIN_FAILURES_PER_ADDRESS
    statuses = [
        log_in(client, "wrong", username=f"user{n}", **in_one_64(n)).status_code
        for n in range(limit + 30)
    ]
    assert statuses.count(429) == 31
    assert len(hashed) == limit


@override_settings(PROXY_COUNT=1)
def test_signups_from_one_ipv6_network_are_throttled(client, clock, settings):
    settings.THROTTLE_SIGNUP = (2, 3600)

    def sign_up_from(n, username):
        data = {"username": username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
        return type(client)().post("/accounts/signup/", data, headers=in_one_64(n))

    assert [sign_up_from(n, f"player-{n}").status_code for n in range(3)] == [302, 302, 429]
    assert not User.objects.filter(username="player-2").exists()


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


# --- sign-up: the email address, a double submit ------------------------------------


def sign_up(client, username="muggins", email="", password=NEW_PASSWORD, **fields):
    data = {"username": username, "email": email, "password1": password, "password2": password}
    return client.post("/accounts/signup/", {**data, **fields})


def test_the_signup_form_keeps_its_field_names_and_adds_an_optional_email(client):
    page = client.get("/accounts/signup/").text
    for name in ("username", "email", "password1", "password2"):
        assert f'name="{name}"' in page
    assert sign_up(client, email="").status_code == 302
    assert User.objects.get(username="muggins").email == ""


def test_an_email_address_belongs_to_one_account_whatever_its_case(client):
    UserFactory(username="first", email="Muggins@Example.org")
    response = sign_up(client, email="muggins@EXAMPLE.org")
    assert response.status_code == 400
    assert "Another account already has that email address." in response.text
    assert not User.objects.filter(username="muggins").exists()


def test_the_database_refuses_a_second_account_with_an_email_in_another_case(db):
    from django.db import IntegrityError, transaction

    UserFactory(username="first", email="crib@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        UserFactory(username="second", email="CRIB@example.org")
    UserFactory(username="third", email="")
    UserFactory(username="fourth", email="")  # no address is not an address


def test_a_signup_sent_again_logs_in_to_the_account_it_made(client):
    guest_answers(client, ["3"])
    first = type(client)()  # the first submit's answer never reached the browser
    assert sign_up(first).status_code == 302
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == "/progress/"
    user = User.objects.get(username="muggins")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert Attempt.objects.get().user == user


def test_a_taken_username_with_another_password_is_refused(client):
    UserFactory(username="muggins", password="someone-elses-pass-phrase")
    response = sign_up(client)
    assert response.status_code == 400
    assert "A user with that username already exists." in response.text
    assert "_auth_user_id" not in client.session


def test_an_older_account_is_not_logged_in_to_by_signing_up_again(client):
    user = UserFactory(username="muggins", password=NEW_PASSWORD)
    User.objects.filter(pk=user.pk).update(date_joined=timezone.now() - timedelta(minutes=3))
    assert sign_up(client).status_code == 400
    assert "_auth_user_id" not in client.session


def test_signups_from_one_address_are_throttled(client, clock, settings):
    settings.THROTTLE_SIGNUP = (2, 3600)
    for n in range(2):
        assert sign_up(type(client)(), username=f"player-{n}").status_code == 302
    refused = sign_up(client, username="one-too-many")
    assert refused.status_code == 429
    assert "Too many accounts made from your address." in refused.text
    assert not User.objects.filter(username="one-too-many").exists()
    clock.advance(3600)
    assert sign_up(client, username="one-too-many").status_code == 302


# --- the account's email address ------------------------------------------------------


def test_the_account_page_changes_the_email_address_with_the_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post("/accounts/", {"email": "Me@Example.ORG", "password": PASSWORD})
    assert response["Location"] == "/accounts/?email=saved"
    user.refresh_from_db()
    assert user.email == "Me@example.org"
    assert "Your email address was saved." in client.get(response["Location"]).text


def test_a_wrong_password_changes_no_email_address(client):
    user = UserFactory(email="old@example.org")
    client.force_login(user)
    response = client.post("/accounts/", {"email": "new@example.org", "password": "wrong"})
    assert response.status_code == 400
    assert "That is not your password: your email address was not changed." in response.text
    user.refresh_from_db()
    assert user.email == "old@example.org"


def test_another_accounts_email_address_is_refused(client):
    UserFactory(username="other", email="taken@example.org")
    client.force_login(UserFactory())
    response = client.post("/accounts/", {"email": "TAKEN@example.org", "password": PASSWORD})
    assert response.status_code == 400
    assert "Another account already has that email address." in response.text


# --- re-authentication is throttled ---------------------------------------------------

REAUTHENTICATIONS = [
    ("/accounts/delete/", "password"),
    ("/accounts/password/", "old_password"),
    ("/accounts/", "password"),
]


@pytest.mark.parametrize(("url", "field"), REAUTHENTICATIONS)
def test_wrong_passwords_when_reauthenticating_are_throttled(client, clock, url, field):
    user = UserFactory()
    client.force_login(user)
    times, seconds = settings.THROTTLE_REAUTH
    fields = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    for _ in range(times):
        assert client.post(url, {**fields, field: "wrong"}).status_code == 400
    # Even the right password is refused until the window ends, and nothing changes.
    refused = client.post(url, {**fields, field: PASSWORD})
    assert refused.status_code == 429
    assert "Too many wrong passwords: nothing was changed." in refused.text
    assert int(refused["Retry-After"]) == seconds
    assert User.objects.filter(pk=user.pk).exists()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    clock.advance(seconds)
    assert client.post(url, {**fields, field: PASSWORD}).status_code == 302


@pytest.mark.parametrize(("url", "field"), REAUTHENTICATIONS)
@pytest.mark.parametrize("address", ["127.0.0.1", "10.1.2.3"])
def test_another_session_cannot_lock_the_owner_out(client, clock, url, field, address):
    """Wrong passwords count against the session that gave them: a stolen session (from
    the owner's address or another) uses its own tries up, never the owner's."""
    user = UserFactory()
    attacker = type(client)(REMOTE_ADDR=address)
    attacker.force_login(user)
    times, _ = settings.THROTTLE_REAUTH
    fields = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    for _ in range(times):
        assert attacker.post(url, {**fields, field: "wrong"}).status_code == 400
    assert attacker.post(url, {**fields, field: PASSWORD}).status_code == 429
    client.force_login(user)
    assert client.post(url, {**fields, field: PASSWORD}).status_code == 302


def test_changing_the_password_ends_the_other_sessions(client):
    user = UserFactory()
    other = type(client)(REMOTE_ADDR="10.1.2.3")
    other.force_login(user)
    client.force_login(user)
    fields = {
        "old_password": PASSWORD,
        "new_password1": NEW_PASSWORD,
        "new_password2": NEW_PASSWORD,
    }
    assert client.post("/accounts/password/", fields).status_code == 302
    assert PlayerSession.objects.filter(user_id=user.pk).count() == 1
    assert other.get("/accounts/").status_code == 302  # logged out: sent to log in
    assert client.get("/accounts/").status_code == 200


def test_the_owner_can_log_out_every_other_session(client):
    user = UserFactory()
    others = [type(client)(REMOTE_ADDR=f"10.1.2.{n}") for n in range(3)]
    for other in others:
        other.force_login(user)
    someone_else = type(client)()
    someone_else.force_login(UserFactory(username="someone-else"))
    client.force_login(user)
    response = client.post("/accounts/sessions/end/", follow=True)
    assert response.redirect_chain[-1][0] == "/accounts/?ended=3"
    assert "3 other browsers logged out." in response.text
    assert all(other.get("/accounts/").status_code == 302 for other in others)
    assert client.get("/accounts/").status_code == 200
    assert someone_else.get("/accounts/").status_code == 200
    assert client.get("/accounts/sessions/end/").status_code == 405


def test_a_right_password_uses_none_of_the_throttle(client, clock):
    user = UserFactory()
    client.force_login(user)
    times, _ = settings.THROTTLE_REAUTH
    for n in range(times + 1):
        response = client.post("/accounts/", {"email": f"n{n}@example.org", "password": PASSWORD})
        assert response.status_code == 302


# --- password reset by email ----------------------------------------------------------


def reset_link(message) -> str:
    import re

    return re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", message.body).group(1)


def test_password_reset_mails_a_link_that_sets_a_new_password(client, mailoutbox):
    user = UserFactory(email="muggins@example.org")
    other_device = type(client)()
    other_device.force_login(user)
    response = client.post("/accounts/password/reset/", {"email": "MUGGINS@example.org"})
    assert response["Location"] == "/accounts/password/reset/sent/"
    (message,) = mailoutbox
    assert message.to == ["muggins@example.org"]
    assert user.username in message.body
    form = client.get(reset_link(message), follow=True)
    assert "Choose a new password" in form.text
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert done["Location"] == "/accounts/password/reset/done/"
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    # The link works once, and the other device's session has ended.
    assert "has been used already" in client.get(reset_link(message), follow=True).text
    assert other_device.get("/accounts/").status_code == 302


def test_password_reset_says_the_same_whether_or_not_the_address_has_an_account(client, mailoutbox):
    UserFactory(email="known@example.org")
    known = client.post("/accounts/password/reset/", {"email": "known@example.org"})
    unknown = client.post("/accounts/password/reset/", {"email": "unknown@example.org"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert len(mailoutbox) == 1


def test_password_reset_requests_are_throttled_per_address_and_per_email(
    client, clock, mailoutbox, settings
):
    settings.THROTTLE_PASSWORD_RESET = (2, 3600)
    UserFactory(email="victim@example.org")
    for _ in range(2):
        response = type(client)().post("/accounts/password/reset/", {"email": "victim@example.org"})
        assert response.status_code == 302
    # A third address asking for the same email gets the same answer, and no more mail.
    third = type(client)(REMOTE_ADDR="10.1.2.3")
    response = third.post("/accounts/password/reset/", {"email": "victim@example.org"})
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert len(mailoutbox) == 2
    # One address asking too often is told to wait, whatever the email.
    refused = client.post("/accounts/password/reset/", {"email": "someone@example.org"})
    assert refused.status_code == 429
    assert "Too many password reset emails asked for." in refused.text
    clock.advance(3600)
    client.post("/accounts/password/reset/", {"email": "victim@example.org"})
    assert len(mailoutbox) == 3


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


# --- an answer sent while the same browser logs in ------------------------------------


def test_an_answer_sent_before_the_login_finished_gets_its_feedback(client):
    user = UserFactory()
    response = client.post("/quiz/new/", {"mode": "hand"})
    dealt = Deal.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    # The 29 hand, counted 1 short: the miss is nobs, for certain, and goes to the queue.
    deal = DealFactory(user=None, guest_key=dealt.guest_key)
    other_tab = type(client)()  # the same browser: the same cookies
    other_tab.cookies = client.cookies.__class__(client.cookies)
    assert log_in(other_tab, PASSWORD, username=user.username).status_code == 302
    # The answer went out with the guest's cookie, whose session the log-in replaced.
    answered = client.post(
        f"/quiz/{deal.pk}/answer/", {"total": "28"}, headers={"HX-Request": "true"}
    )
    assert answered.status_code == 200
    assert "Not quite" in answered.text
    attempt = Attempt.objects.get()
    assert (attempt.deal, attempt.user, attempt.guest_key) == (deal, user, "")
    assert ReviewItem.objects.filter(user=user).exists()
    assert not ReviewItem.objects.filter(user__isnull=True).exists()
    # It does not log the browser out of the account: no cookie is deleted.
    assert "sessionid" not in answered.cookies
    # The page it goes to, asked for with the same old cookie, shows the feedback too.
    assert "Not quite" in client.get(f"/quiz/{deal.pk}/").text


def test_an_answer_that_lands_while_the_login_is_moving_the_deals_is_kept(client):
    """The moment in between: the log-in has deleted the guest's session but not yet moved
    its deals. The answer, with the guest's cookie, is recorded, and moves with the rest."""

    from quizzes.services import attempts_merge

    user = UserFactory()
    response = client.post("/quiz/new/", {"mode": "hand"})
    deal = Deal.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    other_tab = type(client)()
    other_tab.cookies = client.cookies.__class__(client.cookies)
    guest_key = logged_in_before_the_move(other_tab, user)  # session gone, nothing moved
    assert Deal.objects.get(pk=deal.pk).user is None
    answered = client.post(f"/quiz/{deal.pk}/answer/", {"total": "0"})
    assert answered.status_code == 302, answered.content[:300]
    assert Attempt.objects.get().guest_key == deal.guest_key
    assert attempts_merge(from_session=guest_key, to_user=user) == 1  # the move, at last
    assert Attempt.objects.get().user == user
    assert not PlayerSession.objects.filter(session_key=client.cookies["sessionid"].value).exists()


def logged_in_before_the_move(client, user) -> str:
    """Log ``client`` in with the guest merge held back, as if the answer came before it
    ran; the guest key whose deals are still to move."""
    from django.contrib.auth.signals import user_logged_in

    from quizzes.services import guest_attempts_claim

    key = client.session["guest_key"]
    user_logged_in.disconnect(dispatch_uid="quizzes.guest_attempts_claim")
    try:
        assert log_in(client, PASSWORD, username=user.username).status_code == 302
    finally:
        user_logged_in.connect(guest_attempts_claim, dispatch_uid="quizzes.guest_attempts_claim")
    return key


def test_another_browser_with_no_claim_on_a_moved_deal_gets_a_404(client):
    user = UserFactory()
    response = client.post("/quiz/new/", {"mode": "hand"})
    url = response["Location"]
    assert log_in(client, PASSWORD, username=user.username).status_code == 302
    stranger = type(client)()
    stranger.post("/quiz/new/", {"mode": "hand"})
    assert stranger.post(url + "answer/", {"total": "1"}).status_code == 404
    assert not Attempt.objects.exists()
