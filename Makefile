# Every target sets up what it needs: a fresh machine only needs python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
# What the development server needs (make run); on top what a deployed server adds, gunicorn
# and the PostgreSQL driver (make serve, with Debian's nginx); on top the test tools (make
# test).
RUNTIME := $(VENV)/.runtime
SERVING := $(VENV)/.serving
SERVER_ONLY := gunicorn psycopg
INSTALLED := $(VENV)/.installed
# The venv's own pip if it has one; else the system Python's (pip 22.3 or later) working on
# the venv, which then needs no pip of its own and is made in a fraction of a second.
HOST_PIP_OK = $(PYTHON) -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (22, 3))' 2>/dev/null
PIP = $$($(PY) -m pip --version >/dev/null 2>&1 && echo "$(PY) -m pip" || echo "$(PYTHON) -m pip --python $(PY)")
HOST ?= 127.0.0.1
PORT ?= 8000

WORKERS ?= 2

.PHONY: help install run serve test test-all test-db test-postgres test-fast test-browser screenshots \
	lint format bench loadtest chromium nginx wrk lock clean tables

help:
	@echo "make run           set up and serve http://$(HOST):$(PORT) on SQLite (DEBUG on; PORT=, HOST=)"
	@echo "make test          set up, then lint and the fast suite (no browser, live or slow tests) on SQLite"
	@echo "make test-all      lint and every test on SQLite, then those touching a database on PostgreSQL (CI)"
	@echo "make test-db       every test on whatever DATABASE_URL names"
	@echo "make test-postgres the tests that touch a database, on a throwaway PostgreSQL"
	@echo "make test-fast     the fast suite without lint"
	@echo "make test-browser  only the browser tests"
	@echo "make screenshots   the browser tests, saving the README's phone pictures in tests/screenshots"
	@echo "make serve         nginx in front of gunicorn, and the task worker, as one (DEBUG off; PORT=, HOST=)"
	@echo "make bench         the benchmarks, with their targets"
	@echo "make loadtest      drive make serve's server with wrk and print throughput and latency"
	@echo "make lint          ruff check and ruff format --check"
	@echo "make format        ruff fix and format"
	@echo "make install       the virtual environment in .venv with the test tools, from requirements.lock"
	@echo "make chromium      Debian's Chromium for the browser tests, if missing"
	@echo "make nginx         Debian's nginx for make serve and the live tests, if missing"
	@echo "make wrk           Debian's wrk for the load test, if missing"
	@echo "make lock          re-pin requirements.lock after changing pyproject.toml"
	@echo "make tables        work the engine's tables out again, from fixed seeds, in cribbage/data"
	@echo "make clean         remove .venv, collected static files and test artifacts"

# Only the dependencies: the app runs from this folder, with nothing of its own to build.
# Modules are compiled when first imported instead of all at install (--no-compile).
# make run serves SQLite with Django's own server, so it leaves out SERVER_ONLY.
DEPENDENCIES = $(PY) -c 'import sys, tomllib; \
	print("\n".join(d for d in tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"] \
	if not d.lower().startswith(tuple(sys.argv[1:]))))'

$(RUNTIME): pyproject.toml requirements.lock
	test -x $(PY) || { $(HOST_PIP_OK) && $(PYTHON) -m venv --without-pip $(VENV); } || $(PYTHON) -m venv $(VENV)
	$(DEPENDENCIES) $(SERVER_ONLY) > $(VENV)/runtime.txt
	$(PIP) install --quiet --disable-pip-version-check --no-compile -c requirements.lock -r $(VENV)/runtime.txt
	touch $@

$(SERVING): $(RUNTIME)
	$(DEPENDENCIES) > $(VENV)/serving.txt
	$(PIP) install --quiet --disable-pip-version-check --no-compile -c requirements.lock -r $(VENV)/serving.txt
	touch $@

$(INSTALLED): $(SERVING)
	$(PIP) install --quiet --disable-pip-version-check -c requirements.lock -e '.[dev]'
	touch $@

install: $(INSTALLED)

# Debian's Chromium for the browser tests (Playwright's own browser download fails here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; }

# Debian's nginx for make serve and the live tests. Only the binary is used, with the
# project's config (deploy/nginx.conf); Debian's own service is not started.
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
		echo "installing Debian's nginx"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null; }

