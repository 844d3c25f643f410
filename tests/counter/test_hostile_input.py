"""Random and hostile values thrown at the counter: never a 5xx, never a raw echo."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import echoed_unescaped, form_data

COUNTER_FIELDS = ["hand", "starter", "crib", "cards", "pick", "clear", "place", "fill"]
ROUND_FIELDS = ["starter", "pone", "dealer", "crib", "pick", "clear", "place", "fill", "typed"]
DISCARD_FIELDS = ["cards", "role", "throw", "pick", "clear", "place", "fill"]
PEGGING_FIELDS = ["players", "play", "pick", "go", "undo", "clear", "typed"]


@settings(max_examples=150, deadline=None)
@given(data=form_data(COUNTER_FIELDS), htmx=st.booleans())
def test_counter_never_fails_and_never_echoes_markup(data, htmx):
    from django.test import Client

    headers = {"HX-Request": "true"} if htmx else {}
    response = Client().get("/", data, headers=headers)
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        body = response.content.decode()
        assert echoed_unescaped(body, data) == []
        assert 'id="count-message"' in body


@settings(max_examples=150, deadline=None)
@given(data=form_data(ROUND_FIELDS), htmx=st.booleans(), current=st.text(max_size=60))
def test_round_never_fails_and_never_echoes_markup(data, htmx, current):
    from django.test import Client

    headers = {"HX-Request": "true", "HX-Current-URL": f"http://testserver/round/?{current}"}
    response = Client().get("/round/", data, headers=headers if htmx else {})
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        body = response.content.decode()
        assert echoed_unescaped(body, data) == []
        assert 'id="round-message"' in body


@settings(max_examples=150, deadline=None)
@given(data=form_data(DISCARD_FIELDS), htmx=st.booleans(), current=st.text(max_size=60))
def test_discard_analyser_never_fails_and_never_echoes_markup(data, htmx, current):
    from django.test import Client

    headers = {"HX-Request": "true", "HX-Current-URL": f"http://testserver/discard/?{current}"}
    response = Client().get("/discard/", data, headers=headers if htmx else {})
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        body = response.content.decode()
        assert echoed_unescaped(body, data) == []
        assert 'id="discard-message"' in body


@settings(max_examples=150, deadline=None)
@given(data=form_data(PEGGING_FIELDS), htmx=st.booleans(), current=st.text(max_size=60))
def test_pegging_never_fails_and_never_echoes_markup(data, htmx, current):
    from django.test import Client

    headers = {"HX-Request": "true", "HX-Current-URL": f"http://testserver/pegging/?{current}"}
    response = Client().get("/pegging/", data, headers=headers if htmx else {})
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        body = response.content.decode()
        assert echoed_unescaped(body, data) == []
        assert 'id="pegging-message"' in body
