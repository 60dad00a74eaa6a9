#!/usr/bin/env python3
"""A small static server for the app on 127.0.0.1 (development and tests).

It serves only what GitHub Pages would publish - index.html, pyscript.toml, py/ and
static/ - with the MIME types the browser insists on for module scripts and wasm, and
`Cache-Control: no-cache` so a rebuilt file is never served stale. ``--base /repo/``
serves the site under a sub-path, as GitHub Pages does for a project site, and
``--max-age 600`` sends the caching header GitHub Pages sends (for testing releases).
``--card-data`` (what `make serve` runs) first makes sure static/data/ has the card database:
built from Scryfall's bulk data when missing, refreshed in the background when older than a
week, the built-in catalog (and one line saying why) without internet (scripts/build/cards.py,
``prepare``; ``--api`` names another Scryfall, as the tests do).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import sys
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

import pybundle

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED_FILES = {"index.html", "pyscript.toml", "sw.js"}
PUBLISHED_DIRS = ("py/", "static/")
BUNDLE_LOCK = threading.Lock()


class Server(ThreadingHTTPServer):
    # socketserver's default backlog is 5: a page and its service worker opening a dozen
    # connections at once on a busy machine would see some refused and retried seconds later.
    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that closed the connection mid-download (a page or a test that moved on)
        is no error of the server's: only other failures are printed."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class Handler(SimpleHTTPRequestHandler):
    base = "/"  # the site's path prefix, e.g. "/opening-hand/" on GitHub Pages
    others: ClassVar[dict[str, str]] = {}  # more sites on the same origin: path prefix -> folder
    cache_control = "no-cache"  # GitHub Pages sends "max-age=600"
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".zip": "application/zip",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }

    def _site_path(self) -> str | None:
        """The request's path inside its site (whose folder becomes the one served), or None
        when it is outside every site."""
        path = unquote(urlsplit(self.path).path)
        for base, folder in sorted(self.others.items(), key=lambda item: -len(item[0])):
            if path.startswith(base):
                self.directory = folder
                return path[len(base) :]
        if not path.startswith(self.base):
            return None
        return path[len(self.base) :]

    def translate_path(self, path: str) -> str:
        inside = self._site_path()
        return super().translate_path("/" + (inside or ""))

    def _published(self) -> bool:
        inside = self._site_path()
        if inside is None:
            return False
        path = inside.lstrip("/")
        if path in ("", *PUBLISHED_FILES):
            return True
        return path.startswith(PUBLISHED_DIRS) and ".." not in path.split("/")

    def do_GET(self) -> None:
        if not self._published():
            self.send_error(404, "Not published")
            return
        if self._site_path() in (pybundle.NAME, pybundle.BYTECODE_NAME) and Path(self.directory) == ROOT:
            with BUNDLE_LOCK:  # py/ edited since: the next reload runs the edit (the bytecode is asked first)
                if pybundle.stale():
                    pybundle.write(compile=False)
        super().do_GET()

    def do_HEAD(self) -> None:
        if not self._published():
            self.send_error(404, "Not published")
            return
        super().do_HEAD()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


def _prefix(base: str) -> str:
    return "/" + base.strip("/") + "/" if base.strip("/") else "/"


def make_server(
    port: int = 8000,
    quiet: bool = False,
    base: str = "/",
    root: Path = ROOT,
    max_age: int | None = None,
    others: dict[str, Path] | None = None,
) -> ThreadingHTTPServer:
    base = _prefix(base)
    cache_control = "no-cache" if max_age is None else f"max-age={max_age}"
    sites = {_prefix(prefix): str(folder) for prefix, folder in (others or {}).items()}
    handler = type("SiteHandler", (Handler,), {"base": base, "cache_control": cache_control, "others": sites})
    server = Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.quiet = quiet  # type: ignore[attr-defined]
    return server


def serve_in_thread(
    port: int = 0, base: str = "/", root: Path = ROOT, max_age: int | None = None, others: dict[str, Path] | None = None
) -> tuple[ThreadingHTTPServer, str]:
    """Start a quiet server on a free port in a daemon thread (for tests and benchmarks);
    ``root`` serves another copy of the site (e.g. one built by site_build.py), ``max_age``
    lets browsers cache files as GitHub Pages does, and ``others`` ({"/b/": folder}) puts
    more sites on the same origin, as several project sites share user.github.io."""
    server = make_server(port, quiet=True, base=base, root=root, max_age=max_age, others=others)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{_prefix(base)}"


def prepare_card_data(root: Path, api: str | None) -> None:
    """The card database for the page (scripts/build/cards.py, ``prepare``); a new one goes into the
    service worker's list of files too (scripts/build/vendor.py)."""
    import cards
    import vendor

    after = vendor.write_precache if root == ROOT else (lambda: None)
    cards.prepare(root / "static" / "data", api or cards.API, after=lambda: _quietly(after))


def _quietly(work: Callable[[], None]) -> None:
    with contextlib.redirect_stdout(io.StringIO()):  # vendor's own report would break into the server's log
        work()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/", help="serve under this path, e.g. /opening-hand/ (as GitHub Pages)")
    parser.add_argument("--max-age", type=int, help="let browsers cache files this many seconds (Pages: 600)")
    parser.add_argument("--card-data", action="store_true", help="build or refresh static/data/ first (make serve)")
    parser.add_argument("--api", default=None, help="Scryfall's API for --card-data (default: api.scryfall.com)")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve another copy of the site")
    args = parser.parse_args()
    if args.card_data:
        prepare_card_data(args.root, args.api)
    server = make_server(args.port, base=args.base, max_age=args.max_age, root=args.root)
    base = server.RequestHandlerClass.func.base  # type: ignore[attr-defined]
    print(f"Opening Hand is served at http://127.0.0.1:{server.server_address[1]}{base} (Ctrl+C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
