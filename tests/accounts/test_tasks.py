"""The account mails leave the request and are delivered at least once: the page answers in
the same time whether or not an account has the address; a send that fails raises and is
tried again later, a capped number of times; a task a dead worker left running is run
again; a task run again sends nothing twice; the queue's timing says nothing of which
addresses have accounts; the task table names no address typed, and is pruned.

The live tests run the real worker (``manage.py task_worker``) and gunicorn as child
processes on one SQLite file, against a small SMTP server in a thread that is slow, refuses,
or stalls while the worker is killed."""

import io
import json
import logging
import os
import signal
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from accounts.services import TASK_RUNS_AT_MOST, lost_tasks_requeue
from accounts.tasks import account_mail
from accounts.worker import tend
from tests.accounts.players import NEW_PASSWORD
from tests.factories import UserFactory
from tests.server import ROOT, Database, Player, gunicorn, production_env

pytestmark = pytest.mark.django_db

# The mail server's delay before it says hello: a slow server far away.
DELAY = 0.4


class SMTPStub(socketserver.StreamRequestHandler):
    """Just enough SMTP to take a message. ``server.delay`` before the greeting (none once
    ``server.quick`` is set); ``server.refuse`` connections answered 421 and closed;
    while ``server.stalled`` is set, no greeting at all."""

    def handle(self):
        server = self.server
        server.connections += 1
        while server.stalled.is_set():
            time.sleep(0.02)
        server.quick.wait(server.delay)
        if server.refuse > 0:
            server.refuse -= 1
            self.wfile.write(b"421 not now\r\n")
            return
        self.wfile.write(b"220 stub ready\r\n")
        lines, in_data = [], False
        while line := self.rfile.readline():
            if in_data:
                if line == b".\r\n":
                    server.messages.append(b"".join(lines).decode())
                    server.arrived.append(time.monotonic())
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
def mail_server():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), SMTPStub)
    server.daemon_threads = True
    server.messages, server.arrived, server.connections = [], [], 0
    server.delay, server.refuse = DELAY, 0
    server.quick, server.stalled = threading.Event(), threading.Event()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.stalled.clear()
    server.shutdown()
    server.server_close()


def smtp_settings(server, **more):
    return {
        "TASKS": {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}},
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": server.server_address[1],
        "MAIL_SLOT_SECONDS": 0,
        **more,
    }


def work_off() -> None:
    """The queue's tasks that are due, run by django-tasks' worker in this process."""
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def tasks():
    return DBTaskResult.objects.order_by("enqueued_at")


# The worker closes its database connections as it goes: a transaction the test wrapped
# around it would go with them.
@pytest.mark.django_db(transaction=True)
def test_known_and_unknown_addresses_take_the_same_time_and_the_worker_sends(client, mail_server):
    UserFactory(email="known@example.org")
    times = {"known": [], "unknown": []}
    with override_settings(**smtp_settings(mail_server, THROTTLE_PASSWORD_RESET=(1000, 3600))):
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
        assert mail_server.connections == 0
        assert statistics.median(times["known"]) < DELAY
        # The requests are timed: the worker, sending after them, need not wait for hello.
        mail_server.quick.set()
        work_off()
    assert len(mail_server.messages) == 15
    assert all("To: known@example.org" in message for message in mail_server.messages)
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


@pytest.mark.django_db(transaction=True)
def test_every_reset_request_queues_one_task_that_names_no_address(client):
    known = UserFactory(email="known@example.org")
    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
        for email in ("known@example.org", "unknown@example.org"):
            assert client.post("/accounts/password/reset/", {"email": email}).status_code == 302
    queued = list(tasks())
    assert [task.task_path for task in queued] == ["accounts.tasks.account_mail"] * 2
    assert "@" not in json.dumps([task.args_kwargs for task in queued])
    assert [task.args_kwargs["args"][2] for task in queued] == [known.pk, None]


