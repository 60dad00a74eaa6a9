#!/usr/bin/env python3
"""Start-up and click benchmark (a script that prints figures, not a test).

Prints, in one run:
* the median time from navigation to ``body[data-ready="true"]`` over N fresh loads
  (a new browser context each, so no cache) for the app, for a bare page that only
  boots the same vendored Pyodide (static/bench/bare.html), and their ratio; also for a
  bare PyScript page (same PyScript and Pyodide, an empty script), which tells the
  app's own start-up cost apart from PyScript's;
* the median time from a Mulligan click to the new hand in the DOM (the handler runs
  synchronously in the click, so this is measured inside the page around
  ``element.click()``), and to the next animation frame.

Targets: ratio <= 1.05; click -> hand <= 16 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from serve import serve_in_thread  # noqa: E402

LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
CLICK = """async () => {
  const ids = () => [...document.querySelectorAll('[data-testid="hand-1"] [data-card-id]')]
    .map((e) => e.dataset.cardId).join();
  const before = ids();
  const t0 = performance.now();
  document.getElementById("mulligan").click();
  const t1 = performance.now();
  const changed = ids() !== before;
  const frame = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return { handler: t1 - t0, frame: frame - t0, changed };
}"""


class Guard:
    def __init__(self, page: Page, origin: str) -> None:
        self.problems: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.problems.append(m.text))
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        page.on(
            "request", lambda r: None if r.url.startswith((origin, "data:", "blob:")) else self.problems.append(r.url)
        )

    def check(self) -> None:
        if self.problems:
            sys.exit(f"bench: the page misbehaved: {self.problems[:3]}")


def load_time(browser: Browser, url: str, origin: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        guard = Guard(page, origin)
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
        guard.check()
        return float(page.evaluate("window.__readyAt"))
    finally:
        context.close()


def deal(page: Page) -> None:
    page.get_by_role("button", name="Deal", exact=True).click()
    play = page.get_by_role("button", name="Play first", exact=True)
    if play.is_visible():
        play.click()


def click_times(browser: Browser, url: str, origin: str, clicks: int) -> tuple[list[float], list[float]]:
    context = browser.new_context()
    page = context.new_page()
    guard = Guard(page, origin)
    page.goto(url)
    page.wait_for_selector('body[data-ready="true"]', timeout=120_000)
    page.get_by_role("textbox", name="Seed").fill("20261122")
    deal(page)
    handler: list[float] = []
    frame: list[float] = []
    while len(handler) < clicks:
        if not page.get_by_role("button", name="Mulligan", exact=True).is_visible():
            deal(page)
            continue
        result: dict[str, Any] = page.evaluate(CLICK)
        if not result["changed"]:
            sys.exit("bench: a Mulligan click did not change the hand synchronously")
        handler.append(result["handler"])
        frame.append(result["frame"])
    guard.check()
    context.close()
    return handler, frame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="fresh loads per page (at least 5)")
    parser.add_argument("--clicks", type=int, default=30, help="Mulligan clicks to time (at least 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    runs, clicks = max(5, args.runs), max(20, args.clicks)
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts/vendor.py")], check=True)
    server, origin = serve_in_thread()
    launch: dict[str, Any] = {"args": LAUNCH_ARGS}
    if os.path.exists("/usr/bin/chromium"):
        launch["executable_path"] = "/usr/bin/chromium"
    app_times: list[float] = []
    bare_times: list[float] = []
    pyscript_times: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch)
        for _ in range(runs):  # interleaved, so drift on the machine hits both alike
            app_times.append(load_time(browser, origin, origin))
            bare_times.append(load_time(browser, origin + "static/bench/bare.html", origin))
            pyscript_times.append(load_time(browser, origin + "static/bench/bare-pyscript.html", origin))
        handler, frame = click_times(browser, origin, origin, clicks)
        browser.close()
    server.shutdown()
    figures = {
        "runs": runs,
        "app_ready_ms_median": statistics.median(app_times),
        "bare_ready_ms_median": statistics.median(bare_times),
        "ratio": statistics.median(app_times) / statistics.median(bare_times),
        "bare_pyscript_ready_ms_median": statistics.median(pyscript_times),
        "ratio_to_bare_pyscript": statistics.median(app_times) / statistics.median(pyscript_times),
        "app_ready_ms": app_times,
        "bare_ready_ms": bare_times,
        "clicks": clicks,
        "click_to_hand_ms_median": statistics.median(handler),
        "click_to_hand_ms_max": max(handler),
        "click_to_next_frame_ms_median": statistics.median(frame),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    rows = [
        ("app: navigation -> data-ready (median)", f"{figures['app_ready_ms_median']:8.0f} ms", ""),
        ("bare Pyodide boot (median)", f"{figures['bare_ready_ms_median']:8.0f} ms", ""),
        ("ratio app / bare", f"{figures['ratio']:8.3f}", "target <= 1.05"),
        ("bare PyScript boot, empty script (median)", f"{figures['bare_pyscript_ready_ms_median']:8.0f} ms", ""),
        ("ratio app / bare PyScript", f"{figures['ratio_to_bare_pyscript']:8.3f}", ""),
        (
            "Mulligan click -> new hand in DOM (median)",
            f"{figures['click_to_hand_ms_median']:8.2f} ms",
            "target <= 16 ms",
        ),
        ("  (max)", f"{figures['click_to_hand_ms_max']:8.2f} ms", ""),
        ("Mulligan click -> next animation frame (median)", f"{figures['click_to_next_frame_ms_median']:8.2f} ms", ""),
    ]
    print(f"Opening Hand benchmark: {runs} fresh loads per page, {clicks} Mulligan clicks")
    for name, value, target in rows:
        print(f"  {name:<50}{value:>12}  {target}")
    print(f"  app loads (ms):  {', '.join(f'{t:.0f}' for t in app_times)}")
    print(f"  bare loads (ms): {', '.join(f'{t:.0f}' for t in bare_times)}")
    print(f"  bare PyScript loads (ms): {', '.join(f'{t:.0f}' for t in pyscript_times)}")


if __name__ == "__main__":
    main()
