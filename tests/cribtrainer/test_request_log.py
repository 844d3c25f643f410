import json
import logging
import re

import pytest

from cribtrainer.request_log import JsonFormatter
from tests.server import settings_value


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


@pytest.mark.django_db
def test_at_the_console_a_request_is_one_short_readable_line(client, caplog):
    from cribtrainer.request_log import TextFormatter

    with caplog.at_level(logging.INFO, logger="cribtrainer.requests"):
        client.get("/healthz")
    (record,) = [r for r in caplog.records if r.name == "cribtrainer.requests"]
    line = TextFormatter().format(record)
    assert re.fullmatch(r"GET /healthz 200 \d+\.\d ms", line), line


@pytest.mark.parametrize(
    ("env", "formatter"),
    [
        ({"DEBUG": "1"}, "text"),
        ({"DEBUG": "0", "SECRET_KEY": "x" * 50}, "json"),
        ({"DEBUG": "1", "LOG_FORMAT": "json"}, "json"),
    ],
)
def test_debug_logs_text_and_production_json_unless_log_format_says(env, formatter):
    expression = "settings.LOGGING['handlers']['stdout']['formatter']"
    assert settings_value(expression, **env) == formatter
