"""`make serve`'s server: gunicorn's sync workers behind a front that reads each request whole.

A sync worker reads the request it serves itself, so a client that trickles its headers or
its body holds the worker until gunicorn's timeout kills it (a 500), and two such clients
hold both workers. The front, one asyncio process, reads every request first (its headers
within ``--header-timeout`` of the connection, its body within ``--body-timeout`` of the
headers) and only then hands it to gunicorn, on a Unix socket of its own: a worker only ever
sees a complete request. The front answers a late request 408, a malformed one 400 (431 for
headers too large, 413 for a body too large) and closes the connection. It reads gunicorn's
answer whole too before sending it, within ``--send-timeout``, so a client that reads
slowly holds no worker either.

The client's address goes to gunicorn in a PROXY protocol line, so ``REMOTE_ADDR`` is the
client's as without the front, and ``X-Forwarded-For`` from a proxy further out is passed on
untouched: ``PROXY_COUNT`` does not count the front. gunicorn takes no scheme from the
client's headers (cribtrainer/gunicorn_conf.py).

    python -m cribtrainer.serve --bind 127.0.0.1:8000 --workers 2 [-- gunicorn options]
"""

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import partial

import h11

log = logging.getLogger("cribtrainer.serve")

# Hop-by-hop headers (RFC 9110 section 7.6.1) and the body's framing: the front frames the
# body it read anew, with its length, and asks gunicorn to close after its answer.
NOT_FORWARDED = {
    b"connection",
    b"content-length",
    b"expect",
    b"keep-alive",
    b"proxy-connection",
    b"te",
    b"trailer",
    b"transfer-encoding",
    b"upgrade",
}
METHODS_WITH_BODY = {b"POST", b"PUT", b"PATCH"}
# How long the front reads what a refused client still sends after its answer: closing at
# once, with bytes unread, would reset the connection and could lose the answer.
LINGER = 2.0


@dataclass(frozen=True)
class Limits:
    """What a request may take. The timeouts are in seconds."""

    header_timeout: float = 10.0
    body_timeout: float = 30.0
    send_timeout: float = 60.0
    app_timeout: float = 60.0
    max_header_bytes: int = 64 * 1024
    max_body_bytes: int = 8 * 1024 * 1024


class Refused(Exception):
    """A request the front answers itself, with ``status`` and ``message``."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


REASONS = {
    400: "Bad Request",
    408: "Request Timeout",
    413: "Content Too Large",
    431: "Request Header Fields Too Large",
    502: "Bad Gateway",
}


def refusal(status: int, message: str) -> bytes:
    """The front's own answer: a status line and the message as plain text."""
    body = (message + "\n").encode()
    head = (
        f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body


async def read_request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, limits: Limits
) -> tuple[h11.Request, bytes] | None:
    """One whole request (its head and its body), or None if the client left first. Raises
    Refused when it is late, malformed or too large."""
    loop = asyncio.get_running_loop()
    parser = h11.Connection(h11.SERVER, max_incomplete_event_size=limits.max_header_bytes)
    deadline = loop.time() + limits.header_timeout
    late = f"The request's headers did not arrive within {limits.header_timeout:g} seconds."
    request = None
    body = bytearray()
    while True:
        try:
            event = parser.next_event()
        except h11.RemoteProtocolError as error:
            if error.error_status_hint == 431:
                raise Refused(431, "The request's headers are too large.") from error
            raise Refused(400, f"The request is malformed: {error}.") from error
        if event is h11.NEED_DATA:
            if parser.they_are_waiting_for_100_continue:
                writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            remaining = deadline - loop.time()
            try:
                if remaining <= 0:
                    raise TimeoutError
                data = await asyncio.wait_for(reader.read(65536), remaining)
            except TimeoutError:
                raise Refused(408, late) from None
            if not data:
                return None
            parser.receive_data(data)
        elif isinstance(event, h11.Request):
            request = event
            declared = dict(request.headers).get(b"content-length")
            if declared is not None and int(declared) > limits.max_body_bytes:
                raise Refused(413, f"The request's body is over {limits.max_body_bytes} bytes.")
            deadline = loop.time() + limits.body_timeout
            late = f"The request's body did not arrive within {limits.body_timeout:g} seconds."
        elif isinstance(event, h11.Data):
            body += event.data
            if len(body) > limits.max_body_bytes:
                raise Refused(413, f"The request's body is over {limits.max_body_bytes} bytes.")
        elif isinstance(event, h11.EndOfMessage):
            assert request is not None
            return request, bytes(body)
        else:  # h11.ConnectionClosed
            return None


def proxy_line(client: tuple, server: tuple) -> bytes:
    """The PROXY protocol (v1) line naming the client's address and the front's."""
    family = "TCP4" if ipaddress.ip_address(client[0]).version == 4 else "TCP6"
    return f"PROXY {family} {client[0]} {server[0]} {client[1]} {server[1]}\r\n".encode()


def forwarded(request: h11.Request, body: bytes) -> bytes:
    """The request as gunicorn gets it: the same method, target and headers, the body with
    its length, and ``Connection: close``."""
    lines = [b"%s %s HTTP/%s\r\n" % (request.method, request.target, request.http_version)]
    lines += [
        name + b": " + value + b"\r\n"
        for name, value in request.headers.raw_items()
        if name.lower() not in NOT_FORWARDED
    ]
    if body or request.method in METHODS_WITH_BODY:
        lines.append(b"Content-Length: %d\r\n" % len(body))
    lines.append(b"Connection: close\r\n\r\n")
    return b"".join(lines) + body


