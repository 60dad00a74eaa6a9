"""My decks: the library of saved decks in this browser's storage (save, open, rename,
duplicate, delete with undo, export and import as a JSON file).

Decks are stored by ``opening_hand.share.library``; saved data that cannot be read is kept aside
(``saved_data``), never deleted, and never stops the page. User text reaches the page only
through ``textContent``, ``value`` and attributes.
"""

from __future__ import annotations

from pyscript import document

from opening_hand.errors import DecklistError
from opening_hand.rules.formats import FORMATS
from opening_hand.share.library import (
    STORAGE_KEY,
    Library,
    LibraryError,
    SavedDeck,
    dump_library,
    known_format,
    load_library,
)
from page.dom import Node, by_id, download, element
from page.panels.deck import MAX_FILE_BYTES, DeckPanel
from page.services import saved_data


class LibraryPanel:
    def __init__(self, decks: DeckPanel) -> None:
        self.decks = decks
        self.el = {name: by_id(name) for name in ("saved-decks", "deck-undo", "library-message")}
        self.deleted: SavedDeck | None = None
        loaded = saved_data.load_for_panel(STORAGE_KEY, load_library, Library(), what="decks", entry="saved deck",
                                           fresh="new saves start a new library",
                                           kept="decks saved now are kept for this visit only")  # fmt: skip
        self.library = loaded.value
        self.in_memory = loaded.in_memory  # saves last for this visit only (unreadable data left in place)
        self.tell(loaded.problem)
        if loaded.show:
            self.el["library-message"].closest("details").open = True  # said where it shows at once
        self.render_library()

    def write_library(self, library: Library) -> bool:
        if not self.in_memory:
            problem = saved_data.write(STORAGE_KEY, dump_library(library))
            if problem is not None:
                self.tell(f"The deck could not be saved: {problem}. Your saved decks are as they were.")
                return False
        self.library = library
        self.render_library()
        return True

    def tell(self, text: str) -> None:
        self.el["library-message"].textContent = text

    def render_library(self) -> None:
        select = self.el["saved-decks"]
        chosen = str(select.value)
        fragment = document.createDocumentFragment()
        if not self.library.decks:
            fragment.append(element("option", "", "No saved decks yet", value=""))
        for deck in self.library.decks:
            fragment.append(element("option", "", deck.name, value=deck.name))
        select.replaceChildren(fragment)
        if chosen in self.library.names():
            select.value = chosen

    def current(self) -> SavedDeck:
        deck = self.decks.parse()
        return SavedDeck(
            self.decks.typed_name(),
            self.decks.text(),
            self.decks.format_key(),
            self.decks.land_names(deck),
        )

    def run(self, operation: str) -> None:
        """Save, open, rename, duplicate, delete or undo, reporting any refusal."""
        chosen = str(self.el["saved-decks"].value)
        try:
            if operation == "save":
                deck = self.current()
                if self.write_library(self.library.save(deck)):
                    self.el["saved-decks"].value = " ".join(deck.name.split())
                    self.tell(f"Saved “{' '.join(deck.name.split())}”.")
            elif not chosen and operation != "undo":
                raise LibraryError("Choose a saved deck first.")
            elif operation == "open":
                self.open(self.library.get(chosen))
            elif operation == "rename":
                new = " ".join(self.decks.typed_name().split())
                if self.write_library(self.library.rename(chosen, new)):
                    self.el["saved-decks"].value = new
                    self.tell(f"Renamed “{chosen}” to “{new}”.")
            elif operation == "duplicate":
                library = self.library.duplicate(chosen)
                if self.write_library(library):
                    self.el["saved-decks"].value = library.decks[-1].name
                    self.tell(f"Saved a copy as “{library.decks[-1].name}”.")
            elif operation == "delete":
                deck = self.library.get(chosen)
                if self.write_library(self.library.delete(chosen)):
                    self.deleted = deck
                    self.el["deck-undo"].hidden = False
                    self.tell(f"Deleted “{chosen}”.")
            elif operation == "undo" and self.deleted and self.write_library(self.library.save(self.deleted)):
                self.el["saved-decks"].value = self.deleted.name
                self.tell(f"Restored “{self.deleted.name}”.")
                self.deleted = None
                self.el["deck-undo"].hidden = True
        except DecklistError as error:
            self.tell(f"Fix the list before saving it: {error}")
        except LibraryError as error:
            self.tell(str(error))

    def open(self, deck: SavedDeck) -> None:
        fmt = known_format(deck)
        self.decks.open_saved(deck.name, deck.text, deck.lands, fmt or "constructed")
        if fmt is None:
            self.tell(f"Opened “{deck.name}”: its format (“{deck.format[:40]}”) is not one this version knows, "
                      f"so it is set to {FORMATS['constructed'].name}.")  # fmt: skip
        else:
            self.tell(f"Opened “{deck.name}”.")

    def export_library(self) -> None:
        download(dump_library(self.library), "application/json", "opening-hand-decks.json")
        self.tell(f"Exported {len(self.library.decks)} deck{'s' if len(self.library.decks) != 1 else ''}.")

    async def import_library(self, file: Node) -> None:
        if not file:
            return
        if int(file.size) > MAX_FILE_BYTES * 3:
            self.tell(f"{file.name} is too large to be a deck library.")
            return
        try:
            other = load_library(str(await file.text()), imported=True).whole()  # a file: all or nothing
            library, added = self.library.merge(other)
        except LibraryError as error:
            self.tell(f"{file.name} could not be imported: {str(error).rstrip('.')}.")
            return
        if self.write_library(library):
            self.tell(f"Imported {added} deck{'s' if added != 1 else ''} from {file.name}.")
