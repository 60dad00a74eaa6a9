"""The second board of "Compare with": a copy of the main board's markup that shows the same
seeded deal under another rules edition, with its own log (and no outlook: the trainer is the
main table's)."""

from __future__ import annotations

from page.dom import Node, element
from page.table.board import Board
from page.table.card_faces import Images


def compare_board(main: Node, tables: Node, images: Images) -> Board:
    """A board built from a copy of ``main``'s markup, appended to ``tables``."""
    root = main.cloneNode(True)
    for node in [root, *root.querySelectorAll("[id]")]:
        node.removeAttribute("id")
    root.querySelector(".match").remove()
    root.dataset.board = "compare"
    root.querySelector('[data-el="heading"]').id = "compare-heading"
    root.setAttribute("aria-labelledby", "compare-heading")
    root.querySelector('[data-el="focus"]').removeAttribute("aria-labelledby")
    root.querySelector('[data-el="message"]').setAttribute("data-testid", "compare-message")
    root.querySelector('[data-el="feedback"]').setAttribute("data-testid", "compare-feedback")
    root.querySelector('[data-el="outlook"]').remove()  # the outlook is the main table's
    root.querySelector('[data-el="unknown"]').remove()  # and so is the notice about the deck
    log = element("ol", "log", data_testid="compare-log", aria_label="Log of the compared game", tabindex="0")
    root.append(element("h3", "", "Log"), log)
    tables.append(root)
    return Board(root, log, images=images)


def second_board(wanted: bool, board: Board | None, main: Node, tables: Node, images: Images) -> Board | None:
    """The second board when ``wanted`` (``board``, or a new copy of ``main``'s markup), else
    None (``board`` taken away)."""
    tables.classList.toggle("comparing", wanted)
    if not wanted and board is not None:
        board.root.remove()
        return None
    if wanted and board is None:
        return compare_board(main, tables, images)
    return board
