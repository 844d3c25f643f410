"""Settings for Cribtrainer, read from the environment with safe local defaults.

DEBUG is off unless the environment turns it on; SECRET_KEY must then come from the
environment too. DATABASE_URL defaults to a SQLite file in the project folder.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-local-development-only"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")

INSTALLED_APPS = [
    "cribtrainer.admin_site.AdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tasks",
    "django_tasks_db",
    "csp",
    "axes",
    "django_htmx",
    "template_partials",
    "cribtrainer",
    "counter",
    "quizzes",
    "games",
    "accounts",
]

MIDDLEWARE = [
    "cribtrainer.middleware.HeadWithoutBodyMiddleware",
    "cribtrainer.request_log.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Before anything reads the body: one 400 for a body Django cannot decode.
    "cribtrainer.bodies.UndecodableBodyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "cribtrainer.middleware.PrivatePagesMiddleware",
    "cribtrainer.middleware.SessionRenewMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cribtrainer.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "cribtrainer.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers wait for the lock instead of failing with "database is locked":
    # WAL lets readers run beside a writer, and IMMEDIATE takes the write lock up front.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Log-in throttling against password guessing (django-axes). For the cool-off time, a
# username is locked out from an address after AXES_FAILURE_LIMIT failures from it, and an
# address is locked out for every username after AXES_ADDRESS_FAILURE_LIMIT failures across
# usernames (accounts.lockout.login_failure_limit tells axes which limit applies).
LOGIN_FAILURES_PER_USERNAME = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("AXES_ADDRESS_FAILURE_LIMIT", "20"))
AXES_FAILURE_LIMIT = "accounts.lockout.login_failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
# A log-in forgives only that username's failures from that address (accounts.lockout):
# axes' own reset would also forgive the address's failures against other usernames.
AXES_RESET_ON_SUCCESS = False
# A try while locked out is refused before any password is hashed, and does not extend it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
# Behind PROXY_COUNT reverse proxies, the client's address is taken from X-Forwarded-For
# (cribtrainer.clients, with django-ipware); with none, it is REMOTE_ADDR.
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "cribtrainer.clients.client_address"
# An IPv6 client is counted by its network: the first IPV6_PREFIX_LENGTH bits (a /64, what
# one home or one server is given) are one address for the lock-outs and the rate limits.
IPV6_PREFIX_LENGTH = int(os.environ.get("IPV6_PREFIX_LENGTH", "64"))
if not 1 <= IPV6_PREFIX_LENGTH <= 128:
    raise ImproperlyConfigured("IPV6_PREFIX_LENGTH must be from 1 to 128.")
# The row-creating limits have a tier above the address: its network, an IPv4 /24 or an
# IPv6 /48 (what one site is given).
IPV4_NETWORK_PREFIX_LENGTH = int(os.environ.get("IPV4_NETWORK_PREFIX_LENGTH", "24"))
IPV6_NETWORK_PREFIX_LENGTH = int(os.environ.get("IPV6_NETWORK_PREFIX_LENGTH", "48"))
if not 1 <= IPV4_NETWORK_PREFIX_LENGTH <= 32 or not 1 <= IPV6_NETWORK_PREFIX_LENGTH <= 128:
    raise ImproperlyConfigured(
        "IPV4_NETWORK_PREFIX_LENGTH must be from 1 to 32, IPV6_NETWORK_PREFIX_LENGTH 1 to 128."
    )


# --- Cache and rate limits ------------------------------------------------------------
# The rate limits (cribtrainer.throttle) count in the cache, which every worker must share
# (Django's database and file caches, with an incr in one step: cribtrainer.cache).
# CACHE_URL: db://TABLE (the default, a table in the database that `manage.py migrate`
# makes; another table name needs `manage.py createcachetable`), file:///ABSOLUTE/FOLDER
# (one machine), or locmem:// (one process only: for tests, not for several workers).
def cache_from_url(url: str) -> dict:
    scheme, _, location = url.partition("://")
    backends = {
        "db": "cribtrainer.cache.DatabaseCache",
        "file": "cribtrainer.cache.FileBasedCache",
        "locmem": "django.core.cache.backends.locmem.LocMemCache",
    }
    if scheme not in backends or (scheme != "locmem" and not location):
        raise ImproperlyConfigured("CACHE_URL must be db://TABLE, file:///FOLDER or locmem://")
    return {"BACKEND": backends[scheme], "LOCATION": location, "OPTIONS": {"MAX_ENTRIES": 100_000}}


def env_rate(name: str, default: str) -> tuple[int, int]:
    """A rate from the environment as times/seconds, e.g. 5/900."""
    text = os.environ.get(name) or default
    times, _, seconds = text.partition("/")
    if not (times.isdigit() and seconds.isdigit() and int(times) > 0 and int(seconds) > 0):
        raise ImproperlyConfigured(f"{name} must be times/seconds, e.g. {default}, not {text!r}")
    return int(times), int(seconds)


# The review pages' cached part (templates/games/review.html, 4–93 KB each) is kept apart,
# in each worker's memory, at most REVIEW_CACHE_ENTRIES of them (the least recently used go
# first): never in the database, and never culling the rate limits' counts with it.
REVIEW_CACHE_ENTRIES = int(os.environ.get("REVIEW_CACHE_ENTRIES", "300"))
CACHES = {
    "default": cache_from_url(os.environ.get("CACHE_URL", "db://cribtrainer_cache")),
    "reviews": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "reviews",
        "OPTIONS": {"MAX_ENTRIES": REVIEW_CACHE_ENTRIES},
    },
}
# Sign-ups from one address; wrong passwords when re-authenticating (deleting the account,
# changing the password), per account and per address; password-reset emails asked for,
# per address and per email address.
THROTTLE_SIGNUP = env_rate("THROTTLE_SIGNUP", "30/3600")
THROTTLE_REAUTH = env_rate("THROTTLE_REAUTH", "5/900")
THROTTLE_PASSWORD_RESET = env_rate("THROTTLE_PASSWORD_RESET", "5/3600")
# Writes that make rows (cribtrainer.throttle.WriteLimit), per session (or account) and per
# address: new games, quiz deals, "Practise this" from a game's review. A fast player
# reaches a third to a half of the session rates in a minute; the address rates leave room
# for a club of 30 behind one address (docs/deploying.md, "Limits").
# Above the addresses, their networks (an IPv4 /24, an IPv6 /48): twice an address's rate,
# two club rooms, where one /48 holds 65,536 /64s that would each have an address's rate.
THROTTLE_GAME_NEW = env_rate("THROTTLE_GAME_NEW", "30/60")
THROTTLE_GAME_NEW_ADDRESS = env_rate("THROTTLE_GAME_NEW_ADDRESS", "300/600")
THROTTLE_GAME_NEW_NETWORK = env_rate("THROTTLE_GAME_NEW_NETWORK", "600/600")
THROTTLE_DEAL_NEW = env_rate("THROTTLE_DEAL_NEW", "90/60")
THROTTLE_DEAL_NEW_ADDRESS = env_rate("THROTTLE_DEAL_NEW_ADDRESS", "3000/600")
THROTTLE_DEAL_NEW_NETWORK = env_rate("THROTTLE_DEAL_NEW_NETWORK", "6000/600")
THROTTLE_PRACTISE = env_rate("THROTTLE_PRACTISE", "30/60")
THROTTLE_PRACTISE_ADDRESS = env_rate("THROTTLE_PRACTISE_ADDRESS", "600/600")
THROTTLE_PRACTISE_NETWORK = env_rate("THROTTLE_PRACTISE_NETWORK", "1200/600")
# Wrong codes typed to follow a scoreboard, per address: a typing slip or two is nothing,
# trying the billion codes one by one is out of reach.
THROTTLE_SCOREBOARD_CODE = env_rate("THROTTLE_SCOREBOARD_CODE", "20/600")
# A guest keeps at most this many unfinished games: a new one resigns the oldest.
GUEST_UNFINISHED_GAMES = int(os.environ.get("GUEST_UNFINISHED_GAMES", "10"))
if GUEST_UNFINISHED_GAMES < 1:
    raise ImproperlyConfigured("GUEST_UNFINISHED_GAMES must be 1 or more.")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
# The app speaks English only: without translation, each number a page shows is written
# without looking up the language's formats (a fifth of drawing the game's table).
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "cribtrainer.storage.StaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage",
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Security --------------------------------------------------------------------------
# Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=1 (it must set
# X-Forwarded-Proto), SECURE_SSL_REDIRECT=1 and SECURE_HSTS_SECONDS. Cookies are secure
# unless DEBUG is on or SECURE_COOKIES=0 (plain http on loopback, as `make serve` does).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT")
if env_bool("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- Tasks: work done outside the request (the password-reset mail) ---------------------
# Queued in the database (django-tasks' database backend) and run by `manage.py db_worker`,
# which `make serve` starts beside gunicorn; with DEBUG on and TASKS_IMMEDIATE=1 (the
# default of `make run`) they run at once instead, inside the request.
TASKS = {
    "default": {
        "BACKEND": "django_tasks.backends.immediate.ImmediateBackend"
        if env_bool("TASKS_IMMEDIATE", DEBUG)
        else "django_tasks_db.DatabaseBackend"
    }
}
# The account mails (accounts.tasks): each task takes MAIL_SLOT_SECONDS whether it sends
# or not, so the queue's timing says nothing of which addresses have accounts (set it above
# the mail server's slowest send); a failed send is tried again MAIL_RETRIES times, after
# MAIL_RETRY_SECONDS, four times longer each time (1, 4, 16, 64, 256 minutes).
MAIL_SLOT_SECONDS = float(os.environ.get("MAIL_SLOT_SECONDS", "3"))
MAIL_RETRIES = int(os.environ.get("MAIL_RETRIES", "5"))
MAIL_RETRY_SECONDS = float(os.environ.get("MAIL_RETRY_SECONDS", "60"))
# The task worker (`manage.py task_worker`) says it is alive every TASKS_HEARTBEAT_SECONDS
# (/healthz shows when it last did), and puts back in the queue a task left RUNNING for
# TASKS_LEASE_SECONDS by a worker that died.
TASKS_HEARTBEAT_SECONDS = float(os.environ.get("TASKS_HEARTBEAT_SECONDS", "5"))
TASKS_LEASE_SECONDS = float(os.environ.get("TASKS_LEASE_SECONDS", "300"))

# --- Email: password-reset links ------------------------------------------------------
# Sent through the SMTP server EMAIL_HOST names (with EMAIL_PORT and the rest), by the task
# worker (`manage.py db_worker`), never inside a request. With no EMAIL_HOST: printed on
# stdout when DEBUG is on; with DEBUG off nothing is sent, the log says so (without the
# link) and `check --deploy` warns (cribtrainer.W001). EMAIL_BACKEND overrides the choice.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "cribtrainer.mail.UnconfiguredEmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Cribtrainer <noreply@localhost>")

# --- Logging: one line per request on stdout ------------------------------------------
# LOG_FORMAT=json (the default with DEBUG off): one JSON object a line, for a log collector.
# LOG_FORMAT=text (the default with DEBUG on): short lines for a person at the console,
# "GET /quiz/ 200 4.1 ms".
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
LOG_FORMAT = os.environ.get("LOG_FORMAT") or ("text" if DEBUG else "json")
if LOG_FORMAT not in {"json", "text"}:
    raise ImproperlyConfigured(f"LOG_FORMAT must be json or text, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "cribtrainer.request_log.JsonFormatter"},
        "text": {"()": "cribtrainer.request_log.TextFormatter"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": LOG_FORMAT,
        }
    },
    "root": {"handlers": ["stdout"], "level": "WARNING"},
    "loggers": {
        "cribtrainer.requests": {
            "handlers": ["stdout"],
            "level": "INFO" if env_bool("LOG_REQUESTS", True) else "WARNING",
            "propagate": False,
        },
        "django": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        # Each request is logged once, by cribtrainer.requests; not again as a 4xx warning.
        "django.request": {"handlers": ["stdout"], "level": "ERROR", "propagate": False},
        "django.server": {"handlers": ["stdout"], "level": "ERROR", "propagate": False},
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "quizzes:progress"
LOGOUT_REDIRECT_URL = "quizzes:choose"

# --- Sessions ---------------------------------------------------------------------------
# Django's database sessions, each stored with the account it is logged in to
# (cribtrainer.sessions). A session is renewed for SESSION_COOKIE_AGE (two weeks) whenever
# it is used to change something (cribtrainer.middleware.SessionRenewMiddleware): a guest's
# practice lives in their session and is kept while they go on practising.
SESSION_ENGINE = "cribtrainer.sessions"
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_COOKIE_AGE", str(14 * 24 * 3600)))
