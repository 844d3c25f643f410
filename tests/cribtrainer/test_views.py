import json

import pytest


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


def test_healthz_is_get_only(client):
    assert client.post("/healthz").status_code == 405
