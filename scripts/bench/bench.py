#!/usr/bin/env python3
"""Start-up and click benchmark (a script that prints figures, not a test).

Prints, in one run of N rounds (scripts/bench/bench_start.py has the pages and the probe):
* navigation -> ready, navigation -> the first hand on screen with Deal pressed the moment
  the page is ready, navigation -> the replayed hand of a cold share link, and a repeat
  visit restored from the start-up snapshot, each as a ratio to the bare Pyodide boot of
  the same round (per round, then the median), and the bare PyScript page's ratio;
* where the app's own time goes: when Pyodide is up, the Python files' requests and their
  writing, PyScript's own start, start.py's work before ready, and the first Deal's import,
  build and render; and for the repeat visit, the restore and the work after it;
* the time from a Mulligan click to the new hand in the DOM. PyScript's handlers run
  synchronously inside the click dispatch, so this is timed in the page around
  ``element.click()`` (no Playwright round trip) and a MutationObserver confirms the
  hand changed before ``click()`` returned; also the time to the next animation frame;
* the same for a Keep click with the statistics at their maximum (5,000 saved games).

Targets (medians of per-round ratios): ready <= 1.05, first hand (Deal at ready) <= 1.15,
cold share link -> replayed hand <= 1.2, repeat visit <= 0.5 x the bare boot; Mulligan and
Keep click -> hand <= 16 ms; Draw click (a practice turn) -> the turn on screen <= 16 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))  # serve.py, the site's server
from bench_start import READY_TIMEOUT_S, Guard, Load, Round, run_rounds  # noqa: E402

from serve import serve_in_thread  # noqa: E402

TARGETS = {"ready": 1.05, "first hand": 1.15, "share link": 1.2, "repeat visit": 0.5}
CLICK_TARGET_MS = 16.0
SEED = "20261122"
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip

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
# One practice turn (Draw, key T), timed inside the page: the click to the new turn in the
# turn strip. Returns null when practice has stopped (turn 6) or the game has not begun.
DRAW = """async () => {
  const button = document.querySelector('[data-board="main"] [data-button="draw"]');
  if (button.hidden) return null;
  const turns = () => document.querySelectorAll('[data-testid="turns-1"] li[data-turn]').length;
  const before = turns();
  const t0 = performance.now();
  button.click();
  const t1 = performance.now();
  const frame = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return { handler: t1 - t0, frame: frame - t0, drawn: turns() === before + 1 };
}"""
# 5,000 saved games (stats.MAX_RECORDS) of other decks, as a long-time player has.
FULL_STATS = """localStorage.setItem("opening-hand/stats", JSON.stringify({app: "opening-hand-stats", version: 1,
  games: Array.from({length: 5000}, (_, i) => ["d" + (i % 40), "s", 1.7e12 + i, 2, 1, 6, 3, [800, 900]])}));"""


def deal(page: Page) -> None:
    page.get_by_role("button", name="Deal", exact=True).click()
    play = page.get_by_role("button", name="Play first", exact=True)
    if play.is_visible():
        play.click()


@contextmanager
def page_at_ready(browser: Browser, origin: str, init_script: str = "") -> Iterator[Page]:
    """A page in a fresh profile, ready, with the bench's seed typed in; checked for console
    errors and off-origin requests when the block ends."""
    context = browser.new_context()
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        if init_script:
            page.add_init_script(init_script)
        page.goto(origin)
        page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_S * 1000)
        page.get_by_role("textbox", name="Seed").fill(SEED)
        yield page
        guard.check()
    finally:
        context.close()


def click_times(browser: Browser, origin: str, clicks: int) -> tuple[list[float], list[float]]:
    """Synchronous handler times and times to the next frame for `clicks` Mulligans."""
    handler: list[float] = []
    frame: list[float] = []
    with page_at_ready(browser, origin) as page:
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
    return handler, frame


def keep_times(browser: Browser, origin: str, keeps: int) -> list[float]:
    """Synchronous handler times of `keeps` Keep clicks with 5,000 saved games."""
    times: list[float] = []
    with page_at_ready(browser, origin, f"if (!localStorage.getItem('opening-hand/stats')) {{ {FULL_STATS} }}") as page:
        while len(times) < keeps:
            deal(page)
            result: dict[str, Any] | None = page.evaluate(KEEP)
            if result is None or not result["kept"]:
                sys.exit(f"bench: a Keep click did not keep: {result}")
            times.append(result["handler"])
            page.wait_for_timeout(50)  # the statistics are written when the browser is idle
    return times


def draw_times(browser: Browser, origin: str, draws: int) -> list[float]:
    """Synchronous handler times of `draws` Draw clicks (practice turns after Keep)."""
    times: list[float] = []
    with page_at_ready(browser, origin) as page:
        while len(times) < draws:
            deal(page)
            page.get_by_role("button", name="Keep", exact=True).click()
            while len(times) < draws and (result := page.evaluate(DRAW)) is not None:
                if not result["drawn"]:
                    sys.exit(f"bench: a Draw click did not add a turn: {result}")
                times.append(result["handler"])
    return times


def ensure_runtime() -> None:
    if (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        return
    if not (ROOT / "node_modules").is_dir():
        sys.exit("bench: the runtime is not vendored and node_modules/ is missing: run `npm ci`, then retry")
    subprocess.run([sys.executable, str(ROOT / "scripts/build/vendor.py")], check=True)


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def ratios(rounds: list[Round]) -> dict[str, list[float]]:
    """Per round, each figure over that round's bare Pyodide boot."""
    out: dict[str, list[float]] = {
        "ready": [],
        "first hand": [],
        "share link": [],
        "repeat visit": [],
        "bare PyScript": [],
    }
    for r in rounds:
        deal, link = r.loads["app, Deal at ready"], r.loads["app, cold share link"]
        assert deal.hand is not None and link.hand is not None
        out["ready"].append(r.ratio(deal.ready))
        out["first hand"].append(r.ratio(deal.hand))
        out["share link"].append(r.ratio(link.hand))
        out["repeat visit"].append(r.ratio(r.repeat.ready))
        out["bare PyScript"].append(r.ratio(r.loads["bare PyScript"].ready))
    return out


