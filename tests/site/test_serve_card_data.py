"""`make serve` gets the card data (issue 31): it builds static/data/ from Scryfall's bulk
data when there is no database (with a progress line, kept for later runs), refreshes a
database older than a week in the background, and without internet says in one line that
the page uses the built-in catalog, and why, and serves at once.

Scryfall is a local server here (``--api``), answering in its documented formats: the
bulk-data object and the Oracle Cards file (the Scryfall-format fixtures, gzipped).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import cards
import pytest

from tests.engine.deck_fixtures import card_objects

ROOT = Path(__file__).resolve().parents[2]
UPDATED = "2026-11-20T09:03:45.073+00:00"
BULK = json.dumps(card_objects()).encode("utf-8")
KEPT = len({c["name"] for c in card_objects() if cards.card_row(c) is not None})


class Scryfall(BaseHTTPRequestHandler):
    """Scryfall's bulk-data endpoint and its file server, recording each request."""

    host = ""
    paths: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.paths.append(self.path)
        if self.path == "/bulk-data/oracle-cards":
            body = json.dumps({"object": "bulk_data", "type": "oracle_cards", "updated_at": UPDATED,
                               "download_uri": f"{self.host}/file/oracle-cards-20261120090345.json",
                               "content_type": "application/json", "content_encoding": "gzip"}).encode()  # fmt: skip
            self.reply(body, "application/json")
        elif self.path.startswith("/file/"):
            self.reply(gzip.compress(BULK), "application/gzip")
        else:
            self.send_error(404)

    def reply(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def scryfall() -> Iterator[tuple[str, list[str]]]:
    handler: type[Scryfall] = type("Handler", (Scryfall,), {"paths": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    handler.host = f"http://127.0.0.1:{server.server_port}"
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield handler.host, handler.paths
    server.shutdown()
    server.server_close()


@pytest.fixture
def offline() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens: the connection is refused, as without internet


def index(out: Path) -> dict[str, object]:
    found = json.loads((out / "cards.json").read_text(encoding="utf-8"))
    assert isinstance(found, dict)
    return found


def test_without_a_database_it_is_built_from_the_bulk_data_and_kept(
    tmp_path: Path, scryfall: tuple[str, list[str]]
) -> None:
    api, paths = scryfall
    said, written = io.StringIO(), []
    assert cards.prepare(tmp_path, api, stream=said, after=lambda: written.append(1)) is None
    assert cards.has_database(tmp_path) and index(tmp_path)["count"] == KEPT and written == [1]
    lines = said.getvalue().splitlines()
    assert lines[0].startswith("cards: no card database yet: building it from Scryfall's bulk data")
    assert re.fullmatch(rf"cards: ([\d.]+ kB) of \1 read, {KEPT} cards kept", lines[1]), "the progress, at its end"
    assert lines[2] == f"cards: the page uses the card database: {KEPT} cards from Scryfall"
    assert paths == ["/bulk-data/oracle-cards", "/file/oracle-cards-20261120090345.json"]
    # The next `make serve` starts at once: a database of today is used as it is, nothing is asked.
    assert cards.prepare(tmp_path, api, stream=io.StringIO()) is None and len(paths) == 2


def test_without_internet_one_line_says_the_page_uses_the_catalog_and_why(tmp_path: Path, offline: str) -> None:
    said = io.StringIO()
    assert cards.prepare(tmp_path, offline, stream=said, timeout=2.0) is None
    first, why = said.getvalue().splitlines()
    assert first.startswith("cards: no card database yet")
    assert why.startswith("cards: the page uses the built-in catalog: cannot build the card database (cannot reach ")
    assert index(tmp_path) == {"format": 1, "cards": None}, "the page asks for no missing file"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.json"]


def test_a_database_older_than_a_week_is_refreshed_in_the_background(
    tmp_path: Path, scryfall: tuple[str, list[str]]
) -> None:
    api, _ = scryfall
    cards.build(iter(card_objects()[:30]), "2026-01-01T00:00:00+00:00", tmp_path)
    old = index(tmp_path)
    eight_days = time.time() - 8 * 24 * 3600
    os.utime(tmp_path / "cards.json", (eight_days, eight_days))
    said, written = io.StringIO(), []
    thread = cards.prepare(tmp_path, api, stream=said, after=lambda: written.append(1))
    assert thread is not None
    thread.join(30)
    assert not thread.is_alive() and written == [1]
    new = index(tmp_path)
    assert new["count"] == KEPT and new["cards"] != old["cards"]
    assert not (tmp_path / str(old["cards"])).exists(), "the old files go"
    assert said.getvalue().splitlines() == [
        "cards: the card database is 8 days old: refreshing it in the background",
        f"cards: card database refreshed ({KEPT} cards); reload the page to use it",
    ]


def test_a_failed_refresh_keeps_the_database_it_had(tmp_path: Path, offline: str) -> None:
    cards.build(iter(card_objects()[:30]), "2026-01-01T00:00:00+00:00", tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    os.utime(tmp_path / "cards.json", (0, 0))
    said = io.StringIO()
    thread = cards.prepare(tmp_path, offline, stream=said, timeout=2.0)
    assert thread is not None
    thread.join(30)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert said.getvalue().splitlines()[1].startswith("cards: could not refresh the card database (cannot reach ")


def test_serve_builds_the_database_through_api_and_serves_it(tmp_path: Path, scryfall: tuple[str, list[str]]) -> None:
    api, _ = scryfall
    (tmp_path / "static" / "data").mkdir(parents=True)
    command = [sys.executable, str(ROOT / "scripts" / "build" / "serve.py"), "--port", "0", "--card-data", "--api", api,
               "--root", str(tmp_path)]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, line
        with urllib.request.urlopen(found.group(0) + "static/data/cards.json", timeout=10) as answer:
            served = json.loads(answer.read())
        assert served["count"] == KEPT
        with urllib.request.urlopen(found.group(0) + f"static/data/{served['cards']}", timeout=10) as answer:
            assert gzip.decompress(answer.read()).startswith(b"opening-hand-cards\t1\t")
    finally:
        server.terminate()
        server.wait(10)
    assert server.stderr is not None
    assert f"cards: the page uses the card database: {KEPT} cards from Scryfall" in server.stderr.read()


def test_make_serve_gets_the_card_data_and_make_test_never_downloads_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(
        r"^serve: runtime\n\t\$\(PY\) scripts/build/serve\.py --port \$\(PORT\) --card-data$", makefile, re.M
    )
    test_recipe = re.search(r"^test:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert test_recipe and "cards" not in test_recipe.group(0) and "card-data" not in test_recipe.group(0)
    conftest = (ROOT / "tests" / "browser" / "conftest.py").read_text(encoding="utf-8")
    assert "--card-data" not in conftest and "download(" not in conftest
    assert cards.SERVE_TIMEOUT <= 10, "without internet `make serve` goes on within seconds"
