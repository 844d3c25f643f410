"""A body Django cannot decode gets one 400 that says why, and a line in the request log."""

import logging

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def post(body: bytes, content_type: str):
    browser = Client(enforce_csrf_checks=True)
    browser.get("/quiz/")
    token = browser.cookies["csrftoken"].value
    return browser.generic(
        "POST",
        "/quiz/new/",
        body.replace(b"TOKEN", token.encode()),
        content_type=content_type,
        headers={"X-CSRFToken": token},
    )


@pytest.mark.parametrize("charset", ["utf-16", "utf8", "latin-1", "UTF-32"])
def test_a_form_in_another_charset_than_utf8_is_refused_with_a_400(charset, caplog):
    form = "application/x-www-form-urlencoded; charset=" + charset
    with caplog.at_level(logging.INFO, logger="cribtrainer.requests"):
        response = post(b"mode=mixed&csrfmiddlewaretoken=TOKEN", form)
    assert response.status_code == 400
    assert "must be UTF-8 encoded" in response.text
    (logged,) = [r for r in caplog.records if r.name == "cribtrainer.requests"][-1:]
    assert logged.status == 400


def test_a_form_with_too_many_fields_is_refused_with_a_400():
    body = "&".join(f"f{n}=x" for n in range(1100)).encode()
    response = post(body, "application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "number of GET/POST parameters exceeded" in response.text


def test_a_broken_multipart_body_is_refused_with_a_400():
    response = post(b"--x\r\nContent-Disposition: form-data\r\n\r\nz", "multipart/form-data")
    assert response.status_code == 400
    assert "could not be read" in response.text


def test_a_utf8_form_still_goes_through():
    response = post(b"mode=mixed", "application/x-www-form-urlencoded; charset=UTF-8")
    assert response.status_code == 302
