import threading
from concurrent.futures import ThreadPoolExecutor
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import RequestFactory, override_settings
from hypothesis import given
from hypothesis import strategies as st

from cribtrainer import throttle
from cribtrainer.throttle import Throttle, throttled
from tests.factories import PASSWORD, UserFactory

DEMO = Throttle("demo", "THROTTLE_DEMO")


@override_settings(THROTTLE_DEMO=(3, 600))
def test_a_key_may_go_its_rate_of_times_then_waits_until_the_first_go_is_a_window_old(clock):
    assert [DEMO.take("a") for _ in range(3)] == [None, None, None]
    until = DEMO.take("a")
    assert until is not None
    # A go counts to the end of its slot, a tenth of the window, and a window beyond.
    assert (until - clock.at).total_seconds() == 600 + 60
    clock.advance(659)
    assert DEMO.take("a") == until
    clock.advance(1)
    assert DEMO.take("a") is None


@override_settings(THROTTLE_DEMO=(90, 60))
def test_no_second_burst_at_the_edge_of_a_window(clock):
    """The attack run's case: 90 deals in the last second of a minute, 90 more in the first
    of the next, against 90 a minute. The second burst waits a whole minute."""
    clock.advance(59)
    assert [DEMO.take("a") for _ in range(90)] == [None] * 90
    clock.advance(2)
    assert DEMO.take("a") is not None
    clock.advance(58)
    assert DEMO.take("a") is not None
    clock.advance(7)
    assert DEMO.take("a") is None


@override_settings(THROTTLE_DEMO=(5, 60))
@given(gaps=st.lists(st.floats(min_value=0, max_value=20), min_size=1, max_size=60))
def test_no_window_of_its_length_holds_more_than_the_rate(gaps):
    """Goes tried at any times: in every 60 s, at most 5 went ahead."""
    from tests.conftest import Clock

    cache.clear()
    stopped = Clock()
    went = []
    with mock.patch.object(throttle, "now", side_effect=lambda: stopped.at):
        for gap in gaps:
            stopped.advance(gap)
            if DEMO.take("a") is None:
                went.append(stopped.at.timestamp())
    for i, at in enumerate(went):
        assert sum(at - 60 < other <= at for other in went[: i + 1]) <= 5


@override_settings(THROTTLE_DEMO=(2, 60))
def test_keys_are_counted_apart_and_any_used_up_key_blocks(clock):
    DEMO.count("a")
    DEMO.count("a")
    assert DEMO.blocked_until("b") is None
    assert DEMO.blocked_until("b", "a") is not None
    assert DEMO.blocked_until("a") is not None


@override_settings(THROTTLE_DEMO=(1, 60))
def test_throttles_of_different_names_do_not_share_counts(clock):
    DEMO.count("a")
    assert Throttle("other", "THROTTLE_DEMO").blocked_until("a") is None


@override_settings(THROTTLE_DEMO=(1, 900))
def test_the_429_page_says_what_and_when(clock):
    DEMO.count("a")
    clock.advance(60)
    until = DEMO.blocked_until("a")
    response = throttled(RequestFactory().get("/"), until, "Too many demos.")
    assert response.status_code == 429
    assert response["Retry-After"] == str(900 + 90 - 60)
    page = response.content.decode()
    assert "Too many demos." in page
    assert "Try again in 16 minutes, after 00:16 UTC" in page


class InStep:
    """The cache, with two threads made to step together: each read of a count (``get``)
    or start of one (``add``) waits for the other thread's, so both have read before either
    writes. A count made of a read and a write counts two goes at once as one."""

    def __init__(self, cache, threads: int = 2):
        self.cache = cache
        self.together = threading.Barrier(threads, timeout=10)

    def __getattr__(self, name):
        return getattr(self.cache, name)

    def get(self, *args, **kwargs):
        value = self.cache.get(*args, **kwargs)
        self.together.wait()
        return value

    def add(self, *args, **kwargs):
        added = self.cache.add(*args, **kwargs)
        self.together.wait()
        return added


def at_once(go, times: int = 2) -> list:
    """What ``go`` returns, called by ``times`` threads at once."""
    with ThreadPoolExecutor(times) as pool:
        return [done.result() for done in [pool.submit(go) for _ in range(times)]]


