# Opening Hand: the two commands are `make serve` and `make test` (see README.md).
# Both install what they need on a fresh machine and skip what is already there.

PY ?= python3
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: serve test runtime test-deps chromium lint bench

## Serve the app on http://127.0.0.1:$(PORT)/ with the sample deck ready.
serve: runtime
	$(PY) scripts/serve.py --port $(PORT)

## Run every test: lint, types, engine (CPython and Pyodide), browser end-to-end.
test: runtime test-deps
	$(PY) -m ruff check py tests scripts
	$(PY) -m ruff format --check py tests scripts
	$(PY) -m mypy
	$(PY) -m pytest

## The pinned PyScript + Pyodide runtime, copied into static/vendor/.
runtime: node_modules/.package-lock.json
	$(PY) scripts/vendor.py

node_modules/.package-lock.json: package.json package-lock.json
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	npm ci --no-audit --no-fund
	@touch $@

## Test tools: pip pins, a Chromium for Playwright, pure-Python wheels for Pyodide.
test-deps: chromium
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) scripts/pyodide_site.py

chromium:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: /usr/bin/chromium"; \
	elif command -v apt-get >/dev/null; then \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; \
	else \
	  $(PY) -m pip install --quiet -r requirements-dev.txt && $(PY) -m playwright install chromium; \
	fi

## Startup and click-to-hand figures (a script, not a test).
bench: runtime test-deps
	$(PY) scripts/bench.py
	$(PY) scripts/bench_odds.py
