"""A WSGI app for cribtrainer.gunicorn_worker's tests: answers whole, slow and failing."""

import time

PART = b"x" * 10_000


def app(environ, start_response):
    path = environ["PATH_INFO"]
    if path == "/slow":  # half the body, then a pause in which the worker is killed
        start_response("200 OK", [("Content-Length", str(2 * len(PART)))])
        yield PART
        time.sleep(30)
        yield PART
    elif path == "/fails":
        start_response("200 OK", [("Content-Length", str(2 * len(PART)))])
        yield PART
        raise RuntimeError("the app failed mid-answer")
    else:
        start_response("200 OK", [("Content-Length", str(len(PART)))])
        yield PART
