# Opening Hand: the two commands are `make serve` and `make test` (see README.md).
# Both install what they need on a fresh machine and skip what is already there.
# `make serve` needs only python3 (standard library) and Node.js/npm; `make test` puts every
# Python test tool into a virtual environment in .venv/ (Debian and Ubuntu refuse pip
# installs into the system Python, PEP 668).

PY ?= python3
PORT ?= 8000
VENV := .venv
VPY := $(VENV)/bin/python

.PHONY: serve test runtime cards node test-deps chromium venv lint bench

## Serve the app on http://127.0.0.1:$(PORT)/ with the sample deck ready; first the card database: built from
## Scryfall's bulk data when static/data/ has none, refreshed in the background when a week old
## (scripts/build/cards.py). How the build fits together, step by step: docs/build.md.
serve: runtime
	$(PY) scripts/build/serve.py --port $(PORT) --card-data

## Run every test: lint, types, engine (CPython and Pyodide), browser end-to-end.
test: runtime test-deps lint
	$(VPY) -m pytest

## Lint and types only: ruff (rules and formatting) and mypy (py/opening_hand strict, py/page checked).
lint: $(VENV)/.installed
	$(VPY) -m ruff check py tests scripts
	$(VPY) -m ruff format --check py tests scripts
	$(VPY) -m mypy

## The pinned PyScript + Pyodide runtime, copied into static/vendor/.
runtime: node_modules/.package-lock.json
	$(PY) scripts/build/vendor.py

## The full card database: Scryfall's Oracle Cards file into static/data/ (a download), then the precache list.
cards:
	$(PY) scripts/build/cards.py
	$(MAKE) runtime

node_modules/.package-lock.json: package.json package-lock.json
	@sh scripts/build/sysdeps.sh node
	npm ci --no-audit --no-fund --engine-strict=false --loglevel=error
	@touch $@

## The virtual environment for the test tools (python3-venv through apt when it is missing).
venv: $(VPY)
$(VPY):
	@sh scripts/build/sysdeps.sh venv $(PY)
	@rm -rf $(VENV)
	$(PY) -m venv $(VENV)

## Test tools in .venv: pip pins, a Chromium for Playwright, pure-Python wheels for Pyodide.
test-deps: $(VENV)/.installed chromium
	$(VPY) scripts/build/pyodide_site.py

$(VENV)/.installed: requirements-dev.txt | $(VPY)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

## Debian's /usr/bin/chromium; elsewhere Playwright's own Chromium, installed through .venv.
chromium: $(VENV)/.installed
	@sh scripts/build/sysdeps.sh chromium || { [ $$? = 3 ] && $(VPY) -m playwright install --with-deps chromium; }

## Startup and click-to-hand figures (a script, not a test).
bench: runtime test-deps
	$(VPY) scripts/bench/bench.py
	$(VPY) scripts/bench/bench_network.py
	$(VPY) scripts/bench/bench_odds.py
	$(VPY) scripts/bench/bench_trainer.py
	$(VPY) scripts/bench/bench_cards.py
	$(VPY) scripts/bench/bench_parse.py
	$(VPY) scripts/bench/bench_arena.py
