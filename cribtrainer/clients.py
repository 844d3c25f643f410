"""The client's address, as the log-in lock-outs and the rate limits see it.

Behind ``PROXY_COUNT`` reverse proxies, each proxy appends the address it got the request
from to ``X-Forwarded-For``, so the client's address is the ``PROXY_COUNT``-th entry from
the right. Entries further left came from the client and could say anything, and so are
never used. A request with fewer entries did not come through the proxies, and with no
proxy ``X-Forwarded-For`` is ignored: the address is then ``REMOTE_ADDR``.

django-axes asks here too (``AXES_CLIENT_IP_CALLABLE``), so the lock-outs and the rate
limits always agree on who the client is.
"""

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip


def client_address(request: HttpRequest) -> str:
    """The client's IP address, or "" when the request has none (a Unix socket)."""
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