def app_time(load: Load, bare: Load) -> dict[str, float]:
    """Where the app's own time goes in one Deal-at-ready load (ms)."""

    def mark(name: str) -> float:
        value = load.mark(name)
        return float("nan") if value is None else value

    files = load.python_files()
    up = mark("interpreter")
    parts = {
        "pyodide.mjs requested (app - bare)": requested(load) - requested(bare),
        "Pyodide up (app - bare ready)": up - bare.ready,
        "Python files: requests": float(len(files)),
        "Python files: first request - Pyodide up": min((f["start"] for f in files), default=up) - up,
        "Python files: last response - Pyodide up": max((f["end"] for f in files), default=up) - up,
        "Pyodide up -> Python files written": mark("files-written") - up,
        "files written -> start.py runs (PyScript)": mark("main") - mark("files-written"),
        "start.py: wiring -> ready": load.ready - mark("main"),
        "ready -> Deal clicked": (load.click or load.ready) - load.ready,
        "Deal: import the page": mark("app-imported") - mark("app"),
        "Deal: build the page": mark("app-built") - mark("app-imported"),
        "Deal: deal and render": (load.hand or 0.0) - mark("app-built"),
        "Deal clicked -> hand in the DOM": (load.hand or 0.0) - (load.click or 0.0),
        "hand in the DOM -> next frame": (load.frame or 0.0) - (load.hand or 0.0),
    }
    return parts


def repeat_time(load: Load) -> dict[str, float]:
    """Where a repeat visit's time goes (ms)."""
    up = load.mark("interpreter")
    up = float("nan") if up is None else up
    main = load.mark("main")
    return {
        "Pyodide up (restored)": up,
        "Pyodide up -> start.py runs": (float("nan") if main is None else main) - up,
        "Pyodide up -> ready": load.ready - up,
    }


def requested(load: Load) -> float:
    return next((r["start"] for r in load.resources if r["name"].endswith("/pyodide/pyodide.mjs")), float("nan"))


