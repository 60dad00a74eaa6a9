"""A click on a board, as the board's action: a card (marked, or enlarged), a choice button of
the decision bar, or one of its fixed buttons (Keep, Mulligan, …). Other buttons on the table
(the notice about the deck) have handlers of their own."""

from __future__ import annotations

from page.dom import Node
from page.table.board import Board


def click(board: Board, target: Node) -> None:
    if card := target.closest("button.card"):
        board.click_card(card)
        return
    button = target.closest("button")
    if not button or button.disabled:
        return
    if action := button.getAttribute("data-action"):  # None (JS null) on the fixed buttons
        boxes = board.root.querySelectorAll('[data-el="choices"] input[data-choice]:checked')
        board.on_choice(str(action), str(button.getAttribute("data-arg") or ""),
                        [int(box.dataset.choice) for box in boxes])  # fmt: skip
    elif name := button.getAttribute("data-button"):
        board.on_button(str(name))
