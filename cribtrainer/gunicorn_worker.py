"""gunicorn's sync worker, sending each answer whole or not at all.

gunicorn writes an answer's header, then its body, as they come. A worker killed between
the two (or an app failing mid-answer) leaves nginx a header: it has passed that on to the
client before the body is due, and can only cut the connection, so the client gets a 200
shorter than its ``Content-Length`` instead of a 502. Here a worker's client socket holds
the answer until it is over, then sends it in one write, into a send buffer sized for it:
an answer the worker did not finish sends nothing, and nginx answers 502.

Answers over ``HELD_MOST`` are passed on as they come (memory stays bounded); none of the
app's are near it. Whole-or-nothing holds for answers within the socket's send buffer
(``net.core.wmem_max``, doubled: 416 KB by default), which a write fills without waiting.
"""

from __future__ import annotations

import socket

from gunicorn.workers.sync import SyncWorker

HELD_MOST = 4 * 1024 * 1024


class HeldAnswer:
    """A client socket whose writes are held until the answer is ``finish``-ed and the
    socket shut down or closed; then sent in one write, or, unfinished, dropped."""

    def __init__(self, sock: socket.socket, most: int = HELD_MOST):
        self._sock = sock
        self._held = bytearray()
        self._most = most
        self._passing_on = False
        self._finished = False
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, most)

    def sendall(self, data: bytes) -> None:
        if self._passing_on:
            self._sock.sendall(data)
            return
        self._held += data
        if len(self._held) > self._most:
            self._passing_on = True
            self._send_held()

    def finish(self) -> None:
        """The answer is whole: it may go."""
        self._finished = True

    def _send_held(self) -> None:
        held, self._held = self._held, bytearray()
        if held and (self._finished or self._passing_on):
            self._sock.sendall(held)

    def shutdown(self, how: int) -> None:
        self._send_held()
        self._sock.shutdown(how)

    def close(self) -> None:
        try:
            self._send_held()
        except OSError:
            pass
        finally:
            self._sock.close()

    def __getattr__(self, name: str):
        return getattr(self._sock, name)


class WholeAnswerWorker(SyncWorker):
    """gunicorn's sync worker, its answers held until whole (``HeldAnswer``)."""

    def handle(self, listener, client, addr) -> None:
        super().handle(listener, HeldAnswer(client), addr)

    def handle_request(self, listener, req, client, addr) -> None:
        super().handle_request(listener, req, client, addr)
        client.finish()

    def handle_error(self, req, client, addr, exc) -> None:
        # gunicorn's own error answer (400, 500...) is whole once written.
        super().handle_error(req, client, addr, exc)
        client.finish()
