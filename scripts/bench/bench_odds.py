#!/usr/bin/env python3
"""Odds benchmark (a script that prints figures, not a test).

Prints, in one run:
* the time to compute the exact odds table (every rule, with and without the free
  mulligan, on the play and on the draw) in the browser, for a 60-card deck (the Burn
  sample), a 100-card deck (the Commander sample) and a 60-card deck with four Serum
  Powders (whose table adds the Powder rows), measured inside the page around the
  computation (the median of several clicks of "Compute odds");
* Monte-Carlo hands per second in the browser (one 200,000-game simulation from the page)
  and under this machine's CPython;
* the same exact-table times under CPython, for comparison;
* the hand outlook (opening_hand.trainer.outlook: land drops, casting on curve, the mulligan from
  here) for a random hand of the Burn sample (60 cards) and of the Commander sample (100),
  computed in the page's own Pyodide (``pyodide.runPython`` on the interpreter
  static/runtime/pyodide.mjs started) and under CPython: the median over several hands, and
  the median of a bottoming click (one card of the hand moved to the bottom).

Targets: exact table <= 50 ms in the browser; Monte Carlo >= 100,000 hands/s in the browser;
hand outlook <= 20 ms in the browser (it is recomputed on every click while bottoming).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts" / "build"), str(ROOT / "py")]
from opening_hand.cards.samples import SAMPLES  # noqa: E402
from opening_hand.trainer.odds import DeckCounts, KeepRule, simulate, table  # noqa: E402
from serve import serve_in_thread  # noqa: E402

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]  # fmt: skip
EXACT_TARGET_MS, MC_TARGET, OUTLOOK_TARGET_MS = 50.0, 100_000, 20.0
CLICKS = 9
HANDS = 15  # random hands per deck for the outlook (the first only warms up)

# Run in the page's interpreter and under CPython alike: the outlook for HANDS random hands of
# each sample deck, then a bottoming click each (the caches stay warm, as on the page).
OUTLOOK_BENCH = """
import json, random, statistics, time
from opening_hand.cards import lookup
from opening_hand.cards.decklist import parse_decklist
from opening_hand.trainer.outlook import outlook
from opening_hand.cards.samples import SAMPLES

def _outlook_figures(hands):
    figures = {}
    for label, key in (("60", "constructed"), ("100", "commander")):
        cards = [lookup(name) for name in parse_decklist(SAMPLES[key]).main_cards()]
        rng = random.Random(1)
        fresh, clicks = [], []
        for _ in range(hands):
            rng.shuffle(cards)
            hand, library = cards[:7], cards[7:]
            started = time.perf_counter()
            outlook(hand, library)
            fresh.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            outlook(hand[1:], library, bottom=hand[:1], mulligans_taken=1)
            clicks.append((time.perf_counter() - started) * 1000)
        figures[f"outlook_{label}_cards"] = len(cards)
        figures[f"outlook_{label}_ms"] = statistics.median(fresh[1:])
        figures[f"outlook_{label}_click_ms"] = statistics.median(clicks[1:])
        figures[f"outlook_{label}_worst_ms"] = max(fresh[1:] + clicks[1:])
    return figures
