"""Offline: after the first visit the page opens and works with the network off."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from guard import Guard
from pages import AppPage


@pytest.fixture
def sw_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


def test_after_the_first_visit_the_page_works_offline(sw_context: BrowserContext, server_url: str) -> None:
    page = sw_context.new_page()
    guard = Guard(page, server_url)  # the first visit asks nothing of any other origin
    app = AppPage(page, server_url, guard).open()
    version = page.evaluate(
        """async () => { const reg = await navigator.serviceWorker.ready;
                         const keys = await caches.keys();
                         return { scope: reg.scope, keys }; }"""
    )
    assert version["scope"] == server_url
    assert len(version["keys"]) == 1 and version["keys"][0].startswith("opening-hand-")

    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
    app.deal(seed=17)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    app.button("Keep").click()
    app.hand().first.click()
    app.button("Put on bottom").click()
    expect(app.prompt).to_contain_text("The game begins")
    # Opened later, once the table and mana symbols are needed: also from the cache.
    expect(page.locator("#mana-font")).to_be_attached()
    assert page.evaluate("async () => { await document.fonts.ready; return document.fonts.check('12px Mana'); }")
    assert not guard.problems, guard.problems
