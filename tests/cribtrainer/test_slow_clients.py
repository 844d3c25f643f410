"""Slow clients against the server `make serve` runs (cribtrainer.serve: the front, then
gunicorn's sync workers), over real sockets.

Fifty sockets trickle their headers or their body, a line or a byte at a time. Meanwhile
/healthz and the counter page answer, and each slow socket is answered 408 once the front's
deadline passes, then closed. The deadlines are short here (3 s) to keep the test short;
`python -m tests.bench slow_clients` runs 50 sockets for 60 s against the default ones and
times the answers (docs/benchmarks.md).
"""

import socket
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest

from tests.server import make_serve, production_env

pytestmark = pytest.mark.live

DEADLINE = 3.0
SLOW_CLIENTS = 50
COUNTER_PAGE = "/?hand=5H,5C,5S,JD&starter=5D"


@pytest.fixture(scope="module")
def base(tmp_path_factory, live_template, live_static):
    workdir = tmp_path_factory.mktemp("slow")
    with (
        live_template.copy(workdir) as url,
        make_serve(
            production_env(url, live_static),
            header_timeout=str(DEADLINE),
            body_timeout=str(DEADLINE),
        ) as base,
    ):
        yield base


def trickle(base: str, start: bytes, more: bytes, seconds: float, every: float = 0.25):
    """Send ``start``, then ``more`` every ``every`` seconds until the server answers or
    ``seconds`` pass; returns what it answered and whether it closed the connection."""
    address = urlsplit(base)
    with socket.create_connection((address.hostname, address.port), timeout=5) as sock:
        sock.sendall(start)
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            sock.settimeout(every)
            try:
                first = sock.recv(65536)
                break
            except TimeoutError:
                try:
                    sock.sendall(more)
                except OSError:
                    first = b""
                    break
        else:
            return b"", False
        answer, closed = first, not first
        sock.settimeout(5)
        while not closed:
            try:
                data = sock.recv(65536)
            except TimeoutError:
                break
            except ConnectionResetError:
                data = b""
            answer += data
            closed = not data
        return answer, closed


def headers_trickled(base: str, seconds: float):
    return trickle(base, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Slow: 1\r\n", seconds)


def body_trickled(base: str, seconds: float):
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
    )
    return trickle(base, head + b"username=", b"a", seconds)


def probe(url: str) -> int:
    with urllib.request.urlopen(url, timeout=5) as response:
        response.read()
        return response.status


def test_slow_clients_hold_no_worker_and_are_answered_408(base):
    seconds = DEADLINE * 5  # the slow clients would go on this long, were they not answered
    with ThreadPoolExecutor(SLOW_CLIENTS) as pool:
        slow = [
            pool.submit(headers_trickled if i % 2 else body_trickled, base, seconds)
            for i in range(SLOW_CLIENTS)
        ]
        time.sleep(0.5)  # every slow socket open and sending
        probes = []
        while not all(f.done() for f in slow):
            probes.append((probe(base + "/healthz"), probe(base + COUNTER_PAGE)))
            time.sleep(0.1)
        answers = [f.result() for f in slow]
    assert probes, "the slow clients were answered before a probe was made"
    assert set(probes) == {(200, 200)}
    for answer, closed in answers:
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), answer[:200]
        assert b"did not arrive within 3 seconds" in answer
        assert closed


def test_a_malformed_request_is_answered_400(base):
    answer, closed = trickle(base, b"NOT HTTP AT ALL\r\n\r\n", b"", 5)
    assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert closed


def test_a_body_too_large_is_refused_before_it_is_read(base):
    head = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999999\r\n\r\n"
    answer, closed = trickle(base, head, b"", 5)
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"body is over" in answer
    assert closed


def test_a_form_posted_whole_reaches_the_app(base):
    # No CSRF cookie: the app's own 403 shows that the body and headers went through.
    request = urllib.request.Request(base + "/accounts/login/", data=b"username=a", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403
    assert b"CSRF" in refused.value.read()


@pytest.mark.parametrize(
    "header", ["X-Forwarded-Proto: https", "X-Forwarded-Ssl: on", "X-Forwarded-Protocol: ssl"]
)
def test_a_client_cannot_say_its_request_came_over_https(base, header):
    # gunicorn trusts scheme headers from any peer on its Unix socket, and the front is
    # that peer for every client. Over https Django would refuse the form for its missing
    # Referer; over http, as it came, for its missing CSRF cookie.
    name, value = header.split(": ")
    request = urllib.request.Request(
        base + "/accounts/login/", data=b"username=a", method="POST", headers={name: value}
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403
    page = refused.value.read()
    assert b"requires a CSRF cookie" in page
    assert b"HTTPS site requires a" not in page
