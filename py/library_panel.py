"""My decks: the library of saved decks in this browser's storage (save, open, rename,
duplicate, delete with undo, export and import as a JSON file).

Decks are stored by ``opening_hand.library``; saved data that cannot be read is kept aside
under ``opening-hand/library.unreadable`` and never stops the page. User text reaches the
page only through ``textContent``, ``value`` and attributes.
"""

from __future__ import annotations

from deck_panel import MAX_FILE_BYTES, DeckPanel
from dom import Node, by_id, element
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from opening_hand import DecklistError
from opening_hand.cards import normalise
from opening_hand.library import STORAGE_KEY, Library, LibraryError, SavedDeck, dump_library, load_library

UNREADABLE_KEY = STORAGE_KEY + ".unreadable"


class LibraryPanel:
    def __init__(self, decks: DeckPanel) -> None:
        self.decks = decks
        self.el = {name: by_id(name) for name in ("saved-decks", "deck-undo", "library-message")}
        self.deleted: SavedDeck | None = None
        self.library = self.read_library()
        self.render_library()

    def storage(self) -> Node:
        try:
            return window.localStorage
        except Exception:  # storage disabled (private mode, policy): the library is not kept
            return None

    def read_library(self) -> Library:
        storage = self.storage()
        if not storage:
            self.tell("This browser does not let the page keep decks (storage is off).")
            return Library()
        raw = storage.getItem(STORAGE_KEY)
        try:
            return load_library(str(raw) if raw else None)
        except LibraryError as error:
            if not storage.getItem(UNREADABLE_KEY):
                storage.setItem(UNREADABLE_KEY, str(raw))  # kept aside: nothing is lost
            storage.removeItem(STORAGE_KEY)
            self.tell(
                f"Your saved decks could not be read: {error}. The data is kept aside in this browser's "
                f"storage under “{UNREADABLE_KEY}”; new saves start a new library."
            )
            return Library()

    def write_library(self, library: Library) -> bool:
        storage = self.storage()
        try:
            if storage:
                storage.setItem(STORAGE_KEY, dump_library(library))
        except Exception:
            self.tell("The deck could not be saved: the browser's storage is full or turned off.")
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
            str(self.decks.el["deck-name"].value),
            str(self.decks.el["decklist"].value),
            str(self.decks.el["format"].value),
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
                new = " ".join(str(self.decks.el["deck-name"].value).split())
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
        self.decks.el["format"].value = deck.format
        self.decks.el["format"].dispatchEvent(window.Event.new("change"))
        self.decks.lands = {normalise(n) for n in deck.lands}
        self.decks.el["deck-name"].value = deck.name
        self.decks.replace_text(deck.text)
        self.tell(f"Opened “{deck.name}”.")

    def export_library(self) -> None:
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(to_js([dump_library(self.library)]), options)
        url = window.URL.createObjectURL(blob)
        link = element("a", "", href=url, download="opening-hand-decks.json")
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
        self.tell(f"Exported {len(self.library.decks)} deck{'s' if len(self.library.decks) != 1 else ''}.")

    async def import_library(self, file: Node) -> None:
        if not file:
            return
        if int(file.size) > MAX_FILE_BYTES * 3:
            self.tell(f"{file.name} is too large to be a deck library.")
            return
        try:
            other = load_library(str(await file.text()))
        except LibraryError as error:
            self.tell(f"{file.name} could not be imported: {error}.")
            return
        try:
            library, added = self.library.merge(other)
        except LibraryError as error:
            self.tell(f"{file.name} could not be imported: {error}")
            return
        if self.write_library(library):
            self.tell(f"Imported {added} deck{'s' if added != 1 else ''} from {file.name}.")
