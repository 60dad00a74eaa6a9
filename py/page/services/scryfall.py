"""Cards newer than the card database, looked up on Scryfall (issue 16).

Only with "Show card images from Scryfall" on, and once the full database is in: the names
of the decklist the database does not know are asked for in one batch through Scryfall's
``POST /cards/collection`` (at most 75 names a request, requests in sequence and at least
100 ms apart, as Scryfall asks). Each card found becomes a database row through the engine's
own conversion (``opening_hand.scryfall.card_row``) and joins the database, so the deck
checks, the counts and the card faces know it; the rows are kept in this browser
(``opening-hand/extra-cards``, the most recent 500), so they are known again after a reload
and offline. A name is asked for once per visit, found or not. The option off, nothing is sent.

Everything fetched or read back from storage is checked (sizes, types, the row format)
before use; what is not right is left out, never shown as markup.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from opening_hand import DecklistError, parse_decklist
from opening_hand.carddb import CardDatabase, is_row
from opening_hand.cards import normalise
from opening_hand.guarded import UntrustedInputError, read_json
from opening_hand.scryfall import FORMATS, card_row
from page.dom import js_options
from page.services import saved_data

API = "https://api.scryfall.com/cards/collection"
STORAGE_KEY = "opening-hand/extra-cards"
BATCH = 75  # identifiers a request may carry (Scryfall's limit)
PAUSE_MS = 100  # between requests
TIMEOUT_MS = 15_000
DEBOUNCE_MS = 600  # after the last change of the decklist
MAX_KEPT = 500  # cards kept in the browser, the most recent
MAX_STORED = 1_000_000  # characters: a kept value larger than this is not read
MAX_ANSWER = 8_000_000  # bytes: 75 card objects are about 400 kB
MAX_NAME = 200  # characters: the longest card name has 141
MAX_NAMES = 3 * BATCH  # names asked for at once (a pasted wall of text is not sent whole)


class Unanswered(Exception):
    """Scryfall did not answer usefully; the message says how, for the player."""


def read_kept(text: str | None) -> tuple[tuple[str, ...], list[str]]:
    """The formats and rows kept by an earlier visit; nothing when the value is not one we wrote."""
    if not text:
        return FORMATS, []
    try:  # what we write is 2 levels deep
        kept = read_json(text, "the kept cards", max_chars=MAX_STORED, max_depth=2)
    except UntrustedInputError:
        return FORMATS, []
    if not isinstance(kept, dict) or kept.get("format") != 1:
        return FORMATS, []
    formats, rows = kept.get("formats"), kept.get("rows")
    if not isinstance(formats, list) or not 0 < len(formats) <= 40 or not isinstance(rows, list):
        return FORMATS, []
    if not all(isinstance(f, str) and f.isascii() and f.isalnum() and len(f) <= 40 for f in formats):
        return FORMATS, []
    return tuple(formats), [row for row in rows[-MAX_KEPT:] if is_row(row)]


def dump_kept(rows: list[str]) -> str:
    return json.dumps({"format": 1, "formats": list(FORMATS), "rows": rows[-MAX_KEPT:]}, ensure_ascii=False)


def _keys(name: str) -> set[str]:
    """The lookup keys a card answers to: its name and each face's."""
    return {normalise(name), *(normalise(face) for face in name.split(" // "))}


def found_rows(answer: object, asked: set[str]) -> tuple[list[str], int]:
    """The rows of the cards in a /cards/collection answer that were asked for (by name or a
    face's name), and how many names Scryfall did not find; raises :class:`Unanswered`
    when the answer is not a list object."""
    if not isinstance(answer, dict) or not isinstance(answer.get("data"), list):
        raise Unanswered("Scryfall's answer could not be read")
    missing = answer.get("not_found")
    rows: list[str] = []
    for card in answer["data"][: 2 * BATCH]:
        row = card_row(card)
        if row is not None and is_row(row) and _keys(row.partition("\t")[0]) & asked:
            rows.append(row)
    return rows, len(missing) if isinstance(missing, list) else 0


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


