"""Password-reset mail leaves the request: the page answers in the same time whether or not
an account has the address, even when the mail server is slow, and the worker sends it."""

import logging
import socketserver
import statistics
import threading
import time

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import override_settings

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

# The mail server's delay before it says hello: a slow server far away.
DELAY = 0.4


class SlowSMTP(socketserver.StreamRequestHandler):
    """Just enough SMTP to take a message, after a pause: none once ``server.quick`` is set."""

    def handle(self):
        self.server.connections += 1
        self.server.quick.wait(DELAY)
        self.wfile.write(b"220 stub ready\r\n")
        lines, in_data = [], False
        while line := self.rfile.readline():
            if in_data:
                if line == b".\r\n":
                    self.server.messages.append(b"".join(lines).decode())
                    in_data, lines = False, []
                    self.wfile.write(b"250 queued\r\n")
                else:
                    lines.append(line)
                continue
            command = line[:4].upper()
            if command == b"DATA":
                in_data = True
                self.wfile.write(b"354 go on\r\n")
            elif command == b"QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


@pytest.fixture
def slow_mail_server():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), SlowSMTP)
    server.daemon_threads = True
    server.messages, server.connections = [], 0
    server.quick = threading.Event()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


# The worker closes its database connections as it goes: a transaction the test wrapped
# around it would go with them.
@pytest.mark.django_db(transaction=True)
def test_known_and_unknown_addresses_take_the_same_time_and_the_worker_sends(
    client, slow_mail_server
):
    UserFactory(email="known@example.org")
    port = slow_mail_server.server_address[1]
    settings = {
        "TASKS": {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}},
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": port,
        "THROTTLE_PASSWORD_RESET": (1000, 3600),
    }
    times = {"known": [], "unknown": []}
    with override_settings(**settings):
        client.post("/accounts/password/reset/", {"email": "warm-up@example.org"})
        for _ in range(15):
            for kind in times:
                start = time.perf_counter()
                response = client.post(
                    "/accounts/password/reset/", {"email": f"{kind}@example.org"}
                )
                times[kind].append(time.perf_counter() - start)
                assert response["Location"] == "/accounts/password/reset/sent/"
        # No request waited for the mail server: none even connected to it.
        assert slow_mail_server.connections == 0
        assert statistics.median(times["known"]) < DELAY
        # The requests are timed: the worker, sending after them, need not wait for hello.
        slow_mail_server.quick.set()
        call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    assert len(slow_mail_server.messages) == 15
    assert all("To: known@example.org" in message for message in slow_mail_server.messages)
    medians = {kind: statistics.median(values) * 1000 for kind, values in times.items()}
    print(f"reset page, median ms: {medians}")


def test_with_no_mail_server_nothing_is_sent_and_no_link_is_logged(client, caplog):
    UserFactory(email="known@example.org")
    with (
        override_settings(EMAIL_BACKEND="cribtrainer.mail.UnconfiguredEmailBackend"),
        caplog.at_level(logging.DEBUG),
    ):
        client.post("/accounts/password/reset/", {"email": "known@example.org"})
    assert mail.outbox == []
    assert "mail not sent: EMAIL_HOST is not set" in caplog.text
    assert "/accounts/password/reset/" not in caplog.text
    assert "http" not in caplog.text
