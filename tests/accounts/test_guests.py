"""A guest's practice brought into the account the same browser logs in to, even an
answer sent while the log-in is under way."""

import pytest
from django.contrib.auth import get_user_model

from cribtrainer.models import PlayerSession
from quizzes.models import Attempt, Deal, ReviewItem
from tests.accounts.players import guest_answers, log_in
from tests.factories import PASSWORD, AttemptFactory, DealFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


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

    from quizzes.services.guests import attempts_merge

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

    from accounts.guests import guest_attempts_claim

    key = client.session["guest_key"]
    user_logged_in.disconnect(dispatch_uid="accounts.guest_attempts_claim")
    try:
        assert log_in(client, PASSWORD, username=user.username).status_code == 302
    finally:
        user_logged_in.connect(guest_attempts_claim, dispatch_uid="accounts.guest_attempts_claim")
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