class ScryfallLookup:
    """Looks the decklist's unknown names up when the option is on (``enabled``); ``say``
    reports, after the card data's status; ``on_added`` has the page check the deck again and
    redraw the cards."""

    def __init__(
        self,
        *,
        say: Callable[[str, str], None],
        on_added: Callable[[], None],
        decklist: Callable[[], str],
        enabled: Callable[[], bool],
    ) -> None:
        self.say = say  # (text, state) after the card data's status
        self.on_added = on_added
        self.decklist = decklist
        self.enabled = enabled
        self.database: CardDatabase | None = None
        self.asked: set[str] = set()  # normalised names asked for in this visit
        self.failed: set[str] = set()  # ... of which Scryfall did not answer: asked again when the option is turned on
        self.timer: Any = None
        self.busy = False
        self.again = False
        self.last = -1e9  # performance.now() when the last answer came
        self.task: Any = None

    def start(self, database: CardDatabase | None) -> None:
        """The database is in: add the cards kept from earlier look-ups, then look the deck up."""
        if database is None or database is self.database:
            return
        self.database = database
        formats, rows = read_kept(saved_data.read(STORAGE_KEY))
        added = database.add_rows(rows, formats)
        if added:
            self.say(f"{_plural(len(added), 'card')} from earlier Scryfall look-ups.", "kept")
        self.schedule()

    def on_option(self) -> None:
        if self.enabled():
            self.asked -= self.failed
            self.failed.clear()
            self.schedule()

    def schedule(self) -> None:
        """Look the decklist up once it has not changed for a moment (the option on, the database in)."""
        if not self.enabled() or self.database is None:
            return
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.timer = window.setTimeout(create_once_callable(self._fire), DEBOUNCE_MS)

    def _fire(self, *_args: object) -> None:
        self.timer = None
        self.task = asyncio.ensure_future(self.run())

    def wanted(self, database: CardDatabase) -> list[str]:
        """The decklist's names the database does not know and that were not asked for yet."""
        try:
            deck = parse_decklist(self.decklist(), skip_bad_lines=True)
        except DecklistError:
            return []
        names: dict[str, str] = {}
        for entry in deck.commander + deck.companion + deck.main + deck.sideboard + deck.planar + deck.scheme:
            name = " ".join(entry.name.split())
            key = normalise(name)
            if key and len(name) <= MAX_NAME and key not in self.asked and database.info_by_key(key) is None:
                names.setdefault(key, name)
        return list(names.values())[:MAX_NAMES]

    async def run(self) -> None:
        database = self.database
        if database is None or not self.enabled():
            return
        if self.busy:
            self.again = True
            return
        names = self.wanted(database)
        if not names:
            return
        self.busy = True
        self.say(f"Looking up {_plural(len(names), 'name')} on Scryfall…", "asking")
        self.asked.update(normalise(name) for name in names)
        rows: list[str] = []
        missing = 0
        trouble = ""
        try:
            for start in range(0, len(names), BATCH):
                batch = names[start : start + BATCH]
                if not self.enabled():  # turned off meanwhile: nothing more is sent
                    self.failed.update(normalise(name) for name in names[start:])
                    break
                try:
                    found, not_found = found_rows(await self.ask(batch), {normalise(name) for name in batch})
                except Unanswered as error:
                    self.failed.update(normalise(name) for name in names[start:])
                    trouble = f"Scryfall did not answer ({error}): {_plural(len(names) - start, 'name')} not looked up."
                    break
                rows += found
                missing += not_found
        finally:
            self.busy = False
            if self.again:
                self.again = False
                self.schedule()
        added = database.add_rows(rows) if rows else []
        if added:
            self.keep(rows)
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
        """One POST /cards/collection, at least PAUSE_MS after the previous answer."""
        wait = self.last + PAUSE_MS - float(window.performance.now())
        if wait > 0:
            await asyncio.sleep(wait / 1000)
        body = json.dumps({"identifiers": [{"name": name} for name in names]})
        options = {"method": "POST", "body": body, "credentials": "omit", "cache": "no-store",
                   "headers": {"Content-Type": "application/json", "Accept": "application/json"}}  # fmt: skip
        if hasattr(window, "AbortSignal") and hasattr(window.AbortSignal, "timeout"):
            options["signal"] = window.AbortSignal.timeout(TIMEOUT_MS)
        try:
            response = await window.fetch(API, js_options(**options))
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
        finally:
            self.last = float(window.performance.now())
        if len(data) > MAX_ANSWER:
            raise Unanswered("an answer too large")
        try:  # a card object is about 5 levels deep: nothing deeper can overflow Pyodide's stack
            return read_json(data, "the answer", max_chars=MAX_ANSWER, max_depth=12)
        except UntrustedInputError:
            raise Unanswered("an answer that is not JSON") from None

    def keep(self, rows: list[str]) -> None:
        """Remember the cards in this browser (the newest last; the oldest go beyond MAX_KEPT)."""
        _formats, kept = read_kept(saved_data.read(STORAGE_KEY))
        if _formats != FORMATS:
            kept = []  # rows in another format order: not mixed with these
        names = {normalise(row.partition("\t")[0]) for row in rows}
        kept = [row for row in kept if normalise(row.partition("\t")[0]) not in names] + rows
        saved_data.write(STORAGE_KEY, dump_kept(kept))
