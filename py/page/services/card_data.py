"""The card database in the page: loaded after start-up, when the browser is idle.

``static/data/cards.json`` says which database files the site has (``docs/card-data.md``);
the database itself is a gzip file the page unpacks with ``zlib`` (so a truncated or
damaged file fails its checksum instead of loading half a database). Until it is in, and
whenever it cannot be read, the engine uses its built-in catalog and the page says so in
``#card-data``. Oracle text is a second file, fetched the first time a card's text is shown,
and the cards' image addresses a third, fetched only while card images are on.

The files are untrusted input: each is bounded in size before it is read, and refused unless
its bytes have the hash its name carries (``cards-<first 12 hex digits of its SHA-256>``), so
a file swapped or damaged on the way is never read as the database the index names.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import zlib
from collections.abc import Callable
from typing import Any

from pyscript import window

from opening_hand import cards
from opening_hand.cards import CardPool, CardSource
from opening_hand.cards.carddb import CardDatabase, CardDataError
from opening_hand.share.guarded import UntrustedInputError, read_json
from page.dom import by_id, js_options
from page.services.events import when_idle

INDEX = "static/data/cards.json"
MAX_INDEX = 4096  # bytes: the index is a few fields
MAX_UNPACKED = 64_000_000  # bytes: the full database is about 5 MB unpacked
MAX_PACKED = 24_000_000  # bytes: the largest file (the oracle text) is about 3 MB of gzip
_FILE = re.compile(r"^(cards|text|images)-([0-9a-f]{12})\.txt\.gz$")
IMAGES_MAGIC = "opening-hand-images"


class Unavailable(Exception):
    """The database cannot be used; the message says why, for the player."""


async def _fetch(url: str, limit: int = MAX_PACKED) -> bytes:
    try:
        response = await window.fetch(url, js_options(cache="no-cache"))
    except Exception:
        raise Unavailable("the card data could not be fetched (offline?)") from None
    if not response.ok:
        raise Unavailable(f"the card data could not be fetched (HTTP {response.status})")
    length = str(response.headers.get("Content-Length") or "0")
    if not length.isdigit() or int(length) > limit:  # refused before a byte of it is read
        raise Unavailable("the card data file is too large")
    buffer = await response.arrayBuffer()
    if int(buffer.byteLength) > limit:
        raise Unavailable("the card data file is too large")
    return bytes(buffer.to_bytes())


def checked(name: str, data: bytes) -> bytes:
    """``data`` when its SHA-256 begins with the hash in the file's name; raises
    :class:`Unavailable` otherwise (a file that is not the one the index names)."""
    found = _FILE.match(name)
    if found is None or hashlib.sha256(data).hexdigest()[:12] != found.group(2):
        raise Unavailable("the card data file does not match its index")
    return data


async def fetch_file(name: str) -> bytes:
    """A database file beside the index, checked against the hash in its name."""
    return checked(name, await _fetch(f"static/data/{name}"))


def unpack(data: bytes) -> str:
    """A gzip file's text; raises :class:`Unavailable` when it is cut short or damaged."""
    unpacker = zlib.decompressobj(31)
    try:
        text = unpacker.decompress(data, MAX_UNPACKED)
    except zlib.error:
        raise Unavailable("the card data file is damaged") from None
    if unpacker.unconsumed_tail:
        raise Unavailable("the card data file is too large")
    if not unpacker.eof:
        raise Unavailable("the card data file is incomplete")
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError:
        raise Unavailable("the card data file is damaged") from None


def read_index(data: bytes) -> dict[str, Any]:
    """The index's fields, checked: file names can only name files beside the index."""
    if len(data) > MAX_INDEX:
        raise Unavailable("the card data index is damaged")
    try:
        index = read_json(data, "the card data index", max_chars=MAX_INDEX, max_depth=2)
    except UntrustedInputError:
        raise Unavailable("the card data index is damaged") from None
    if not isinstance(index, dict) or index.get("format") != 1:
        raise Unavailable("the card data index is from another version")
    for key in ("cards", "text", "images"):
        name = index.get(key)
        if name is not None and (not isinstance(name, str) or not _FILE.match(name)):
            raise Unavailable("the card data index is damaged")
    return index


