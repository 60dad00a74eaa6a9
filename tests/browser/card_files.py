"""The card database's files served to the page by routing (``static/data/*``).

A module of its own, not conftest.py: test modules import it, and ``conftest`` is also the
name of tests/engine/conftest.py when both folders are collected in one run."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Route

ROOT = Path(__file__).resolve().parents[2]


def serve_card_files(page: Page, folder: Path) -> None:
    """Answer the page's requests for static/data/* from ``folder`` (a 404 for anything else)."""

    def answer(route: Route) -> None:
        name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
        path = folder / name
        if path.is_file():
            kind = "application/json" if name.endswith(".json") else "application/gzip"
            route.fulfill(body=path.read_bytes(), content_type=kind)
        else:
            route.fulfill(status=404, body="not found")

    page.route("**/static/data/*", answer)
