"""Start-up figures for scripts/bench/bench.py: what a player waits for, from navigation on.

One round loads, back to back and each in a fresh browser context (no HTTP cache, no
IndexedDB, no service worker carried over):

* ``bare Pyodide``: a page that only boots the same vendored Pyodide (the yardstick);
* ``bare PyScript``: the same PyScript and Pyodide running a one-line script;
* ``app, Deal at ready``: the app, with Deal clicked in the task right after the page says
  it is ready (the player's "play first" answer remembered, so Deal puts a hand on the table);
* ``app, cold share link``: the app opened from a share link that replays a mulligan;
* ``app, repeat visit``: a first visit (the service worker installs and a worker makes the
  start-up snapshot), then a second page in the same profile, restored from the snapshot.

Every figure is taken by the page's own clock (``performance.now()`` from the navigation
start) in an init script, free of Playwright's polling latency, and every ratio is against
the bare Pyodide boot of the same round, which cancels drift on a noisy machine. The app's
``performance.mark("oh:...")`` calls (static/runtime/pyodide.mjs, py/page/start.py) and its
resource timings say where its own time goes.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Response
from playwright.sync_api import TimeoutError as PlaywrightTimeout

READY_TIMEOUT_S = 120
LINK_SEED = "20261123"
PAGES = {  # name -> path under the server root
    "bare Pyodide": "static/bench/bare.html",
    "bare PyScript": "static/bench/bare-pyscript.html",
    "app, Deal at ready": "",
    "app, cold share link": "",
}
# Installed before any page script runs. Stamps `ready` when body[data-ready] flips and
# `hand` when the main board's hand first holds a card (at ready already for a share link,
# whose hand is replayed before the page says ready), then `frame` at the next animation
# frame. With `__dealAtReady`, Deal is clicked in a new task right after ready, as a player
# who clicks the moment the button is enabled.
PROBE = """(() => {
  const t = (window.__t = {});
  const hand = () => document.querySelector('[data-board="main"] [data-testid="hand-1"] [data-card-id]');
  const seen = () => {
    if (t.hand === undefined && hand()) {
      t.hand = performance.now();
      requestAnimationFrame(() => { t.frame = performance.now(); });
    }
    return t.hand !== undefined;
  };
  new MutationObserver((_, observer) => {
    if (document.body?.dataset.ready !== "true") return;
    observer.disconnect();
    t.ready = performance.now();
    if (seen() || !window.__dealAtReady) return;
    setTimeout(() => {
      t.click = performance.now();
      document.getElementById("deal").click();
      t.clickReturned = performance.now();
      const watch = new MutationObserver(() => seen() && watch.disconnect());
      if (!seen()) watch.observe(document.body, { childList: true, subtree: true });
    }, 0);
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();"""
PLAY_FIRST = 'localStorage.setItem("opening-hand/play-draw", "play");'
MEASURES = """() => ({
  marks: Object.fromEntries(performance.getEntriesByType("mark").filter((m) => m.name.startsWith("oh:"))
    .map((m) => [m.name, m.startTime])),
  resources: performance.getEntriesByType("resource").map((e) => ({
    name: e.name.replace(location.origin, ""), start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize })),
})"""


@dataclass
class Load:
    """One page load: the page's own timestamps (ms from navigation start)."""

    ready: float
    hand: float | None = None  # the first hand in the DOM
    frame: float | None = None  # the next animation frame after it
    click: float | None = None
    marks: dict[str, float] = field(default_factory=dict)
    resources: list[dict[str, Any]] = field(default_factory=list)

    def mark(self, name: str) -> float | None:
        return self.marks.get(f"oh:{name}")

    def python_files(self) -> list[dict[str, Any]]:
        """The app's Python files fetched before ready: the page's script and its modules'
        bytecode (their sources, python.json, come after ready unless the bytecode is unusable)."""
        ready = self.mark("ready") or float("inf")
        names = ("/py/", "/static/python-bytecode.gz", "/static/python.json")
        return [r for r in self.resources if r["name"].startswith(names) and r["start"] < ready]


class Guard:
    """Fails the run on a console error, a page error, an HTTP error or a request off the origin."""

    def __init__(self, page: Page, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("request", self._request)
        page.on("response", self._response)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _request(self, request: Request) -> None:
        if not request.url.startswith((self.origin, "data:", "blob:")):
            self.problems.append(f"request off the origin: {request.url}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def check(self) -> None:
        if self.problems:
            sys.exit("bench: the page misbehaved:\n  " + "\n  ".join(self.problems[:5]))


def wait_for(page: Page, guard: Guard, condition: str, what: str) -> None:
    """Short waits, so an error fails the run now rather than at the timeout."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    while True:
        guard.check()
        try:
            page.wait_for_function(condition, timeout=1000)
            return
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                sys.exit(f"bench: {what} did not happen within {READY_TIMEOUT_S} s")


def visit(page: Page, guard: Guard, url: str, *, hand: bool) -> Load:
    page.goto(url)
    wait_for(page, guard, "window.__t.frame !== undefined" if hand else "window.__t.ready !== undefined", url)
    guard.check()
    t: dict[str, float] = page.evaluate("window.__t")
    measures: dict[str, Any] = page.evaluate(MEASURES)
    return Load(t["ready"], t.get("hand"), t.get("frame"), t.get("click"), measures["marks"], measures["resources"])


def load_once(browser: Browser, origin: str, name: str, link: str = "") -> Load:
    context = browser.new_context()  # fresh HTTP cache and IndexedDB
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        page.add_init_script(PROBE)
        if name == "app, Deal at ready":
            page.add_init_script("window.__dealAtReady = true; " + PLAY_FIRST)
        url = origin + (PAGES[name] or "") + (link if name == "app, cold share link" else "")
        return visit(page, guard, url, hand=name.startswith("app"))
    finally:
        context.close()


def repeat_visit(browser: Browser, origin: str) -> tuple[Load, Load, float]:
    """A first visit (empty caches: Pyodide boots in full, then the service worker installs
    and a worker makes the start-up snapshot) and a repeat visit (a new page in the same
    profile: files from the HTTP cache, Python restored from the snapshot). Also returns how
    long the worker took to make and store the snapshot."""
    context = browser.new_context(service_workers="allow")
    try:
        loads, made = [], 0.0
        for which in ("first", "repeat"):
            page = context.new_page()
            guard = Guard(page, origin)
            page.add_init_script(PROBE)
            loads.append(visit(page, guard, origin, hand=False))
            boot = page.evaluate("document.documentElement.dataset.boot")
            if boot != {"first": "full", "repeat": "snapshot"}[which]:
                sys.exit(f"bench: the {which} visit booted from {boot!r}")
            if which == "first":
                page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_S * 1000)
                made = float(page.evaluate("document.documentElement.dataset.snapshotMs || 'nan'"))
                page.evaluate("navigator.serviceWorker.ready.then(() => caches.keys())")
            guard.check()
            page.close()
        return loads[0], loads[1], made
    finally:
        context.close()


def share_link(browser: Browser, origin: str) -> str:
    """The fragment of a share link to a seeded deal of the sample deck with one mulligan taken."""
    context = browser.new_context()
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        page.add_init_script(PLAY_FIRST)
        page.goto(origin)
        wait_for(page, guard, "document.body.dataset.ready === 'true'", "the app's start-up")
        page.get_by_role("textbox", name="Seed").fill(LINK_SEED)
        page.get_by_role("button", name="Deal", exact=True).click()
        page.locator('[data-board="main"] [data-button="mulligan"]').click()
        page.get_by_role("button", name="Copy link", exact=True).click()
        url = page.get_by_test_id("share-url").input_value()
        guard.check()
        if "#v" not in url:
            sys.exit(f"bench: Copy link gave no share link: {url!r}")
        return url[url.index("#") :]
    finally:
        context.close()


@dataclass
class Round:
    loads: dict[str, Load]
    first: Load
    repeat: Load
    snapshot_made: float

    def ratio(self, ms: float) -> float:
        return ms / self.loads["bare Pyodide"].ready


def run_rounds(browser: Browser, origin: str, runs: int) -> list[Round]:
    link = share_link(browser, origin)  # also warms the browser and the OS's file cache
    names = list(PAGES)
    rounds = []
    for run in range(runs):
        # Each round starts with a different page, so drift on the machine (and any
        # first-in-round effect) hits every page alike.
        order = names[run % len(names) :] + names[: run % len(names)]
        loads = {name: load_once(browser, origin, name, link) for name in order}
        first, repeat, made = repeat_visit(browser, origin)
        rounds.append(Round(loads, first, repeat, made))
    return rounds
