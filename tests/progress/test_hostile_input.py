"""Random and hostile values thrown at the account forms: never a 5xx, never a raw echo."""

import pytest
from hypothesis import HealthCheck, given, settings

from tests.factories import UserFactory
from tests.hostile import echoed_unescaped, form_data

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
@hostile
@given(data=form_data(["old_password", "new_password1", "new_password2"]))
def test_password_change_form(client, data):
    client.force_login(UserFactory(username="changer"))
    assert_handled(client.post("/accounts/password/", data), data)


@pytest.mark.django_db
@hostile
@given(data=form_data(["password"]))
def test_delete_account_form_keeps_the_account_on_a_wrong_password(client, data):
    user = UserFactory(username="keeper")
    client.force_login(user)
    response = client.post("/accounts/delete/", data)
    assert_handled(response, data, ok=(400,))
    assert 'class="field-error"' in response.content.decode()
    assert type(user).objects.filter(pk=user.pk).exists()
