from django.test import RequestFactory, override_settings

from cribtrainer.throttle import Throttle, throttled

DEMO = Throttle("demo", "THROTTLE_DEMO")


@override_settings(THROTTLE_DEMO=(3, 600))
def test_a_key_may_go_its_rate_of_times_in_a_window_then_waits_for_the_next(clock):
    assert [DEMO.take("a") for _ in range(3)] == [None, None, None]
    until = DEMO.take("a")
    assert until is not None
    assert (until - clock.at).total_seconds() == 600
    clock.advance(599)
    assert DEMO.take("a") == until
    clock.advance(1)
    assert DEMO.take("a") is None


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
    assert response["Retry-After"] == str(14 * 60)
    page = response.content.decode()
    assert "Too many demos." in page
    assert "Try again in 14 minutes, after 00:15 UTC" in page
