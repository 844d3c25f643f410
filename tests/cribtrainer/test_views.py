import json
import sqlite3
import subprocess
import sys

import pytest

from tests.server import ROOT, app_env


@pytest.mark.django_db
def test_healthz_checks_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response["Cache-Control"].startswith("max-age=0")


@pytest.mark.django_db
def test_healthz_answers_503_when_the_database_is_unreachable(client, monkeypatch):
    from django.db import DatabaseError, connection

    def refuse(*args, **kwargs):
        raise DatabaseError("connection refused")

    # The outside world failing: the database server is down.
    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert json.loads(response.content) == {"status": "error", "database": "unreachable"}


def test_healthz_is_get_and_head_only(client, db):
    assert client.post("/healthz").status_code == 405
    head = client.head("/healthz")
    assert (head.status_code, head.content) == (200, b"")


HEALTHZ = """
import django; django.setup()
from django.test.utils import setup_test_environment; setup_test_environment()
from django.test import Client
response = Client().get("/healthz")
print(response.status_code, response.content.decode())
"""

SIGNUP = """
import django; django.setup()
from django.test.utils import setup_test_environment; setup_test_environment()
from django.test import Client
client = Client()
password = "a-pair-royal-is-six"
fields = {"username": "newcomer", "password1": password, "password2": password}
signed_up = client.post("/accounts/signup/", fields)
dealt = client.post("/quiz/new/", {"mode": "hand"})
print(200, '{"signup": %d, "deal": %d}' % (signed_up.status_code, dealt.status_code))
"""


def healthz_of(database, script=HEALTHZ):
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=app_env(DEBUG="1", DATABASE_URL=f"sqlite:///{database}"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    status, _, body = done.stdout.strip().splitlines()[-1].partition(" ")
    return int(status), json.loads(body)


@pytest.fixture
def sqlite_file(tmp_path, sqlite_template):
    """A SQLite file as ``manage.py migrate`` makes it (a copy of one made once per run)."""
    database = sqlite_template.copy_to(tmp_path / "db.sqlite3")
    return database, app_env(DEBUG="1", DATABASE_URL=f"sqlite:///{database}")


def test_healthz_reports_a_removed_sqlite_file_and_does_not_make_it_again(sqlite_file):
    database, _ = sqlite_file
    assert healthz_of(database) == (200, {"status": "ok", "database": "sqlite"})
    for path in database.parent.glob("db.sqlite3*"):
        path.unlink()
    assert healthz_of(database) == (503, {"status": "error", "database": "unreachable"})
    assert not database.exists()
    # A page made an empty file in its place: there are no tables to read.
    database.touch()
    assert healthz_of(database) == (503, {"status": "error", "database": "unreachable"})


def test_migrate_alone_makes_a_database_every_page_works_on(sqlite_file):
    database, _ = sqlite_file
    assert healthz_of(database) == (200, {"status": "ok", "database": "sqlite"})
    assert healthz_of(database, SIGNUP) == (200, {"signup": 302, "deal": 302})


def test_healthz_reports_a_missing_cache_table(sqlite_file):
    database, _ = sqlite_file
    with sqlite3.connect(database) as db:
        db.execute("DROP TABLE cribtrainer_cache")
    assert healthz_of(database) == (503, {"status": "error", "cache": "unreachable"})


def test_healthz_reports_a_migration_not_applied(sqlite_file):
    database, _ = sqlite_file
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM django_migrations WHERE app = 'cribtrainer' AND name LIKE '0002%'")
    assert healthz_of(database) == (503, {"status": "error", "database": "not migrated"})
