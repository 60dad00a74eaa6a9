"""A click on a board, as the board's action: a card (marked, or enlarged), a choice button of
the decision bar, or one of its fixed buttons (Keep, Mulligan, …). Other buttons on the table
(the notice about the deck) have handlers of their own. What the click did goes back to
``App.update``, which draws it."""

from __future__ import annotations

from page.dom import Node
from page.table.board import Board, Outcome


def click(board: Board, target: Node) -> Outcome | None:
    if card := target.closest("button.card"):
        return board.click_card(card)
    button = target.closest("button")
    if not button or button.disabled:
        return None
    if action := button.getAttribute("data-action"):  # None (JS null) on the fixed buttons
        boxes = board.root.querySelectorAll('[data-el="choices"] input[data-choice]:checked')
        return board.on_choice(str(action), str(button.getAttribute("data-arg") or ""),
                               [int(box.dataset.choice) for box in boxes])  # fmt: skip
    if name := button.getAttribute("data-button"):
        return board.on_button(str(name))
    return None
