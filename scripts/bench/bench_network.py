#!/usr/bin/env python3
"""A player's first visit over a real link: cold loads under Chromium's network emulation.

Localhost has no bandwidth limit, so `scripts/bench/bench.py` cannot show what the bytes of a cold
visit cost. Here every load runs in a fresh browser context with the HTTP cache disabled and
service workers blocked, and the Chrome DevTools Protocol's ``Network.emulateNetworkConditions``
holds it to a link:

* home: 20 Mbit/s down, 5 up, 40 ms round trip;
* mobile: 5 Mbit/s down, 1 up, 150 ms round trip.

The files come from a server of this script's own that sends them as GitHub Pages does:
gzip (level 6) for text, JavaScript, JSON, WebAssembly and the like; archives (.zip, .gz) and
images as they are. Each round loads, in a rotating order: the bare Pyodide page (the
yardstick), the app with Deal clicked the moment it is ready, and the app opened from a share
link (its hand replayed). Figures are the page's own clock (ms from navigation start) and the
bytes that crossed the link (each resource's encoded body) before ready and before the first
hand; ratios are to the same round's bare page, then the median over the rounds.

    .venv/bin/python scripts/bench/bench_network.py [--runs 5] [--link home|mobile] [--json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import mimetypes
import os
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))  # serve.py, the site's server
from bench_start import PLAY_FIRST, PROBE, Guard, share_link, wait_for  # noqa: E402

from serve import serve_in_thread  # noqa: E402

LINKS = {  # name -> (down Mbit/s, up Mbit/s, round trip ms)
    "home": (20.0, 5.0, 40.0),
    "mobile": (5.0, 1.0, 150.0),
}
# Targets of the first visit: the first hand against the bare page's ready, and the bytes.
TARGETS = {"home": 0.7, "mobile": 0.8}
BYTES_TARGET = 1.1
PAGES = {"bare Pyodide": "static/bench/bare.html", "app, Deal at ready": "", "app, share link": ""}
# Sent as they are: already compressed, or images.
STORED = {".zip", ".gz", ".png", ".jpg", ".jpeg", ".webp", ".ico", ".woff2"}
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}
# What crossed the link: the document and every resource, by the page's clock.
BYTES = """() => {
  const t = window.__t;
  const nav = performance.getEntriesByType("navigation")[0];
  const all = [{ end: nav.responseEnd, bytes: nav.encodedBodySize, name: location.pathname },
    ...performance.getEntriesByType("resource").map((e) => ({ end: e.responseEnd, bytes: e.encodedBodySize,
      name: e.name.replace(location.origin, "") }))];
  const before = (ms) => all.filter((e) => ms !== undefined && e.end <= ms).reduce((s, e) => s + e.bytes, 0);
  return { ready: t.ready, hand: t.hand, beforeReady: before(t.ready), beforeHand: before(t.hand ?? t.ready),
           files: all.filter((e) => e.end <= (t.hand ?? t.ready)).map((e) => [e.name, e.bytes]) };
}"""


class Pages(SimpleHTTPRequestHandler):
    """The site as GitHub Pages sends it: gzip for what it compresses, the rest as it is."""

    cache: ClassVar[dict[str, tuple[bytes, bool]]] = {}
    lock = threading.Lock()

    def do_GET(self) -> None:
        path = unquote(urlsplit(self.path).path).lstrip("/") or "index.html"
        file = (ROOT / path).resolve()
        if ROOT not in file.parents or not file.is_file():
            self.send_error(404)
            return
        with self.lock:
            if path not in self.cache:
                data = file.read_bytes()
                zipped = file.suffix not in STORED
                self.cache[path] = (gzip.compress(data, 6, mtime=0) if zipped else data, zipped)
            body, zipped = self.cache[path]
        self.send_response(200)
        kind = TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        self.send_header("Content-Type", kind)
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def load(browser: Browser, origin: str, name: str, link: str, fragment: str) -> dict[str, Any]:
    down, up, rtt = LINKS[link]
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": rtt,
            "downloadThroughput": down * 1e6 / 8, "uploadThroughput": up * 1e6 / 8,
        })  # fmt: skip
        guard = Guard(page, origin)
        page.add_init_script(PROBE)
        if name == "app, Deal at ready":
            page.add_init_script("window.__dealAtReady = true; " + PLAY_FIRST)
        page.goto(origin + PAGES[name] + (fragment if name == "app, share link" else ""), timeout=300_000)
        app = name.startswith("app")
        wait_for(page, guard, "window.__t.frame !== undefined" if app else "window.__t.ready !== undefined", name)
        guard.check()
        figures: dict[str, Any] = page.evaluate(BYTES)
        return figures
    finally:
        context.close()


def median(values: list[float]) -> float:
    return statistics.median(values)


def run(browser: Browser, origin: str, link: str, runs: int, fragment: str) -> dict[str, Any]:
    names = list(PAGES)
    rounds = []
    for r in range(runs):
        order = names[r % len(names) :] + names[: r % len(names)]
        rounds.append({name: load(browser, origin, name, link, fragment) for name in order})
    bare = [x["bare Pyodide"] for x in rounds]
    deal = [x["app, Deal at ready"] for x in rounds]
    shared = [x["app, share link"] for x in rounds]
    ratio = {
        "app ready": [d["ready"] / b["ready"] for d, b in zip(deal, bare, strict=True)],
        "first hand (Deal at ready)": [d["hand"] / b["ready"] for d, b in zip(deal, bare, strict=True)],
        "share link's hand": [s["hand"] / b["ready"] for s, b in zip(shared, bare, strict=True)],
        "bytes before the first hand": [d["beforeHand"] / b["beforeReady"] for d, b in zip(deal, bare, strict=True)],
    }
    return {
        "link": link,
        "runs": runs,
        "ms": {
            "bare Pyodide ready": median([b["ready"] for b in bare]),
            "app ready": median([d["ready"] for d in deal]),
            "first hand (Deal at ready)": median([d["hand"] for d in deal]),
            "share link's hand": median([s["hand"] for s in shared]),
        },
        "ratio": {name: median(values) for name, values in ratio.items()},
        "all ratios": ratio,
        "bytes": {
            "bare Pyodide, before ready": median([b["beforeReady"] for b in bare]),
            "app, before ready": median([d["beforeReady"] for d in deal]),
            "app, before the first hand": median([d["beforeHand"] for d in deal]),
        },
        "files": sorted(deal[0]["files"], key=lambda f: -f[1])[:12],
    }


def report(result: dict[str, Any]) -> None:
    down, up, rtt = LINKS[result["link"]]
    print(f"  {result['link']} link ({down:g} Mbit/s down, {up:g} up, {rtt:g} ms round trip), "
          f"median of {result['runs']} cold visits:")  # fmt: skip
    for name, ms in result["ms"].items():
        print(f"    {name:<40}{ms:>9.0f} ms")
    for name, value in result["ratio"].items():
        target = BYTES_TARGET if name.startswith("bytes") else TARGETS[result["link"]] if "first" in name else None
        verdict = f"  target <= {target:g}  {'ok' if value <= target else 'MISSED'}" if target else ""
        print(f"    {name + ' / bare ready' if not name.startswith('bytes') else name + ' / bare':<52}"
              f"{value:>7.3f}{verdict}")  # fmt: skip
    for name, size in result["bytes"].items():
        print(f"    bytes: {name:<36}{size / 1e6:>7.2f} MB")
    print("    largest files before the first hand: "
          + ", ".join(f"{n.rsplit('/', 1)[-1]} {b / 1e6:.2f} MB" for n, b in result["files"][:6]))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="rounds per link (default 5, at least 5)")
    parser.add_argument("--link", choices=[*LINKS, "both"], default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = max(5, args.runs)
    links = list(LINKS) if args.link == "both" else [args.link]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    plain, plain_origin = serve_in_thread()
    launch: dict[str, Any] = {"args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]}
    if os.path.exists("/usr/bin/chromium"):
        launch["executable_path"] = "/usr/bin/chromium"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)
            fragment = share_link(browser, plain_origin)
            results = [run(browser, origin, link, runs, fragment) for link in links]
            browser.close()
    finally:
        server.shutdown()
        plain.shutdown()
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("Opening Hand, first visit over an emulated link (cache off, files gzip-compressed as Pages sends them)")
    for result in results:
        report(result)


if __name__ == "__main__":
    main()