@pytest.mark.django_db(transaction=True)
def test_a_failed_send_raises_and_is_tried_again_later_a_capped_number_of_times(
    client, mail_server
):
    UserFactory(email="known@example.org")
    mail_server.quick.set()
    mail_server.refuse = 2  # down for the first two attempts, then up
    with override_settings(**smtp_settings(mail_server, MAIL_RETRIES=3, MAIL_RETRY_SECONDS=60)):
        client.post("/accounts/password/reset/", {"email": "known@example.org"})
        work_off()
        first, retry = tasks()
        assert first.status == TaskResultStatus.FAILED
        assert "SMTP" in first.exception_class_path
        assert retry.status == TaskResultStatus.READY
        assert retry.args_kwargs["args"][5] == 2  # the second attempt, in a minute
        assert retry.run_after - first.started_at > timedelta(seconds=59)
        work_off()
        waits = [when_due() for _ in range(2)]
    assert [task.status for task in tasks()] == ["FAILED", "FAILED", "SUCCESSFUL"]
    assert len(mail_server.messages) == 1
    assert [round(wait / 60) for wait in waits] == [1, 4]  # minutes: four times longer

    mail_server.refuse = 10  # down for good: three retries, then given up
    DBTaskResult.objects.all().delete()
    with override_settings(**smtp_settings(mail_server, MAIL_RETRIES=3, MAIL_RETRY_SECONDS=60)):
        client.post("/accounts/password/reset/", {"email": "known@example.org"})
        work_off()
        for _ in range(5):
            when_due()
    assert [task.status for task in tasks()] == ["FAILED"] * 4
    assert len(mail_server.messages) == 1


def when_due() -> float:
    """Run the next attempt now, as if its time had come: returns the seconds it waited
    for, after the attempt before it started."""
    waiting = DBTaskResult.objects.filter(status=TaskResultStatus.READY).first()
    if waiting is None:
        return 0.0
    before = DBTaskResult.objects.exclude(pk=waiting.pk).latest("started_at")
    DBTaskResult.objects.filter(pk=waiting.pk).update(run_after=timezone.now())
    work_off()
    return (waiting.run_after - before.started_at).total_seconds()


@pytest.mark.django_db(transaction=True)
def test_a_task_run_again_sends_nothing_twice(client, mail_server):
    user = UserFactory(email="known@example.org")
    mail_server.quick.set()
    with override_settings(**smtp_settings(mail_server)):
        account_mail.enqueue("password_reset", "one-request", user.pk, "testserver", False)
        work_off()
        # The same request's task again (picked up after its worker died, or retried).
        DBTaskResult.objects.update(status=TaskResultStatus.READY)
        work_off()
        account_mail.enqueue("password_reset", "another-request", user.pk, "testserver", False)
        work_off()
    assert len(mail_server.messages) == 2