class CardData:
    """Loads the database once, then tells the page (``on_loaded``) so it re-checks the deck
    and redraws the cards with their real type lines. ``pool`` is the card data the page reads
    cards with (``opening_hand.cards.CardPool``): a new value whenever the data changes."""

    def __init__(self, on_loaded: Callable[[], None]) -> None:
        self.on_loaded = on_loaded
        self.database: CardDatabase | None = None
        self.pool = CardPool()  # the built-in catalog until more comes in
        self.text_file: str | None = None
        self.images_file: str | None = None
        self.images: dict[str, str] | None = None  # lookup key -> image path on cards.scryfall.io
        self.state = "waiting"  # waiting, loading, loaded, built-in, unavailable
        self.status = by_id("card-data")
        self.built_in = len({info.name for info in cards.CATALOG.values()})
        self.say(f"Card data: the built-in catalog ({self.built_in} cards)")

    def say(self, text: str) -> None:
        self.said = text
        self.status.textContent = text
        self.status.dataset.state = self.state

    def note(self, text: str, state: str) -> None:
        """A word about the cards looked up on Scryfall (``scryfall_lookup``), after the status."""
        self.status.textContent = f"{self.said} {text}"
        self.status.dataset.scryfall = state

    def start(self) -> None:
        """Load when the browser is idle (never on the start-up path)."""
        when_idle(lambda *_: asyncio.ensure_future(self.load()), 2000, fallback_ms=200)

    async def load(self) -> None:
        if self.state != "waiting":
            return
        self.state = "loading"
        built_in = self.built_in
        try:
            index = read_index(await _fetch(INDEX))
            if not index.get("cards"):
                self.state = "built-in"
                self.say(f"Card data: the built-in catalog ({built_in} cards); this site has no Scryfall data")
                return
            now = window.performance
            started = now.now()
            packed = await fetch_file(index["cards"])
            fetched = now.now()
            text = unpack(packed)
            unpacked = now.now()
            database = CardDatabase.parse(text)
            parsed = now.now()
        except (Unavailable, CardDataError) as error:
            self.state = "unavailable"
            self.say(f"Card data unavailable: {error}. Using the built-in catalog ({built_in} cards).")
            return
        except Exception:  # anything else (a broken connection mid-download): the page carries on
            self.state = "unavailable"
            self.say(f"Card data unavailable: it could not be read. Using the built-in catalog ({built_in} cards).")
            return
        self.database = database
        self.text_file = index.get("text")
        self.images_file = index.get("images")
        self.pool = self.pool.with_database(database)
        self.state = "loaded"
        self.say(f"Card data: Scryfall, {database.updated[:10]}: {database.count:,} cards")
        # For `make bench`: where the load's time goes (the fetch, gzip, reading the rows).
        timings = {"fetch": fetched - started, "unpack": unpacked - fetched, "parse": parsed - unpacked}
        self.status.dataset.timings = json.dumps({k: round(v, 1) for k, v in timings.items()})
        self.on_loaded()

    def use_extra(self, extra: CardSource) -> None:
        """The cards looked up on Scryfall join the card data (after the full database)."""
        self.pool = self.pool.with_extra(extra)

    def changed(self) -> None:
        """Cards were added to a source of the pool: readings of the one before are made again."""
        self.pool = self.pool.changed()

    async def load_text(self) -> bool:
        """Fetch the oracle text once; True when it is in."""
        database = self.database
        if database is None or not self.text_file:
            return False
        if not database.has_text:
            try:
                database.add_text(unpack(await fetch_file(self.text_file)))
            except (Unavailable, CardDataError):
                self.text_file = None  # say nothing more: the card faces still show
                return False
        return True

    async def oracle_text(self, name: str) -> str | None:
        """A card's rules text, fetching the text file the first time; None when there is none."""
        if not await self.load_text() or self.database is None:
            return None
        return self.database.oracle_text(name)

    async def text_then(self, done: Callable[[], None]) -> None:
        """Fetch the oracle text, then call ``done`` (a companion condition that needs it)."""
        if await self.load_text():
            done()

    async def load_images(self) -> dict[str, str]:
        """The cards' image paths (card images on), fetched once; {} without them."""
        if self.images is None and self.images_file and self.database is not None:
            name, self.images_file = self.images_file, None  # asked for once, whatever comes
            try:
                self.images = read_images(unpack(await fetch_file(name)))
            except (Unavailable, CardDataError):
                self.images = {}
        return self.images or {}

    async def images_then(self, done: Callable[[], None]) -> None:
        """Fetch the image addresses (once), then call ``done`` when they have just come in."""
        if self.images is None and self.images_file:
            await self.load_images()
            done()


def read_images(text: str) -> dict[str, str]:
    """The images file's rows (``name<TAB>path``) by lookup key; only paths that are images on
    cards.scryfall.io are kept (``opening_hand.cards.scryfall.IMAGE_PATH``)."""
    from opening_hand.cards import normalise
    from opening_hand.cards.scryfall import IMAGE_PATH

    head, _, body = text.partition("\n")
    if not head.startswith(IMAGES_MAGIC + "\t1\t"):
        raise CardDataError("not an Opening Hand images file")
    found: dict[str, str] = {}
    for row in body.split("\n"):
        name, tab, path = row.partition("\t")
        if tab and IMAGE_PATH.fullmatch(path):
            found[normalise(name)] = path
            if " // " in name:
                found.setdefault(normalise(name.split(" // ")[0]), path)
    return found
