"""Card images from Scryfall, when the player turns them on ("Show card images from
Scryfall"): the setting is kept in this browser, and an image that cannot load (offline, an
unknown name) is removed so the proxy face underneath shows, and not asked for again.

The boards draw faces through :meth:`CardImages.url` (``page.table.cards.Images``); the
Scryfall look-up asks :meth:`CardImages.enabled` before sending anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from page.dom import Node
from page.services import saved_data

SETTINGS_KEY = "opening-hand/settings"


def scryfall_image(name: str) -> str:
    """Scryfall's image of the card with this exact name (the name is URL-encoded)."""
    from urllib.parse import quote  # only with images on: not on the first deal's path

    return f"https://api.scryfall.com/cards/named?exact={quote(name, safe='')}&format=image&version=normal"


class CardImages:
    def __init__(self, tables: Node, checkbox: Node, rerender: Callable[[], None]) -> None:
        self.checkbox = checkbox
        self.rerender = rerender
        self.on = saved_data.read(SETTINGS_KEY) == "images"
        self.failed: set[str] = set()  # names whose image could not load
        self.on_error_proxy = create_proxy(self.on_error)  # one listener for every card image
        tables.addEventListener("error", self.on_error_proxy, True)  # error events do not bubble
        checkbox.checked = self.on

    def enabled(self) -> bool:
        """Whether the player turned Scryfall on (images, and looking up unknown cards)."""
        return self.on

    def url(self, name: str) -> str | None:
        return scryfall_image(name) if self.on and name not in self.failed else None

    def on_toggle(self) -> None:
        self.on = bool(self.checkbox.checked)
        saved_data.write(SETTINGS_KEY, "images" if self.on else "")
        self.rerender()

    def on_error(self, event: Any) -> None:
        image = event.target
        if image.classList.contains("card-image"):
            self.failed.add(str(image.getAttribute("data-image-for")))
            image.remove()  # the proxy face underneath shows
