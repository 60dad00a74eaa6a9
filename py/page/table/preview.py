"""The enlarged card: one copy of a card drawn large, never more than one at a time.

Two ways to show it, in the same place (``#preview``):

- **hover** (a desktop pointer resting on a card for a moment): the card alone, docked over
  the side column, where it never covers the decision bar, the hand or the outlook; it goes
  when the pointer leaves the card, and never takes a click.
- **open** (a click or tap on a card while no cards are being chosen, a long press or a right
  click): the card with its rules text from the card database underneath (the first opened
  card fetches it). On a desktop it is docked like the hover; on a phone it is drawn over the
  table. Esc, a click on it or the same card again closes it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from page.dom import Node, element

HOVER_DELAY = 0.3  # seconds the pointer rests on a card before it is enlarged


class Preview:
    def __init__(
        self, root: Node, oracle_text: Callable[[str], Awaitable[str | None]], can_hover: Callable[[], bool]
    ) -> None:
        self.root = root
        self.oracle_text = oracle_text
        self.can_hover = can_hover  # a pointer that hovers, and room beside the table for the dock
        self.pending: Any = None  # the rules text being fetched
        self.timer: Any = None  # the hover waiting to show

    @property
    def mode(self) -> str:
        """ "open", "hover" or "" (nothing shown)."""
        return "" if self.root.hidden else str(self.root.dataset.mode)

    def inspect(self, card: Node | None) -> None:
        """Open ``card`` with its rules text; the same card again, or None, closes the preview."""
        self.cancel_hover()
        if card is None or (self.mode == "open" and self.root.dataset.cardId == card.dataset.cardId):
            self.close()
            return
        self.draw(card, "open")
        self.root.append(element("p", "preview-hint", "Esc or a click here closes this."))
        self.pending = asyncio.ensure_future(self.show_text(str(card.dataset.cardName), str(card.dataset.cardId)))

    def hover(self, card: Node | None) -> None:
        """The pointer rests on ``card`` (None: it left the card): enlarge it after a moment,
        unless a card is open or there is no room for the dock."""
        self.cancel_hover()
        if card is None:
            if self.mode == "hover":
                self.close()
            return
        if self.mode == "open" or not self.can_hover():
            return
        if self.mode == "hover":  # moving along the hand: the dock follows at once
            self.draw(card, "hover")
            return
        self.timer = asyncio.get_event_loop().call_later(HOVER_DELAY, self.draw, card, "hover")

    def cancel_hover(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def close(self) -> bool:
        """Close whatever is shown; True when something was."""
        shown = not self.root.hidden
        self.cancel_hover()
        self.root.hidden = True
        self.root.replaceChildren()
        self.root.dataset.mode = ""
        return shown

    def draw(self, card: Node, mode: str) -> None:
        self.timer = None
        if not card.isConnected:
            return  # the hand was redrawn while the pointer rested
        copy = card.cloneNode(True)
        for attribute in ("data-testid", "data-zone", "data-card-id", "data-player", "aria-pressed", "type"):
            copy.removeAttribute(attribute)
        big = element("div", copy.className, role="img", aria_label=str(card.dataset.cardName))
        big.replaceChildren(*list(copy.childNodes))
        self.root.replaceChildren(big)
        self.root.dataset.cardId = str(card.dataset.cardId)
        self.root.dataset.mode = mode
        self.root.setAttribute("data-testid", "preview")
        self.root.hidden = False

    async def show_text(self, name: str, card_id: str) -> None:
        text = await self.oracle_text(name)
        if text and self.mode == "open" and str(self.root.dataset.cardId) == card_id:
            self.root.querySelector(".preview-hint").before(element("p", "oracle", text, data_testid="oracle-text"))
