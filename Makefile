# Every target sets up what it needs: a fresh machine only needs python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: help install run test test-fast test-browser lint format bench chromium lock clean

help:
	@echo "make run          set up and serve http://$(HOST):$(PORT) on SQLite"
	@echo "make test         set up and run lint, format check and the whole suite"
	@echo "make test-fast    the suite without browser and slow tests"
	@echo "make test-browser only the browser tests"
	@echo "make bench        the benchmarks"
	@echo "make lock         re-pin requirements.lock after changing pyproject.toml"

$(INSTALLED): pyproject.toml requirements.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c requirements.lock -e '.[dev]'
	touch $@

install: $(INSTALLED)

# Debian's Chromium for the browser tests (Playwright's own browser download fails here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; }

run: $(INSTALLED)
	DEBUG=$${DEBUG-1} $(PY) manage.py migrate --no-input
	DEBUG=$${DEBUG-1} $(PY) manage.py runserver $(HOST):$(PORT)

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(INSTALLED)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

test: lint chromium
	$(BIN)/pytest

test-fast: $(INSTALLED)
	$(BIN)/pytest -m "not browser and not slow"

test-browser: $(INSTALLED) chromium
	$(BIN)/pytest -m browser

bench: $(INSTALLED)
	$(PY) -m tests.bench

lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet -e '.[dev]'
	.lock-venv/bin/pip freeze --exclude-editable | grep -v '^cribtrainer' > requirements.lock
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) staticfiles tests/artifacts .pytest_cache .ruff_cache .hypothesis
