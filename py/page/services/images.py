"""Card images from Scryfall, when the player turns them on ("Show card images from
Scryfall"): the setting is kept in this browser, and an image that cannot load (offline) is
removed so the proxy face underneath shows, and not asked for again.

An image is only ever an address on cards.scryfall.io (Scryfall's image host, which has no
rate limit), taken from the card data's ``image_uris``: the database's images file, or a
card's answer from a look-up (``page.services.scryfall_lookup``). A card without one keeps its
proxy face; nothing is asked of Scryfall's API for an image.

The boards draw faces through :meth:`CardImages.url` (``page.table.card_faces.Images``); the
Scryfall look-up asks :meth:`CardImages.enabled` before sending anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from opening_hand.cards import normalise
from opening_hand.cards.scryfall import IMAGE_BASE, IMAGE_PATH
from page.dom import Node, changed
from page.services import saved_data

SETTINGS_KEY = "opening-hand/settings"


class CardImages:
    def __init__(
        self, tables: Node, checkbox: Node, rerender: Callable[[], None], path: Callable[[str], str | None]
    ) -> None:
        self.checkbox = checkbox
        self.rerender = rerender
        self.path = path  # lookup key -> the image's path on cards.scryfall.io, if the card data has one
        # The saved setting, unless the player changed the box while the page started: theirs
        # stays (its change handler keeps it, page.start.early_choices).
        self.on = bool(checkbox.checked) if changed(checkbox) else saved_data.read(SETTINGS_KEY) == "images"
        checkbox.checked = self.on
        self.failed: set[str] = set()  # names whose image could not load
        self.on_error_proxy = create_proxy(self.on_error)  # one listener for every card image
        tables.addEventListener("error", self.on_error_proxy, True)  # error events do not bubble

    def enabled(self) -> bool:
        """Whether the player turned Scryfall on (images, and looking up unknown cards)."""
        return self.on

    def url(self, name: str) -> str | None:
        if not self.on or name in self.failed:
            return None
        path = self.path(normalise(name))
        return IMAGE_BASE + path if path and IMAGE_PATH.fullmatch(path) else None

    def on_toggle(self) -> None:
        self.on = bool(self.checkbox.checked)
        saved_data.write(SETTINGS_KEY, "images" if self.on else "")
        self.rerender()

    def on_error(self, event: Any) -> None:
        image = event.target
        if image.classList.contains("card-image"):
            self.failed.add(str(image.getAttribute("data-image-for")))
            image.remove()  # the proxy face underneath shows
