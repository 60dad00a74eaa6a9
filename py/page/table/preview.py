"""The enlarged card: a copy of a card drawn large over the table (a long press on a phone,
a right click or a click on a desktop), with its rules text from the card database
underneath once that has been fetched (the first enlarged card fetches it)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from page.dom import Node, element


class Preview:
    def __init__(self, root: Node, oracle_text: Callable[[str], Awaitable[str | None]]) -> None:
        self.root = root
        self.oracle_text = oracle_text
        self.pending: Any = None  # the rules text being fetched

    def inspect(self, card: Node | None) -> None:
        """Enlarge ``card``; the same card again, or None, closes the preview."""
        preview = self.root
        if card is None or (not preview.hidden and preview.dataset.cardId == card.dataset.cardId):
            preview.hidden = True
            preview.replaceChildren()
            return
        copy = card.cloneNode(True)
        for attribute in ("data-testid", "data-zone", "data-card-id", "data-player", "aria-pressed", "type"):
            copy.removeAttribute(attribute)
        big = element("div", copy.className, role="img", aria_label=str(card.dataset.cardName))
        big.replaceChildren(*list(copy.childNodes))
        preview.replaceChildren(big)
        preview.dataset.cardId = str(card.dataset.cardId)
        preview.hidden = False
        self.pending = asyncio.ensure_future(self.show_text(str(card.dataset.cardName), str(card.dataset.cardId)))

    async def show_text(self, name: str, card_id: str) -> None:
        text = await self.oracle_text(name)
        preview = self.root
        if text and not preview.hidden and str(preview.dataset.cardId) == card_id:
            preview.append(element("p", "oracle", text, data_testid="oracle-text"))
