"""Offline: after the first visit the page opens and works with the network off."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect
from site_build import build

from guard import Guard
from pages import AppPage
from serve import serve_in_thread


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
    assert sorted(version["keys"])[0].startswith("opening-hand-")  # and perhaps the start-up snapshot's
    page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=90_000)

    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"  # no network needed for it
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


def test_a_new_release_replaces_the_old_cache_whole(browser: Browser, server_url: str, tmp_path: Path) -> None:
    site = tmp_path / "_site"
    build(site)  # a copy of the published site that this test can "release" again
    server, url = serve_in_thread(root=site)
    context = browser.new_context(service_workers="allow")
    context.add_init_script("globalThis.openingHandSnapshot = false;")  # only the service worker's caches
    try:
        page = context.new_page()
        AppPage(page, url, Guard(page, url)).open()
        old = page.evaluate("async () => { await navigator.serviceWorker.ready; return caches.keys(); }")
        assert len(old) == 1
        # A new release: a changed file, and vendor.py's new precache list and version.
        (site / "static" / "app.css").write_text((site / "static" / "app.css").read_text() + "\n/* v2 */\n")
        precache = (site / "static" / "precache.js").read_text()
        (site / "static" / "precache.js").write_text(precache.replace(old[0].removeprefix("opening-hand-"), "release2"))
        page.evaluate(
            """async () => { const reg = await navigator.serviceWorker.ready; await reg.update();
                             const worker = reg.installing || reg.waiting;
                             await new Promise((done) => {  // the new cache is complete
                               if (worker.state === 'installed') done();
                               worker.addEventListener('statechange', () => worker.state === 'installed' && done());
                             }); }"""
        )
        page.close()  # the new worker takes over once no page uses the old one
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        for _ in range(60):  # the new worker activates and drops the old cache
            keys = page.evaluate("caches.keys()")
            if keys == ["opening-hand-release2"]:
                break
            page.wait_for_timeout(500)
        assert keys == ["opening-hand-release2"], keys
        cached = page.evaluate(
            """async () => { const cache = await caches.open('opening-hand-release2');
                             const css = await cache.match('static/app.css'); return (await css.text()).slice(-12); }"""
        )
        assert "v2" in cached  # the whole new set, not a mix
    finally:
        context.close()
        server.shutdown()
