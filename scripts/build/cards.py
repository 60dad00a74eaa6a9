#!/usr/bin/env python3
"""Build the card database in static/data/ from Scryfall's Oracle Cards bulk file.

    python3 scripts/build/cards.py                      # download the newest file from Scryfall
    python3 scripts/build/cards.py --from oracle-cards-20251120090345.json.gz
    python3 scripts/build/cards.py --optional           # a failed download keeps the old database

The output (cards.json, cards-<hash>.txt.gz, text-<hash>.txt.gz, images-<hash>.txt.gz) is
specified in docs/card-data.md; ``prepare`` is what `make serve` runs first (scripts/build/serve.py).
The bulk file is large (about 160 MB of JSON), so it is read as a stream: bytes, gunzip,
UTF-8 and JSON are each decoded a chunk at a time, and only the compact rows
of the cards kept are held until they are sorted and written. Files are written under a
temporary name and renamed, so the page never loads a half-written database; gzip's header
carries no time or name, so the same bulk file always gives the same bytes and the same
hashed file names. Standard library only: the build runs anywhere python3 does. A card object
becomes a row through the engine's own conversion (py/opening_hand/cards/scryfall.py), the one the
page uses for cards newer than its database (a land's row carries its produces= pair).
"""

from __future__ import annotations

import argparse
import codecs
import gzip
import hashlib
import http.client
import io
import json
import os
import re
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:  # the engine's package: the one Scryfall object -> row conversion
    sys.path.append(str(ROOT / "py"))

from opening_hand.cards.scryfall import FORMATS, as_field, card_row, image_path, left_out, text_row  # noqa: E402

OUT = ROOT / "static" / "data"
API = "https://api.scryfall.com"
# Scryfall asks every client to name itself and to send an Accept header (docs/api-overview).
HEADERS = {
    "User-Agent": "OpeningHand/1.0 (+https://github.com/opening-hand)",
    "Accept": "application/json;q=0.9,*/*;q=0.8",
}
PAUSE = 0.1  # seconds between requests: Scryfall asks for 50-100 ms
TIMEOUT = 60.0  # seconds for connecting and for each read
CHUNK = 1 << 16
MAX_VALUE = 32 << 20  # one card object is a few kB; more than this undecoded means broken JSON

FORMAT = 1
SOURCE = "Scryfall Oracle Cards"
NULL_INDEX = {"format": FORMAT, "cards": None}
NUMBER_TAIL = re.compile(r"[0-9.eE+-]*")  # what may still follow a number's digits
STALE = re.compile(r"(?:cards|text|images)-[0-9a-f]+\.txt\.gz")


class SourceError(Exception):
    """The bulk file could not be had or read: no network, an HTTP error, a timeout, bad data."""


# --- reading a stream -----------------------------------------------------------------------------


class _Text:
    """A window on a stream of text chunks; consumed text is dropped whenever a chunk is added."""

    def __init__(self, chunks: Iterable[str]) -> None:
        self._chunks = iter(chunks)
        self.text = ""
        self.pos = 0
        self.ended = False

    def more(self) -> bool:
        """Append the next non-empty chunk; False at the end of the input."""
        for chunk in self._chunks:
            if chunk:
                self.text = self.text[self.pos :] + chunk
                self.pos = 0
                return True
        self.ended = True
        return False

    def peek(self) -> str:
        """The next character after any whitespace ('' at the end of the input)."""
        while True:
            text, pos = self.text, self.pos
            while pos < len(text) and text[pos] in " \t\n\r":
                pos += 1
            self.pos = pos
            if pos < len(text):
                return text[pos]
            if not self.more():
                return ""

    def value(self, decoder: json.JSONDecoder, limit: int) -> Any:
        """Decode the JSON value that starts here, reading more chunks until it is complete."""
        if not self.peek():
            raise ValueError("the JSON array ends early")
        while True:
            try:
                value, end = decoder.raw_decode(self.text, self.pos)
            except json.JSONDecodeError as error:
                if self.ended:
                    raise ValueError(f"bad JSON in the array: {error.msg}") from None
                if len(self.text) - self.pos > limit:
                    raise ValueError(f"bad JSON in the array (no value within {limit} characters)") from None
                self.more()
                continue
            # A number that runs to the end of the text ("12" of "1234", "5." of "5.5e3") may go on
            # in the next chunk: read on before accepting it. Other values end with their own mark.
            if (
                isinstance(value, int | float)
                and not self.ended
                and NUMBER_TAIL.fullmatch(self.text, end)
                and self.more()
            ):
                continue
            self.pos = end
            return value


