"""`make serve`'s server (cribtrainer.supervise: nginx, gunicorn's sync workers and the task
worker as one), over real sockets.

Slow clients (50, from 50 loopback addresses, their deadlines 3 s here), malformed and
oversized requests, HTTP versions, 2,000 idle sockets, 40 bodies of 8 MB, and each part
killed -9 in turn. `python -m tests.bench slow_clients` runs 50
sockets for 60 s against the default deadlines (docs/benchmarks.md).
"""

import http.client
import ipaddress
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from cribtrainer.supervise import Instance, client_key, render
from tests.server import _free_port, make_serve, make_serve_command, production_env

DEADLINE = 3.0
SLOW_CLIENTS = 50
COUNTER_PAGE = "/?hand=5H,5C,5S,JD&starter=5D"
LIMITS = {"REQUEST_HEADER_TIMEOUT": str(DEADLINE), "REQUEST_BODY_TIMEOUT": str(DEADLINE)}


def test_nginx_refuses_a_body_over_what_django_takes(tmp_path):
    conf = render(Instance(host="127.0.0.1", port=8000, run=tmp_path))
    assert f"client_max_body_size {settings.DATA_UPLOAD_MAX_MEMORY_SIZE};" in conf
    assert "{{" not in conf
    assert f"pid {tmp_path}/nginx.pid;" in conf


def test_behind_a_proxy_the_limits_count_the_address_it_appended():
    assert "default $remote_addr;" in client_key(1)[0]
    mapped = client_key(3)[0]  # a proxy outside, one more between it and nginx
    assert r"(?:,[^,]*){1}$" in mapped


def _nginx_keying(run: Path, proxies: int, ipv6_prefix: int):
    """nginx with only ``client_key``'s maps, answering each request with its key."""
    port = _free_port()
    key, _ = client_key(proxies, ipv6_prefix)
    (run / "nginx.conf").write_text(
        f"daemon off; master_process off; pid {run}/nginx.pid; error_log stderr error;\n"
        "events {}\n"
        f"http {{ access_log off; client_body_temp_path {run}/body; proxy_temp_path {run}/p;\n"
        f"fastcgi_temp_path {run}/f; uwsgi_temp_path {run}/u; scgi_temp_path {run}/s;\n"
        f"{key}\n"
        f'server {{ listen 127.0.0.1:{port}; location / {{ return 200 "$client"; }} }} }}\n'
    )
    nginx = os.environ.get("NGINX_BIN") or "/usr/sbin/nginx"
    conf = run / "nginx.conf"
    process = subprocess.Popen([nginx, "-e", "stderr", "-p", str(run), "-c", str(conf)])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    return process, port


def _ipv6_addresses(rng: random.Random, n: int) -> list[ipaddress.IPv6Address]:
    """Addresses with runs of zero groups anywhere (so ``::`` stands for every length at
    every place), and each group's value from 0 to ffff."""
    found = []
    for _ in range(n):
        choices = (0, 0, 0, rng.randrange(1, 16), rng.randrange(65536))
        groups = [rng.choice(choices) for _ in range(8)]
        found.append(ipaddress.IPv6Address(":".join(f"{g:x}" for g in groups)))
    return found


@pytest.mark.live
@pytest.mark.parametrize("ipv6_prefix", [64, 48, 128])
def test_nginx_keys_an_ipv6_client_by_its_network_as_the_app_does(tmp_path, ipv6_prefix):
    """Through real nginx, for 1,500 addresses written as a proxy writes them (the shortest
    form) and in full: the key is the network's first groups, the same for every address
    of a network and different for every other network; IPv4 is its own key."""
    process, port = _nginx_keying(tmp_path, proxies=2, ipv6_prefix=ipv6_prefix)
    rng = random.Random(ipv6_prefix)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)

        def key_of(address: str) -> str:
            connection.request("GET", "/", headers={"X-Forwarded-For": f"198.51.100.7, {address}"})
            return connection.getresponse().read().decode()

        for ip in _ipv6_addresses(rng, 1500):
            network = ipaddress.ip_network(f"{ip}/{ipv6_prefix}", strict=False)
            for written in {str(ip), ip.exploded.replace("0000", "0")}:
                key = key_of(written)
                groups = key.split(":")
                assert len(groups) == ipv6_prefix // 16, (written, key)
                padded = ":".join(groups + ["0"] * (8 - len(groups)))
                assert ipaddress.IPv6Address(padded) == network.network_address, (written, key)
            # Another address of the network, as a proxy writes it: the very same key.
            host = rng.choice((0, 1, rng.randrange(2**64))) % network.num_addresses
            sibling = network.network_address + host
            assert key_of(str(sibling)) == key_of(str(ip)), (ip, sibling)
        assert key_of("192.0.2.1") == "192.0.2.1"
        assert key_of("::ffff:192.0.2.1") == "192.0.2.1"
        connection.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def base(tmp_path_factory, live_template, live_static):
    workdir = tmp_path_factory.mktemp("slow")
    with (
        live_template.copy(workdir) as url,
        make_serve(production_env(url, live_static), **LIMITS) as base,
    ):
        yield base


