import json
import logging

import pytest

from cribtrainer.request_log import JsonFormatter


@pytest.mark.django_db
def test_each_request_is_logged_as_one_json_line(client, caplog):
    with caplog.at_level(logging.INFO, logger="cribtrainer.requests"):
        client.get("/healthz")
    (record,) = [r for r in caplog.records if r.name == "cribtrainer.requests"]
    line = json.loads(JsonFormatter().format(record))
    assert line["method"] == "GET"
    assert line["path"] == "/healthz"
    assert line["status"] == 200
    assert line["ms"] >= 0
    assert line["level"] == "INFO"
    assert line["message"] == "request"
