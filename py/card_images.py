"""Card images from Scryfall, when the player turns them on ("Show card images from
Scryfall"): the setting is kept in this browser, and an image that cannot load (offline, an
unknown name) is removed so the proxy face underneath shows, and not asked for again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from card_view import DISPLAY
from dom import Node, storage_get, storage_set
from pyodide.ffi import create_proxy

SETTINGS_KEY = "opening-hand/settings"


class CardImages:
    def __init__(self, tables: Node, checkbox: Node, rerender: Callable[[], None]) -> None:
        self.checkbox = checkbox
        self.rerender = rerender
        self.on_error_proxy = create_proxy(self.on_error)  # one listener for every card image
        tables.addEventListener("error", self.on_error_proxy, True)  # error events do not bubble
        DISPLAY.images = storage_get(SETTINGS_KEY) == "images"
        checkbox.checked = DISPLAY.images

    def on_toggle(self) -> None:
        DISPLAY.images = bool(self.checkbox.checked)
        storage_set(SETTINGS_KEY, "images" if DISPLAY.images else "")
        self.rerender()

    def on_error(self, event: Any) -> None:
        image = event.target
        if image.classList.contains("card-image"):
            DISPLAY.failed_images.add(str(image.getAttribute("data-image-for")))
            image.remove()  # the proxy face underneath shows
