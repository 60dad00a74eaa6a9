"""Browser tests: the real page in Chromium, served from 127.0.0.1.

Every test gets a guarded page that fails the test on any console error, uncaught page
error, PyScript error box (a Python traceback) or request leaving the page's origin.
Chromium is Debian's /usr/bin/chromium when present, else Playwright's own build.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from serve import serve_in_thread  # scripts/ is on pythonpath (pyproject.toml)
from tests.browser.card_files import serve_card_files
from tests.browser.guard import Guard
from tests.browser.pages import AppPage
from tests.engine.deck_fixtures import card_objects

ROOT = Path(__file__).resolve().parents[2]
NO_CARD_DATA = {"format": 1, "cards": None}

SYSTEM_CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = {**browser_type_launch_args, "args": LAUNCH_ARGS}
    if os.path.exists(SYSTEM_CHROMIUM):
        args["executable_path"] = SYSTEM_CHROMIUM
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # The service worker would copy the whole runtime into every fresh test context; the
    # offline tests (test_offline.py) make their own contexts with it allowed.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts/build/vendor.py")], check=True)
    server, url = serve_in_thread()
    yield url
    server.shutdown()


@pytest.fixture
def app(page: Page, server_url: str) -> Iterator[AppPage]:
    # No start-up snapshot (static/runtime/pyodide.mjs): its background boot would compete
    # with the test for the CPU. test_snapshot.py and test_offline.py test it.
    page.context.add_init_script("globalThis.openingHandSnapshot = false;")
    # The same card data for every test, whether or not `make cards` has put a database in
    # static/data/: the built-in catalog. Tests of the database ask for `card_db`.
    page.route("**/static/data/cards.json", lambda route: route.fulfill(json=NO_CARD_DATA))
    if os.environ.get("OH_QUICK_FAIL"):  # a faster look at what fails (expect() keeps its 5 s)
        page.set_default_timeout(5000)
    guard = Guard(page, server_url)
    app = AppPage(page, server_url, guard)
    yield app
    if page.locator(".py-error").count():
        guard.problems.append(f"Python error shown on the page: {page.locator('.py-error').first.inner_text()}")
    assert not guard.dialogs, f"the page opened dialogs: {guard.dialogs}"
    assert not guard.problems, "\n".join(guard.problems)


@pytest.fixture(scope="session")
def card_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The card database scripts/build/cards.py builds from the Scryfall-format fixtures (one bulk file of them all)."""
    out = tmp_path_factory.mktemp("card-data")
    bulk = out.parent / "oracle-cards-20261120090345.json"
    bulk.write_text(json.dumps(card_objects()), encoding="utf-8")
    command = [sys.executable, str(ROOT / "scripts/build/cards.py"), "--from", str(bulk), "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True)
    return out


@pytest.fixture
def card_db(app: AppPage, card_files: Path) -> Path:
    """The page with the fixture's card database to load (after ready, when idle)."""
    serve_card_files(app.page, card_files)
    return card_files