def trickle(
    base: str, start: bytes, more: bytes, seconds: float, every: float = 0.25, source: str = ""
):
    """Send ``start``, then ``more`` every ``every`` seconds until the server answers or
    ``seconds`` pass; returns what it answered and whether it closed the connection.
    ``source``: the loopback address to send from (127.0.0.2...)."""
    address = urlsplit(base)
    where = (address.hostname, address.port)
    with socket.create_connection(where, timeout=5, source_address=(source, 0)) as sock:
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


def headers_trickled(base: str, seconds: float, source: str = ""):
    start, more = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Slow: 1\r\n"
    return trickle(base, start, more, seconds, source=source)


def body_trickled(base: str, seconds: float, source: str = "", every: float = 0.25):
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
    )
    return trickle(base, head + b"username=", b"a", seconds, every=every, source=source)


def probe(url: str) -> int:
    with urllib.request.urlopen(url, timeout=5) as response:
        response.read()
        return response.status


@pytest.mark.live
def test_slow_clients_hold_no_worker_and_late_headers_are_cut_off(base):
    """Half trickle their headers, half a body, each from an address of its own. nginx
    closes the late headers' connections at the deadline (it answers nothing: its log says
    408); the trickling bodies hold only a socket of nginx's, no worker, for as long as
    they trickle."""
    seconds = DEADLINE * 5
    with ThreadPoolExecutor(SLOW_CLIENTS) as pool:
        slow = [
            pool.submit(
                headers_trickled if i % 2 else body_trickled, base, seconds, f"127.0.1.{i + 1}"
            )
            for i in range(SLOW_CLIENTS)
        ]
        time.sleep(0.5)
        probes = []
        started = time.monotonic()
        while time.monotonic() - started < seconds - 1:
            probes.append((probe(base + "/healthz"), probe(base + COUNTER_PAGE)))
            time.sleep(0.1)
        answers = [f.result() for f in slow]
    assert len(probes) > 20
    assert set(probes) == {(200, 200)}
    headers, bodies = answers[1::2], answers[0::2]
    assert headers == [(b"", True)] * len(headers)  # closed at the deadline, unanswered
    assert bodies == [(b"", False)] * len(bodies)  # still trickling when the test stopped


@pytest.mark.live
def test_a_body_that_stops_for_its_timeout_is_cut_off(base):
    answer, closed = body_trickled(base, DEADLINE * 3, every=DEADLINE + 1)
    assert (answer, closed) == (b"", True)


def raw(base: str, data: bytes) -> bytes:
    """What the server answers ``data`` with, up to its close or 10 s."""
    answer, _ = trickle(base, data, b"", 10, every=10)
    return answer


@pytest.mark.live
@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"NOT HTTP AT ALL\r\n\r\n", b"400"),
        # HTTP/1.0 has no chunked bodies: a smuggler's framing.
        (
            b"POST /accounts/login/ HTTP/1.0\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            b"0\r\n\r\n",
            b"400",
        ),
        (
            b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            b"400",
        ),
        (b"GET /healthz HTTP/1.2\r\nHost: a\r\nConnection: close\r\n\r\n", b"505"),
        (b"GET /healthz HTTP/2.0\r\nHost: a\r\n\r\n", b"505"),
        (b"GET /healthz HTTP/3.0\r\nHost: a\r\n\r\n", b"505"),
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: a\r\n\r\n", b"414"),
        # nginx has no 431: a header over 8 KB is its 400 "Request Header Or Cookie Too Large".
        (b"GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", b"400"),
        (b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 999999999\r\n\r\n", b"413"),
    ],
)
def test_malformed_oversized_and_unknown_requests_are_refused(base, request_bytes, status):
    assert raw(base, request_bytes).startswith(b"HTTP/1.1 " + status + b" ")


