import subprocess
import sys

import pytest

from tests.server import ROOT, app_env, settings_value


def test_debug_is_off_unless_set():
    assert settings_value("settings.DEBUG", SECRET_KEY="x" * 50) == "False"
    assert settings_value("settings.DEBUG", DEBUG="1") == "True"


def test_database_defaults_to_sqlite_in_the_project_folder_set_for_concurrent_writers():
    answer = settings_value(
        "settings.DATABASES['default']['NAME'], settings.DATABASES['default']['OPTIONS']",
        DEBUG="1",
    )
    assert str(ROOT / "db.sqlite3") in answer
    assert "'transaction_mode': 'IMMEDIATE'" in answer
    assert "journal_mode=WAL" in answer
    assert "'timeout': 20" in answer


def test_database_url_selects_postgresql():
    answer = settings_value(
        "settings.DATABASES['default']['ENGINE']",
        DEBUG="1",
        DATABASE_URL="postgres://u:p@127.0.0.1:5432/crib",
    )
    assert answer == "django.db.backends.postgresql"


def test_sqlite_file_database_runs_in_wal_mode(tmp_path):
    answer = settings_value(
        "__import__('django.db').db.connection.cursor().execute('PRAGMA journal_mode').fetchone()",
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'wal.sqlite3'}",
    )
    assert answer == "('wal',)"


def test_the_cache_is_a_database_table_unless_cache_url_says_otherwise(tmp_path):
    assert "DatabaseCache" in settings_value("settings.CACHES['default']['BACKEND']", DEBUG="1")
    answer = settings_value(
        "settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION']",
        DEBUG="1",
        CACHE_URL=f"file://{tmp_path}",
    )
    assert answer == f"cribtrainer.cache.FileBasedCache {tmp_path}"


def test_rates_and_proxies_come_from_the_environment():
    answer = settings_value(
        "settings.THROTTLE_REAUTH, settings.PROXY_COUNT",
        DEBUG="1",
        THROTTLE_REAUTH="3/60",
        PROXY_COUNT="2",
    )
    assert answer == "(3, 60) 2"


@pytest.mark.parametrize(
    ("name", "value"),
    [("THROTTLE_REAUTH", "5"), ("THROTTLE_SIGNUP", "0/60"), ("CACHE_URL", "redis://x")],
)
def test_a_bad_rate_or_cache_url_refuses_to_start(name, value):
    code = "import django; django.setup()"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=app_env(DEBUG="1", **{name: value}),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert name in done.stderr
