"""Fixtures shared by every test.

* Static files are collected once per run into a temporary STATIC_ROOT with the production
  storage, so pages link hashed files that whitenoise serves compressed, as in production.
* The live tests (marked ``live``) serve the app with gunicorn in child processes: each
  module's servers get a copy of one database migrated once per run (``live_template``)
  and the run's static files (``live_static``). Under pytest-xdist (``make test``) every
  session fixture is made once per worker.
* ``pytest --database-only`` keeps only the tests that touch a database (the CI's second
  run, on PostgreSQL): the engine's, the browser's and the static checks run once.
* Browser tests (mark them ``@pytest.mark.browser``) use pytest-playwright's ``page``,
  driving Debian's Chromium (``CHROMIUM_PATH`` overrides it) against ``live_server``, and
  ``base_url`` points at that server, so ``page.goto("/")`` opens the home page. Helpers for
  axe-core checks and screenshots are in ``tests/browser.py``.
"""

import os
import shutil
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.test.utils import override_settings

# live_server runs Django in a thread beside Playwright's sync API, which Django mistakes
# for an async context.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
# The machine has no route out: without these Chromium keeps trying to reach Google's hosts.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def pytest_addoption(parser):
    parser.addoption(
        "--database-only",
        action="store_true",
        help="run only the tests that touch a database (marked django_db or live_database)",
    )


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--database-only"):
        return
    kept, dropped = [], []
    for item in items:
        touches = (
            item.get_closest_marker("django_db")
            or item.get_closest_marker("live_database")
            or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        )
        (kept if touches else dropped).append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept


@pytest.fixture(scope="session", autouse=True)
def collected_static(tmp_path_factory):
    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root


@pytest.fixture(scope="session")
def live_static(collected_static, tmp_path_factory):
    """Static files for the servers the live tests start (tests/server.py): the run's own,
    collected with the production storage; collected again by a child process with the real
    settings only when this run's settings did not hash them (DEBUG on)."""
    if (collected_static / "staticfiles.json").exists():
        return collected_static
    from tests.server import collect_static

    return collect_static(tmp_path_factory.mktemp("live") / "static")


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    """A SQLite file migrated once per run (per xdist worker), as ``manage.py migrate`` makes
    it: ``sqlite_template.copy_to(path)`` gives a test its own copy."""
    from tests.server import migrated_template

    with migrated_template(tmp_path_factory.mktemp("sqlite-template"), sqlite=True) as template:
        yield template


@pytest.fixture(scope="session")
def live_template(request, tmp_path_factory):
    """A database of the suite's kind migrated once per run (per xdist worker), of which each
    live module's servers get a copy: ``with live_template.copy(tmp_path) as url``."""
    from tests.server import migrated_template, suite_on_postgres

    if not suite_on_postgres():
        yield request.getfixturevalue("sqlite_template")
        return
    with migrated_template(tmp_path_factory.mktemp("live-template")) as template:
        yield template


@pytest.fixture(scope="session")
def live_server(request, collected_static):
    """pytest-django's live server, but with whitenoise serving the static files.

    pytest-django's own serves them from the app folders, unhashed, where the hashed names
    the pages link to are not found.
    """
    from pytest_django.live_server_helper import LiveServer

    addr = (
        request.config.getvalue("liveserver")
        or os.getenv("DJANGO_LIVE_TEST_SERVER_ADDRESS")
        or "localhost"
    )
    server = LiveServer(addr, start=False)
    server.thread.static_handler = _whitenoise_serves_static
    server.start()
    yield server
    server.stop()


def _whitenoise_serves_static(application):
    return application


# htmx logs a request it aborted for a newer one as an error: that is what hx-sync is for.
HTMX_ABORTED = ("htmx:afterRequest", "htmx:sendAbort")


@pytest.fixture
def watched(page, live_server):
    """The page, failing the test on any console error (a CSP violation is one), any failed
    response or any request to another host."""
    errors: list[str] = []
    host = urlsplit(live_server.url).netloc

    def on_console(message):
        if message.type == "error" and not message.text.startswith(HTMX_ABORTED):
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda response: (
            errors.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    page.on(
        "request",
        lambda request: (
            errors.append(f"request to another host: {request.url}")
            if urlsplit(request.url).netloc not in ("", host)
            else None
        ),
    )
    yield page
    assert errors == []


@pytest.fixture
def phone(watched):
    """The watched page on a phone held upright (390×844)."""
    from tests.browser import PHONE

    watched.set_viewport_size(PHONE)
    return watched


@pytest.fixture
def at_viewport(watched, viewport):
    """The watched page at the size the test is parametrised by, ``viewport``."""
    watched.set_viewport_size(viewport)
    return watched


@pytest.fixture
def page_without_javascript(browser, live_server):
    """A page of the live server in a browser with JavaScript off: the plain forms."""
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, live_server):
    # The live server starts before the browser so that it stops after it: a keep-alive
    # connection the browser still holds would otherwise close in a server thread after
    # the server has given back its shared in-memory database.
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def player(client):
    """A player signed in on ``client``."""
    from tests.factories import UserFactory

    user = UserFactory()
    client.force_login(user)
    return user


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Every test starts with no rate limit used up and no review page cached (the tests'
    caches are in memory; a rolled-back test's game ids are given out again)."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()


class Clock:
    """The rate limits' clock (cribtrainer.throttle.now), stopped at the start of a window
    of any length in whole minutes; ``advance`` moves it on."""

    def __init__(self):
        from datetime import UTC, datetime

        self.at = datetime(2030, 1, 1, tzinfo=UTC)

    def advance(self, seconds: float) -> None:
        from datetime import timedelta

        self.at += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch):
    from cribtrainer import throttle

    stopped = Clock()
    monkeypatch.setattr(throttle, "now", lambda: stopped.at)
    return stopped
