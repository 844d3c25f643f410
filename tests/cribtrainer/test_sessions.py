"""Sessions: stored with their account, renewed by every change a guest makes, and the
guest told once where their practice lives."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import account_delete
from cribtrainer.models import PlayerSession
from quizzes.models import Deal
from quizzes.owners import GUEST_NOTICE
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

AGE = timedelta(seconds=settings.SESSION_COOKIE_AGE)


def session_of(client) -> PlayerSession:
    return PlayerSession.objects.get(session_key=client.cookies["sessionid"].value)


def age_session(client, left: timedelta) -> None:
    """As if the session were made long ago: only ``left`` of it remains."""
    PlayerSession.objects.filter(session_key=client.cookies["sessionid"].value).update(
        expire_date=timezone.now() + left
    )


def renewed(client, response) -> bool:
    expires = session_of(client).expire_date
    cookie = response.cookies.get("sessionid")
    return (
        abs(expires - (timezone.now() + AGE)) < timedelta(minutes=1)
        and cookie is not None
        and int(cookie["max-age"]) == settings.SESSION_COOKIE_AGE
    )


def test_every_change_a_guest_makes_renews_their_session(client):
    dealt = client.post("/quiz/new/", {"mode": "hand"})
    deal = Deal.objects.get()
    age_session(client, timedelta(days=1))
    answered = client.post(f"/quiz/{deal.pk}/answer/", {"total": "0"})
    assert answered.status_code == 302, dealt
    assert renewed(client, answered)
    age_session(client, timedelta(days=1))
    assert renewed(client, client.post("/quiz/new/", {"mode": "hand"}))
    age_session(client, timedelta(days=1))
    assert renewed(client, client.post("/play/new/", {"level": "greedy", "counting": "manual"}))


@pytest.mark.parametrize(
    ("url", "data", "token", "status"),
    [
        ("/quiz/new/", {"mode": "hand"}, False, 403),  # refused by CSRF
        ("/quiz/999999/answer/", {"total": "0"}, True, 404),
        ("/play/999999/move/", {"move": "0", "action": "resign"}, True, 404),
        ("/no/such/page/", {}, True, 404),
        ("/quiz/new/", {"mode": "nonsense"}, True, 400),
    ],
)
def test_a_post_that_changes_nothing_does_not_renew_the_session(url, data, token, status):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.get("/quiz/")  # the CSRF cookie
    csrf = {"csrfmiddlewaretoken": browser.cookies["csrftoken"].value}
    assert browser.post("/quiz/new/", {"mode": "hand", **csrf}).status_code == 302
    age_session(browser, timedelta(days=1))
    before = session_of(browser).expire_date
    response = browser.post(url, {**data, **(csrf if token else {})})
    assert response.status_code == status
    assert "sessionid" not in response.cookies
    assert session_of(browser).expire_date == before


def test_a_session_renewed_within_the_hour_is_not_written_again(client):
    """A game's moves come seconds apart: the first renews the session, the next ones
    leave it, until an hour of its life has gone."""
    client.post("/quiz/new/", {"mode": "hand"})
    age_session(client, AGE - timedelta(minutes=59))
    before = session_of(client).expire_date
    with CaptureQueriesContext(connection) as queries:
        response = client.post("/quiz/new/", {"mode": "hand"})
    assert response.status_code == 302
    assert "sessionid" not in response.cookies
    assert session_of(client).expire_date == before
    assert not [q for q in queries if q["sql"].startswith("UPDATE") and "session" in q["sql"]]
    age_session(client, AGE - timedelta(minutes=61))
    assert renewed(client, client.post("/quiz/new/", {"mode": "hand"}))


def test_reading_a_page_does_not_write_the_session(client):
    client.post("/quiz/new/", {"mode": "hand"})
    age_session(client, timedelta(days=1))
    before = session_of(client).expire_date
    response = client.get("/progress/")
    assert response.status_code == 200
    assert "sessionid" not in response.cookies
    assert session_of(client).expire_date == before


def test_a_post_with_no_session_makes_none(client):
    client.cookies["sessionid"] = "no-such-session-key-at-all-in-the-table"
    client.post("/quiz/new/", {"mode": "nonsense"})
    assert not PlayerSession.objects.exists()


def test_the_guest_notice_not_yet_shown_is_dropped_when_the_guest_signs_up(client):
    client.post("/quiz/new/", {"mode": "hand"})  # not followed: the notice waits
    fields = {"username": "quick", "password1": PASSWORD, "password2": PASSWORD}
    page = client.post("/accounts/signup/", fields, follow=True)
    assert GUEST_NOTICE not in page.text


def test_a_guest_is_told_once_where_their_practice_lives(client):
    first = client.post("/quiz/new/", {"mode": "hand"}, follow=True)
    assert GUEST_NOTICE in first.text
    assert "Sign up" in first.text
    second = client.post("/quiz/new/", {"mode": "hand"}, follow=True)
    assert GUEST_NOTICE not in second.text
    client.post(
        "/accounts/signup/", {"username": "kept", "password1": PASSWORD, "password2": PASSWORD}
    )
    again = client.post("/quiz/new/", {"mode": "hand"}, follow=True)
    assert GUEST_NOTICE not in again.text


# --- each session knows its account ---------------------------------------------------


def test_a_session_is_stored_with_the_account_it_is_logged_in_to(client):
    user = UserFactory()
    client.post("/quiz/new/", {"mode": "hand"})
    assert session_of(client).user_id is None
    client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert session_of(client).user_id == user.pk
    client.post("/accounts/logout/")
    assert not PlayerSession.objects.filter(user_id=user.pk).exists()


def many_sessions(count: int, *, user_id=None) -> None:
    """Sessions made straight in the table; their data is not even valid, as no one should
    need to read it."""
    expires = timezone.now() + AGE
    PlayerSession.objects.bulk_create(
        PlayerSession(
            session_key=f"{user_id or 'g'}-{n:032d}",
            session_data="not decodable",
            expire_date=expires,
            user_id=user_id,
        )
        for n in range(count)
    )


def test_deleting_an_account_reads_and_deletes_only_its_own_sessions():
    user, other = UserFactory(), UserFactory(username="other")
    many_sessions(2000)
    pk = user.pk
    many_sessions(3, user_id=pk)
    many_sessions(2, user_id=other.pk)
    with CaptureQueriesContext(connection) as queries:
        account_delete(user=user)
    session_queries = [q["sql"] for q in queries if "cribtrainer_session" in q["sql"]]
    assert session_queries
    assert all("user_id" in sql for sql in session_queries), session_queries
    assert not PlayerSession.objects.filter(user_id=pk).exists()
    assert PlayerSession.objects.filter(user_id=other.pk).count() == 2
    assert PlayerSession.objects.filter(user_id=None).count() == 2000


def test_an_account_deletion_that_fails_deletes_nothing(client, monkeypatch):
    user = UserFactory()
    client.force_login(user)
    phone = type(client)()
    phone.force_login(user)

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(type(user), "delete", broken)
    client.raise_request_exception = False
    response = client.post("/accounts/delete/", {"password": PASSWORD})
    assert response.status_code == 500
    assert type(user).objects.filter(pk=user.pk).exists()
    assert PlayerSession.objects.filter(user_id=user.pk).count() == 2
    monkeypatch.undo()
    assert client.get("/accounts/").status_code == 200  # still logged in


def test_a_session_replaced_during_the_request_is_not_renewed_and_fails_nothing():
    """A log-in in another tab replaced the guest's session while this answer was made: the
    answer still succeeds, and no session comes back to life."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from cribtrainer.middleware import SessionRenewMiddleware
    from cribtrainer.sessions import SessionStore

    guest = SessionStore()
    guest["guest_key"] = "a-guest"
    guest.create()
    request = RequestFactory().post("/quiz/1/answer/")
    request.session = SessionStore(guest.session_key)
    request.session.keys()  # the view read it

    def view(request):
        PlayerSession.objects.filter(session_key=guest.session_key).delete()  # the log-in
        return HttpResponse("feedback")

    response = SessionRenewMiddleware(view)(request)
    assert response.status_code == 200
    assert "sessionid" not in response.cookies
    assert not PlayerSession.objects.exists()
