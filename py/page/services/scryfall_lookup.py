"""Cards the page does not know, looked up on Scryfall (issues 16, 31 and 34).

Nothing is sent unless the player asked: with "Show card images from Scryfall" on, the
decklist's names the card data does not know (and, for the images, the names whose image
address it lacks) are looked up once the list rests; with the option off, one click on "Look
them up on Scryfall" (the notice beside the hand) sends that one look-up and nothing more.
Names go in one batch through ``POST /cards/collection`` (at most 75 a request), paced by
``page.services.pacing`` (2 a second on this endpoint, 10 a second in all, 30 seconds of quiet
after an HTTP 429, longer when its Retry-After says so: a name that comes up meanwhile waits).

Each card found becomes a database row through the engine's own conversion
(``opening_hand.cards.scryfall.card_row``) and joins the card data: the full database when it is
in, else a small database of its own that the engine consults before its built-in catalog
(``CardData.use_extra``), so the deck checks, the counts, the outlook and the faces know it. Its
image address (``image_uris``, on cards.scryfall.io only) is kept with it. Both are kept in
this browser (``opening-hand/extra-cards``, the most recent 500), so the deck is known after
a reload and offline. A name is asked for once per visit, found or not; a failure keeps
what the page had and says so in one message.

Everything fetched or read back from storage is checked (sizes, depth, types, the row
format) before use; what is not right is left out, never shown as markup.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from opening_hand.cards import CardPool, normalise
from opening_hand.cards.carddb import CardDatabase, is_row
from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.scryfall import FORMATS, IMAGE_PATH, card_row, image_path
from opening_hand.errors import DecklistError
from opening_hand.share.guarded import UntrustedInputError, read_json
from page.dom import js_options
from page.services import saved_data
from page.services.pacing import Pacer

API = "https://api.scryfall.com/cards/collection"
ENDPOINT = "/cards/collection"
STORAGE_KEY = "opening-hand/extra-cards"
BATCH = 75  # identifiers a request may carry (Scryfall's limit)
TIMEOUT_MS = 15_000
DEBOUNCE_MS = 600  # after the last change of the decklist
MAX_KEPT = 500  # cards kept in the browser, the most recent
MAX_STORED = 1_000_000  # characters: a kept value larger than this is not read
MAX_ANSWER = 8_000_000  # bytes: 75 card objects are about 400 kB
MAX_NAME = 200  # characters: the longest card name has 141
MAX_NAMES = 3 * BATCH  # names asked for at once (a pasted wall of text is not sent whole)
EMPTY = "\t".join(("opening-hand-cards", "1", "", "0", ",".join(FORMATS))) + "\n"


class Unanswered(Exception):
    """Scryfall did not answer usefully; the message says how, for the player."""


def read_kept(text: str | None) -> tuple[tuple[str, ...], list[str], dict[str, str]]:
    """The formats, rows and image paths kept by an earlier visit; nothing when the value is
    not one we wrote."""
    nothing: tuple[tuple[str, ...], list[str], dict[str, str]] = (FORMATS, [], {})
    if not text:
        return nothing
    try:  # what we write is 2 levels deep
        kept = read_json(text, "the kept cards", max_chars=MAX_STORED, max_depth=2)
    except UntrustedInputError:
        return nothing
    if not isinstance(kept, dict) or kept.get("format") != 1:
        return nothing
    formats, rows, images = kept.get("formats"), kept.get("rows"), kept.get("images", {})
    if not isinstance(formats, list) or not 0 < len(formats) <= 40 or not isinstance(rows, list):
        return nothing
    if not all(isinstance(f, str) and f.isascii() and f.isalnum() and len(f) <= 40 for f in formats):
        return nothing
    paths = {k: v for k, v in images.items() if isinstance(v, str) and IMAGE_PATH.fullmatch(v) and len(k) <= MAX_NAME}
    return tuple(formats), [row for row in rows[-MAX_KEPT:] if is_row(row)], paths if isinstance(images, dict) else {}


def dump_kept(rows: list[str], images: dict[str, str]) -> str:
    rows = rows[-MAX_KEPT:]
    keys = {normalise(row.partition("\t")[0]) for row in rows}
    kept = {key: path for key, path in images.items() if key in keys}
    return json.dumps({"format": 1, "formats": list(FORMATS), "rows": rows, "images": kept}, ensure_ascii=False)


def _keys(name: str) -> set[str]:
    """The lookup keys a card answers to: its name and each face's."""
    return {normalise(name), *(normalise(face) for face in name.split(" // "))}


