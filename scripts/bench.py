#!/usr/bin/env python3
"""Start-up and click benchmark (a script that prints figures, not a test).

Prints, in one run:
* the time from navigation start (performance's time origin) to ``body[data-ready="true"]``
  over N fresh loads - a new browser context each, so neither the HTTP cache nor
  PyScript's IndexedDB carries over - for the app (index.html), for a bare page that only
  boots the same vendored Pyodide (static/bench/bare.html), and their ratio; also for a
  bare PyScript page (same PyScript and Pyodide, a one-line script), which tells the
  app's own cost apart from PyScript's;
* when each page starts fetching pyodide.mjs and how long it takes from its last network
  response to ready, which is where a ratio above the target comes from (``--waterfall``
  prints every request of each page's median load);
* the time from a Mulligan click to the new hand in the DOM. PyScript's handlers run
  synchronously inside the click dispatch, so this is timed in the page around
  ``element.click()`` (no Playwright round trip) and a MutationObserver confirms the
  hand changed before ``click()`` returned; also the time to the next animation frame;
* the same for a Keep click with the statistics at their maximum (5,000 saved games).

Targets: ratio app / bare <= 1.05; click -> hand <= 16 ms; repeat visit / first visit <= 0.8.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Response, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from serve import serve_in_thread  # noqa: E402

WARM_TARGET = 0.8
RATIO_TARGET = 1.05
CLICK_TARGET_MS = 16.0
READY_TIMEOUT_S = 120
SEED = "20261122"
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
PAGES = {  # name -> path under the server root
    "app": "",
    "bare Pyodide": "static/bench/bare.html",
    "bare PyScript": "static/bench/bare-pyscript.html",
}

# Installed before any page script runs: stamps performance.now() the moment data-ready
# flips, so the figure is the page's own clock, free of Playwright's polling latency.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
RESOURCES = """() => performance.getEntriesByType("resource").map((e) => ({
  name: e.name.replace(location.origin, ""), start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize,
}))"""
# One Mulligan, timed inside the page. Returns null when the button is hidden (the hand
# was kept or the mulligans ran out), so the caller deals again.
CLICK = """async () => {
  const button = document.querySelector('[data-board="main"] [data-button="mulligan"]');
  if (button.hidden) return null;
  const hand = () => document.querySelector('[data-testid="hand-1"]');
  const ids = () => [...hand().querySelectorAll("[data-card-id]")].map((e) => e.dataset.cardId).join();
  const before = ids();
  const observer = new MutationObserver(() => {});
  observer.observe(document.querySelector('[data-board="main"]'), { childList: true, subtree: true });
  const t0 = performance.now();
  button.click();
  const t1 = performance.now();
  // takeRecords() holds only what changed during click(): proof the handler was synchronous.
  const records = observer.takeRecords();
  observer.disconnect();
  const now = hand();
  const mutated = records.some((r) => r.target === now || r.target.contains(now));
  const changed = ids() !== before;
  const frame = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return { handler: t1 - t0, frame: frame - t0, mutated, changed };
}"""

# One Keep, timed inside the page as CLICK is, with the statistics at their maximum.
KEEP = """async () => {
  const button = document.querySelector('[data-board="main"] [data-button="keep"]');
  if (button.hidden) return null;
  const t0 = performance.now();
  button.click();
  const t1 = performance.now();
  const frame = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return { handler: t1 - t0, frame: frame - t0, kept: button.hidden };
}"""
# 5,000 saved games (stats.MAX_RECORDS) of other decks, as a long-time player has.
FULL_STATS = """localStorage.setItem("opening-hand/stats", JSON.stringify({app: "opening-hand-stats", version: 1,
  games: Array.from({length: 5000}, (_, i) => ["d" + (i % 40), "s", 1.7e12 + i, 2, 1, 6, 3, [800, 900]])}));"""


@dataclass
class Load:
    ready: float  # ms from navigation start
    pyodide_at: float  # ms from navigation start to the pyodide.mjs request
    tail: float  # ms from the last network response before ready to ready
    resources: list[dict[str, Any]]


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


def load_once(browser: Browser, url: str, origin: str) -> Load:
    context = browser.new_context()  # fresh HTTP cache and IndexedDB
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        page.add_init_script(READY_PROBE)
        page.goto(url)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:  # short waits, so an error fails the run now rather than at the timeout
            guard.check()
            try:
                page.wait_for_function("window.__readyAt !== undefined", timeout=1000)
                break
            except PlaywrightTimeout:
                if time.monotonic() > deadline:
                    sys.exit(f"bench: {url} was not ready within {READY_TIMEOUT_S} s")
        guard.check()
        ready = float(page.evaluate("window.__readyAt"))
        resources: list[dict[str, Any]] = page.evaluate(RESOURCES)
        before = [r for r in resources if r["end"] <= ready]
        pyodide_at = next(r["start"] for r in resources if r["name"].endswith("/pyodide/pyodide.mjs"))
        return Load(ready, pyodide_at, ready - max(r["end"] for r in before), resources)
    finally:
        context.close()


def cold_and_warm(browser: Browser, origin: str) -> tuple[float, float, float]:
    """A first visit (empty caches: Pyodide boots in full, then the service worker installs
    and a worker makes the start-up snapshot) and a repeat visit (a new page in the same
    profile: files from the HTTP cache, Python restored from the snapshot). Also returns how
    long the worker took to make and store the snapshot."""
    context = browser.new_context(service_workers="allow")
    try:
        times, made = [], 0.0
        for visit in ("cold", "warm"):
            page = context.new_page()
            guard = Guard(page, origin)
            page.add_init_script(READY_PROBE)
            page.goto(origin)
            page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_S * 1000)
            times.append(float(page.evaluate("window.__readyAt")))
            boot = page.evaluate("document.documentElement.dataset.boot")
            if boot != {"cold": "full", "warm": "snapshot"}[visit]:
                sys.exit(f"bench: the {visit} visit booted from {boot!r}")
            if visit == "cold":
                page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_S * 1000)
                made = float(page.evaluate("document.documentElement.dataset.snapshotMs || 'nan'"))
                page.evaluate("navigator.serviceWorker.ready.then(() => caches.keys())")
            guard.check()
            page.close()
        return times[0], times[1], made
    finally:
        context.close()


def deal(page: Page) -> None:
    page.get_by_role("button", name="Deal", exact=True).click()
    play = page.get_by_role("button", name="Play first", exact=True)
    if play.is_visible():
        play.click()


def click_times(browser: Browser, origin: str, clicks: int) -> tuple[list[float], list[float]]:
    """Synchronous handler times and times to the next frame for `clicks` Mulligans."""
    context = browser.new_context()
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        page.goto(origin)
        page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_S * 1000)
        page.get_by_role("textbox", name="Seed").fill(SEED)
        handler: list[float] = []
        frame: list[float] = []
        idle_deals = 0  # deals in a row that offered no Mulligan: stop rather than loop forever
        deal(page)
        while len(handler) < clicks:
            result: dict[str, Any] | None = page.evaluate(CLICK)
            if result is None:
                idle_deals += 1
                if idle_deals > 3:
                    sys.exit("bench: dealing never offers a Mulligan")
                deal(page)
                continue
            idle_deals = 0
            if not (result["mutated"] and result["changed"]):
                sys.exit(f"bench: a Mulligan click did not change the hand synchronously: {result}")
            handler.append(result["handler"])
            frame.append(result["frame"])
        guard.check()
        return handler, frame
    finally:
        context.close()


def keep_times(browser: Browser, origin: str, keeps: int) -> list[float]:
    """Synchronous handler times of `keeps` Keep clicks with 5,000 saved games."""
    context = browser.new_context()
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        page.add_init_script(f"if (!localStorage.getItem('opening-hand/stats')) {{ {FULL_STATS} }}")
        page.goto(origin)
        page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_S * 1000)
        page.get_by_role("textbox", name="Seed").fill(SEED)
        times: list[float] = []
        while len(times) < keeps:
            deal(page)
            result: dict[str, Any] | None = page.evaluate(KEEP)
            if result is None or not result["kept"]:
                sys.exit(f"bench: a Keep click did not keep: {result}")
            times.append(result["handler"])
            page.wait_for_timeout(50)  # the statistics are written when the browser is idle
        guard.check()
        return times
    finally:
        context.close()


def ensure_runtime() -> None:
    if (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        return
    if not (ROOT / "node_modules").is_dir():
        sys.exit("bench: the runtime is not vendored and node_modules/ is missing: run `npm ci`, then retry")
    subprocess.run([sys.executable, str(ROOT / "scripts/vendor.py")], check=True)


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def print_table(figures: dict[str, Any]) -> None:
    def row(label: str, cells: str, target: str = "") -> None:
        print(f"  {label:<42}{cells:<27}  {target}")

    def spread_cells(s: dict[str, float], fmt: str = ".0f") -> str:
        return "".join(f"{s[k]:>9{fmt}}" for k in ("median", "min", "max"))

    def goal(value: float, limit: float, text: str) -> str:
        return f"target {text}  {'ok' if value <= limit else 'MISSED'}"

    ratio, click = figures["ratio_app_to_bare"], figures["click_to_hand_ms"]["median"]
    row("(ms unless a ratio)", f"{'median':>9}{'min':>9}{'max':>9}")
    for name in PAGES:
        row(f"navigation -> ready: {name}", spread_cells(figures["ready_ms"][name]))
    row("ratio app / bare Pyodide (medians)", f"{ratio:>9.3f}", goal(ratio, RATIO_TARGET, f"<= {RATIO_TARGET}"))
    row(
        "ratio app / bare Pyodide (per round)",
        spread_cells(figures["ratio_app_to_bare_per_round"], ".3f"),
        goal(figures["ratio_app_to_bare_per_round"]["median"], RATIO_TARGET, f"<= {RATIO_TARGET}"),
    )
    row("ratio app / bare PyScript (medians)", f"{figures['ratio_app_to_bare_pyscript']:>9.3f}")
    for name in PAGES:
        row(f"pyodide.mjs requested at: {name}", spread_cells(figures["pyodide_requested_at_ms"][name]))
    for name in PAGES:
        row(f"last response -> ready: {name}", spread_cells(figures["last_response_to_ready_ms"][name]))
    row(
        "Mulligan click -> new hand in DOM",
        spread_cells(figures["click_to_hand_ms"], ".2f"),
        goal(click, CLICK_TARGET_MS, f"<= {CLICK_TARGET_MS:.0f} ms"),
    )
    row("Mulligan click -> next animation frame", spread_cells(figures["click_to_next_frame_ms"], ".2f"))
    keep = figures["keep_full_stats_ms"]["median"]
    row(
        "Keep click, 5,000 saved games",
        spread_cells(figures["keep_full_stats_ms"], ".2f"),
        goal(keep, CLICK_TARGET_MS, f"<= {CLICK_TARGET_MS:.0f} ms"),
    )
    row("first visit (cold) -> ready", spread_cells(figures["cold_ms"]))
    row("repeat visit (warm) -> ready", spread_cells(figures["warm_ms"]))
    row("start-up snapshot made (worker, idle time)", spread_cells(figures["snapshot_made_ms"]))
    warm = figures["warm_to_cold"]
    row("ratio warm / cold (per profile)", f"{warm:>9.3f}", goal(warm, WARM_TARGET, f"<= {WARM_TARGET}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="fresh loads per page (default 7, at least 5)")
    parser.add_argument("--clicks", type=int, default=30, help="Mulligan clicks to time (default 30, at least 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--waterfall", action="store_true", help="also print each page's requests (median load)")
    args = parser.parse_args()
    runs, clicks = max(5, args.runs), max(20, args.clicks)
    ensure_runtime()
    server, origin = serve_in_thread()
    launch: dict[str, Any] = {"args": LAUNCH_ARGS}
    if os.path.exists("/usr/bin/chromium"):
        launch["executable_path"] = "/usr/bin/chromium"
    loads: dict[str, list[Load]] = {name: [] for name in PAGES}
    names = list(PAGES)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)
            load_once(browser, origin, origin)  # untimed: the first load also warms the browser and OS caches
            for run in range(runs):
                # Interleaved, and each round starts with a different page, so drift on the
                # machine (and any first-in-round effect) hits every page alike.
                for name in names[run % len(names) :] + names[: run % len(names)]:
                    loads[name].append(load_once(browser, origin + PAGES[name], origin))
            handler, frame = click_times(browser, origin, clicks)
            keeps = keep_times(browser, origin, clicks)
            visits = [cold_and_warm(browser, origin) for _ in range(runs)]
            browser.close()
    finally:
        server.shutdown()

    ready = {name: [x.ready for x in series] for name, series in loads.items()}
    # Each round's loads run back to back, so per-round ratios cancel slow drift on the machine.
    paired = [app / bare for app, bare in zip(ready["app"], ready["bare Pyodide"], strict=True)]
    figures: dict[str, Any] = {
        "runs": runs,
        "clicks": clicks,
        "ready_ms": {name: {**spread(v), "all": v} for name, v in ready.items()},
        "pyodide_requested_at_ms": {name: spread([x.pyodide_at for x in s]) for name, s in loads.items()},
        "last_response_to_ready_ms": {name: spread([x.tail for x in s]) for name, s in loads.items()},
        "ratio_app_to_bare": statistics.median(ready["app"]) / statistics.median(ready["bare Pyodide"]),
        "ratio_app_to_bare_per_round": spread(paired),
        "ratio_app_to_bare_pyscript": statistics.median(ready["app"]) / statistics.median(ready["bare PyScript"]),
        "ratio_target": RATIO_TARGET,
        "click_to_hand_ms": {**spread(handler), "all": handler},
        "click_to_next_frame_ms": {**spread(frame), "all": frame},
        "click_target_ms": CLICK_TARGET_MS,
        "keep_full_stats_ms": {**spread(keeps), "all": keeps},
        "cold_ms": spread([c for c, _, _ in visits]),
        "warm_ms": spread([w for _, w, _ in visits]),
        "warm_to_cold": statistics.median(w / c for c, w, _ in visits),
        "snapshot_made_ms": spread([m for _, _, m in visits]),
        "warm_target": WARM_TARGET,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return

    chromium = launch.get("executable_path", "Playwright's Chromium")
    print(f"Opening Hand benchmark: {runs} fresh loads per page, {clicks} Mulligan clicks ({chromium})")
    print_table(figures)
    if args.waterfall:
        for name, series in loads.items():
            median_load = sorted(series, key=lambda x: x.ready)[len(series) // 2]
            print(f"\n{name}: requests of the median load (ready at {median_load.ready:.0f} ms)")
            for r in median_load.resources:
                print(f"  {r['start']:7.0f} {r['end']:7.0f} ms {r['bytes'] / 1024:9.1f} KiB  {r['name']}")


if __name__ == "__main__":
    main()
