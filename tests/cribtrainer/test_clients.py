"""The client's address: REMOTE_ADDR, or behind PROXY_COUNT proxies the entry of
X-Forwarded-For that the outermost proxy wrote, whatever the client put before it."""

import pytest
from django.test import RequestFactory, override_settings

from cribtrainer.clients import client_address


def address(proxies, forwarded=None, remote="10.9.8.7"):
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    request = RequestFactory().get("/", headers=headers, REMOTE_ADDR=remote)
    with override_settings(PROXY_COUNT=proxies):
        return client_address(request)


def test_with_no_proxy_forwarded_for_is_ignored():
    assert address(0, "1.1.1.1") == "10.9.8.7"
    assert address(0) == "10.9.8.7"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "client"),
    [
        (1, "1.1.1.1", "1.1.1.1"),
        # Whatever the client sends is on the left of what the proxy appends.
        (1, "6.6.6.6, 1.1.1.1", "1.1.1.1"),
        (1, "6.6.6.6,1.1.1.1", "1.1.1.1"),
        # An IPv6 client is its /64.
        (1, "[2001:db8::1]:443", "2001:db8::"),
        (1, "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::"),
        (1, "::ffff:192.0.2.1", "192.0.2.1"),
        (2, "6.6.6.6, 1.1.1.1, 172.16.0.2", "1.1.1.1"),
        (2, "1.1.1.1, 172.16.0.2", "1.1.1.1"),
        # Junk the client sent is skipped; the proxies' entries still count from the right.
        (1, "http://[, 1.1.1.1", "1.1.1.1"),
    ],
)
def test_behind_proxies_the_outermost_proxys_entry_is_the_client(proxies, forwarded, client):
    assert address(proxies, forwarded) == client


@pytest.mark.parametrize("forwarded", [None, "", "http://[", "not an address", "1.1.1.1"])
def test_a_request_that_did_not_come_through_every_proxy_is_its_own_peer(forwarded):
    proxies = 2 if forwarded == "1.1.1.1" else 1
    assert address(proxies, forwarded) == "10.9.8.7"


def test_no_address_at_all_is_an_empty_key():
    request = RequestFactory().get("/")
    del request.META["REMOTE_ADDR"]
    assert client_address(request) == ""


@pytest.mark.parametrize(
    ("prefix", "client"),
    [(64, "2001:db8:1:2::"), (48, "2001:db8:1::"), (128, "2001:db8:1:2:3:4:5:6")],
)
def test_the_ipv6_network_counted_as_one_client_is_a_setting(prefix, client):
    with override_settings(IPV6_PREFIX_LENGTH=prefix):
        assert address(0, remote="2001:db8:1:2:3:4:5:6") == client
