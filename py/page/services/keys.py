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
from page.table.decision_bar import LETTERS

BUTTON_KEYS = {letter.lower(): name for name, letter in LETTERS.items()}


def handle(page: Keyboard, key: str) -> bool:
    """Act on ``key``; True when it was used (the page then keeps it from the browser). What
    the key did on the board goes to ``page.update``, as a click's does."""
    board = page.main
    lowered = key.lower()
    if lowered == "d":
        page.deal()
        return True
    if lowered == "n":
        page.deal(new_seed=True)
        return True
    if lowered in BUTTON_KEYS:
        if not board.button_shown(BUTTON_KEYS[lowered]):
            return False
        page.update(board, board.on_button(BUTTON_KEYS[lowered]))
        return True
    if len(key) == 1 and key in "0123456789":  # not "²" or "①": isdigit() would take those
        card = board.nth_card(10 if key == "0" else int(key))  # mark (or unmark) it, or open it enlarged
        if card is None:
            return False
        page.update(board, board.click_card(card))
        return True
    if key == "Enter":  # never Keep or Mulligan, and never a control the player cannot see
        confirmed, outcome = board.enter()
        page.update(board, outcome)
        return confirmed
    if key == "Escape":
        closed = page.close_preview()
        cleared = board.clear_marks()
        page.update(board, cleared)
        return cleared is not None or closed
    return False