@pytest.mark.live
def test_a_form_at_or_over_djangos_limit_is_answered_never_a_502(base):
    # At the limit the app answers (its CSRF 403: no cookie); the attack run had the
    # front's 502 there. Over it, nginx's 413.
    for size, status in ((settings.DATA_UPLOAD_MAX_MEMORY_SIZE, b"403"), (3_000_000, b"413")):
        body = b"username=" + b"a" * (size - 9)
        head = (
            b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body)
        )
        assert raw(base, head + body).startswith(b"HTTP/1.1 " + status + b" ")


@pytest.mark.live
def test_a_form_posted_whole_reaches_the_app(base):
    # No CSRF cookie: the app's own 403 shows that the body and headers went through.
    request = urllib.request.Request(base + "/accounts/login/", data=b"username=a", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403
    assert b"CSRF" in refused.value.read()


@pytest.mark.live
@pytest.mark.parametrize(
    "header", ["X-Forwarded-Proto: https", "X-Forwarded-Ssl: on", "X-Forwarded-Protocol: ssl"]
)
def test_a_client_cannot_say_its_request_came_over_https(base, header):
    # gunicorn trusts scheme headers from any peer on its Unix socket, and nginx is
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


def _tree(root: int) -> list[int]:
    """``root``'s descendants, by /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


class Stack:
    """A `make serve` of its own, its supervisor a child of this process."""

    def __init__(self, env: dict[str, str], port: int | None = None):
        self.port = port or _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # Its log goes to a file: a pipe nobody reads fills and stalls nginx.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by stop()
        self.process = subprocess.Popen(
            make_serve_command(self.port), env=env, stderr=self.log, stdout=subprocess.DEVNULL
        )

    def errors(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def wait_up(self, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.errors()[-2000:]
            try:
                if probe(self.base + "/healthz") == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("make serve did not come up")

    def parts(self) -> dict[int, str]:
        return {pid: _cmdline(pid) for pid in _tree(self.process.pid)}

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=60)
        self.log.close()


@pytest.fixture
def env(tmp_path, live_template, live_static):
    with live_template.copy(tmp_path) as url:
        yield production_env(url, live_static)


@pytest.mark.live
@pytest.mark.parametrize("part", ["nginx: master", "gunicorn", "task_worker", "supervise"])
def test_any_part_killed_stops_every_part_and_leaves_nothing_running(env, part):
    stack = Stack(env)
    try:
        stack.wait_up()
        parts = stack.parts()
        assert len(parts) == 6  # nginx and its worker, gunicorn and 2 workers, the task worker
        victim = stack.process.pid
        if part != "supervise":
            victim = next(pid for pid, command in parts.items() if part in command)
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 40
        while any(map(_alive, parts)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [pid for pid in parts if _alive(pid)] == []
        assert stack.process.wait(timeout=10) != 0
    finally:
        stack.stop()


@pytest.mark.live
def test_a_second_instance_on_the_same_port_fails_and_leaves_the_first_serving(env):
    first = Stack(env)
    try:
        first.wait_up()
        second = Stack(env, port=first.port)
        assert second.process.wait(timeout=120) == 1
        assert "Address already in use" in second.errors()
        second.stop()
        assert probe(first.base + COUNTER_PAGE) == 200  # its socket is not the second's
    finally:
        first.stop()


def _fetch(url: str) -> str:
    """ "200" for a whole answer, the status of another, the error of a broken one."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
            return str(response.status)
    except urllib.error.HTTPError as error:
        return str(error.code)
    except Exception as error:
        return type(error).__name__


@pytest.mark.live
def test_workers_killed_mid_answer_give_502_never_a_200_cut_short(env):
    """A worker killed before its answer is whole sends none of it
    (cribtrainer.gunicorn_worker), so nginx answers 502: every answer is a whole 200 or a
    502, none broken (IncompleteRead)."""
    # 64 requests, 16 at once, from one address: none refused by the per-client limits.
    stack = Stack({**env, "CLIENT_CONNECTIONS": "100", "CLIENT_REQUEST_BURST": "1000"})
    try:
        stack.wait_up()
        workers = [
            pid
            for pid, command in stack.parts().items()
            if "gunicorn" in command and _tree(pid) == []
        ]
        assert len(workers) == 2
        with ThreadPoolExecutor(16) as pool:
            answers = [pool.submit(_fetch, stack.base + COUNTER_PAGE) for _ in range(64)]
            time.sleep(0.3)
            for pid in workers:
                os.kill(pid, signal.SIGKILL)
            outcomes = {answer.result() for answer in answers}
        assert outcomes <= {"200", "502"}, outcomes
        assert probe(stack.base + "/healthz") == 200  # gunicorn started new workers
    finally:
        stack.stop()


@pytest.mark.live
def test_idle_sockets_and_big_bodies_hold_bounded_memory(env):
    """2,000 sockets that send nothing, then 40 of 8 MB bodies: /healthz answers
    throughout, the idle sockets are closed at the header deadline, the bodies refused
    413 from their length, and no process grows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    stack = Stack({**env, **LIMITS})
    try:
        stack.wait_up()
        before = {pid: _rss_mb(pid) for pid in stack.parts()}
        idle = [socket.create_connection(("127.0.0.1", stack.port)) for _ in range(2000)]
        assert probe(stack.base + "/healthz") == 200
        big = (
            b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: %d\r\n\r\n" % (8 * 1024 * 1024 - 1)
        )
        with ThreadPoolExecutor(40) as pool:
            answers = list(pool.map(lambda _: raw(stack.base, big + b"a" * 65536), range(40)))
        assert all(answer.startswith(b"HTTP/1.1 413 ") for answer in answers)
        time.sleep(DEADLINE + 1)
        closed = 0
        for sock in idle:
            sock.settimeout(0.01)
            try:
                closed += sock.recv(1) == b""
            except ConnectionResetError:
                closed += 1
            except TimeoutError:
                continue
            sock.close()
        assert closed == len(idle)
        after = {pid: _rss_mb(pid) for pid in stack.parts()}
        for pid, mb in after.items():
            assert mb < before.get(pid, 0) + 40, (_cmdline(pid), before.get(pid), mb)
        assert probe(stack.base + COUNTER_PAGE) == 200
    finally:
        stack.stop()


FLOOD = """
import sys, threading, time, urllib.request, urllib.error
base, until = sys.argv[1], time.monotonic() + float(sys.argv[2])
def loop():
    while time.monotonic() < until:
        try:
            urllib.request.urlopen(base + "/play/", timeout=10).read()
        except OSError:
            pass
threads = [threading.Thread(target=loop) for _ in range(100)]
[t.start() for t in threads]
[t.join() for t in threads]
"""


@pytest.mark.live
def test_one_address_flooding_does_not_starve_the_rest(env):
    """The attack run's case: 100 connections looping GET /play/ from one address. Its
    /healthz (exempt) and another address's pages are served throughout."""
    stack = Stack(env)
    flood = None
    try:
        stack.wait_up()
        flood = subprocess.Popen([sys.executable, "-c", FLOOD, stack.base, "10"])
        time.sleep(1)
        healthz, pages = [], []
        while flood.poll() is None:
            started = time.perf_counter()
            assert probe(stack.base + "/healthz") == 200
            healthz.append((time.perf_counter() - started) * 1000)
            page = b"GET /play/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            answer, _ = trickle(stack.base, page, b"", 10, every=10, source="127.0.0.2")
            pages.append(answer.split(b"\r\n", 1)[0])
            time.sleep(0.2)
        healthz.sort()
        assert healthz[len(healthz) // 2] <= 100, healthz
        assert set(pages) == {b"HTTP/1.1 200 OK"}, set(pages)
        assert "limiting requests" not in stack.errors()  # refusals are not logged: a flood
    finally:
        if flood is not None:
            flood.kill()
            flood.wait()
        stack.stop()