def found_rows(answer: object, asked: set[str]) -> tuple[list[str], dict[str, str], int]:
    """The rows and image paths of the cards in a /cards/collection answer that were asked
    for (by name or a face's name), and how many names Scryfall did not find; raises
    :class:`Unanswered` when the answer is not a list object."""
    if not isinstance(answer, dict) or not isinstance(answer.get("data"), list):
        raise Unanswered("Scryfall's answer could not be read")
    missing = answer.get("not_found")
    rows: list[str] = []
    images: dict[str, str] = {}
    for card in answer["data"][: 2 * BATCH]:
        row = card_row(card)
        if row is not None and is_row(row) and (keys := _keys(row.partition("\t")[0])) & asked:
            rows.append(row)
            if path := image_path(card):
                images.update(dict.fromkeys(keys, path))
    return rows, images, len(missing) if isinstance(missing, list) else 0


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


class ScryfallLookup:
    """Looks the decklist's unknown names up when the option is on (``enabled``) or at one
    click (``look_up``); ``say`` reports (after the card data's status, and in the notice);
    ``on_added`` has the page check the deck again and redraw the cards."""

    def __init__(
        self,
        *,
        say: Callable[[str, str], None],
        on_added: Callable[[], None],
        decklist: Callable[[], str],
        enabled: Callable[[], bool],
        image_paths: Callable[[], Awaitable[dict[str, str]]],
        card_pool: Callable[[], CardPool],
    ) -> None:
        self.say_to = say
        self.image_paths = image_paths  # the card data's image addresses (fetched when first asked)
        self.on_added = on_added
        self.decklist = decklist
        self.enabled = enabled
        self.card_pool = card_pool  # the card data the page reads cards with
        self.pacer = Pacer(lambda: float(window.performance.now()))
        formats, rows, self.images = read_kept(saved_data.read(STORAGE_KEY))
        self.extra = CardDatabase.parse(EMPTY)  # the cards looked up, while there is no full database
        self.extra.add_rows(rows, formats)
        self.kept = len(rows)
        self.database: CardDatabase | None = None
        self.status = ("", "")  # the last report: (text, state)
        self.on_status: Callable[[], None] = lambda: None  # the notice beside the hand shows it too
        self.asked: set[str] = set()  # normalised names asked for in this visit
        self.failed: set[str] = set()  # ... of which Scryfall did not answer: asked again at the next click
        self.timer: Any = None
        self.busy = False
        self.again = False
        self.consent = False  # the player clicked "Look them up": this one look-up may leave the page
        self.task: asyncio.Future[None] | None = None

    def say(self, text: str, state: str) -> None:
        self.status = (text, state)
        self.say_to(text, state)
        self.on_status()

    def start(self, database: CardDatabase | None) -> None:
        """The full database is in: add the cards kept from earlier look-ups, then look the deck up."""
        if database is None or database is self.database:
            return
        self.database = database
        formats, rows, _images = read_kept(saved_data.read(STORAGE_KEY))
        added = database.add_rows(rows, formats)
        if added:
            self.say(f"{_plural(len(added), 'card')} from earlier Scryfall look-ups.", "kept")
        self.schedule()

    def on_option(self) -> None:
        if self.enabled():
            self.asked -= self.failed
            self.failed.clear()
            self.schedule()

    def look_up(self) -> None:
        """The player's one click: look the unknown names up now, the option on or off."""
        self.asked -= self.failed
        self.failed.clear()
        self.consent = True
        self.fire()

    def may_send(self) -> bool:
        return self.enabled() or self.consent

    def schedule(self, delay_ms: float = DEBOUNCE_MS) -> None:
        """Look the decklist up once it has not changed for a moment (the option on)."""
        if not self.may_send():
            return
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.timer = window.setTimeout(create_once_callable(self.fire), int(delay_ms))

    def fire(self, *_args: object) -> None:
        self.timer = None
        self.task = asyncio.ensure_future(self.run())

    def has_image(self, key: str) -> bool:
        return key in self.images

    def wanted(self, images: Callable[[str], bool] | None = None) -> list[str]:
        """The decklist's names the card data does not know (and, with ``images``, those whose
        image address it lacks) that were not asked for yet in this visit."""
        try:
            deck = parse_decklist(self.decklist(), skip_bad_lines=True, pool=self.card_pool())
        except DecklistError:
            return []
        names: dict[str, str] = {}
        pool = self.card_pool()
        for entry in deck.commander + deck.companion + deck.main + deck.sideboard + deck.planar + deck.scheme:
            name = " ".join(entry.name.split())
            key = normalise(name)
            if not key or len(name) > MAX_NAME or key in self.asked:
                continue
            if not pool.lookup(name).known or (images is not None and not images(key) and not self.has_image(key)):
                names.setdefault(key, name)
        return list(names.values())[:MAX_NAMES]

    def image(self, key: str, known: dict[str, str]) -> str | None:
        """A card's image path: the card data's, else one a look-up brought."""
        return known.get(key) or self.images.get(key)

    async def run(self) -> None:
        if not self.may_send():
            return
        if self.busy:
            self.again = True
            return
        if (quiet := self.pacer.quiet_ms()) > 0:  # after a 429 nothing leaves, not even a new name
            self.say(f"Scryfall asked for a pause: looking up again in {quiet / 1000:.0f} s.", "waiting")
            self.schedule(quiet + 50)
            return
        images = None
        if self.enabled():  # images on: the names whose image the card data lacks are asked for too
            known = await self.image_paths()
            images = known.__contains__
        names = self.wanted(images)
        if not names:
            self.consent = False
            return
        self.busy = True
        try:
            await self.ask_all(names)
        finally:
            self.busy, self.consent = False, False
            if self.again:
                self.again = False
                self.schedule()

    async def ask_all(self, names: list[str]) -> None:
        self.say(f"Looking up {_plural(len(names), 'name')} on Scryfall…", "asking")
        self.asked.update(normalise(name) for name in names)
        rows: list[str] = []
        images: dict[str, str] = {}
        missing = 0
        trouble = ""
        for start in range(0, len(names), BATCH):
            batch = names[start : start + BATCH]
            if not self.may_send():  # turned off meanwhile: nothing more is sent
                self.failed.update(normalise(name) for name in names[start:])
                break
            try:
                found, paths, not_found = found_rows(await self.ask(batch), {normalise(name) for name in batch})
            except Unanswered as error:
                self.failed.update(normalise(name) for name in names[start:])
                trouble = f"Scryfall did not answer ({error}): {_plural(len(names) - start, 'name')} not looked up."
                break
            rows += found
            images.update(paths)
            missing += not_found
        target = self.database if self.database is not None else self.extra
        added = target.add_rows(rows) if rows else []
        if target is not self.extra:
            self.extra.add_rows(rows)
        self.images.update(images)
        if rows:
            self.keep(rows)
        if added or images:
            self.on_added()
        if trouble:
            self.say(f"{self.summary(added, 0, names)} {trouble}" if added else trouble, "failed")
        else:
            self.say(self.summary(added, missing, names), "looked-up" if added else "not-found")

    @staticmethod
    def summary(added: list[str], missing: int, names: list[str]) -> str:
        parts = [f"{_plural(len(added), 'card')} looked up on Scryfall."] if added else []
        if missing == 1 and len(names) == 1:
            parts.append(f"Scryfall knows no card named “{names[0]}”.")
        elif missing:
            parts.append(f"Scryfall knows no card by {_plural(missing, 'name')} of the deck.")
        return " ".join(parts) or "Scryfall had nothing to add."

    async def ask(self, names: list[str]) -> object:
        """One POST /cards/collection, when Scryfall's limits allow it (``pacing``)."""
        body = json.dumps({"identifiers": [{"name": name} for name in names]})
        options = {"method": "POST", "body": body, "credentials": "omit", "cache": "no-store",
                   "headers": {"Content-Type": "application/json", "Accept": "application/json"}}  # fmt: skip
        request = js_options(**options)
        await self.pacer.turn(ENDPOINT)  # then straight to fetch: the request leaves when counted
        if hasattr(window, "AbortSignal") and hasattr(window.AbortSignal, "timeout"):
            request.signal = window.AbortSignal.timeout(TIMEOUT_MS)
        try:
            response = await window.fetch(API, request)
            if int(response.status) == 429:
                quiet = self.pacer.too_many(str(response.headers.get("Retry-After") or ""))
                raise Unanswered(f"too many requests; nothing is sent for {quiet / 1000:.0f} s")
            if not response.ok:
                raise Unanswered(f"HTTP {response.status}")
            length = str(response.headers.get("Content-Length") or "0")
            if not length.isdigit() or int(length) > MAX_ANSWER:
                raise Unanswered("an answer too large")
            data = bytes((await response.arrayBuffer()).to_bytes())
        except Unanswered:
            raise
        except Exception:  # no network, a time-out, a refused connection
            raise Unanswered("offline, or no answer in time") from None
        if len(data) > MAX_ANSWER:
            raise Unanswered("an answer too large")
        try:  # a card object is about 5 levels deep: nothing deeper can overflow Pyodide's stack
            return read_json(data, "the answer", max_chars=MAX_ANSWER, max_depth=12)
        except UntrustedInputError:
            raise Unanswered("an answer that is not JSON") from None

    def keep(self, rows: list[str]) -> None:
        """Remember the cards in this browser (the newest last; the oldest go beyond MAX_KEPT)."""
        formats, kept, _images = read_kept(saved_data.read(STORAGE_KEY))
        if formats != FORMATS:
            kept = []  # rows in another format order: not mixed with these
        names = {normalise(row.partition("\t")[0]) for row in rows}
        kept = [row for row in kept if normalise(row.partition("\t")[0]) not in names] + rows
        saved_data.write(STORAGE_KEY, dump_kept(kept, self.images))
