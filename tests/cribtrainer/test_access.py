"""Every URL that takes an id answers 404 to anyone but the owner: never another's data."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.factories import DealFactory, GameFactory, MatchFactory, ScoreboardFactory, UserFactory


def id_patterns(patterns=None, prefix=""):
    """(name, its parameters) of every non-admin URL with a path converter in it."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            namespace = f"{entry.namespace}:" if entry.namespace else ""
            yield from id_patterns(entry.url_patterns, prefix + namespace)
        elif isinstance(entry, URLPattern) and entry.pattern.converters:
            yield prefix + entry.name, tuple(entry.pattern.converters)


# For each URL with an id: the method to try, and the owned row whose id goes in it.
OWNED_BY_ID = {
    "quizzes:deal": ("get", DealFactory),
    "quizzes:answer": ("post", DealFactory),
    "quizzes:explain": ("post", DealFactory),
    "games:game": ("get", GameFactory),
    "games:move": ("post", GameFactory),
    "games:delete": ("post", GameFactory),
    "games:review": ("get", GameFactory),
    "games:review_json": ("get", GameFactory),
    "games:state": ("get", GameFactory),
    "games:practise": ("post", GameFactory),
    "games:which": ("post", GameFactory),
    "games:match_next": ("post", MatchFactory),
}
# Parameters of those URLs beside the row's id: any value, the row is not the visitor's.
OTHER_PARAMETERS = {"attempt": 1}


URL_PATTERNS = tuple(id_patterns())

# URLs whose parameters are a signed token rather than a row's id.
TOKEN_URLS = {"password_reset_confirm", "email_confirm"}
# A scoreboard's URLs hold its secret token, the follow link: whoever has it scores the game.
SECRET_URLS = {
    "scoreboard:board": "get",
    "scoreboard:peg": "post",
    "scoreboard:count": "get",
    "scoreboard:undo": "post",
    "scoreboard:next": "post",
    "scoreboard:stats": "get",
}


def test_every_id_url_is_covered_here():
    names = {name for name, _ in URL_PATTERNS}
    assert names == set(OWNED_BY_ID) | TOKEN_URLS | set(SECRET_URLS)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(SECRET_URLS))
@pytest.mark.parametrize("guess", ["its id", "another token", "its code"])
def test_a_scoreboard_is_found_only_by_its_secret_token(client, name, guess):
    board = ScoreboardFactory(user=UserFactory(username="owner"))
    token = {"its id": str(board.pk), "another token": board.token[:-2] + "xy"}.get(guess)
    url = reverse(name, kwargs={"token": token or board.code})
    response = getattr(client, SECRET_URLS[name])(url, {"seat": "0", "points": "2"})
    assert response.status_code == 404
    assert "Ann" not in response.content.decode()
    assert client.get(reverse(name, kwargs={"token": board.token})).status_code in (200, 405)


@pytest.mark.django_db
def test_a_password_reset_link_with_a_forged_token_is_refused(client):
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    victim = UserFactory(username="victim", email="victim@example.org")
    uid = urlsafe_base64_encode(force_bytes(victim.pk))
    for token in ("set-password", "abc-123", "x" * 200):
        url = reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})
        response = client.get(url)
        assert response.status_code == 200
        assert "This reset link has been used already" in response.text
        assert 'name="new_password1"' not in response.text


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
    converters = next(p for p in URL_PATTERNS if p[0] == name)[1]
    kwargs = {key: OTHER_PARAMETERS.get(key, owned.pk) for key in converters}
    url = reverse(name, kwargs=kwargs)
    response = getattr(client, method)(url, {"total": "12"})
    assert response.status_code == 404
    assert "5H" not in response.content.decode()


def all_urls(deal_pk):
    """Every non-admin URL, its parameters filled in."""
    fill = {"pk": deal_pk, "attempt": deal_pk, "uidb64": "MQ", "token": "set-password"}

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if entry.app_name != "admin":
                    namespace = f"{entry.namespace}:" if entry.namespace else ""
                    yield from walk(entry.url_patterns, prefix + namespace)
            elif isinstance(entry, URLPattern) and entry.name:
                kwargs = {name: fill[name] for name in entry.pattern.converters}
                yield reverse(prefix + entry.name, kwargs=kwargs)

    return sorted(set(walk(get_resolver().url_patterns)))


@pytest.mark.django_db
@pytest.mark.parametrize("signed_in", [False, True], ids=["guest", "player"])
def test_head_is_answered_wherever_get_is(client, signed_in):
    user = UserFactory()
    if signed_in:
        client.force_login(user)
    urls = all_urls(DealFactory(user=user).pk)
    assert len(urls) > 15
    for url in urls:
        got, head = client.get(url), client.head(url)
        assert head.status_code == got.status_code, url
        assert head.content == b"", url
        if got.status_code == 200:
            assert head["Content-Type"] == got["Content-Type"], url


# Every page that shows a player's data, as (method, URL name, whether it takes the deal).
PRIVATE_PAGES = [
    ("get", "quizzes:choose", False),
    ("get", "quizzes:deal", True),
    ("post", "quizzes:answer", True),
    ("get", "quizzes:progress", False),
    ("get", "quizzes:review", False),
    ("get", "account", False),
    ("get", "account_delete", False),
    ("get", "password_change", False),
    ("get", "attempts_csv", False),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "name", "takes_deal"), PRIVATE_PAGES)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_pages_with_a_players_data_are_neither_shared_nor_stored(
    client, method, name, takes_deal, htmx
):
    user = UserFactory()
    client.force_login(user)
    deal = DealFactory(user=user)
    url = reverse(name, kwargs={"pk": deal.pk} if takes_deal else {})
    headers = {"HX-Request": "true"} if htmx else {}
    response = getattr(client, method)(url, {"total": "12"}, headers=headers)
    assert response.status_code in (200, 302)
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= directives


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/quiz/{pk}/"])
def test_pages_with_an_htmx_partial_vary_on_both_headers_that_choose_it(client, url):
    user = UserFactory()
    client.force_login(user)
    response = client.get(url.format(pk=DealFactory(user=user).pk))
    vary = {v.strip() for v in response["Vary"].split(",")}
    assert {"HX-Request", "HX-History-Restore-Request"} <= vary
