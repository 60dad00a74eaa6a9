#!/usr/bin/env python3
"""Trainer benchmark (a script that prints figures, not a test).

In the browser, for a 60-card deck (the constructed sample) and a 100-card deck (the
Commander sample), each dealt on the play:
* the deck-level precomputation (what a mulligan to 6, 5, 4 … is worth, both sides of the
  table), worked out after the hand is on screen in slices: its time, and the longest task
  the page ran meanwhile (PerformanceObserver "longtask": the page stays responsive when
  none passes 50 ms);
* the verdict on screen after a Mulligan click (the new hand, its bottom advice and its
  verdict, timed in the page around ``element.click()``: PyScript's handlers run inside the
  click's dispatch), the median of several;
and, under this machine's CPython, the same precomputation and one hand's judgement.

Targets: precomputation <= 3 s, no task over 50 ms while it runs; verdict after a Mulligan
click <= 100 ms (median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts" / "build"), str(ROOT / "py")]
from serve import serve_in_thread  # noqa: E402

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]  # fmt: skip
LADDER_TARGET_MS, TASK_TARGET_MS, CLICK_TARGET_MS = 3000.0, 50.0, 100.0
DECKS = {"60 cards": "constructed", "100 cards": "commander"}

WATCH = """() => { window.__tasks = [];
  const keep = (list) => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); };
  new PerformanceObserver(keep).observe({type: "longtask", buffered: false}); }"""
CLICK = """() => {
  const button = document.querySelector('[data-board="main"] [data-button="mulligan"]');
  if (button.hidden) return null;
  const started = performance.now();
  button.click();
  const took = performance.now() - started;
  const verdict = document.querySelector('[data-testid="outlook-verdict"]');
  return [took, verdict ? verdict.textContent : ""];
}"""


def deal(page: Page, origin: str, fmt: str) -> None:
    page.goto(origin)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=120_000)
    if fmt != "constructed":
        page.select_option("#format", fmt)
        page.click("#sample")
    page.select_option("#play-draw", "play")


def browser_figures(origin: str, rounds: int, clicks: int) -> dict[str, dict[str, list[float]]]:
    figures: dict[str, dict[str, list[float]]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None,
                                    args=LAUNCH_ARGS)  # fmt: skip
        for label, fmt in DECKS.items():
            found = figures.setdefault(label, {"ladder": [], "task": [], "click": []})  # in this order
            for _ in range(rounds):
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                page.add_init_script("globalThis.openingHandSnapshot = false;")
                deal(page, origin, fmt)
                page.click("#deal")  # the first Deal imports the page: not timed here
                page.wait_for_selector('[data-testid="outlook-verdict"]', timeout=60_000)
                page.wait_for_timeout(50)
                page.evaluate(WATCH)
                page.wait_for_function("(document.body.dataset.ladders || '').split(' ').length >= 2", timeout=60_000)
                both = [float(ms) for ms in page.evaluate("document.body.dataset.ladders").split()]
                found["ladder"].extend(both)
                tasks = page.evaluate("window.__tasks")
                found["task"].append(max((d for _, d in tasks), default=0.0))
                for _ in range(clicks):
                    result = page.evaluate(CLICK)
                    if result is None:  # no mulligan left: a new hand (its ladder is in)
                        page.click("#next-hand")
                        page.wait_for_selector('[data-testid="outlook-verdict"]')
                        continue
                    took, text = result
                    if not text.startswith("Working"):
                        found["click"].append(float(took))
                    if page.locator('[data-board="main"] [data-button="bottom"]:visible').count():
                        page.keyboard.press("Enter")
                page.close()
        browser.close()
    return figures


def hostile_deck_figure(origin: str, rounds: int) -> list[float]:
    """The first Mulligan click after dealing 1,000 distinct 150-character names (issue 34:
    224-445 ms, the limit 200 ms), in fresh pages."""
    import random
    import string

    rng = random.Random(1)
    deck = "\n".join("1 " + "".join(rng.choice(string.ascii_letters) for _ in range(150)) for _ in range(1000))
    found = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None,
                                    args=LAUNCH_ARGS)  # fmt: skip
        for _ in range(rounds):
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            page.add_init_script("globalThis.openingHandSnapshot = false;")
            page.goto(origin)
            page.wait_for_function("document.body.dataset.ready === 'true'", timeout=120_000)
            page.select_option("#play-draw", "practice-play")
            page.evaluate("(t) => { const d = document.getElementById('decklist'); d.value = t; "
                          "d.dispatchEvent(new Event('change')); }", deck)  # fmt: skip
            page.click("#deal")
            page.wait_for_selector('[data-board="main"] [data-button="mulligan"]:not([hidden])', timeout=60_000)
            page.wait_for_timeout(1000)
            result = page.evaluate(CLICK)
            if result is not None:
                found.append(float(result[0]))
            page.close()
        browser.close()
    return found


def cpython_figures() -> dict[str, float]:
    from opening_hand.cards.samples import SAMPLES
    from opening_hand.share.share_link import Setup
    from opening_hand.trainer.mulligan_value import ladder
    from opening_hand.trainer.quiz import deciding, make_quiz
    from opening_hand.trainer.reading import pending_ladder, read_hand

    out: dict[str, float] = {}
    for label, fmt in DECKS.items():
        setup = Setup(deck=SAMPLES[fmt], format=fmt, players=2, edition="london", seed=3)
        state = deciding(make_quiz(setup, 1, seed=4), 0)
        wanted = pending_ladder(state, 1)
        assert wanted is not None
        started = time.perf_counter()
        ladder(*wanted)
        out[f"{label}: precomputation"] = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        read_hand(state, 1)
        out[f"{label}: one hand's reading"] = (time.perf_counter() - started) * 1000
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="fresh pages per deck (default 3)")
    parser.add_argument("--clicks", type=int, default=12, help="Mulligan clicks per page (default 12)")
    args = parser.parse_args()
    server, origin = serve_in_thread()
    try:
        figures = browser_figures(origin, args.rounds, args.clicks)
        hostile = hostile_deck_figure(origin, args.rounds)
    finally:
        server.shutdown()
    print("Trainer, in the browser (medians):")
    for label, found in figures.items():
        ladder, task, click = (
            statistics.median(found[k]) if found[k] else float("nan") for k in ("ladder", "task", "click")
        )
        worst = max(found["task"], default=float("nan"))
        print(f"  {label}: precomputation {ladder:.0f} ms per side (target <= {LADDER_TARGET_MS:.0f}); longest task "
              f"meanwhile {task:.0f} ms, worst {worst:.0f} (target <= {TASK_TARGET_MS:.0f}); verdict after a Mulligan "
              f"click {click:.0f} ms over {len(found['click'])} clicks (target <= {CLICK_TARGET_MS:.0f})")  # fmt: skip
    print(f"  1,000 distinct 150-character names: the first Mulligan click {statistics.median(hostile):.0f} ms "
          f"(median of {len(hostile)}; limit 200)")  # fmt: skip
    print("Trainer, under CPython:")
    for name, ms in cpython_figures().items():
        print(f"  {name}: {ms:.0f} ms")


if __name__ == "__main__":
    main()
