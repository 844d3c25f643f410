"""Every URL that takes an id answers 404 to anyone but the owner: never another's data."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.factories import DealFactory, GameFactory, UserFactory


def id_patterns(patterns=None, prefix=""):
    """(name, route) of every non-admin URL with a path converter in it."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            namespace = f"{entry.namespace}:" if entry.namespace else ""
            yield from id_patterns(entry.url_patterns, prefix + namespace)
        elif isinstance(entry, URLPattern) and entry.pattern.converters:
            yield prefix + entry.name


# For each URL with an id: the method to try, and the owned row whose id goes in it.
OWNED_BY_ID = {
    "quizzes:deal": ("get", DealFactory),
    "quizzes:answer": ("post", DealFactory),
    "quizzes:explain": ("post", DealFactory),
    "games:game": ("get", GameFactory),
    "games:move": ("post", GameFactory),
}


def test_every_id_url_is_covered_here():
    assert set(id_patterns()) == set(OWNED_BY_ID)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(OWNED_BY_ID))
@pytest.mark.parametrize("visitor", ["another player", "anonymous visitor", "another guest"])
def test_only_the_owner_gets_past_the_id(client, name, visitor):
    method, factory = OWNED_BY_ID[name]
    owned = factory(user=UserFactory(username="owner"))
    if visitor == "another player":
        client.force_login(UserFactory(username="intruder"))
    elif visitor == "another guest":
        client.post(reverse("quizzes:new"))  # a guest with deals of their own
    url = reverse(name, kwargs={"pk": owned.pk})
    response = getattr(client, method)(url, {"total": "12"})
    assert response.status_code == 404
    assert "5H" not in response.content.decode()