@override_settings(THROTTLE_DEMO=(2, 60))
def test_two_goes_at_once_count_two(clock, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(throttle, "cache", InStep(cache))
        at_once(lambda: DEMO.count("a"))
    assert DEMO.blocked_until("a") is not None


# Each request's thread has a database connection of its own, which sees only what is saved.
@pytest.mark.django_db(transaction=True)
@override_settings(THROTTLE_REAUTH=(2, 900))
def test_two_wrong_passwords_at_once_count_two(client, clock, monkeypatch):
    """Two wrong passwords given at the same moment use two of the session's tries."""
    client.force_login(UserFactory())
    with monkeypatch.context() as patched:
        patched.setattr(throttle, "cache", InStep(cache))
        answers = at_once(lambda: client.post("/accounts/", {"email": "", "password": "wrong"}))
    assert [answer.status_code for answer in answers] == [400, 400]
    assert client.post("/accounts/", {"email": "", "password": PASSWORD}).status_code == 429


class ExpiringOnce:
    """The cache, with the first count started expiring at once, before it is added to."""

    def __init__(self, cache):
        self.cache, self.expired = cache, False

    def __getattr__(self, name):
        return getattr(self.cache, name)

    def add(self, key, *args, **kwargs):
        added = self.cache.add(key, *args, **kwargs)
        if not self.expired:
            self.cache.delete(key)
            self.expired = True
        return added


@override_settings(THROTTLE_DEMO=(1, 60))
def test_a_count_expiring_as_it_is_started_is_started_again(clock, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(throttle, "cache", ExpiringOnce(cache))
        DEMO.count("a")
    assert DEMO.blocked_until("a") is not None


# --- writes that make rows: per address and per session, through real requests --------

NEW_GAME = ("/play/new/", {"level": "greedy", "counting": "manual"})
NEW_DEAL = ("/quiz/new/", {"mode": "hand"})


def posted(client, write, **extra) -> int:
    url, data = write
    return client.post(url, data, **extra).status_code


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("write", "setting"), [(NEW_GAME, "THROTTLE_GAME_NEW"), (NEW_DEAL, "THROTTLE_DEAL_NEW")]
)
def test_one_session_is_refused_with_the_429_page_after_its_rate(client, write, setting, clock):
    with override_settings(**{setting: (3, 60)}):
        assert [posted(client, write) for _ in range(3)] == [302, 302, 302]
        refused = client.post(*write)
        assert refused.status_code == 429
        assert "Too many tries" in refused.text and int(refused["Retry-After"]) > 0
        assert posted(type(client)(), write) == 302  # another browser, the same address
        clock.advance(60 + 6)  # a window and a slot
        assert posted(client, write) == 302


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("write", "setting"),
    [(NEW_GAME, "THROTTLE_GAME_NEW_ADDRESS"), (NEW_DEAL, "THROTTLE_DEAL_NEW_ADDRESS")],
)
def test_one_address_is_refused_after_its_rate_whatever_its_sessions(write, setting, clock):
    from django.test import Client

    with override_settings(**{setting: (3, 600)}):
        # A fresh browser each time, as a client that drops its cookies.
        assert [posted(Client(), write) for _ in range(3)] == [302, 302, 302]
        assert posted(Client(), write) == 429
        assert posted(Client(), write, REMOTE_ADDR="192.0.2.7") == 302


@pytest.mark.django_db
@override_settings(THROTTLE_GAME_NEW_ADDRESS=(2, 600))
def test_the_addresses_of_one_ipv6_network_are_counted_as_one(clock):
    from django.test import Client

    def game_from(address):
        return posted(Client(), NEW_GAME, REMOTE_ADDR=address)

    assert game_from("2001:db8:1:2::1") == 302
    assert game_from("2001:db8:1:2:ffff:ffff:ffff:9") == 302
    assert game_from("2001:db8:1:2:abcd::42") == 429
    assert game_from("2001:db8:1:3::1") == 302  # the next /64 is another client


@pytest.mark.django_db
@override_settings(THROTTLE_GAME_NEW_ADDRESS=(100, 600), THROTTLE_GAME_NEW_NETWORK=(3, 600))
@pytest.mark.parametrize(
    ("addresses", "elsewhere"),
    [
        # The attack run's case: a /64 each, all of one /48.
        ([f"2001:db8:7:{n:x}::1" for n in range(4)], "2001:db8:8::1"),
        ([f"198.51.100.{n}" for n in range(4)], "198.51.101.1"),
    ],
)
def test_the_addresses_of_one_network_share_a_rate_above_their_own(clock, addresses, elsewhere):
    from django.test import Client

    answers = [posted(Client(), NEW_GAME, REMOTE_ADDR=address) for address in addresses]
    assert answers == [302, 302, 302, 429]
    assert posted(Client(), NEW_GAME, REMOTE_ADDR=elsewhere) == 302


@pytest.mark.django_db
@override_settings(THROTTLE_DEAL_NEW=(1, 60))
def test_a_deal_that_makes_nothing_is_not_counted(client, clock):
    # Nothing is due for review: the player is sent to the review page, no deal made.
    for _ in range(3):
        response = client.post("/quiz/new/", {"mode": "review"})
        assert response.status_code == 302 and "/quiz/new/" not in response["Location"]
    assert posted(client, NEW_DEAL) == 302
    assert posted(client, NEW_DEAL) == 429


@pytest.mark.django_db
@override_settings(THROTTLE_DEAL_NEW=(2, 60))
def test_an_account_is_counted_over_all_its_sessions(clock):
    from django.test import Client

    user = UserFactory()
    phone, laptop = Client(), Client()
    phone.force_login(user)
    laptop.force_login(user)
    assert posted(phone, NEW_DEAL) == 302
    assert posted(laptop, NEW_DEAL) == 302
    assert posted(phone, NEW_DEAL) == 429


@pytest.mark.django_db
@override_settings(THROTTLE_DEAL_NEW=(1, 60))
def test_a_refused_form_is_not_counted(client, clock):
    assert client.post("/quiz/new/", {"mode": "nonsense"}).status_code == 400
    assert posted(client, NEW_DEAL) == 302
