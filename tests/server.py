"""Run the app as it is deployed: gunicorn, DEBUG off, on a database the test chooses.

Used by the tests that need a real server process (static files, restarts, concurrent
writers) rather than Django's in-process test client.
"""

import http.cookiejar
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


# What this test run sets for itself, which a child process running the app must not inherit.
_TEST_RUN_ONLY = {
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def app_env(**settings: str) -> dict[str, str]:
    """The environment of a child process that runs the app with its real settings
    (``cribtrainer.settings``): this process's environment without what the test run set
    for itself, and ``settings`` on top (``DEBUG="0"``, ``DATABASE_URL=...``)."""
    env = {k: v for k, v in os.environ.items() if k not in _TEST_RUN_ONLY}
    return {**env, "DJANGO_SETTINGS_MODULE": "cribtrainer.settings", **settings}


def production_env(
    database_url: str, static_root: Path, *, log_requests: bool = False
) -> dict[str, str]:
    """The app as deployed: DEBUG off, a fresh secret, cookies over plain http on loopback."""
    return app_env(
        **{
            "DEBUG": "0",
            "SECRET_KEY": os.environ.get("TEST_SERVER_SECRET_KEY") or secrets.token_urlsafe(50),
            "SECURE_COOKIES": "0",
            "LOG_REQUESTS": os.environ.get("LOG_REQUESTS", "1" if log_requests else "0"),
            "DATABASE_URL": database_url,
            "STATIC_ROOT": str(static_root),
        }
    )


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )


def prepare(env: dict[str, str]) -> None:
    """Migrate the database (which makes the cache table too) and collect static files, as
    a deployment does."""
    manage(env, "migrate", "--no-input")
    manage(env, "collectstatic", "--no-input")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, threads: int = 1):
    """Serve the app until the block ends; yields the base URL."""
    port = _free_port()
    command = [
        str(BIN / "gunicorn"),
        "cribtrainer.wsgi",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        f"--threads={threads}",
    ]
    # gunicorn's own log goes to a file: a pipe nobody reads could fill and stall it.
    with tempfile.TemporaryFile() as errors:
        server = subprocess.Popen(
            command,
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
        try:
            _wait_until_up(f"http://127.0.0.1:{port}", server, errors)
            yield f"http://127.0.0.1:{port}"
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def _wait_until_up(base: str, server: subprocess.Popen, errors, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        if server.poll() is not None:
            errors.seek(0)
            raise RuntimeError(f"gunicorn exited: {errors.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


class Player:
    """One browser's worth of HTTP: its own cookies, CSRF token sent on every POST."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def _csrf_token(self) -> str:
        for cookie in self.cookies:
            if cookie.name == "csrftoken":
                return cookie.value
        self.get("/quiz/")  # any page with a form sets the cookie
        return self._csrf_token()

    def get(self, path: str) -> tuple[int, str, str]:
        """GET a page; returns status, the final URL's path and the body."""
        try:
            with self.opener.open(self.base + path, timeout=30) as response:
                return response.status, urlsplit(response.url).path, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, path, error.read().decode()

    def post(
        self, path: str, headers: dict[str, str] | None = None, **fields: str | list[str]
    ) -> tuple[int, str, str]:
        """POST a form, following the redirect; returns status, the final path and the body.
        A field given a list is sent once for each value."""
        data = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": self._csrf_token(), **fields}, doseq=True
        )
        request = urllib.request.Request(
            self.base + path, data=data.encode(), method="POST", headers=headers or {}
        )
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, urlsplit(response.url).path, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, path, error.read().decode()


class Database:
    """Plain SQL on a server's database (a URL ``live_database`` gave): to check what the
    servers stored, or to write beside them as another request would."""

    def __init__(self, url: str):
        self.url = url
        self.is_sqlite = url.startswith("sqlite:///")

    def _connect(self):
        if self.is_sqlite:
            return sqlite3.connect(self.url.removeprefix("sqlite:///"), isolation_level=None)
        import psycopg

        return psycopg.connect(self.url, autocommit=True)

    def _run(self, db, sql: str, params: tuple):
        return db.execute(sql if self.is_sqlite else sql.replace("?", "%s"), params)

    def rows(self, sql: str, *params) -> list[tuple]:
        with closing(self._connect()) as db:
            return self._run(db, sql, params).fetchall()

    def one(self, sql: str, *params):
        return self.rows(sql, *params)[0][0]

    def execute(self, sql: str, *params) -> None:
        with closing(self._connect()) as db:
            self._run(db, sql, params)

    @contextmanager
    def held_open(self, sql: str, *params):
        """``sql`` in a transaction left open until the block ends, then committed: until
        then, what it wrote is another request's, not yet saved (its locks held)."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE" if self.is_sqlite else "BEGIN")
            self._run(db, sql, params)
            yield
            db.execute("COMMIT")


@contextmanager
def live_database(workdir: Path):
    """A database of its own for a server process: a SQLite file, or, when the suite runs on
    PostgreSQL, a new database on the same server, dropped afterwards. Yields its URL."""
    suite_url = os.environ.get("DATABASE_URL", "")
    if not suite_url.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{workdir / 'live.sqlite3'}"
        return
    import psycopg

    name = f"cribtrainer_live_{secrets.token_hex(4)}"
    parts = urlsplit(suite_url)
    with psycopg.connect(suite_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield parts._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(suite_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
