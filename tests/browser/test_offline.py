"""Offline: after the first visit the page opens and works with the network off."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from site_build import build

from serve import serve_in_thread
from tests.browser.guard import Guard
from tests.browser.pages import AppPage


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
    assert f"opening-hand {server_url} " in " ".join(version["keys"])  # and perhaps the start-up snapshot's
    page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=90_000)

    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"  # no network needed for it
    app.deal(seed=17)
    app.mulligan_once_and_begin()
    # Opened later, once the table and mana symbols are needed: also from the cache.
    expect(page.locator("#mana-font")).to_be_attached()
    assert page.evaluate("async () => { await document.fonts.ready; return document.fonts.check('12px Mana'); }")
    assert not guard.problems, guard.problems


def test_offline_without_a_snapshot_the_full_boot_comes_from_the_cache_under_a_sub_path(
    browser: Browser, server_url: str, tmp_path: Path
) -> None:
    """A browser that keeps no start-up snapshot (or one whose snapshot was lost) boots
    Python in full offline: every file of the runtime from the service worker's cache. And
    so does a project site, whose worker's scope is its sub-path."""
    site = tmp_path / "_site"
    build(site)
    server, url = serve_in_thread(root=site, base="/opening-hand/", max_age=600)
    context = browser.new_context(service_workers="allow")
    context.add_init_script("globalThis.openingHandSnapshot = false;")
    try:
        page = context.new_page()
        guard = Guard(page, url)  # nothing outside /opening-hand/, online or off
        app = AppPage(page, url, guard).open()
        scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
        assert scope == url
        context.set_offline(True)
        page.reload()
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        assert page.evaluate("document.documentElement.dataset.boot") == "full"
        app.deal(seed=5)
        app.mulligan_once_and_begin()
        # A fresh tab on the same offline browser, at a deep link: the cached page again.
        fresh = context.new_page()
        fresh_guard = Guard(fresh, url)
        AppPage(fresh, url + "?from=home-screen", fresh_guard).open()
        assert not guard.problems, guard.problems
        assert not fresh_guard.problems, fresh_guard.problems
    finally:
        context.close()
        server.shutdown()


def wait_for_one_active_worker(page: Page, scope: str) -> None:
    """Wait, through the DevTools protocol, until the registration for ``scope`` has one worker
    left and it is activated (the old one redundant)."""
    cdp = page.context.new_cdp_session(page)
    versions: dict[str, dict[str, str]] = {}
    registrations: set[str] = set()
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.update(
            r["registrationId"] for r in event["registrations"] if r["scopeURL"] == scope and not r["isDeleted"]
        ),
    )
    cdp.on(
        "ServiceWorker.workerVersionUpdated",
        lambda event: versions.update({v["versionId"]: v for v in event["versions"]}),
    )
    cdp.send("ServiceWorker.enable")
    for _ in range(120):
        live = [v for v in versions.values() if v["registrationId"] in registrations and v["status"] != "redundant"]
        if len(live) == 1 and live[0]["status"] == "activated":
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError(f"the new worker never took over: {list(versions.values())}")
    cdp.detach()


def test_a_new_release_replaces_the_old_cache_whole(browser: Browser, server_url: str, tmp_path: Path) -> None:
    site = tmp_path / "_site"
    build(site)  # a copy of the published site that this test can "release" again
    # With GitHub Pages' caching header the browser's HTTP cache still holds the old files
    # when the new release is installed: the new cache must not take them from there.
    server, url = serve_in_thread(root=site, max_age=600)
    context = browser.new_context(service_workers="allow")
    context.add_init_script("globalThis.openingHandSnapshot = false;")  # only the service worker's caches
    try:
        page = context.new_page()
        AppPage(page, url, Guard(page, url)).open()
        old = page.evaluate("async () => { await navigator.serviceWorker.ready; return caches.keys(); }")
        assert len(old) == 1 and old[0].startswith(f"opening-hand {url} "), old
        new = f"opening-hand {url} release2"
        # A new release: a changed file, and vendor.py's new precache list and version.
        (site / "static" / "app.css").write_text((site / "static" / "app.css").read_text() + "\n/* v2 */\n")
        precache = (site / "static" / "precache.js").read_text()
        release = old[0].removeprefix(f"opening-hand {url} ")
        (site / "static" / "precache.js").write_text(precache.replace(release, "release2"))
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
        # As a player who comes back later: the next visit starts once the browser has
        # activated the new worker (a visit racing the closing tab may still get the old one).
        wait_for_one_active_worker(page, url)
        page.goto(url)
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        for _ in range(60):  # the new worker activates and drops the old cache
            keys = page.evaluate("caches.keys()")
            if keys == [new]:
                break
            page.wait_for_timeout(500)
        assert keys == [new], keys
        cached = page.evaluate(
            """async (name) => { const css = await (await caches.open(name)).match('static/app.css');
                                 return (await css.text()).slice(-12); }""",
            new,
        )
        assert "v2" in cached  # the whole new set, not a mix
    finally:
        context.close()
        server.shutdown()


def test_two_sites_on_one_origin_keep_their_own_caches(browser: Browser, server_url: str, tmp_path: Path) -> None:
    """user.github.io/a/ and user.github.io/b/ share an origin, and so Cache Storage: a visit
    to one (a different release) must not delete the other's offline copy or snapshot."""
    site_a, site_b = tmp_path / "a", tmp_path / "b"
    build(site_a)
    build(site_b)
    precache = (site_b / "static" / "precache.js").read_text()
    version = re.search(r'"version":\s*"([^"]+)"', precache)
    assert version, precache[:200]
    (site_b / "static" / "precache.js").write_text(precache.replace(version[1], "another-release"))
    server, url_a = serve_in_thread(root=site_a, base="/a/", others={"/b/": site_b})
    url_b = url_a.removesuffix("/a/") + "/b/"
    context = browser.new_context(service_workers="allow")
    try:
        for url in (url_a, url_b):
            page = context.new_page()
            AppPage(page, url, Guard(page, url)).open()
            page.evaluate("async () => { await navigator.serviceWorker.ready; }")
            page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=90_000)
            page.close()
        page = context.new_page()
        page.goto(url_a)
        keys = sorted(page.evaluate("caches.keys()"))
        assert len([k for k in keys if k.startswith(f"opening-hand {url_a} ")]) == 1, keys
        assert f"opening-hand {url_b} another-release" in keys, keys
        snapshots = page.evaluate(
            """async (names) => Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length))""",
            [k for k in keys if k.startswith("pyodide-snapshot ")],
        )
        assert snapshots == [1, 1], keys  # one snapshot for each site
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    finally:
        context.close()
        server.shutdown()