def running_task(worker_ids, started_minutes_ago):
    result = account_mail.enqueue("password_reset", "k", None, "testserver", False)
    DBTaskResult.objects.filter(pk=result.id).update(
        status=TaskResultStatus.RUNNING,
        worker_ids=worker_ids,
        started_at=timezone.now() - timedelta(minutes=started_minutes_ago),
    )
    return result.id


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_tasks_left_running_by_a_dead_worker_are_put_back_in_the_queue():
    lost = running_task(["dead"], 10)
    recent = running_task(["busy"], 1)
    mine = running_task(["me"], 10)
    lost_again_and_again = running_task(["dead"] * TASK_RUNS_AT_MOST, 10)
    changed = lost_tasks_requeue(now=timezone.now(), lease=timedelta(minutes=5), alive_worker="me")
    assert changed == 2
    status = {str(pk): value for pk, value in DBTaskResult.objects.values_list("pk", "status")}
    assert status[lost] == "READY"
    assert status[recent] == status[mine] == "RUNNING"
    assert status[lost_again_and_again] == "FAILED"
    failed = DBTaskResult.objects.get(pk=lost_again_and_again)
    assert failed.exception_class_path == "accounts.services.WorkerLost"


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_tasks_check_reports_the_heartbeat_and_the_oldest_waiting_task(capsys):
    with pytest.raises(CommandError, match="the task worker is not running"):
        call_command("tasks_check")
    assert json.loads(capsys.readouterr().out)["worker_seen_seconds_ago"] is None
    tend("me")
    call_command("tasks_check")
    figures = json.loads(capsys.readouterr().out)
    assert figures["status"] == "ok"
    assert 0 <= figures["worker_seen_seconds_ago"] < 60
    assert figures["oldest_task_waiting_seconds"] is None
    result = account_mail.enqueue("password_reset", "k", None, "testserver", False)
    DBTaskResult.objects.filter(pk=result.id).update(
        enqueued_at=timezone.now() - timedelta(minutes=10)
    )
    with pytest.raises(CommandError, match="tasks are waiting and not run"):
        call_command("tasks_check")
    figures = json.loads(capsys.readouterr().out)
    assert figures["oldest_task_waiting_seconds"] >= 600


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_purge_guests_prunes_finished_tasks_older_than_a_few_days():
    def task(status, finished_days_ago):
        result = account_mail.enqueue("password_reset", "k", None, "testserver", False)
        finished = None
        if finished_days_ago is not None:
            finished = timezone.now() - timedelta(days=finished_days_ago)
        DBTaskResult.objects.filter(pk=result.id).update(status=status, finished_at=finished)
        return result.id

    old = [task("SUCCESSFUL", 4), task("FAILED", 4)]
    kept = [task("SUCCESSFUL", 2), task("READY", None), task("RUNNING", None)]
    out = io.StringIO()
    call_command("purge_guests", "--dry-run", stdout=out)
    assert "Would delete 2 finished tasks older than 3 days." in out.getvalue()
    assert DBTaskResult.objects.count() == 5
    call_command("purge_guests", stdout=out)
    assert {str(pk) for pk in DBTaskResult.objects.values_list("pk", flat=True)} == set(kept)
    assert not DBTaskResult.objects.filter(pk__in=old).exists()


# --- live: the real worker and gunicorn, on one SQLite file --------------------------


@contextmanager
def task_worker(env):
    """``manage.py task_worker`` in a child process until the block ends; yields it."""
    command = [sys.executable, "manage.py", "task_worker", "--interval", "0.05"]
    command += ["--no-startup-delay", "--no-reload"]
    with tempfile.TemporaryFile() as errors:
        worker = subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors
        )
        try:
            yield worker
        finally:
            if worker.poll() is None:
                worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=30)


def wait_for(predicate, seconds=60):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "not done in time"
        time.sleep(0.05)


@pytest.fixture
def served(tmp_path, sqlite_template, live_static, mail_server):
    """The app on gunicorn and a SQLite file, its environment pointed at the stub SMTP
    server; yields (base URL, environment, database)."""
    database = sqlite_template.copy_to(tmp_path / "db.sqlite3")
    url = f"sqlite:///{database}"
    env = {
        **production_env(url, live_static),
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(mail_server.server_address[1]),
        "THROTTLE_PASSWORD_RESET": "1000/3600",
        "TASKS_HEARTBEAT_SECONDS": "0.2",
        "MAIL_RETRY_SECONDS": "0.2",
        "MAIL_SLOT_SECONDS": "0.2",
    }
    with gunicorn(env) as base:
        yield base, env, Database(url)


