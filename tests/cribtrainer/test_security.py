import re
import secrets
import subprocess
import sys

import pytest

from tests.server import ROOT, app_env


@pytest.mark.django_db
def test_every_page_carries_the_security_headers(client):
    response = client.get("/healthz")
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def manage(*args, **env):
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=app_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def readme_deploy_settings() -> dict[str, str]:
    """The settings step of the README's "Deploying": every `NAME=value` it gives, and a
    value for each it names without one."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step = readme[readme.index("2. **Settings.**") : readme.index("3. **Migrate")]
    step = step[: step.index("With these")]
    given = dict(re.findall(r"`([A-Z_]+)=([^`]*)`", step))
    named = {
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "cribtrainer.example",
        "CSRF_TRUSTED_ORIGINS": "https://cribtrainer.example",
    }
    assert set(named) <= set(re.findall(r"`([A-Z_]+)`", step))
    return {**named, **given}


PRODUCTION = readme_deploy_settings()


def test_check_deploy_is_clean_with_exactly_the_readmes_settings():
    assert PRODUCTION["DEBUG"] == "0"
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_check_deploy_warns_when_production_settings_are_missing():
    done = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=PRODUCTION["SECRET_KEY"],
    )
    assert done.returncode != 0
    assert "SECURE_HSTS_SECONDS" in done.stdout + done.stderr


def test_debug_off_without_a_secret_key_refuses_to_start():
    done = manage("check", DEBUG="0")
    assert done.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in done.stderr


@pytest.mark.django_db
def test_a_post_without_the_csrf_token_is_refused():
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.get("/quiz/")
    assert browser.post("/quiz/new/", {"mode": "mixed"}).status_code == 403
    token = browser.cookies["csrftoken"].value
    assert (
        browser.post("/quiz/new/", {"mode": "mixed", "csrfmiddlewaretoken": token}).status_code
        == 302
    )


@pytest.mark.django_db
def test_htmx_posts_carry_the_csrf_token_in_a_header():
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    page = browser.get("/quiz/").content.decode()
    assert "hx-headers" in page and "X-CSRFToken" in page
    token = browser.cookies["csrftoken"].value
    headers = {"HX-Request": "true", "X-CSRFToken": token}
    assert browser.post("/quiz/new/", {"mode": "mixed"}, headers=headers).status_code == 302


def test_check_deploy_warns_that_reset_mail_cannot_be_sent_without_a_mail_server():
    settings = {k: v for k, v in PRODUCTION.items() if not k.startswith("EMAIL_")}
    done = manage("check", "--deploy", **settings)
    assert "cribtrainer.W001" in done.stdout + done.stderr
    assert "Password-reset mail cannot be sent" in done.stdout + done.stderr
    with_mail = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert "cribtrainer.W001" not in with_mail.stdout + with_mail.stderr