def iter_json_array(chunks: Iterable[str], *, limit: int = MAX_VALUE) -> Iterator[Any]:
    """Each element of the JSON array spread over ``chunks`` (text cut anywhere, any whitespace),
    decoded as soon as it is complete, so the whole text is never in memory."""
    decoder = json.JSONDecoder()
    text = _Text(chunks)
    if text.peek() == "\ufeff":  # a byte order mark
        text.pos += 1
    if text.peek() != "[":
        raise ValueError("the bulk file is not a JSON array")
    text.pos += 1
    if text.peek() == "]":
        text.pos += 1
    else:
        while True:
            yield text.value(decoder, limit)
            separator = text.peek()
            text.pos += 1
            if separator == "]":
                break
            if separator != ",":
                raise ValueError(f"bad JSON in the array: {separator or 'the end'} where , or ] belongs")
    if text.peek():
        raise ValueError("bad JSON: more data after the array")


def gunzip(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """Decompress gzip as a stream (several members too, as `gzip -c a b` writes).

    Output comes in pieces of at most CHUNK bytes whatever the compression ratio: many small
    strings reuse freed memory, where a few large ones fragment it (peak memory doubled)."""
    inflate = zlib.decompressobj(wbits=47)  # 32 + 15: a gzip (or zlib) header, the largest window
    for chunk in chunks:
        data = chunk
        while data:
            out = inflate.decompress(data, CHUNK)
            if out:
                yield out
            if inflate.eof:
                data = inflate.unused_data
                if data:
                    inflate = zlib.decompressobj(wbits=47)
            else:
                data = inflate.unconsumed_tail
    while not inflate.eof and (out := inflate.decompress(b"", CHUNK)):  # output zlib still holds
        yield out
    if not inflate.eof:
        raise ValueError("the gzip data is truncated")


def _sniff_gzip(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The bytes as they are, or gunzipped when they start with gzip's magic number."""
    iterator = iter(chunks)
    head = b""
    for chunk in iterator:
        head += chunk
        if len(head) >= 2:
            break
    rest = _chain(head, iterator)
    return gunzip(rest) if head.startswith(b"\x1f\x8b") else rest


def _chain(head: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    if head:
        yield head
    yield from rest


def utf8(chunks: Iterable[bytes]) -> Iterator[str]:
    """Decode UTF-8 a chunk at a time (a character may be split between chunks)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    for chunk in chunks:
        text = decoder.decode(chunk)
        if text:
            yield text
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def _guarded(chunks: Iterator[bytes], what: str) -> Iterator[bytes]:
    """Report any failure while reading as a SourceError (one line for the user)."""
    try:
        yield from chunks
    except (OSError, http.client.HTTPException) as error:
        raise SourceError(f"{what}: {error}") from error


def parse(chunks: Iterable[bytes]) -> Iterator[Any]:
    """Card objects from the raw bytes of a bulk file (JSON, or gzip-compressed JSON)."""
    try:
        yield from iter_json_array(utf8(_sniff_gzip(chunks)))
    except (ValueError, zlib.error) as error:  # UnicodeDecodeError and JSON errors are ValueErrors
        raise SourceError(f"the bulk file is not readable: {error}") from error


# --- progress ------------------------------------------------------------------------------------


class Progress:
    """Bytes read and cards kept on stderr: a line with a bar, rewritten a few times a second on
    a terminal; only the final line otherwise (a CI log gets one line, not thousands)."""

    def __init__(self, stream: IO[str] | None = None, interval: float = 0.25) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty()
        self.interval = interval
        self.total: int | None = None
        self.read = 0
        self.kept = 0
        self._shown: float | None = None  # when the live line was last drawn

    def count(self, chunks: Iterable[bytes]) -> Iterator[bytes]:
        for chunk in chunks:
            self.read += len(chunk)
            self.tick()
            yield chunk

    def tick(self) -> None:
        now = time.monotonic()
        if self.live and (self._shown is None or now - self._shown >= self.interval):
            self._shown = now
            self.stream.write("\r" + self.line())
            self.stream.flush()

    def line(self) -> str:
        total = f" of {_size(self.total)}" if self.total else ""
        bar = ""
        if self.live and self.total:  # a bar on a terminal; a log gets the figures only
            done = min(self.read / self.total, 1.0)
            bar = f"[{'#' * int(done * 20):-<20}] {done * 100:3.0f} % "
        return f"cards: {bar}{_size(self.read)}{total} read, {self.kept} cards kept"

    def interrupt(self) -> None:
        """End a live line so that a message starts on a line of its own."""
        if self.live and self._shown is not None:
            self.stream.write("\n")

    def finish(self) -> None:
        self.stream.write(("\r" if self.live else "") + self.line() + "\n")
        self.stream.flush()


def _size(count: int) -> str:
    if count < 1000:
        return f"{count} B"
    if count < 1_000_000:
        return f"{count / 1000:.1f} kB"
    return f"{count / 1_000_000:.2f} MB"


# --- sources -------------------------------------------------------------------------------------


def read_file(path: Path, progress: Progress | None = None) -> tuple[str, Iterator[Any]]:
    """The date and the cards of a bulk file on disk. The date is the one in Scryfall's file name
    (oracle-cards-20251120090345.json), else the file's modification time."""
    try:
        size = path.stat().st_size
        stream = path.open("rb")
    except OSError as error:
        raise SourceError(f"cannot read {path}: {error.strerror or error}") from error
    updated = _date_in_name(path.name) or datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(
        timespec="seconds"
    )

    def chunks() -> Iterator[bytes]:
        with stream:
            yield from iter(lambda: stream.read(CHUNK), b"")

    raw: Iterator[bytes] = _guarded(chunks(), f"cannot read {path}")
    if progress is not None:
        progress.total = size
        raw = progress.count(raw)
    return updated, parse(raw)


def _date_in_name(name: str) -> str | None:
    """The UTC time in a bulk file's name (Scryfall's oracle-cards-20251120090345.json), or None."""
    for digits in re.findall(r"(?<!\d)\d{14}(?!\d)", name):
        try:
            return datetime.strptime(digits, "%Y%m%d%H%M%S").replace(tzinfo=UTC).isoformat()
        except ValueError:
            continue
    return None


_last_request = 0.0


def _get(url: str, timeout: float, accept_gzip: bool = False) -> http.client.HTTPResponse:
    """One GET with Scryfall's required headers, at least PAUSE after the previous request."""
    global _last_request
    if not url.startswith(("https://", "http://")):
        raise SourceError(f"not a web address: {url!r}")
    wait = _last_request + PAUSE - time.monotonic()
    if wait > 0:
        time.sleep(wait)
    headers = dict(HEADERS, **({"Accept-Encoding": "gzip"} if accept_gzip else {}))
    try:
        response: http.client.HTTPResponse = urllib.request.urlopen(
            urllib.request.Request(url, headers=headers), timeout=timeout
        )
    except urllib.error.HTTPError as error:
        raise SourceError(f"{url} answered HTTP {error.code} {error.reason}") from error
    except urllib.error.URLError as error:
        raise SourceError(f"cannot reach {url}: {error.reason}") from error
    except (OSError, http.client.HTTPException) as error:
        raise SourceError(f"cannot reach {url}: {error}") from error
    finally:
        _last_request = time.monotonic()
    return response


def bulk_data(api: str = API, timeout: float = TIMEOUT) -> tuple[str, str]:
    """The Oracle Cards bulk file's download address and date, from Scryfall's bulk-data API."""
    url = api.rstrip("/") + "/bulk-data/oracle-cards"
    with _get(url, timeout) as response:
        try:
            info = json.loads(response.read(1 << 20))  # a bulk-data object is a few hundred bytes
        except (ValueError, OSError, http.client.HTTPException) as error:
            raise SourceError(f"{url} did not answer a bulk-data object: {error}") from error
    if not isinstance(info, dict) or not isinstance(info.get("download_uri"), str):
        raise SourceError(f"{url} did not answer a bulk-data object with a download_uri")
    updated = info.get("updated_at")
    return info["download_uri"], updated if isinstance(updated, str) else ""


def download(
    api: str = API, *, timeout: float = TIMEOUT, progress: Progress | None = None
) -> tuple[str, Iterator[Any]]:
    """The date and the cards of Scryfall's newest Oracle Cards file, streamed as they arrive
    (gzip-encoded on the wire when the server agrees)."""
    uri, updated = bulk_data(api, timeout)
    response = _get(uri, timeout, accept_gzip=True)
    if response.status != 200:
        response.close()
        raise SourceError(f"{uri} answered HTTP {response.status} {response.reason}")
    encoding = (response.headers.get("Content-Encoding") or "identity").strip().lower()
    if encoding not in ("identity", "gzip", "x-gzip"):
        response.close()
        raise SourceError(f"{uri} sent an unsupported Content-Encoding: {encoding}")
    length = response.headers.get("Content-Length")

    def chunks() -> Iterator[bytes]:
        with response:
            yield from iter(lambda: response.read(CHUNK), b"")

    raw: Iterator[bytes] = _guarded(chunks(), f"the download of {uri} failed")
    if progress is not None:
        progress.total = int(length) if length and length.isdigit() else None
        raw = progress.count(raw)
    # A gzip body is recognised by its magic number, with or without Content-Encoding: gzip.
    return updated, parse(raw)


# --- writing -------------------------------------------------------------------------------------


@dataclass
class Summary:
    """What a build wrote, for the closing report."""

    count: int
    left_out: dict[str, int]
    cards_file: str
    cards_raw: int
    cards_bytes: int
    text_file: str
    text_raw: int
    text_bytes: int
    images_file: str = ""
    images_bytes: int = 0
    seconds: float = 0.0
    removed: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        reasons = ", ".join(f"{reason} {count}" for reason, count in sorted(self.left_out.items()))
        dropped = sum(self.left_out.values())
        return [
            f"cards: {self.count} cards kept, {dropped} left out" + (f" ({reasons})" if reasons else ""),
            f"cards: {self.cards_file} {_size(self.cards_raw)} raw, {_size(self.cards_bytes)} gzip",
            f"cards: {self.text_file} {_size(self.text_raw)} raw, {_size(self.text_bytes)} gzip",
            f"cards: {self.images_file} {_size(self.images_bytes)} gzip",
            f"cards: done in {self.seconds:.1f} s" + (f", removed {', '.join(self.removed)}" if self.removed else ""),
        ]


def _atomic(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Write ``path`` through a temporary file in the same folder, then rename it into place."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes it private; the server must read it
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _write_gz(out_dir: Path, stem: str, lines: Iterable[str]) -> tuple[str, int, int]:
    """Gzip the lines into ``<stem>-<hash>.txt.gz``; its name, raw size and gzip size.

    mtime=0 and no file name in the header: the same lines always give the same bytes."""
    handle, temporary = tempfile.mkstemp(dir=out_dir, prefix=f".{stem}.", suffix=".tmp")
    raw = 0
    try:
        with os.fdopen(handle, "wb") as stream:
            with gzip.GzipFile(filename="", mode="wb", fileobj=stream, compresslevel=9, mtime=0) as packed:
                for line in lines:
                    data = (line + "\n").encode("utf-8")
                    raw += len(data)
                    packed.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        digest = hashlib.sha256()
        with open(temporary, "rb") as stream:
            for block in iter(lambda: stream.read(CHUNK), b""):
                digest.update(block)
        name = f"{stem}-{digest.hexdigest()[:12]}.txt.gz"
        os.chmod(temporary, 0o644)
        os.replace(temporary, out_dir / name)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return name, raw, (out_dir / name).stat().st_size


def _write_index(out_dir: Path, index: Mapping[str, object]) -> None:
    text = json.dumps(index, ensure_ascii=False) + "\n"
    _atomic(out_dir / "cards.json", lambda stream: stream.write(text.encode("utf-8")))


def prune(out_dir: Path, keep: Iterable[str]) -> list[str]:
    """Remove database files the index no longer names (older builds); their names."""
    wanted = set(keep)
    removed = []
    for path in sorted(out_dir.glob("*.txt.gz")):
        if STALE.fullmatch(path.name) and path.name not in wanted:
            path.unlink()
            removed.append(path.name)
    return removed


def build(cards: Iterable[Any], updated: str, out_dir: Path, progress: Progress | None = None) -> Summary:
    """Write the database for ``cards`` (Scryfall card objects) into ``out_dir``.

    Only the rows of the cards kept are held in memory; the index is written last, so until then
    the page keeps loading the previous database. An error while reading leaves it untouched."""
    start = time.monotonic()
    out_dir.mkdir(parents=True, exist_ok=True)
    rows: dict[str, tuple[str, str, str]] = {}  # name -> (card row, text row, image path)
    dropped: Counter[str] = Counter()
    for card in cards:
        row = card_row(card)
        if row is None:
            dropped[left_out(card) or "not a card"] += 1
            continue
        name = row.partition("\t")[0]
        if name in rows:
            dropped["duplicate name"] += 1
            continue
        rows[name] = (row, text_row(card), image_path(card))
        if progress is not None:
            progress.kept = len(rows)
            progress.tick()
    if not rows:
        raise SourceError("the bulk file holds no cards")
    names = sorted(rows)
    updated = as_field(updated)
    cards_file, cards_raw, cards_bytes = _write_gz(
        out_dir,
        "cards",
        [
            "\t".join(("opening-hand-cards", str(FORMAT), updated, str(len(names)), ",".join(FORMATS))),
            *(rows[name][0] for name in names),
        ],
    )
    text_file, text_raw, text_bytes = _write_gz(
        out_dir,
        "text",
        ["\t".join(("opening-hand-text", str(FORMAT), updated, str(len(names)))), *(rows[name][1] for name in names)],
    )
    pictured = [name for name in names if rows[name][2]]
    images_file, _raw, images_bytes = _write_gz(
        out_dir,
        "images",
        ["\t".join(("opening-hand-images", str(FORMAT), updated, str(len(pictured)))),
         *(f"{name}\t{rows[name][2]}" for name in pictured)],
    )  # fmt: skip
    index = {"format": FORMAT, "source": SOURCE, "updated": updated, "count": len(names), "cards": cards_file,
             "text": text_file, "images": images_file, "cards_bytes": cards_bytes, "text_bytes": text_bytes,
             "images_bytes": images_bytes}  # fmt: skip
    _write_index(out_dir, index)
    removed = prune(out_dir, (cards_file, text_file, images_file))
    return Summary(len(names), dict(dropped), cards_file, cards_raw, cards_bytes, text_file, text_raw, text_bytes,
                   images_file, images_bytes, time.monotonic() - start, removed)  # fmt: skip


def has_database(out_dir: Path) -> bool:
    """Whether ``out_dir`` holds a complete database (an index naming files that exist)."""
    try:
        index = json.loads((out_dir / "cards.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(index, dict):
        return False
    files = (index.get("cards"), index.get("text"))
    return all(isinstance(name, str) and STALE.fullmatch(name) and (out_dir / name).is_file() for name in files)


def write_null_index(out_dir: Path) -> None:
    """cards.json saying there is no database: the page then uses its built-in catalog."""
    out_dir.mkdir(parents=True, exist_ok=True)
    _write_index(out_dir, NULL_INDEX)
    prune(out_dir, ())


# --- for `make serve` ---------------------------------------------------------------------------

REFRESH_AFTER = 7 * 24 * 3600  # seconds: a database older than a week is refreshed in the background
SERVE_TIMEOUT = 10.0  # seconds to connect (and per read): without internet, `make serve` goes on quickly
CATALOG_CARDS = "the built-in catalog"


def _build_from_scryfall(out_dir: Path, api: str, timeout: float, progress: Progress) -> Summary:
    updated, found = download(api, timeout=timeout, progress=progress)
    return build(found, updated, out_dir, progress)


def prepare(
    out_dir: Path = OUT,
    api: str = API,
    *,
    timeout: float = SERVE_TIMEOUT,
    stream: IO[str] | None = None,
    after: Callable[[], None] = lambda: None,
    now: float | None = None,
) -> threading.Thread | None:
    """The card data for `make serve`: built from Scryfall's bulk data when ``out_dir`` has no
    database (with a progress bar, kept for later runs); refreshed in the background when it is
    older than a week (the thread is returned; the page uses the old database until the new one
    is in). Without internet it says in one line that the page uses the built-in catalog, and
    why, and the page is served at once. ``after`` runs once a new database is written (the
    service worker's list of files is written again)."""
    out = stream if stream is not None else sys.stderr
    if has_database(out_dir):
        age = (time.time() if now is None else now) - (out_dir / "cards.json").stat().st_mtime
        if age < REFRESH_AFTER:
            return None
        days = int(age // 86400)
        print(f"cards: the card database is {days} days old: refreshing it in the background", file=out, flush=True)

        def refresh() -> None:
            try:
                summary = _build_from_scryfall(out_dir, api, timeout, Progress(io.StringIO()))
            except (SourceError, OSError) as error:
                print(f"cards: could not refresh the card database ({error}); keeping the one of {days} days ago",
                      file=out, flush=True)  # fmt: skip
                return
            after()
            print(f"cards: card database refreshed ({summary.count} cards); reload the page to use it",
                  file=out, flush=True)  # fmt: skip

        thread = threading.Thread(target=refresh, name="card data refresh", daemon=True)
        thread.start()
        return thread
    print("cards: no card database yet: building it from Scryfall's bulk data (once; `make cards` refreshes it)",
          file=out, flush=True)  # fmt: skip
    progress = Progress(out)
    try:
        summary = _build_from_scryfall(out_dir, api, timeout, progress)
    except (SourceError, OSError) as error:
        progress.interrupt()
        write_null_index(out_dir)  # there was no database: the page asks for no missing file
        print(f"cards: the page uses {CATALOG_CARDS}: cannot build the card database ({error})", file=out, flush=True)
        return None
    progress.finish()
    after()
    print(f"cards: the page uses the card database: {summary.count} cards from Scryfall", file=out, flush=True)
    return None


# --- command line --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--from", dest="source", type=Path, metavar="FILE",
                        help="build from a bulk file on disk (JSON or .gz) instead of downloading")  # fmt: skip
    parser.add_argument("--out", type=Path, default=OUT, metavar="DIR", help="output folder (default: static/data)")
    parser.add_argument("--api", default=API, metavar="URL", help=f"Scryfall's API (default: {API})")
    parser.add_argument("--updated", metavar="DATE", help="the date to record for a --from file")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, metavar="SECONDS", help="per connection and read")
    parser.add_argument("--optional", action="store_true",
                        help="on failure warn, keep the old database (or write the null index) and exit 0")  # fmt: skip
    args = parser.parse_args(argv)
    out_dir: Path = args.out
    progress = Progress()
    started = time.monotonic()
    try:
        if args.source is not None:
            updated, cards = read_file(args.source, progress)
            updated = args.updated or updated
        else:
            updated, cards = download(args.api, timeout=args.timeout, progress=progress)
        summary = build(cards, updated, out_dir, progress)
    except SourceError as error:
        progress.interrupt()
        if not args.optional:
            print(f"cards: cannot build the card database: {error}", file=sys.stderr)
            return 2
        if has_database(out_dir):
            kept = "keeping the existing database"
        else:
            write_null_index(out_dir)
            kept = "wrote the null index (the page uses its built-in catalog)"
        print(f"cards: warning: cannot build the card database: {error}; {kept}", file=sys.stderr)
        return 0
    except OSError as error:
        progress.interrupt()
        print(f"cards: cannot write the card database in {out_dir}: {error}", file=sys.stderr)
        return 2
    progress.finish()
    summary.seconds = time.monotonic() - started  # the download too, the bulk-data request included
    print("\n".join(summary.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