async def ask_app(upstream: str, data: bytes, limits: Limits) -> bytes:
    """gunicorn's whole answer to ``data``; it closes the connection after it."""
    reader, writer = await asyncio.open_unix_connection(upstream)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), limits.app_timeout)
    finally:
        writer.close()


async def handle(
    upstream: str, limits: Limits, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    """Serve one connection: one request, read whole, then gunicorn's answer to it."""
    client = writer.get_extra_info("peername")
    try:
        try:
            whole = await read_request(reader, writer, limits)
            if whole is None:
                return
            data = proxy_line(client, writer.get_extra_info("sockname")) + forwarded(*whole)
            try:
                answer = await ask_app(upstream, data, limits)
            except (OSError, TimeoutError):
                answer = b""
            if not answer:
                raise Refused(502, "The app did not answer; try again in a moment.")
        except Refused as refused:
            log.warning("%s to %s: %s", refused.status, client[0], refused.message)
            answer = refusal(refused.status, refused.message)
        writer.write(answer)
        await asyncio.wait_for(writer.drain(), limits.send_timeout)
        await linger(reader, writer)
    except (OSError, TimeoutError):
        writer.transport.abort()
    finally:
        writer.close()


async def linger(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Half-close, then read and drop what the client still sends until it closes too (at
    most LINGER seconds), so that the answer is not lost to a reset."""
    if writer.can_write_eof():
        writer.write_eof()
    with contextlib.suppress(TimeoutError, OSError):
        async with asyncio.timeout(LINGER):
            while await reader.read(65536):
                pass


async def front(host: str, port: int, upstream: str, limits: Limits, app: subprocess.Popen) -> None:
    """Listen on ``host``:``port`` until SIGTERM or SIGINT, or until gunicorn exits."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    server = await asyncio.start_server(
        partial(handle, upstream, limits), host, port, backlog=1024, reuse_address=True
    )
    async with server:
        while not stop.is_set() and app.poll() is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1)


def wait_for_app(upstream: str, app: subprocess.Popen, seconds: float = 60) -> None:
    """Return once gunicorn accepts connections on ``upstream``."""
    deadline = time.monotonic() + seconds
    while True:
        if app.poll() is not None:
            raise SystemExit(f"gunicorn exited with status {app.returncode}")
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as probe:
            probe.connect(upstream)
            return
        if time.monotonic() > deadline:
            raise SystemExit(f"gunicorn did not listen on {upstream} within {seconds:g} s")
        time.sleep(0.05)


def parse_bind(bind: str) -> tuple[str, int]:
    """``HOST:PORT``, the host an address or a name, an IPv6 address in brackets or not."""
    host, _, port = bind.rpartition(":")
    return host.strip("[]") or "127.0.0.1", int(port)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cribtrainer.serve", description=__doc__)
    parser.add_argument("--bind", default="127.0.0.1:8000", help="HOST:PORT to listen on")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's sync workers")
    env = os.environ.get
    parser.add_argument(
        "--header-timeout",
        type=float,
        default=float(env("REQUEST_HEADER_TIMEOUT", Limits.header_timeout)),
        help="seconds from the connection to the end of the headers (REQUEST_HEADER_TIMEOUT)",
    )
    parser.add_argument(
        "--body-timeout",
        type=float,
        default=float(env("REQUEST_BODY_TIMEOUT", Limits.body_timeout)),
        help="seconds from the end of the headers to the end of the body (REQUEST_BODY_TIMEOUT)",
    )
    parser.add_argument(
        "--send-timeout",
        type=float,
        default=float(env("RESPONSE_SEND_TIMEOUT", Limits.send_timeout)),
        help="seconds to send an answer to the client (RESPONSE_SEND_TIMEOUT)",
    )
    parser.add_argument("gunicorn", nargs="*", help="more options for gunicorn, after --")
    args = parser.parse_args(argv)
    limits = Limits(
        header_timeout=args.header_timeout,
        body_timeout=args.body_timeout,
        send_timeout=args.send_timeout,
    )
    logging.basicConfig(format="[front] %(levelname)s %(message)s", level=logging.INFO)
    host, port = parse_bind(args.bind)
    # Each slow client costs the front a file descriptor: allow as many as the system lets.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    # Until the front's loop takes SIGTERM over, it ends this process through the finally
    # below, which stops gunicorn too.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    with tempfile.TemporaryDirectory(prefix="cribtrainer-serve-") as folder:
        upstream = os.path.join(folder, "gunicorn.sock")
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "cribtrainer.wsgi",
            f"--bind=unix:{upstream}",
            f"--workers={args.workers}",
            "--config=python:cribtrainer.gunicorn_conf",
            "--proxy-protocol=v1",
            *args.gunicorn,
        ]
        app = subprocess.Popen(command)
        try:
            wait_for_app(upstream, app)
            log.info("listening on http://%s:%d, gunicorn on %s", host, port, upstream)
            asyncio.run(front(host, port, upstream, limits, app))
        finally:
            if app.poll() is None:
                app.terminate()
                try:
                    app.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    app.kill()
                    app.wait()
    return app.returncode if app.returncode and app.returncode > 0 else 0


if __name__ == "__main__":
    sys.exit(main())
