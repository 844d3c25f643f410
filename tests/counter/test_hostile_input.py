"""Random and hostile values thrown at the pages that take cards: never a 5xx, never a raw
echo, and the page's message always in place."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import echoed_unescaped, form_data

PAGES = {
    "/": (["hand", "starter", "crib", "cards", "pick", "clear", "place", "fill"], "count"),
    "/round/": (
        ["starter", "pone", "dealer", "crib", "pick", "clear", "place", "fill", "typed", "players"],
        "round",
    ),
    "/discard/": (["cards", "role", "throw", "pick", "clear", "place", "fill", "typed"], "discard"),
    "/pegging/": (["players", "play", "pick", "go", "undo", "clear", "typed"], "pegging"),
}


@pytest.mark.parametrize("path", PAGES)
def test_a_page_that_takes_cards_never_fails_and_never_echoes_markup(path):
    fields, name = PAGES[path]

    @settings(max_examples=150, deadline=None)
    @given(data=form_data(fields), htmx=st.booleans(), current=st.text(max_size=60))
    def check(data, htmx, current):
        from django.test import Client

        headers = {"HX-Request": "true", "HX-Current-URL": f"http://testserver{path}?{current}"}
        response = Client().get(path, data, headers=headers if htmx else {})
        assert response.status_code in (200, 302, 400)  # 400: players the round does not have
        if response.status_code != 302:
            body = response.content.decode()
            assert echoed_unescaped(body, data) == []
            assert f'id="{name}-message"' in body

    check()
