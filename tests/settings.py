"""Settings for the test run: the real settings, with a test-only secret and fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")

from cribtrainer.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Quiet test output: requests are logged at INFO, which the request-log test turns on itself.
LOGGING["loggers"]["cribtrainer.requests"]["level"] = "WARNING"  # noqa: F405