# Bytecode is cached even where the environment turns it off (PYTHONDONTWRITEBYTECODE): the
# packages are installed without it, and the server's reloader imports everything twice.
# migrate skips the system checks that runserver runs on the same code a second later.
run: $(RUNTIME)
	export DEBUG=$${DEBUG-1} PYTHONDONTWRITEBYTECODE= && \
	$(PY) manage.py migrate --no-input -v0 --skip-checks && \
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production-like: DEBUG off, hashed and compressed static files, nginx in front of
# gunicorn's sync workers and the task worker (password-reset mail), run as one by
# cribtrainer.supervise (deploy/, docs/deploying.md): one part stops, all stop. SECRET_KEY
# comes from the environment, or from .secret_key (made once, git-ignored). Cookies are sent
# over plain http here (SECURE_COOKIES=0) since it serves 127.0.0.1 without TLS. nginx
# appends the client's address to X-Forwarded-For: PROXY_COUNT counts it (1; 2 behind a TLS
# proxy of your own).
.secret_key:
	umask 077 && $(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

serve: $(SERVING) nginx .secret_key
	export DEBUG=0 SECURE_COOKIES=$${SECURE_COOKIES-0} SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" \
		PROXY_COUNT=$${PROXY_COUNT-1} && \
	$(PY) manage.py collectstatic --no-input -v0 && \
	$(PY) manage.py migrate --no-input && \
	exec $(PY) -m cribtrainer.supervise --bind $(HOST):$(PORT) --workers $(WORKERS)

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	SECRET_KEY=type-checking-only $(BIN)/mypy

format: $(INSTALLED)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The tests run in parallel, a pytest-xdist worker per core; each test file stays on one
# worker, so what its tests share (a module's servers, a game played once) is made once.
PYTEST := $(BIN)/pytest -n auto --dist loadfile
# The fast suite leaves out the tests marked (pyproject.toml) browser (Chromium), live
# (gunicorn in child processes) and slow (exhaustive checks); make test-all runs them.
FAST := not browser and not live and not slow
# Put before a recipe's commands: the target's run time is printed at its end, pass or fail.
TIMED = start=$$(date +%s); trap 'took=$$(( $$(date +%s) - start )); \
	echo "make $@ took $$(( took / 60 )) min $$(( took % 60 )) s"' EXIT;

test: $(INSTALLED)
	@$(TIMED) $(MAKE) --no-print-directory lint && $(PYTEST) -m "$(FAST)"

# Everything CI runs: lint, every test on SQLite, then on PostgreSQL every test that touches
# a database.
test-all: $(INSTALLED) chromium nginx
	@$(TIMED) $(MAKE) --no-print-directory lint && $(PYTEST) && \
	$(MAKE) --no-print-directory test-postgres

# Every test on whatever DATABASE_URL names (SQLite by default).
test-db: $(INSTALLED) chromium nginx
	@$(TIMED) $(PYTEST)

# The engine, browser and static checks do not depend on the database: they ran on SQLite.
test-postgres: $(INSTALLED) nginx
	@$(TIMED) .ci/with-postgres $(PYTEST) --database-only -m "not browser and not slow"

test-fast: $(INSTALLED)
	@$(TIMED) $(PYTEST) -m "$(FAST)"

test-browser: $(INSTALLED) chromium
	@$(TIMED) $(PYTEST) -m browser

# Only the browser tests take pictures, and only with SCREENSHOTS=1: the README's go to
# tests/screenshots/ (committed), the others to tests/artifacts/.
screenshots: $(INSTALLED) chromium
	@$(TIMED) SCREENSHOTS=1 $(PYTEST) -m browser -q

# The engine's tables in cribbage/data, in their order: the crib model and the pegging table,
# then the win table, whose self-play discards with both. Fixed seeds, so unchanged code
# makes byte-identical files. The better part of an hour on two quiet cores.
tables: $(RUNTIME)
	$(PY) -m cribbage.tablegen crib_model
	$(PY) -m cribbage.tablegen peg_table
	$(PY) -m cribbage.tablegen win_table

bench: $(INSTALLED) nginx
	$(PY) -m tests.bench

wrk:
	@command -v wrk >/dev/null 2>&1 || { \
		echo "installing Debian's wrk"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null; }

loadtest: $(INSTALLED) wrk nginx
	$(PY) -m tests.bench.loadtest

lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet -e '.[dev]'
	.lock-venv/bin/pip freeze --exclude-editable | grep -v '^cribtrainer' > requirements.lock
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) staticfiles tests/artifacts .pytest_cache .ruff_cache .hypothesis
