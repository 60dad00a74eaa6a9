#!/usr/bin/env python3
"""Screenshots of the page after Deal, for every format, at a desktop and a phone size.

    .venv/bin/python scripts/bench/screenshots.py [--out screenshots] [--only commander]

Writes ``<format>-<desktop|phone>.png`` and prints, for each, the page height and whether
the deciding hand and its buttons are inside the viewport without scrolling. A tool for
looking at the page as a player does, not a test (the geometry tests are in tests/browser).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))  # serve.py, the site's server
from serve import serve_in_thread  # noqa: E402

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
# (name, format, players, hot-seat, rules, extra set-up)
TABLES = [
    ("two-player", "constructed", 2, False, "london"),
    ("limited", "limited", 2, False, "london"),
    ("multiplayer-shared", "multiplayer", 4, False, "london"),
    ("two-headed-giant", "two-headed-giant", 4, False, "london"),
    ("commander-4-hot-seat", "commander", 4, True, "london"),
    ("brawl", "brawl", 2, False, "london"),
    ("archenemy", "archenemy", 4, False, "london"),
    ("vanguard", "vanguard", 2, False, "london"),
    ("planechase", "planechase", 4, False, "london"),
    ("conspiracy", "conspiracy", 4, False, "london"),
    ("draw-ten", "constructed", 2, False, "draw-ten"),
    ("paris-2008-hot-seat", "constructed", 2, True, "paris-2008"),
]
FITS = """() => {
  const inView = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; };
  const cards = [...document.querySelectorAll('[data-board="main"] [data-el="hand"] [data-testid="card"]')];
  const buttons = [...document.querySelectorAll('[data-board="main"] [data-el="controls"] button')]
    .filter((b) => b.checkVisibility());
  return { height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,
           cards: cards.length, cardsIn: cards.filter(inView).length,
           buttons: buttons.length, buttonsIn: buttons.filter(inView).length };
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="screenshots")
    parser.add_argument("--only", default="")
    parser.add_argument("--before", action="store_true", help="also shoot the page before Deal")
    args = parser.parse_args()
    out = ROOT / args.out
    out.mkdir(exist_ok=True)
    server, url = serve_in_thread()
    chromium = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for name, fmt, players, hot_seat, rules in TABLES:
            if args.only and args.only not in name:
                continue
            for size, (width, height) in SIZES.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                page.add_init_script("globalThis.openingHandSnapshot = false;")
                page.on("console", lambda m: m.type == "error" and print("  console:", m.text))
                page.goto(url)
                page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
                if args.before:
                    page.screenshot(path=out / f"start-{size}.png")
                page.get_by_label("Format").select_option(fmt)
                page.get_by_role("spinbutton", name="Players").fill(str(players))
                page.get_by_label("Rules").select_option(rules)
                if hot_seat:
                    page.get_by_label("Control").select_option("all")
                if name == "vanguard":
                    page.get_by_label("Hand modifier").fill("2")  # a hand of nine
                if name == "multiplayer-shared":
                    page.get_by_label("Shared team turns").check()
                page.get_by_role("button", name="Load sample deck").click()
                page.get_by_label("Seed").fill("7")
                page.get_by_role("button", name="Deal", exact=True).click()
                page.wait_for_timeout(400)
                for answer in ("Play first", *["No companion"] * 4, *["Put into the command zone"] * 4):
                    button = page.get_by_role("button", name=answer, exact=True)
                    if button.is_visible():
                        button.click()
                        page.wait_for_timeout(150)
                fits = page.evaluate(FITS)
                page.screenshot(path=out / f"{name}-{size}.png")
                print(f"{name:22} {size:7} {fits}")
                page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
