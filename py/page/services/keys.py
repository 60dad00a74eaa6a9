"""The keyboard: one key for every step of a practised hand.

D deal · N next hand · P / R play or draw first · K keep · M mulligan · S Serum Powder ·
1–9 and 0 choose the first to tenth card of the hand being decided (or, when no cards are
being chosen, open it enlarged) · Enter confirm the chosen cards (never Keep or Mulligan),
or keep a scried card on top · B put on the bottom · U (Ctrl+Z, Cmd+Z) undo · Esc clear the
selection or close the enlarged card · T draw the next turn once the game has begun. The
buttons' keys are ``decision_bar.LETTERS``; the key strip under the buttons lists the keys
that act at the moment.
"""

from __future__ import annotations

from page.seams import Keyboard
from page.table.board import Board
from page.table.decision_bar import CONFIRM, LETTERS

BUTTON_KEYS = {letter.lower(): name for name, letter in LETTERS.items()}


def handle(page: Keyboard, key: str) -> bool:
    """Act on ``key``; True when it was used (the page then keeps it from the browser)."""
    board = page.main
    lowered = key.lower()
    if lowered == "d":
        page.deal()
        return True
    if lowered == "n":
        page.deal(new_seed=True)
        return True
    if lowered in BUTTON_KEYS:
        button = board.view.buttons[BUTTON_KEYS[lowered]]
        if button.hidden:
            return False
        board.on_button(BUTTON_KEYS[lowered])
        return True
    if len(key) == 1 and key in "0123456789":  # not "²" or "①": isdigit() would take those
        return choose_card(board, 10 if key == "0" else int(key))
    if key == "Enter":
        return confirm(board)
    if key == "Escape":
        closed = page.close_preview()
        return board.clear_marks() or closed
    return False


def choose_card(board: Board, nth: int) -> bool:
    """Mark (or unmark) the nth card of the hand at the bottom of the table."""
    cards = board.view.el["hand"].querySelectorAll("button.card")
    if nth > cards.length:
        return False
    board.click_card(cards.item(nth - 1))
    return True


def confirm(board: Board) -> bool:
    """Enter: the decision's confirming button on screen (Put on bottom, Shuffle back, Set
    aside, Keep on top in a scry...), never Keep or Mulligan, and never a control the player
    cannot see."""
    for name in CONFIRM:
        button = board.view.buttons[name]
        if not button.hidden and "Enter" in str(button.getAttribute("aria-keyshortcuts") or ""):
            board.on_button(name)
            return True
    choice = board.view.el["choices"].querySelector("button[data-confirm]")
    if choice:
        choice.click()
        return True
    return False
