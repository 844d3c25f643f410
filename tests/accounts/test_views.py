"""The account pages: signing up, logging in and out, the email address, the password
changed or reset by email, other browsers logged out, and the password asked again
(throttled) before a change that matters."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone

from cribtrainer.models import PlayerSession
from quizzes.models import Attempt, ReviewItem
from tests.accounts.players import NEW_PASSWORD, guest_answers, in_one_64, sign_up
from tests.factories import PASSWORD, AttemptFactory, DealFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


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


@override_settings(PROXY_COUNT=1)
def test_signups_from_one_ipv6_network_are_throttled(client, clock, settings):
    settings.THROTTLE_SIGNUP = (2, 3600)

    def sign_up_from(n, username):
        data = {"username": username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
        return type(client)().post("/accounts/signup/", data, headers=in_one_64(n))

    assert [sign_up_from(n, f"player-{n}").status_code for n in range(3)] == [302, 302, 429]
    assert not User.objects.filter(username="player-2").exists()


# --- sign-up: the email address, a double submit ------------------------------------


def test_the_signup_form_keeps_its_field_names_and_adds_an_optional_email(client):
    page = client.get("/accounts/signup/").text
    for name in ("username", "email", "password1", "password2"):
        assert f'name="{name}"' in page
    assert sign_up(client, email="").status_code == 302
    assert User.objects.get(username="muggins").email == ""


def confirm_link(message) -> str:
    import re

    return re.search(r"https?://[^/]+(/accounts/email/confirm/\S+/)", message.body).group(1)


def signup_answer(response, typed: tuple[str, ...]) -> tuple:
    """What a sign-up's answer says, less what the one who sent it typed and the CSRF
    token: its status, where it goes, and its page."""
    import re

    page = response.text if response.status_code != 302 else ""
    page = re.sub(r"\b[A-Za-z0-9]{64}\b", "CSRF-TOKEN", page)
    for text in typed:
        page = re.sub(re.escape(text), "TYPED", page, flags=re.IGNORECASE)
    return response.status_code, response.get("Location"), page


@pytest.mark.parametrize("passwords", [("a-pair-royal-is-six", "different-pass-phrase"), None])
def test_signup_says_the_same_whether_or_not_the_address_has_an_account(
    client, mailoutbox, passwords
):
    UserFactory(username="first", email="Taken@Example.org")
    password1, password2 = passwords or (NEW_PASSWORD, NEW_PASSWORD)
    answers, pages = [], []
    for n, email in enumerate(["taken@EXAMPLE.org", "free@example.org"]):
        browser = type(client)()
        answer = sign_up(
            browser, username=f"player-{n}", email=email, password1=password1, password2=password2
        )
        answers.append(signup_answer(answer, (f"player-{n}", email)))
        if answer.status_code == 302:
            after = browser.get(answer["Location"])
            pages.append(signup_answer(after, (f"player-{n}", email))[2])
    assert answers[0] == answers[1]
    assert pages[:1] == pages[1:]
    if passwords:  # refused: nothing made, nothing mailed
        assert answers[0][0] == 400
        assert "Another account" not in str(answers)
        assert mailoutbox == []
        return
    assert "We are sending a link to TYPED" in pages[0]
    # The owner of the address is told, and keeps it; the new account has it once the link
    # mailed to it is followed.
    told, link = mailoutbox
    assert told.to == ["Taken@Example.org"]
    assert 'Your account "first" has it already' in told.body
    assert "/accounts/password/reset/" in told.body
    assert link.to == ["free@example.org"]
    assert User.objects.get(username="player-0").email == ""
    assert User.objects.get(username="player-1").email == ""
    page = client.get(confirm_link(link))
    assert "Make free@example.org the email address of the account" in page.text
    assert User.objects.get(username="player-1").email == ""  # a GET changes nothing
    done = client.post(confirm_link(link))
    assert "free@example.org is now the email address" in done.text
    assert User.objects.get(username="player-1").email == "free@example.org"


def test_a_confirm_link_works_while_the_account_keeps_its_address(client, mailoutbox):
    sign_up(client, email="one@example.org")
    (first,) = mailoutbox
    client.post("/accounts/", {"email": "two@example.org", "password": NEW_PASSWORD})
    second = mailoutbox[1]
    assert client.post(confirm_link(second)).status_code == 200
    assert User.objects.get(username="muggins").email == "two@example.org"
    # The first link was for an account whose address has changed since: refused.
    refused = client.post(confirm_link(first))
    assert refused.status_code == 400
    assert "This link is not valid" in refused.text
    forged = confirm_link(first).replace("/confirm/", "/confirm/x")
    assert client.post(forged).status_code == 400
    assert User.objects.get(username="muggins").email == "two@example.org"


def test_a_confirm_link_for_an_address_taken_meanwhile_is_refused(client, mailoutbox):
    sign_up(client, email="crib@example.org")
    UserFactory(username="quicker", email="CRIB@example.org")
    refused = client.post(confirm_link(mailoutbox[0]))
    assert refused.status_code == 400
    assert "Another account already has that email address." in refused.text
    assert User.objects.get(username="muggins").email == ""


def test_mails_about_one_address_are_limited(client, mailoutbox, settings):
    settings.THROTTLE_PASSWORD_RESET = (2, 3600)
    settings.THROTTLE_SIGNUP = (100, 3600)
    UserFactory(username="first", email="taken@example.org")
    for n in range(4):
        answer = sign_up(type(client)(), username=f"p{n}", email="taken@example.org")
        assert answer.status_code == 302
    assert len(mailoutbox) == 2


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
    clock.advance(3600 + 360)  # a window and a slot
    assert sign_up(client, username="one-too-many").status_code == 302


def test_every_signup_sent_counts_toward_the_limit_made_or_refused(client, clock, settings):
    settings.THROTTLE_SIGNUP = (3, 3600)
    UserFactory(username="taken")
    assert sign_up(client, username="taken").status_code == 400
    assert sign_up(client, username="muggins", password2="another").status_code == 400
    assert sign_up(client, username="muggins", email="not an address").status_code == 400
    refused = sign_up(client, username="muggins")
    assert refused.status_code == 429
    assert not User.objects.filter(username="muggins").exists()


# --- the account's email address ------------------------------------------------------


def test_the_account_page_changes_the_email_address_once_a_mailed_link_confirms_it(
    client, mailoutbox
):
    user = UserFactory(email="old@example.org")
    client.force_login(user)
    response = client.post("/accounts/", {"email": "Me@Example.ORG", "password": PASSWORD})
    assert response["Location"] == "/accounts/"
    assert "We are sending a link to Me@example.org" in client.get("/accounts/").text
    user.refresh_from_db()
    assert user.email == "old@example.org"
    (message,) = mailoutbox
    assert message.to == ["Me@example.org"]
    client.post(confirm_link(message))
    user.refresh_from_db()
    assert user.email == "Me@example.org"
    # No address at all needs no link.
    response = client.post("/accounts/", {"email": "", "password": PASSWORD})
    assert response["Location"] == "/accounts/?email=saved"
    assert "Your email address was saved." in client.get(response["Location"]).text
    user.refresh_from_db()
    assert user.email == ""


def test_a_wrong_password_changes_no_email_address(client):
    user = UserFactory(email="old@example.org")
    client.force_login(user)
    response = client.post("/accounts/", {"email": "new@example.org", "password": "wrong"})
    assert response.status_code == 400
    assert "That is not your password: your email address was not changed." in response.text
    user.refresh_from_db()
    assert user.email == "old@example.org"


def test_the_account_page_says_nothing_of_another_accounts_address(client, mailoutbox):
    UserFactory(username="other", email="taken@example.org")
    client.force_login(UserFactory(username="me"))
    taken = client.post("/accounts/", {"email": "TAKEN@example.org", "password": PASSWORD})
    free = client.post("/accounts/", {"email": "free@example.org", "password": PASSWORD})
    assert (taken.status_code, taken["Location"]) == (free.status_code, free["Location"])
    assert [message.to for message in mailoutbox] == [["taken@example.org"], ["free@example.org"]]
    assert User.objects.get(username="me").email == ""


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
    # Even the right password is refused until the first try is a window old (to the end
    # of its slot, a tenth of the window), and nothing changes.
    refused = client.post(url, {**fields, field: PASSWORD})
    assert refused.status_code == 429
    assert "Too many wrong passwords: nothing was changed." in refused.text
    assert int(refused["Retry-After"]) == round(seconds * 1.1)
    assert User.objects.filter(pk=user.pk).exists()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    clock.advance(seconds * 1.1)  # a window and a slot
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
    clock.advance(3600 + 360)  # a window and a slot
    client.post("/accounts/password/reset/", {"email": "victim@example.org"})
    assert len(mailoutbox) == 3