@pytest.mark.live
def test_live_a_worker_killed_while_sending_leaves_a_mail_another_sends_once(served, mail_server):
    base, env, db = served
    db.execute(
        "INSERT INTO auth_user (username, email, password, is_superuser, is_staff, is_active,"
        " first_name, last_name, date_joined) VALUES ('owner', 'owner@example.org', ?, 0, 0, 1,"
        " '', '', '2030-01-01 00:00:00')",
        "md5$salt$0123456789abcdef0123456789abcdef",
    )
    mail_server.delay = 0
    mail_server.stalled.set()  # the server takes the connection and says nothing
    env = {**env, "TASKS_LEASE_SECONDS": "1"}
    status, path, _ = Player(base).post("/accounts/password/reset/", email="owner@example.org")
    assert (status, path) == (200, "/accounts/password/reset/sent/")
    with task_worker(env) as worker:
        wait_for(lambda: mail_server.connections == 1)
        worker.send_signal(signal.SIGKILL)
        worker.wait()
    running = "SELECT count(*) FROM django_tasks_database_dbtaskresult WHERE status = 'RUNNING'"
    assert db.one(running) == 1
    mail_server.stalled.clear()
    with task_worker(env):
        wait_for(lambda: len(mail_server.messages) == 1)
        statuses = "SELECT status FROM django_tasks_database_dbtaskresult"
        wait_for(lambda: db.rows(statuses) == [("SUCCESSFUL",)])
        # The worker says it is alive, and no task waits.
        done = subprocess.run(
            [sys.executable, "manage.py", "tasks_check"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        figures = json.loads(done.stdout)
        assert figures["worker_seen_seconds_ago"] < 30
        assert figures["oldest_task_waiting_seconds"] is None
    time.sleep(0.5)  # nothing more comes
    assert len(mail_server.messages) == 1
    assert "To: owner@example.org" in mail_server.messages[0]
    # With the worker gone, the check fails.
    time.sleep(1.2)
    done = subprocess.run(
        [sys.executable, "manage.py", "tasks_check", "--worker-seconds", "1"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "the task worker is not running" in done.stderr


@pytest.mark.live
def test_live_a_mail_server_down_then_up_gets_the_mail_once(served, mail_server):
    base, env, db = served
    owner = Player(base)
    owner.post(
        "/accounts/signup/",
        username="owner",
        email="owner@example.org",
        password1=NEW_PASSWORD,
        password2=NEW_PASSWORD,
    )
    mail_server.delay = 0
    mail_server.refuse = 2
    with task_worker(env):
        wait_for(lambda: len(mail_server.messages) == 1)
        statuses = "SELECT status FROM django_tasks_database_dbtaskresult ORDER BY enqueued_at"
        wait_for(lambda: db.rows(statuses) == [("FAILED",), ("FAILED",), ("SUCCESSFUL",)])
    assert mail_server.connections == 3
    assert "To: owner@example.org" in mail_server.messages[0]
    assert "/accounts/email/confirm/" in mail_server.messages[0]


# The slot each mail task takes, sending or not, in the timing test: above DELAY.
SLOT = 1.0


@pytest.mark.live
def test_live_the_queue_says_nothing_of_which_addresses_have_accounts(served, mail_server):
    """The attack: ask a reset for a target's address, then one for your own, and time your
    own mail. Without the slot it comes DELAY later when the target has an account."""
    base, env, db = served
    for username in ("target", "me"):
        db.execute(
            "INSERT INTO auth_user (username, email, password, is_superuser, is_staff,"
            " is_active, first_name, last_name, date_joined) VALUES (?, ?, ?, 0, 0, 1, '', '',"
            " '2030-01-01 00:00:00')",
            username,
            f"{username}@example.org",
            "md5$salt$0123456789abcdef0123456789abcdef",
        )
    slot = float(os.environ.get("TEST_MAIL_SLOT_SECONDS", SLOT))  # 0 shows the leak
    env = {**env, "MAIL_SLOT_SECONDS": str(slot)}
    attacker = Player(base)
    waits = {"target@example.org": [], "nobody@example.org": []}
    with task_worker(env):
        for _ in range(3):
            for target, own in waits.items():
                before = len(mail_server.messages)
                attacker.post("/accounts/password/reset/", email=target)
                asked = time.monotonic()
                attacker.post("/accounts/password/reset/", email="me@example.org")
                wait_for(lambda b=before: any("To: me@" in m for m in mail_server.messages[b:]))
                mine = [
                    at
                    for at, m in zip(mail_server.arrived, mail_server.messages, strict=True)
                    if "To: me@" in m
                ][-1]
                own.append(mine - asked)
                time.sleep(slot)  # the queue empty again
    medians = {target: statistics.median(values) for target, values in waits.items()}
    gap = medians["target@example.org"] - medians["nobody@example.org"]
    print(f"own mail after the target's reset, median s: {medians}; gap {gap * 1000:.0f} ms")
    assert abs(gap) < DELAY / 2
