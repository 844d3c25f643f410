"""Random and hostile values thrown at the quiz forms: never a 5xx, never a raw echo."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizzes.models import Attempt
from tests.factories import DealFactory
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
@given(data=form_data(["mode", "pattern"]))
def test_new_deal_form_never_fails(signed_in, data):
    client, _ = signed_in
    response = client.post("/quiz/new/", data)
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        body = response.content.decode()
        assert echoed_unescaped(body, data) == []
        assert "There is no" in body or "Choose the pattern" in body
