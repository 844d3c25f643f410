"""cribtrainer.gunicorn_worker: its socket over a real socket pair, then in a real gunicorn
on a Unix socket: each answer whole or nothing, where gunicorn's own sync worker leaves a
header and half a body."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cribtrainer.gunicorn_worker import HeldAnswer
from tests.cribtrainer.held_answers_app import PART

OURS = "cribtrainer.gunicorn_worker.WholeAnswerWorker"


def _read_all(sock: socket.socket) -> bytes:
    sock.settimeout(5)
    answer = b""
    while data := sock.recv(65536):
        answer += data
    return answer


def test_a_finished_answer_goes_in_one_write_at_shutdown_and_an_unfinished_one_never():
    for finished in (True, False):
        ours, theirs = socket.socketpair()
        held = HeldAnswer(ours)
        held.sendall(b"HTTP/1.1 200 OK\r\n\r\n")
        held.sendall(PART)
        theirs.setblocking(False)
        with pytest.raises(BlockingIOError):
            theirs.recv(1)  # nothing sent while the answer is being written
        if finished:
            held.finish()
        held.shutdown(socket.SHUT_WR)
        held.close()
        expected = b"HTTP/1.1 200 OK\r\n\r\n" + PART if finished else b""
        assert _read_all(theirs) == expected
        theirs.close()


def test_an_answer_over_the_most_held_is_passed_on_as_it_comes():
    ours, theirs = socket.socketpair()
    held = HeldAnswer(ours, most=len(PART))
    held.sendall(PART)
    held.sendall(b"y")  # over the most: what is held goes, and what follows as it comes
    held.sendall(b"z")
    held.close()  # unfinished, but sent already
    assert _read_all(theirs) == PART + b"yz"
    theirs.close()


@pytest.fixture(params=[OURS, "sync"])
def gunicorn(request, tmp_path):
    """A gunicorn of one worker serving held_answers_app, with our config and the
    worker class given; yields its socket's path and its master's pid."""
    path = tmp_path / "gunicorn.sock"
    master = subprocess.Popen(
        [
            sys.executable, "-m", "gunicorn", "tests.cribtrainer.held_answers_app:app",
            "--bind", f"unix:{path}", "--workers", "1",
            "--config", "python:cribtrainer.gunicorn_conf", "--worker-class", request.param,
        ],
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while not (path.exists() and _worker(master.pid)) and time.monotonic() < deadline:
            time.sleep(0.05)
        yield request.param, path, master.pid
    finally:
        master.terminate()
        master.wait(timeout=30)


def _worker(master: int) -> int | None:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return int(children[0]) if children else None


def _ask(path: Path, request: bytes, kill_after: float | None = None, master: int = 0):
    """What the server sent back for ``request`` until it closed the connection; with
    ``kill_after``, its worker killed -9 that many seconds after the request."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(20)
        sock.connect(str(path))
        sock.sendall(request)
        if kill_after is not None:
            time.sleep(kill_after)
            os.kill(_worker(master), signal.SIGKILL)
        return _read_all(sock)


def _get(where: str, method: str = "GET") -> bytes:
    return f"{method} {where} HTTP/1.1\r\nHost: app\r\n\r\n".encode()


@pytest.mark.live
def test_a_whole_answer_is_sent_whole(gunicorn):
    _, path, _ = gunicorn
    answer = _ask(path, _get("/"))
    assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and answer.endswith(b"\r\n\r\n" + PART)
    head = _ask(path, _get("/", "HEAD"))
    assert head.startswith(b"HTTP/1.1 200 OK\r\n") and head.endswith(b"\r\n\r\n")


@pytest.mark.live
def test_a_worker_killed_mid_answer_sends_nothing(gunicorn):
    """nginx answers a connection closed with nothing 502; given a header, it passes the
    header on and the client gets a 200 cut short."""
    worker, path, master = gunicorn
    answer = _ask(path, _get("/slow"), kill_after=1.0, master=master)
    if worker == OURS:
        assert answer == b""
    else:
        assert answer.startswith(b"HTTP/1.1 200 OK\r\n")  # what this worker mends


@pytest.mark.live
def test_an_answer_the_app_fails_to_finish_sends_nothing(gunicorn):
    worker, path, _ = gunicorn
    answer = _ask(path, _get("/fails"))
    if worker == OURS:
        assert answer == b""
    else:
        assert answer.startswith(b"HTTP/1.1 200 OK\r\n")
