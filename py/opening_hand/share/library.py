"""The player's deck library: saved decks, kept in the browser's storage as versioned JSON.

Pure data and functions (the page reads and writes ``localStorage``; this module only
turns a stored string into a :class:`Library` and back). Every operation returns a new
library; a bad request raises :class:`LibraryError` with a message for the player.

The stored form is ``{"app": "opening-hand", "version": 1, "decks": [...]}``; each deck
is ``{"name", "format", "text", "lands"}``: the decklist exactly as the player typed it,
the format key, and the card names the player marked as lands. Older data with no
version (a plain ``{"name": "decklist text"}`` object) is converted. The decks are read one
by one: one that cannot be read is left out and the others load (the page sets it aside);
anything else that cannot be read is reported, and the page keeps the raw text aside, so
nothing is lost.

>>> library = Library().save(SavedDeck("Burn", "4 Lightning Bolt", "constructed"))
>>> load_library(dump_library(library.duplicate("Burn"))).value.names()
('Burn', 'Burn (copy)')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from opening_hand.errors import RulesError
from opening_hand.rules.formats import FORMATS
from opening_hand.share.guarded import UntrustedInputError, clean_text, read_json
from opening_hand.share.stored import Sifted, sift, sifted

APP = "opening-hand"
VERSION = 1
STORAGE_KEY = "opening-hand/library"
MAX_DECKS = 500
MAX_NAME = 80
MAX_TEXT = 200_000  # characters of one decklist
MAX_STORED = 5_000_000  # characters of the whole library (about what localStorage allows)


class LibraryError(RulesError):
    """Saved decks that cannot be read, or a library operation that cannot be done."""


@dataclass(frozen=True, slots=True)
class SavedDeck:
    name: str
    text: str
    format: str = "constructed"
    lands: tuple[str, ...] = ()  # card names the player marked as lands


def clean_name(name: str) -> str:
    """A deck name as stored: spacing tidied, control characters refused, length limited."""
    tidy = " ".join(clean_text(str(name)).split())
    if not tidy:
        raise LibraryError("A deck needs a name.")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in tidy):
        raise LibraryError("A deck name cannot contain control characters.")
    if len(tidy) > MAX_NAME:
        raise LibraryError(f"A deck name can be at most {MAX_NAME} characters long.")
    return tidy


@dataclass(frozen=True, slots=True)
class Library:
    decks: tuple[SavedDeck, ...] = ()

    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.decks)

    def get(self, name: str) -> SavedDeck:
        for deck in self.decks:
            if deck.name == name:
                return deck
        raise LibraryError(f"There is no saved deck called “{name}”.")

    def _index(self, name: str) -> int:
        return self.names().index(self.get(name).name)

    def save(self, deck: SavedDeck) -> Library:
        """Save ``deck``, replacing a saved deck of the same name."""
        deck = replace(deck, name=clean_name(deck.name), text=clean_text(deck.text),
                       lands=tuple(sorted({clean_text(n) for n in deck.lands})))  # fmt: skip
        if len(deck.text) > MAX_TEXT:
            raise LibraryError(f"A decklist can be at most {MAX_TEXT:,} characters long to be saved.")
        if deck.name in self.names():
            decks = list(self.decks)
            decks[self._index(deck.name)] = deck
            return Library(tuple(decks))
        if len(self.decks) >= MAX_DECKS:
            raise LibraryError(f"The library holds at most {MAX_DECKS} decks; delete one first.")
        return Library((*self.decks, deck))

    def rename(self, old: str, new: str) -> Library:
        new = clean_name(new)
        index = self._index(old)
        if new != old and new in self.names():
            raise LibraryError(f"There is already a deck called “{new}”.")
        decks = list(self.decks)
        decks[index] = replace(decks[index], name=new)
        return Library(tuple(decks))

    def free_name(self, name: str, suffix: str) -> str:
        """``name (suffix)``, or ``name (suffix 2)`` … whichever is not taken."""
        base = clean_name(name)[: MAX_NAME - len(suffix) - 8]
        candidate, n = f"{base} ({suffix})", 1
        while candidate in self.names():
            n += 1
            candidate = f"{base} ({suffix} {n})"
        return candidate

    def duplicate(self, name: str) -> Library:
        deck = self.get(name)
        return self.save(replace(deck, name=self.free_name(name, "copy")))

    def delete(self, name: str) -> Library:
        index = self._index(name)
        return Library(self.decks[:index] + self.decks[index + 1 :])

    def merge(self, other: Library) -> tuple[Library, int]:
        """Import ``other``'s decks; a name already taken gets “(imported)”. Returns the
        new library and how many decks were added."""
        library = self
        for deck in other.decks:
            if deck.name in library.names():
                if library.get(deck.name) == deck:
                    continue  # already here, unchanged
                deck = replace(deck, name=library.free_name(deck.name, "imported"))
            library = library.save(deck)
        return library, len(library.decks) - len(self.decks)


def dump_library(library: Library) -> str:
    decks = [{"name": d.name, "format": d.format, "text": d.text, "lands": list(d.lands)} for d in library.decks]
    return json.dumps({"app": APP, "version": VERSION, "decks": decks}, ensure_ascii=False, indent=1)


def _deck(raw: Any, index: int, imported: bool) -> SavedDeck:
    if not isinstance(raw, dict):
        raise LibraryError(f"saved deck {index} is not an object")
    name, text, fmt, lands = raw.get("name"), raw.get("text"), raw.get("format", "constructed"), raw.get("lands", [])
    if not isinstance(name, str) or not isinstance(text, str) or not isinstance(fmt, str) or len(fmt) > 40:
        raise LibraryError(f"saved deck {index} needs a name, a format and a decklist text")
    if not isinstance(lands, list) or len(lands) > 1000 or not all(isinstance(n, str) and len(n) <= 200 for n in lands):
        raise LibraryError(f"saved deck {index} has a bad list of lands")
    if len(text) > MAX_TEXT:
        raise LibraryError(f"saved deck {index} has a decklist longer than {MAX_TEXT:,} characters")
    if imported and fmt not in FORMATS:
        raise LibraryError(
            f"saved deck {index} (“{clean_name(name)}”) has a format this version does not know (“{fmt}”)"
        )
    return SavedDeck(clean_name(name), text, fmt, tuple(lands))


def _library(decks: list[SavedDeck]) -> Library:
    library = Library()
    for deck in decks:
        library = library.save(deck)
    return library


def load_library(raw: str | None, *, imported: bool = False) -> Sifted[Library]:
    """The library stored as ``raw`` (None or "" when nothing is stored yet), deck by deck: a
    deck that cannot be read is left out and returned as stored (:mod:`.stored`; an imported
    file is taken whole or refused with :meth:`Sifted.whole`).

    Raises :class:`LibraryError` saying what is wrong with data that cannot be read as a
    whole. An ``imported`` file must name only formats this version knows; the stored library
    keeps a format it does not know (written by a newer version) as it is, so that saving does
    not lose it; opening such a deck says so (see :func:`known_format`). Two stored decks of
    one name cannot both be in the library: the second is left out, not lost.
    """
    if not raw:
        return Sifted(Library())
    if len(raw) > MAX_STORED:
        raise LibraryError(f"the saved library is larger than {MAX_STORED:,} characters")
    try:
        data = read_json(raw, "the saved library", max_chars=MAX_STORED)
    except UntrustedInputError as error:
        raise LibraryError(str(error)) from None
    names: set[str] = set()

    def read(item: Any, index: int) -> SavedDeck:
        deck = _deck(item, index, imported)
        if not imported and deck.name in names:
            raise LibraryError(f"saved deck {index} has the name of an earlier one (“{deck.name}”)")
        names.add(deck.name)
        return deck

    # Version 0 (before the library had a version): {"deck name": "decklist text"}.
    if isinstance(data, dict) and "version" not in data and all(isinstance(v, str) for v in data.values()):
        found = sift(({"name": name, "text": text} for name, text in data.items()), read)
        if not found.rejected:
            return Sifted(_library(found.value), total=found.total)
        aside = json.dumps({d["name"]: d["text"] for d in found.rejected}, ensure_ascii=False)
        library = _library(found.value)
        return Sifted(library, found.rejected, found.error, found.total, aside, dump_library(library))
    if not isinstance(data, dict) or data.get("app") != APP:
        raise LibraryError("this is not an Opening Hand deck library")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise LibraryError("the saved library has no version number")
    if version > VERSION:
        raise LibraryError(f"the saved library is from a newer version of Opening Hand (format {version})")
    decks = data.get("decks")
    if not isinstance(decks, list):
        raise LibraryError("the saved library has no list of decks")
    if len(decks) > MAX_DECKS:
        raise LibraryError(f"the saved library holds more than {MAX_DECKS} decks")
    found = sift(decks, read)
    return sifted(_library(found.value), found, data, "decks", dump_library)


def known_format(deck: SavedDeck) -> str | None:
    """The deck's format key when this version knows it, else None (open it as constructed)."""
    return deck.format if deck.format in FORMATS else None
