"""The client's address, as the log-in lock-outs and the rate limits see it.

Behind ``PROXY_COUNT`` reverse proxies, each proxy appends the address it got the request
from to ``X-Forwarded-For``, so the client's address is the ``PROXY_COUNT``-th entry from
the right. Entries further left came from the client and could say anything, and so are
never used. A request with fewer entries did not come through the proxies, and with no
proxy ``X-Forwarded-For`` is ignored: the address is then ``REMOTE_ADDR``.

An IPv6 client is known by its network, the first ``IPV6_PREFIX_LENGTH`` bits (64 by
default): one home or one server is given a whole /64, and can change its address within it
at will, so counting each address apart would let it reset every limit.

django-axes asks here too (``AXES_CLIENT_IP_CALLABLE``), so the lock-outs and the rate
limits always agree on who the client is.
"""

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip


def client_address(request: HttpRequest) -> str:
    """The client's address as the limits count it: an IPv4 address, the first address of
    an IPv6 client's network (``2001:db8:1:2::`` for any address of ``2001:db8:1:2::/64``),
    or "" when the request has none (a Unix socket)."""
    return address_network(_client_ip(request))


def client_network(request: HttpRequest) -> str:
    """The network the client's address is in, for the limits above an address: an IPv4
    address's /24 (``IPV4_NETWORK_PREFIX_LENGTH``), an IPv6 address's /48
    (``IPV6_NETWORK_PREFIX_LENGTH``, what one site is given), each as its first address
    and its length (``192.0.2.0/24``); "" when the request has none."""
    address = _client_ip(request)
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    prefix = (
        settings.IPV4_NETWORK_PREFIX_LENGTH
        if ip.version == 4
        else settings.IPV6_NETWORK_PREFIX_LENGTH
    )
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def address_network(address: str) -> str:
    """The address an IP address is counted as: an IPv4 address itself (also when written
    as IPv6, ``::ffff:192.0.2.1``), an IPv6 address its network's first; "" stays ""."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    if ip.version == 4:
        return str(ip)
    prefix = settings.IPV6_PREFIX_LENGTH
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False).network_address)


def _client_ip(request: HttpRequest) -> str:
    proxies = settings.PROXY_COUNT
    if proxies:
        # django-ipware parses the header (IPv6, ports, junk entries skipped) and takes the
        # entry with ``proxy_count`` entries after it: the proxies behind the outermost.
        address, _ = get_client_ip(
            request,
            proxy_order="left-most",
            proxy_count=proxies - 1,
            request_header_order=["HTTP_X_FORWARDED_FOR"],
            strict=False,
        )
        if address:
            return address
    return request.META.get("REMOTE_ADDR") or ""