"""

# In the page: the interpreter the page runs on (static/runtime/pyodide.mjs's start() boots it
# once and hands the same one to every caller), in a namespace of its own.
IN_THE_PAGE = """async ([code, hands]) => {
  const { start } = await import(new URL("static/runtime/pyodide.mjs", document.baseURI).href);
  const pyodide = await start();
  const namespace = pyodide.globals.get("dict")();
  try {
    pyodide.runPython(code + `\nresult = json.dumps(_outlook_figures(${hands}))`, { globals: namespace });
    return namespace.get("result");
  } finally {
    namespace.destroy();
  }
}"""
POWDER_DECK = "4 Serum Powder\n22 Mountain\n34 Lightning Bolt"  # the default keep rule: no key cards


def browser_figures(origin: str) -> dict[str, float]:
    launch: dict[str, object] = {"args": LAUNCH_ARGS}
    if os.path.exists("/usr/bin/chromium"):
        launch["executable_path"] = "/usr/bin/chromium"
    figures: dict[str, float] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch)  # type: ignore[arg-type]
        page = browser.new_page()
        page.goto(origin)
        page.wait_for_selector('body[data-ready="true"]', timeout=120_000)
        page.locator("summary", has_text="Odds for this deck").click()
        for label, deck in (("60", SAMPLES["constructed"]), ("100", SAMPLES["commander"]), ("powder", POWDER_DECK)):
            page.get_by_role("textbox", name="Decklist").fill(deck)
            times = []
            for _ in range(CLICKS):
                page.get_by_role("button", name="Compute odds").click()
                times.append(float(page.get_by_test_id("odds-summary").get_attribute("data-ms") or "nan"))
            figures[f"exact_{label}_ms"] = statistics.median(times[1:])  # the first click also warms up
        page.get_by_role("textbox", name="Decklist").fill(SAMPLES["constructed"])
        page.get_by_role("button", name="Simulate").click()
        page.get_by_test_id("sim-result").get_by_text("Simulated").wait_for(timeout=300_000)
        figures["mc_hands_per_s"] = float(page.get_by_test_id("sim-result").get_attribute("data-hands-per-second") or 0)
        figures.update(json.loads(page.evaluate(IN_THE_PAGE, [OUTLOOK_BENCH, HANDS])))
        browser.close()
    return figures


def cpython_figures() -> dict[str, float]:
    figures: dict[str, float] = {}
    decks = (
        ("60", DeckCounts(0, 0, 20, 40)),
        ("100", DeckCounts(0, 0, 38, 62)),
        ("powder", DeckCounts(0, 0, 22, 34, 4)),
    )
    for label, deck in decks:
        times = []
        for _ in range(CLICKS):
            started = time.perf_counter()
            table(deck, KeepRule(2, 5, 0, 5), KeepRule(1, 5, 0, 5))
            times.append((time.perf_counter() - started) * 1000)
        figures[f"exact_{label}_ms"] = statistics.median(times)
    started = time.perf_counter()
    _, _, _, hands = simulate(DeckCounts(0, 0, 20, 40), "london", False, KeepRule(2, 5, 0, 5), 200_000,
                              random.Random(1))  # fmt: skip
    figures["mc_hands_per_s"] = hands / (time.perf_counter() - started)
    namespace: dict[str, object] = {}
    exec(OUTLOOK_BENCH, namespace)
    figures.update(namespace["_outlook_figures"](HANDS))  # type: ignore[operator]
    return figures


def main() -> None:
    server, origin = serve_in_thread()
    try:
        browser = browser_figures(origin)
    finally:
        server.shutdown()
    cpython = cpython_figures()
    ok = lambda good: "ok" if good else "MISSED"  # noqa: E731
    print("Opening Hand odds benchmark")
    print(f"  exact table, 60-card deck, browser      {browser['exact_60_ms']:8.1f} ms   target <= "
          f"{EXACT_TARGET_MS:.0f} ms  {ok(browser['exact_60_ms'] <= EXACT_TARGET_MS)}")  # fmt: skip
    print(f"  exact table, 100-card deck, browser     {browser['exact_100_ms']:8.1f} ms   target <= "
          f"{EXACT_TARGET_MS:.0f} ms  {ok(browser['exact_100_ms'] <= EXACT_TARGET_MS)}")  # fmt: skip
    print(f"  Monte Carlo, browser                    {browser['mc_hands_per_s']:8,.0f} hands/s  target >= "
          f"{MC_TARGET:,}  {ok(browser['mc_hands_per_s'] >= MC_TARGET)}")  # fmt: skip
    print(f"  exact table, 60 + 4 Powder, browser     {browser['exact_powder_ms']:8.1f} ms   (with the Powder rows)")
    print(f"  exact table, 60 / 100 cards, CPython    {cpython['exact_60_ms']:8.1f} / {cpython['exact_100_ms']:.1f} ms")
    print(f"  exact table, 60 + 4 Powder, CPython     {cpython['exact_powder_ms']:8.1f} ms")
    print(f"  Monte Carlo, CPython {sys.version.split()[0]:<18} {cpython['mc_hands_per_s']:8,.0f} hands/s")
    for label in ("60", "100"):
        ms, click, worst = (browser[f"outlook_{label}_{what}"] for what in ("ms", "click_ms", "worst_ms"))
        cards = int(browser[f"outlook_{label}_cards"])
        verdict = ok(max(ms, click) <= OUTLOOK_TARGET_MS)
        label = f"hand outlook, {cards}-card deck, browser"
        print(f"  {label:<38}{ms:8.1f} ms   target <= {OUTLOOK_TARGET_MS:.0f} ms  {verdict}"
              f"  (a bottoming click {click:.1f} ms, worst {worst:.1f} ms)")  # fmt: skip
    fresh = f"{cpython['outlook_60_ms']:.2f} / {cpython['outlook_100_ms']:.2f}"
    clicks = f"{cpython['outlook_60_click_ms']:.2f} / {cpython['outlook_100_click_ms']:.2f}"
    print(f"  hand outlook, 60 / 100 cards, CPython {fresh:>12} ms   (bottoming clicks {clicks} ms)")


if __name__ == "__main__":
    main()
