"""Request logging, cheap enough to leave on: one JSON object a line for a log collector
(``JsonFormatter``), or one short line a request for a person at the console
(``TextFormatter``)."""

import json
import logging
import time
from datetime import UTC, datetime

logger = logging.getLogger("cribtrainer.requests")

_RECORD_FIELDS = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """Format a record as one JSON line: time, level, logger, message and any extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update(
            (key, value) for key, value in vars(record).items() if key not in _RECORD_FIELDS
        )
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class TextFormatter(logging.Formatter):
    """A request as ``GET /quiz/ 200 4.1 ms``; any other record as ``LEVEL logger: message``."""

    def format(self, record: logging.LogRecord) -> str:
        if record.name == logger.name and hasattr(record, "status"):
            return f"{record.method} {record.path} {record.status} {record.ms:.1f} ms"
        text = f"{record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


class RequestLogMiddleware:
    """Log method, path, status and server time of every request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        start = time.perf_counter()
        response = self.get_response(request)
        if logger.isEnabledFor(logging.INFO):
            logger.info(
                "request",
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "ms": round((time.perf_counter() - start) * 1000, 2),
                },
            )
        return response
