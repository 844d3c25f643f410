"""Settings for the test run: the real settings, with a test-only secret and fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")

from cribtrainer.settings import *  # noqa: F403

# One process: the rate limits' counts are cleared before each test (tests/conftest.py).
# The database cache of the real settings is used by the live-server tests.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "reviews": CACHES["reviews"],  # noqa: F405
}

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Quiet test output: requests are logged at INFO, which the request-log test turns on itself.
LOGGING["loggers"]["cribtrainer.requests"]["level"] = "WARNING"  # noqa: F405

# Tasks run at once, inside the request: the tests of the queue itself set the database one.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
