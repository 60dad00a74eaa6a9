#!/usr/bin/env python3
"""Card database benchmark (a script that prints figures, not a test; part of `make bench`).

Builds a realistic database of 30,000 synthetic cards in Scryfall's Oracle Cards format
with scripts/build/cards.py (the real file is not reachable from CI machines), then prints:

* the database's size, raw and gzip (goal: cards file <= 1.5 MB gzip), and the build time;
* in Chromium: the time to fetch, unpack and read it after ready (goal <= 300 ms), and the
  time to ready with and without a database to load (it must not move: the load is idle work);
* checking a 100-card list against it (the deck panel's whole refresh; goal <= 20 ms);
* a suggestion for a misspelt name, the first one (which builds the index) and later ones
  (goal <= 30 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))  # serve.py, the site's server
from bench import LAUNCH_ARGS, READY_TIMEOUT_S  # noqa: E402

from serve import serve_in_thread  # noqa: E402

SYLLABLES = ("ka", "ra", "li", "on", "th", "el", "an", "ur", "gor", "mor", "vel", "sha", "dra", "ni", "ta", "bel",
             "cor", "fin", "ith", "wyn", "ald", "ost", "ver", "mi", "so")  # fmt: skip
TYPES = [
    "Creature — Human Wizard", "Creature — Elf Druid", "Instant", "Sorcery", "Land", "Artifact — Equipment",
    "Enchantment — Aura", "Legendary Creature — Dragon", "Planeswalker — Jace", "Artifact Creature — Golem",
]  # fmt: skip
FORMATS = ("standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern", "legacy",
           "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl", "alchemy",
           "paupercommander", "duel", "oldschool", "premodern", "predh")  # fmt: skip
CHECK_MS, SUGGEST_MS, LOAD_MS, GZIP_MB = 20.0, 30.0, 300.0, 1.5


def synthetic_cards(count: int, seed: int = 16) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    words = sorted({"".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize() for _ in range(9000)})
    names: set[str] = set()
    while len(names) < count:
        names.add(" ".join(rng.choice(words) for _ in range(rng.choice((1, 2, 2, 3, 3, 4)))))
    cards = []
    for name in sorted(names):
        cost = "".join(rng.choice(("{1}", "{2}", "{R}", "{U}", "{G}", "{W}", "{B}")) for _ in range(rng.randint(0, 4)))
        colours = sorted({c for c in cost if c in "WUBRG"})
        card: dict[str, Any] = {
            "object": "card", "id": f"{rng.getrandbits(128):032x}", "oracle_id": f"{rng.getrandbits(128):032x}",
            "name": name, "lang": "en", "layout": "normal", "mana_cost": cost, "cmc": float(len(colours)),
            "type_line": rng.choice(TYPES),
            "oracle_text": " ".join(rng.choice(words) for _ in range(rng.randint(5, 60))),
            "colors": colours, "color_identity": colours,
            "legalities": {f: rng.choice(("legal", "not_legal", "legal", "banned")) for f in FORMATS},
            "set": "xyz", "rarity": "common",
        }  # fmt: skip
        if rng.random() < 0.03:  # a few double-faced cards
            back = rng.choice(words)
            card.update(layout="transform", name=f"{name} // {back}", type_line=f"{card['type_line']} // Creature")
            card["card_faces"] = [
                {"name": name, "mana_cost": cost, "type_line": card["type_line"].split(" // ")[0], "colors": colours},
                {"name": back, "mana_cost": "", "type_line": "Creature", "colors": colours},
            ]
            del card["mana_cost"]
        cards.append(card)
    return cards


def build(folder: Path, count: int) -> dict[str, Any]:
    bulk = folder / "oracle-cards.json"
    with bulk.open("w", encoding="utf-8") as out:
        out.write("[\n" + ",\n".join(json.dumps(c) for c in synthetic_cards(count)) + "\n]\n")
    data = folder / "data"
    started = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts/build/cards.py"), "--from", str(bulk), "--out", str(data)],
                   check=True, capture_output=True)  # fmt: skip
    seconds = time.perf_counter() - started
    index = json.loads((data / "cards.json").read_text())
    raw = subprocess.run(["gzip", "-dc", str(data / index["cards"])], check=True, capture_output=True).stdout
    text = subprocess.run(["gzip", "-dc", str(data / index["text"])], check=True, capture_output=True).stdout
    return {"folder": data, "index": index, "build_s": seconds, "bulk_mb": bulk.stat().st_size / 1e6,
            "cards_raw": len(raw), "cards_gz": (data / index["cards"]).stat().st_size,
            "text_raw": len(text), "text_gz": (data / index["text"]).stat().st_size,
            "names": [line.split("\t", 1)[0] for line in raw.decode().splitlines()[1:]]}  # fmt: skip


def route_data(page: Page, folder: Path | None) -> None:
    def answer(route: Route) -> None:
        name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
        if folder is None:
            route.fulfill(json={"format": 1, "cards": None})
        elif (folder / name).is_file():
            route.fulfill(body=(folder / name).read_bytes(), content_type="application/octet-stream")
        else:
            route.fulfill(status=404, body="")

    page.route("**/static/data/*", answer)


READY_AT = """new MutationObserver((_, o) => { if (document.body && document.body.dataset.ready === "true") {
  window.readyAt = performance.now(); o.disconnect(); } }).observe(document, {attributes: true, subtree: true});"""
TIME_CHANGE = """([text, selector]) => { const box = document.getElementById("decklist"); box.value = text;
  const start = performance.now(); box.dispatchEvent(new Event("change"));
  return [performance.now() - start, document.querySelector(selector).innerText,
          Number(document.getElementById("deck-problems").dataset.checkMs || 0)]; }"""


def in_browser(url: str, built: dict[str, Any], rounds: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"ready_with": [], "ready_without": [], "load": [], "check": [], "suggest_first": [],
                               "suggest_again": [], "refresh": [], "refresh_without": []}  # fmt: skip
    names: list[str] = built["names"]
    rng = random.Random(1)
    with sync_playwright() as p:
        browser = p.chromium.launch(args=LAUNCH_ARGS, executable_path="/usr/bin/chromium"
                                    if Path("/usr/bin/chromium").exists() else None)  # fmt: skip
        for number in range(rounds):
            for with_data in (True, False) if number % 2 else (False, True):  # neither always goes first
                context = browser.new_context(service_workers="block")
                context.add_init_script("globalThis.openingHandSnapshot = false;" + READY_AT)
                page = context.new_page()
                route_data(page, built["folder"] if with_data else None)
                page.goto(url)
                page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_S * 1000)
                figures["ready_with" if with_data else "ready_without"].append(page.evaluate("window.readyAt"))
                if with_data:
                    status = page.locator("#card-data[data-state='loaded']")
                    status.wait_for(timeout=READY_TIMEOUT_S * 1000)
                    timings = json.loads(status.get_attribute("data-timings") or "{}")
                    figures["load"].append(sum(timings.values()))
                    figures.setdefault("load_parts", []).append(timings)
                    deck = "\n".join(f"{rng.randint(1, 4)} {rng.choice(names)}" for _ in range(30))
                    deck += "\n" + "\n".join(f"1 {rng.choice(names)}" for _ in range(70))
                    page.evaluate(TIME_CHANGE, [deck, "#deck-summary"])  # the first reads each card's row once
                    for extra in ("", "\n1 " + rng.choice(names), ""):
                        ms, _, check = page.evaluate(TIME_CHANGE, [deck + extra, "#deck-summary"])
                        figures["refresh"].append(ms)
                        figures["check"].append(check)
                    for key in ("suggest_first", "suggest_again"):
                        name = rng.choice(names)
                        typo = name[:4] + name[5:] if len(name) > 6 else name + "x"
                        ms, shown, check = page.evaluate(TIME_CHANGE, [deck + f"\n1 {typo}", "#deck-problems"])
                        assert "did you mean" in shown or "no card named" in shown, shown
                        figures[key].append(check)
                else:
                    deck = "\n".join(f"{rng.randint(1, 4)} {rng.choice(names)}" for _ in range(30))
                    deck += "\n" + "\n".join(f"1 {rng.choice(names)}" for _ in range(70))
                    page.evaluate(TIME_CHANGE, [deck, "#deck-summary"])
                    for extra in ("", "\n1 " + rng.choice(names), ""):
                        ms, _, _check = page.evaluate(TIME_CHANGE, [deck + extra, "#deck-summary"])
                        figures["refresh_without"].append(ms)
                context.close()
        browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=30_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        built = build(Path(tmp), args.cards)
        server, url = serve_in_thread()
        try:
            figures = in_browser(url, built, args.rounds)
        finally:
            server.shutdown()
    med = {k: statistics.median(v) for k, v in figures.items() if v and isinstance(v[0], float | int)}
    bulk = f"{built['bulk_mb']:.0f} MB of bulk JSON"
    print(f"Card database, {args.cards:,} synthetic cards ({bulk}), {args.rounds} rounds")
    gz = built["cards_gz"] / 1e6
    print(f"  cards file     {built['cards_raw'] / 1e6:6.2f} MB raw  {gz:6.2f} MB gzip   goal <= {GZIP_MB} MB gzip "
          f"{'ok' if gz <= GZIP_MB else 'MISSED'}")  # fmt: skip
    print(f"  text file      {built['text_raw'] / 1e6:6.2f} MB raw  {built['text_gz'] / 1e6:6.2f} MB gzip   "
          "(fetched only for the enlarged card)")  # fmt: skip
    print(f"  build          {built['build_s']:6.1f} s (scripts/build/cards.py --from)")
    parts = {k: statistics.median(t[k] for t in figures["load_parts"]) for k in figures["load_parts"][0]}
    print(
        f"  load in page   {med['load']:6.0f} ms median (fetch {parts['fetch']:.0f}, gunzip {parts['unpack']:.0f}, "
        f"read {parts['parse']:.0f})   goal <= {LOAD_MS:.0f} ms {'ok' if med['load'] <= LOAD_MS else 'MISSED'}"
    )
    ratio = med["ready_with"] / med["ready_without"]
    print(
        f"  ready          {med['ready_with']:6.0f} ms with a database to load, {med['ready_without']:.0f} ms "
        f"without (ratio {ratio:.2f}; the load is idle work after ready)"
    )
    for key, label, goal in (("check", "check 100 cards", CHECK_MS), ("suggest_first", "first suggestion", SUGGEST_MS),
                             ("suggest_again", "next suggestion", SUGGEST_MS)):  # fmt: skip
        print(
            f"  {label:<17}{med[key]:6.1f} ms median (names, pool and identity checked, problems shown)   "
            f"goal <= {goal:.0f} ms {'ok' if med[key] <= goal else 'MISSED'}"
        )
    print(
        f"  deck refresh   {med['refresh']:6.1f} ms median with the database, "
        f"{med['refresh_without']:.1f} ms without (the panel's whole update: summary, land marks, key-card menu)"
    )


if __name__ == "__main__":
    main()
