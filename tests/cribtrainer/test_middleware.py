"""How every answer is shaped whatever view made it: private pages, HEAD without a body,
and a database too busy to write answering 503."""

import wsgiref.util

import pytest
from django.core.wsgi import get_wsgi_application
from django.db import OperationalError

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "data"),
    [("/play/new/", {"level": "grandmaster"}), ("/quiz/new/", {"mode": "nonsense"})],
)
def test_a_400_page_with_the_players_own_data_is_private(client, url, data):
    client.post("/quiz/new/", {"mode": "hand"})  # the player has something to show
    response = client.post(url, data)
    assert response.status_code == 400
    assert "private" in response["Cache-Control"]
    assert "no-store" in response["Cache-Control"]


def wsgi(method: str, path: str) -> tuple[str, dict, bytes]:
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path}
    wsgiref.util.setup_testing_defaults(environ)
    environ["HTTP_HOST"] = "localhost"
    answer = {}

    def start_response(status, headers, exc_info=None):
        answer.update(status=status, headers=dict(headers))

    result = get_wsgi_application()(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        result.close()
    return answer["status"], answer["headers"], body


@pytest.mark.parametrize("path", ["/rules/", "/healthz", "/quiz/"])
def test_a_head_answer_has_the_gets_headers_and_no_body(path):
    status, headers, body = wsgi("GET", path)
    head_status, head_headers, head_body = wsgi("HEAD", path)
    assert head_status == status
    assert head_body == b""
    assert body
    assert head_headers["Content-Type"] == headers["Content-Type"]
    assert head_headers.get("Content-Length") == headers.get("Content-Length")


def test_a_writer_that_waited_past_the_lock_timeout_gets_503_with_retry_after(client, monkeypatch):
    import quizzes.views

    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(quizzes.views, "deal_create", locked)
    client.raise_request_exception = False
    response = client.post("/quiz/new/", {"mode": "hand"})
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "nothing was changed" in response.text


def test_any_other_error_is_still_a_500(client, monkeypatch):
    import quizzes.views

    def broken(**kwargs):
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(quizzes.views, "deal_create", broken)
    client.raise_request_exception = False
    assert client.post("/quiz/new/", {"mode": "hand"}).status_code == 500
