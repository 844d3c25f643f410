"""Random and hostile values thrown at the quiz forms: never a 5xx, never a raw echo."""

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizzes.models import Attempt
from tests.factories import DealFactory, DiscardDealFactory, UserFactory
from tests.hostile import echoed_unescaped, form_data

ANSWER_FIELDS = ["total", "fifteens", "pairs", "runs", "flush", "nobs"]
hostile = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def signed_in(client, django_user_model):
    user = django_user_model.objects.create_user("hostile", password="unused-pass-phrase")
    client.force_login(user)
    return client, user


@pytest.mark.django_db
@hostile
@given(data=form_data(ANSWER_FIELDS), htmx=st.booleans())
def test_answer_form_never_fails_and_never_echoes_markup(signed_in, data, htmx):
    client, user = signed_in
    deal = DealFactory(user=user)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(f"/quiz/{deal.pk}/answer/", data, headers=headers)
    assert response.status_code < 500
    body = response.content.decode()
    assert echoed_unescaped(body, data) == []
    if Attempt.objects.filter(deal=deal).exists():
        assert response.status_code in (200, 302)
    else:
        assert response.status_code in (200, 400)
        assert 'role="alert"' in body or 'class="field-error"' in body


@pytest.mark.django_db
@hostile
@given(data=form_data(["throw"]), htmx=st.booleans())
def test_throw_form_never_fails_and_never_echoes_markup(signed_in, data, htmx):
    client, user = signed_in
    deal = DiscardDealFactory(user=user)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(f"/quiz/{deal.pk}/answer/", data, headers=headers)
    assert response.status_code in (200, 302, 400)
    assert echoed_unescaped(response.content.decode(), data) == []


@pytest.mark.django_db
@hostile
@given(data=form_data(["choice", "skip"]), htmx=st.booleans())
def test_which_did_you_miss_never_fails_and_never_echoes_markup(signed_in, data, htmx):
    client, user = signed_in
    deal = DealFactory(user=user, hand="4C 6D 5D 4S", starter="9C")
    client.post(f"/quiz/{deal.pk}/answer/", {"total": "12"})  # several explanations fit
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(f"/quiz/{deal.pk}/explain/", data, headers=headers)
    assert response.status_code in (200, 302)
    assert echoed_unescaped(response.content.decode(), data) == []


@pytest.mark.django_db
@hostile
@given(data=form_data(["mode", "pattern"]))
def test_new_deal_form_never_fails(signed_in, data):
    client, _ = signed_in
    response = client.post("/quiz/new/", data)
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        body = response.content.decode()
        assert echoed_unescaped(body, data) == []
        assert "There is no" in body or "Choose the pattern" in body


hostile = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def assert_handled(response, data, ok=(200, 302, 400, 429)):
    assert response.status_code in ok
    assert echoed_unescaped(response.content.decode(), data) == []


@pytest.mark.django_db
@hostile
@given(data=form_data(["username", "password1", "password2"]))
def test_signup_form(client, data):
    response = client.post("/accounts/signup/", data)
    assert_handled(response, data)
    if response.status_code == 400:
        assert 'class="field-error"' in response.content.decode()


@pytest.mark.django_db
@hostile
@given(data=form_data(["username", "password", "next"]))
def test_login_form(client, data):
    assert_handled(client.post("/accounts/login/", data), data)


@pytest.mark.django_db
def test_an_overlong_username_is_refused_before_the_failure_is_logged(client):
    response = client.post("/accounts/login/", {"username": "u" * 300, "password": "x"})
    assert response.status_code == 200
    assert "at most 150 characters" in response.text
    assert not AccessAttempt.objects.exists()


@pytest.mark.django_db
@hostile
@given(data=form_data(["old_password", "new_password1", "new_password2"]))
def test_password_change_form(client, data):
    cache.clear()  # each example starts with no wrong passwords counted
    client.force_login(UserFactory(username="changer"))
    assert_handled(client.post("/accounts/password/", data), data)


@pytest.mark.django_db
@hostile
@given(data=form_data(["password"]))
def test_delete_account_form_keeps_the_account_on_a_wrong_password(client, data):
    cache.clear()  # each example starts with no wrong passwords counted
    user = UserFactory(username="keeper")
    client.force_login(user)
    response = client.post("/accounts/delete/", data)
    assert_handled(response, data, ok=(400,))
    assert 'class="field-error"' in response.content.decode()
    assert type(user).objects.filter(pk=user.pk).exists()
