"""The app served as deployed: gunicorn with DEBUG off and whitenoise's static files."""

import re
import urllib.request

import pytest

from tests.server import gunicorn, production_env

pytestmark = pytest.mark.live


@pytest.fixture(scope="module")
def served(tmp_path_factory, live_template, live_static):
    """The server's base URL and its static files."""
    workdir = tmp_path_factory.mktemp("served")
    with live_template.copy(workdir) as url, gunicorn(production_env(url, live_static)) as base:
        yield base, live_static


def fetch(url, **headers):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
        return r.status, dict(r.headers), r.read()


def test_static_files_have_hashed_names_long_cache_headers_and_compression(served):
    base, static = served
    hashed = [p for p in (static / "css").glob("app.*.css") if p.suffix == ".css"]
    assert hashed, "collectstatic wrote no hashed app.css"
    assert (hashed[0].parent / (hashed[0].name + ".gz")).exists()
    name = hashed[0].name
    status, headers, _ = fetch(f"{base}/static/css/{name}", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert re.search(r"max-age=\d{8,}", headers["Cache-Control"])
    assert "immutable" in headers["Cache-Control"]


def test_pages_link_the_hashed_static_files(served):
    base, _ = served
    status, headers, body = fetch(base + "/")
    assert status == 200
    assert re.search(rb"/static/css/app\.[0-9a-f]{12}\.css", body)
    assert "unsafe-inline" not in headers["Content-Security-Policy"]


def test_health_check_under_gunicorn(served):
    base, _ = served
    status, _, body = fetch(base + "/healthz")
    assert status == 200
    assert b'"status": "ok"' in body