def print_table(figures: dict[str, Any]) -> None:
    def row(label: str, cells: str, target: str = "") -> None:
        print(f"  {label:<46}{cells:<27}  {target}")

    def cells(s: dict[str, float], fmt: str = ".0f") -> str:
        return "".join(f"{s[k]:>9{fmt}}" for k in ("median", "min", "max"))

    def goal(value: float, limit: float, unit: str = "") -> str:
        return f"target <= {limit:g}{unit}  {'ok' if value <= limit else 'MISSED'}"

    row("(ms unless a ratio)", f"{'median':>9}{'min':>9}{'max':>9}")
    for name, s in figures["ms"].items():
        row(f"navigation -> {name}", cells(s))
    print("  ratios to the same round's bare Pyodide boot:")
    for name, s in figures["ratio"].items():
        target = TARGETS.get(name)
        row(f"  {name}", cells(s, ".3f"), goal(s["median"], target) if target else "")
    print("  the app's own time (Deal at ready; ms):")
    for name, s in figures["app_time"].items():
        row(f"  {name}", cells(s))
    print("  the repeat visit (snapshot; ms):")
    for name, s in figures["repeat_time"].items():
        row(f"  {name}", cells(s))
    row("Mulligan click -> new hand in DOM", cells(figures["click_to_hand_ms"], ".2f"),
        goal(figures["click_to_hand_ms"]["median"], CLICK_TARGET_MS, " ms"))  # fmt: skip
    row("Mulligan click -> next animation frame", cells(figures["click_to_next_frame_ms"], ".2f"))
    row("Keep click, 5,000 saved games", cells(figures["keep_full_stats_ms"], ".2f"),
        goal(figures["keep_full_stats_ms"]["median"], CLICK_TARGET_MS, " ms"))  # fmt: skip
    row("Draw click -> next turn in DOM", cells(figures["draw_ms"], ".2f"),
        goal(figures["draw_ms"]["median"], CLICK_TARGET_MS, " ms"))  # fmt: skip
    row("start-up snapshot made (worker, idle time)", cells(figures["snapshot_made_ms"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="rounds of page loads (default 7, at least 5)")
    parser.add_argument("--clicks", type=int, default=30, help="Mulligan clicks to time (default 30, at least 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--waterfall", action="store_true", help="also print the requests of the median app load")
    args = parser.parse_args()
    runs, clicks = max(5, args.runs), max(20, args.clicks)
    ensure_runtime()
    server, origin = serve_in_thread()
    launch: dict[str, Any] = {"args": LAUNCH_ARGS}
    if os.path.exists("/usr/bin/chromium"):
        launch["executable_path"] = "/usr/bin/chromium"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)
            rounds = run_rounds(browser, origin, runs)
            handler, frame = click_times(browser, origin, clicks)
            keeps = keep_times(browser, origin, clicks)
            drawn = draw_times(browser, origin, clicks)
            browser.close()
    finally:
        server.shutdown()

    per_round = ratios(rounds)
    times = [app_time(r.loads["app, Deal at ready"], r.loads["bare Pyodide"]) for r in rounds]
    repeats = [repeat_time(r.repeat) for r in rounds]
    ms = {name: [r.loads[name].ready for r in rounds] for name in ("bare Pyodide", "bare PyScript")}
    ms["ready: app"] = [r.loads["app, Deal at ready"].ready for r in rounds]
    ms["first hand: Deal at ready"] = [r.loads["app, Deal at ready"].hand or 0.0 for r in rounds]
    ms["replayed hand: cold share link"] = [r.loads["app, cold share link"].hand or 0.0 for r in rounds]
    ms["ready: first visit (service worker)"] = [r.first.ready for r in rounds]
    ms["ready: repeat visit (snapshot)"] = [r.repeat.ready for r in rounds]
    figures: dict[str, Any] = {
        "runs": runs,
        "clicks": clicks,
        "ms": {name: {**spread(v), "all": v} for name, v in ms.items()},
        "ratio": {name: {**spread(v), "all": v} for name, v in per_round.items()},
        "targets": TARGETS,
        "app_time": {name: spread([t[name] for t in times]) for name in times[0]},
        "repeat_time": {name: spread([t[name] for t in repeats]) for name in repeats[0]},
        "click_to_hand_ms": {**spread(handler), "all": handler},
        "click_to_next_frame_ms": {**spread(frame), "all": frame},
        "click_target_ms": CLICK_TARGET_MS,
        "keep_full_stats_ms": {**spread(keeps), "all": keeps},
        "draw_ms": {**spread(drawn), "all": drawn},
        "snapshot_made_ms": spread([r.snapshot_made for r in rounds]),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return

    chromium = launch.get("executable_path", "Playwright's Chromium")
    print(f"Opening Hand benchmark: {runs} rounds, {clicks} Mulligan clicks ({chromium}, {os.cpu_count()} cores)")
    print_table(figures)
    if args.waterfall:
        median = sorted(rounds, key=lambda r: r.loads["app, Deal at ready"].ready)[len(rounds) // 2]
        load = median.loads["app, Deal at ready"]
        print(f"\nthe median app load's requests (ready at {load.ready:.0f} ms)")
        for r in load.resources:
            print(f"  {r['start']:7.0f} {r['end']:7.0f} ms {r['bytes'] / 1024:9.1f} KiB  {r['name']}")


if __name__ == "__main__":
    main()
