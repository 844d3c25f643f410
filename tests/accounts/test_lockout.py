"""django-axes' lock-out of failed log-ins: per username from an address, per address
across usernames, an IPv6 network as one address, what a log-in forgives, and its page."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import override_settings

from tests.accounts.players import in_one_64, log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


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
