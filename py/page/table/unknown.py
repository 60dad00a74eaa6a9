"""The notice at the table about the deck (issue 31): cards the card data does not know, and a
list that does not fit the format chosen.

Unknown cards are a problem to solve, not a footnote: the notice sits beside the hand and
its decision, says how many of the deck's cards are unknown and how many are in this hand,
that land counts and the outlook may be wrong, and offers the remedies in order: "Look them
up on Scryfall" (one click) and "Mark the lands" (offline: a short list of only the unknown
cards, the likely lands already ticked by ``opening_hand.cards.landguess``, confirmed with one
click). A list that fits another format gets its fix as a button ("Deal as Commander",
``opening_hand.cards.formatfit``).

It draws into the main board's ``[data-el="unknown"]`` (index.html), between the decision and
the outlook; its buttons carry ``data-unknown`` / ``data-format-fix`` and reach the page
through ``page.deck_routes``. Names reach the DOM only as text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from opening_hand.cards import CardPool, normalise
from opening_hand.cards.formatfit import FormatAdvice
from opening_hand.cards.landguess import likely_land
from page.dom import Node, element, fragment
from page.texts import plural


@dataclass(frozen=True)
class Unknown:
    """The deck's cards the card data does not know and the player did not mark as lands."""

    copies: dict[str, int]  # name -> copies in the deck, in the deck's order
    cards: int  # unknown cards in the deck (copies counted)
    deck: int  # cards in the deck the hands are drawn from (a commander is not)
    in_hand: int  # unknown cards in the hand on the table
    hinted: frozenset[str]  # normalised names the decklist lists under lands

    @classmethod
    def of(
        cls, deck: Iterable[str], marked: set[str], hand: Iterable[str], hinted: set[str], pool: CardPool
    ) -> Unknown:
        """The cards of ``deck`` (and ``hand``) that ``pool`` does not know and are not ``marked``."""
        cards = list(deck)
        unknown = Counter(n for n in cards if not pool.lookup(n).known and normalise(n) not in marked)
        in_hand = sum(1 for n in hand if not pool.lookup(n).known and normalise(n) not in marked)
        return cls(dict(unknown), sum(unknown.values()), len(cards), in_hand, frozenset(hinted))

    def guess(self, name: str) -> str | None:
        return likely_land(name, normalise(name) in self.hinted)


class UnknownNotice:
    def __init__(self, root: Node) -> None:
        self.box = root.querySelector('[data-el="unknown"]')
        self.marking = False  # the list of unknown cards is open
        self.shown: tuple[object, ...] | None = None

    def render(self, unknown: Unknown, advice: tuple[FormatAdvice, ...], status: tuple[str, str], dealt: bool) -> None:
        key = (tuple(unknown.copies.items()), unknown.in_hand, advice, status, dealt, self.marking)
        if key == self.shown or self.box is None:
            return
        self.shown = key
        if not unknown.cards:
            self.marking = False
        parts = fragment()
        for found in advice:
            parts.append(self.advice(found))
        if unknown.cards and self.marking:  # the list in place of the summary: the hand stays where it was
            parts.append(self.marks(unknown))
        elif unknown.cards:
            parts.append(self.summary(unknown, dealt))
            if status[0] and status[1] != "kept":
                parts.append(element("p", f"unknown-status state-{status[1]}", status[0], data_testid="unknown-status"))
            parts.append(self.remedies(status[1] in ("asking", "waiting")))
        self.box.replaceChildren(parts)
        self.box.hidden = not (advice or unknown.cards)

    def advice(self, found: FormatAdvice) -> Node:
        line = element("p", "format-advice", data_testid="format-advice")
        line.append(element("span", "", found.reason + " "))
        line.append(element("button", "primary" if found.action.startswith("deal:") else "", found.label,
                            type="button", data_format_fix=found.action,
                            data_first_as_commander="1" if found.first_as_commander else ""))  # fmt: skip
        return line

    def summary(self, unknown: Unknown, dealt: bool) -> Node:
        names = len(unknown.copies)
        head = element("p", "unknown-head")
        head.append(element("b", "", f"{unknown.cards} of the {unknown.deck} cards you draw from are unknown"))
        where = f", {unknown.in_hand} of them in this hand" if dealt else ""
        head.append(f" ({plural(names, 'name')}){where}: land counts and the outlook may be wrong.")
        return head

    def remedies(self, busy: bool) -> Node:
        row = element("p", "unknown-remedies")
        look = element("button", "primary", "Look them up on Scryfall", type="button", data_unknown="look-up")
        look.title = "Asks Scryfall for these names once (needs internet); the answers are kept in this browser"
        look.disabled = busy
        row.append(look)
        row.append(" ")
        row.append(element("button", "", "Mark the lands", type="button", data_unknown="mark",
                           title="Tick which of the unknown cards are lands (works offline)"))  # fmt: skip
        return row

    def marks(self, unknown: Unknown) -> Node:
        box = element("fieldset", "unknown-marks")
        names = plural(len(unknown.copies), "unknown card")
        box.append(element("legend", "", f"Which of these {names} are lands? Likely lands are ticked."))
        items = element("div", "unknown-mark-list")
        guesses = {name: unknown.guess(name) for name in unknown.copies}
        for name in sorted(unknown.copies, key=lambda n: guesses[n] is None):  # the likely lands first
            copies = unknown.copies[name]
            label = element("label", "unknown-mark")
            tick = element("input", "", type="checkbox", data_unknown_name=name)
            reason = guesses[name]
            tick.checked = reason is not None
            if reason:
                label.title = f"Likely a land: {reason}"
            label.append(tick, f" {name}" + (f" ×{copies}" if copies > 1 else ""))
            items.append(label)
        box.append(items)
        row = element("p", "unknown-remedies")
        row.append(element("button", "primary", "Count the ticked cards as lands", type="button",
                           data_unknown="confirm"))  # fmt: skip
        row.append(" ")
        row.append(element("button", "", "Cancel", type="button", data_unknown="cancel"))
        box.append(row)
        return box

    def ticked(self) -> tuple[list[str], list[str]]:
        """(names ticked, names listed) in the open list."""
        ticked, listed = [], []
        for box in self.box.querySelectorAll("input[data-unknown-name]"):
            name = str(box.getAttribute("data-unknown-name"))
            listed.append(name)
            if box.checked:
                ticked.append(name)
        return ticked, listed

    def open_marks(self, on: bool) -> None:
        self.marking = on
        self.shown = None
