"""Every request header and form field the app reads, with malformed, huge and mis-encoded
values, sent to every URL with every method: never a 5xx.

The headers are the ones the app, its middleware (CSRF, sessions, django-htmx, django-axes,
the proxy settings) and the static files read. Each value goes into all of them at once (in
an htmx request, so that the other htmx headers are read), and hypothesis also tries them
one header at a time, beside an otherwise good request.
"""

import pytest
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import PASSWORD, DealFactory, ScoreboardFactory, UserFactory

HEADERS = [
    "HX-Request",
    "HX-Current-URL",
    "HX-Current-URL-URI-AutoEncoded",
    "HX-History-Restore-Request",
    "HX-Boosted",
    "HX-Target",
    "HX-Trigger",
    "HX-Trigger-Name",
    "HX-Prompt",
    "X-Forwarded-For",
    "X-Forwarded-Proto",
    "X-Requested-With",
    "X-CSRFToken",
    "User-Agent",
    "Accept",
    "Accept-Encoding",
    "Accept-Language",
    "Referer",
    "Origin",
    "If-None-Match",
    "If-Modified-Since",
    "Range",
]
FIELDS = [
    # the counter, the round and the discard analyser
    "hand", "starter", "crib", "cards", "pick", "clear", "role", "throw",
    # quizzes
    "mode", "pattern", "style", "total", "fifteens", "pairs", "runs", "flush", "nobs",
    # accounts
    "username", "email", "password", "password1", "password2", "old_password",
    "new_password1", "new_password2", "next", "csrfmiddlewaretoken",
    # the scoreboard
    "players", "name_1", "name_2", "dealer", "cut_1", "cut_2", "length", "me", "muggins",
    "seat", "what", "points", "fixed", "key", "said", "peg", "seen", "deal", "game", "code",
    "since", "shown",
]  # fmt: skip
HOSTILE = [
    "http://[",
    "http://]",
    "http://[::1",
    "true",
    "",
    " ",
    "\x00",
    "-1",
    "1e309",
    "%ff%fe%00",
    "ÿþý",  # bytes of invalid UTF-8, as WSGI hands them over (latin-1)
    "Ã©\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
    '{"a": [1, ',
    "../../etc/passwd",
    "😀" * 300,
    "A" * 5_000,
    ", ".join(["1.2.3.4", "::1", "[2001:db8::1]:80", "unknown", "_hidden"] * 50),
]


def urls(deal_ids, board_token="x-y"):
    """Every URL of the app but the admin's, with its parameters filled in (a scoreboard's
    token, so that its pages read the fields too)."""
    fill = {
        "pk": deal_ids,
        "attempt": deal_ids,
        "uidb64": ["MQ", "!!"],
        "token": ["set-password", board_token],
    }

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if entry.app_name == "admin":
                    continue
                namespace = f"{entry.namespace}:" if entry.namespace else ""
                yield from walk(entry.url_patterns, prefix + namespace)
            elif isinstance(entry, URLPattern) and entry.name:
                names = list(entry.pattern.converters)
                for n in range(2 if names else 1):
                    kwargs = {name: fill[name][n % len(fill[name])] for name in names}
                    yield reverse(prefix + entry.name, kwargs=kwargs)

    return sorted(set(walk(get_resolver().url_patterns)))


@pytest.fixture
def player(db):
    user = UserFactory(username="hostile", email="hostile@example.org")
    answered = DealFactory(user=user)
    DealFactory(user=user).attempt = None
    board = ScoreboardFactory(user=user)
    return user, [answered.pk, DealFactory(user=user).pk], board.token


def fresh(browser, user):
    """The test client as a new guest's browser, or signed in as ``user`` (one client is
    reused: a new one sets up the middleware again, whitenoise's scan included)."""
    if user is None:
        browser.cookies.clear()
    elif browser.session.get("_auth_user_id") != str(user.pk):
        browser.force_login(user)
    return browser


def as_wsgi(value: str) -> str:
    """A header value as WSGI hands it over: its UTF-8 bytes read as latin-1."""
    return value.encode("utf-8", "surrogatepass").decode("latin-1")


def send(browser, method, url, headers, fields):
    if method == "POST":
        return browser.post(url, fields, headers=headers)
    return getattr(browser, method.lower())(url, fields, headers=headers)


@pytest.mark.django_db
@override_settings(PROXY_COUNT=1, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
@pytest.mark.parametrize("signed_in", [False, True], ids=["guest", "player"])
def test_every_header_and_field_at_once_never_gives_a_5xx(client, player, signed_in):
    user, deal_ids, board_token = player
    answers = []
    for value in HOSTILE:
        for url in urls(deal_ids, board_token):
            for method in ("GET", "HEAD", "POST"):
                browser = fresh(client, user if signed_in else None)
                # As htmx sends it, so that the other htmx headers are read.
                headers = {**dict.fromkeys(HEADERS, as_wsgi(value)), "HX-Request": "true"}
                fields = dict.fromkeys(FIELDS, value)
                response = send(browser, method, url, headers, fields)
                answers.append(response.status_code)
                assert response.status_code < 500, (method, url, value[:40])
    assert 200 in answers  # some got through to the views


@pytest.mark.django_db
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    header=st.sampled_from([*HEADERS, "Host", "Cookie", "Content-Type"]),
    value=st.one_of(st.sampled_from(HOSTILE), st.text(max_size=300)).map(as_wsgi),
    method=st.sampled_from(["GET", "HEAD", "POST"]),
    which=st.integers(min_value=0),
    signed_in=st.booleans(),
)
def test_one_header_at_a_time_never_gives_a_5xx(
    client, player, header, value, method, which, signed_in
):
    user, deal_ids, board_token = player
    every = urls(deal_ids, board_token)
    url = every[which % len(every)]
    browser = fresh(client, user if signed_in else None)
    # Not the password: a POST to /accounts/delete/ would delete the player.
    fields = {"username": user.username, "password": "not-" + PASSWORD, "total": "12"}
    if header == "Content-Type" and method == "POST":
        body = "&".join(f"{k}={v}" for k, v in fields.items()).encode()
        response = browser.generic("POST", url, body, content_type=value)
    else:
        headers = {header: value} if header != "Host" else {}
        extra = {"HTTP_HOST": value} if header == "Host" else {}
        if method == "POST":
            response = browser.post(url, fields, headers=headers, **extra)
        else:
            response = getattr(browser, method.lower())(url, headers=headers, **extra)
    assert response.status_code < 500, (method, url, header, value[:40])
