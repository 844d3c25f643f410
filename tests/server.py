"""Run the app as it is deployed: gunicorn, DEBUG off, on a database the test chooses.

Used by the tests that need a real server process (static files, restarts, concurrent
writers) rather than Django's in-process test client. Each gets a copy of a database migrated
once per run (``Template``, the ``live_template`` fixture of tests/conftest.py).
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
from contextlib import closing, contextmanager, suppress
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


def settings_value(expression: str, **env: str) -> str:
    """``expression`` printed by a child process that set up the app with ``env``, so
    that the settings module is read afresh."""
    code = f"import django; django.setup(); from django.conf import settings; print({expression})"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=app_env(**env),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.strip()


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


def collect_static(static_root: Path) -> Path:
    """Static files collected by a child process with the real settings (hashed and
    compressed, as deployed) into ``static_root``."""
    env = production_env(f"sqlite:///{static_root.parent / 'unused.sqlite3'}", static_root)
    manage(env, "collectstatic", "--no-input")
    return static_root


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
    with _serving(command, env, port) as base:
        yield base


@contextmanager
def _serving(command: list[str], env: dict[str, str], port: int):
    """Run a server's ``command`` until the block ends, once it answers on ``port``."""
    # The server's own log goes to a file: a pipe nobody reads could fill and stall it.
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
            with suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


# Generous: four workers importing Django on a busy 2-core machine took over 30 s to answer.
def _wait_until_up(base: str, server: subprocess.Popen, errors, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while True:
        if server.poll() is not None:
            errors.seek(0)
            raise RuntimeError(f"the server exited: {errors.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=10):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


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
    """Plain SQL on a server's database (a URL ``Template.copy`` gave): to check what the
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


def _on_postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def suite_on_postgres() -> bool:
    """Whether the suite runs on PostgreSQL (``DATABASE_URL`` names a server), not SQLite."""
    return _on_postgres(os.environ.get("DATABASE_URL", ""))


@contextmanager
def _postgres_database(suite_url: str, kind: str, template: str | None = None):
    """A new database on the suite's PostgreSQL server, empty or a copy of ``template`` (a
    database's name), dropped when the block ends. Yields its URL."""
    import psycopg

    name = f"cribtrainer_{kind}_{secrets.token_hex(4)}"
    copied = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(suite_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"{copied}')
    try:
        yield urlsplit(suite_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(suite_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Template:
    """A database migrated once (the ``live_template`` and ``sqlite_template`` fixtures),
    of which each server gets a copy: a file copy on SQLite, ``CREATE DATABASE ...
    TEMPLATE`` on PostgreSQL."""

    def __init__(self, url: str):
        self.url = url

    def copy_to(self, path: Path) -> Path:
        """A SQLite template's copy at ``path``."""
        # The backup API copies what the WAL holds too, as a file copy might not.
        source = self.url.removeprefix("sqlite:///")
        with closing(sqlite3.connect(source)) as old, closing(sqlite3.connect(path)) as new:
            old.backup(new)
        return path

    @contextmanager
    def copy(self, workdir: Path):
        """A migrated database of its own for a server process: a SQLite file in
        ``workdir``, or a new database on the suite's PostgreSQL server, dropped when the
        block ends. Yields its URL."""
        if not _on_postgres(self.url):
            yield f"sqlite:///{self.copy_to(workdir / 'live.sqlite3')}"
            return
        template = urlsplit(self.url).path.lstrip("/")
        with _postgres_database(os.environ["DATABASE_URL"], "live", template) as url:
            yield url


@contextmanager
def migrated_template(workdir: Path, *, sqlite: bool = False):
    """A new database migrated by ``manage.py migrate`` (which makes the cache table too),
    as a deployment does: on the suite's PostgreSQL server when the suite runs there, else
    (or with ``sqlite``) a SQLite file in ``workdir``. Yields it as a ``Template``; no
    connection is left open on it, as PostgreSQL requires of a template."""
    if suite_on_postgres() and not sqlite:
        with _postgres_database(os.environ["DATABASE_URL"], "template") as url:
            manage(production_env(url, workdir / "static"), "migrate", "--no-input")
            yield Template(url)
        return
    url = f"sqlite:///{workdir / 'template.sqlite3'}"
    manage(production_env(url, workdir / "static"), "migrate", "--no-input")
    yield Template(url)


def make_serve_command(port: int, workers: int = 2) -> list[str]:
    """What `make serve` runs: cribtrainer.supervise, nginx on ``port`` in front of
    gunicorn's sync workers, and the task worker."""
    return [
        sys.executable,
        "-m",
        "cribtrainer.supervise",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
    ]


@contextmanager
def make_serve(env: dict[str, str], workers: int = 2, **settings: str):
    """Serve the app as `make serve` does until the block ends; yields the base URL.
    ``settings`` go to the supervisor's environment (``REQUEST_HEADER_TIMEOUT="2"``)."""
    port = _free_port()
    with _serving(make_serve_command(port, workers), {**env, **settings}, port) as base:
        yield base
