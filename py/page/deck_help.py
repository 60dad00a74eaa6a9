"""The notice about the deck beside the hand (``page.table.unknown``), and what its buttons do:
look the unknown cards up on Scryfall, mark the lands among them (the game on the table is
dealt again with the marks, its decisions replayed, so the counts and the outlook follow at
once), or deal the list as the format it fits."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from opening_hand.cards.formatfit import FormatAdvice, advise
from opening_hand.errors import DecklistError
from opening_hand.rules.formats import find_format
from page.dom import Node
from page.seams import DeckTable
from page.table.unknown import Unknown, UnknownNotice

if TYPE_CHECKING:
    from page.panels.deck import DeckPanel
    from page.services.scryfall_lookup import ScryfallLookup
    from page.table.board import Board


class DeckHelp:
    def __init__(self, page: DeckTable, decks: DeckPanel, scryfall: ScryfallLookup, board: Board, root: Node) -> None:
        self.page = page
        self.decks = decks
        self.scryfall = scryfall
        self.board = board  # read, never written: what the table shows (``Board.shown``)
        self.notice = UnknownNotice(root)  # its place beside the main board's hand

    def render(self) -> None:
        """Draw the notice for the decklist in the box and the hand on the table."""
        try:
            deck = self.decks.parse()
        except DecklistError:
            self.notice.render(Unknown({}, 0, 0, 0, frozenset()), (), ("", ""), False)
            return
        shown = self.board.shown()
        hand = [c.name for c in shown.state.player(shown.seat).hand] if shown is not None else []
        marked = set(self.decks.marked_names())
        drawn = [entry.name for entry in deck.main for _ in range(entry.count)]  # a commander is never drawn
        pool = self.decks.card_pool()
        unknown = Unknown.of(drawn, marked, hand, self.decks.hinted, pool)
        advice: tuple[FormatAdvice, ...] = ()
        with contextlib.suppress(ValueError):  # no such format: the setup panel says so
            advice = advise(deck, find_format(self.decks.format_key()), pool)
        self.notice.render(unknown, advice, self.scryfall.status, self.board.state is not None)

    def fixes(self) -> str:
        """The fixes the notice offers for a list that does not fit the format, as one sentence."""
        try:
            advice = advise(self.decks.parse(), find_format(self.decks.format_key()), self.decks.card_pool())
        except ValueError:  # a list that cannot be read, or no such format: the message says so
            return ""
        return ", or ".join(found.label for found in advice)

    def on_click(self, target: Node) -> None:
        button = target.closest("button[data-unknown], button[data-format-fix]")
        if not button or button.disabled:
            return
        if fix := button.getAttribute("data-format-fix"):
            self.fix_format(str(fix), bool(button.getAttribute("data-first-as-commander")))
            return
        what = str(button.getAttribute("data-unknown"))
        if what == "look-up":
            self.scryfall.look_up()
        elif what in ("mark", "cancel"):
            self.notice.open_marks(what == "mark")
        elif what == "confirm":
            ticked, listed = self.notice.ticked()
            self.notice.open_marks(False)
            self.decks.mark_lands(ticked, listed)
            self.page.redeal()
        self.page.summarise()

    def fix_format(self, action: str, first_as_commander: bool) -> None:
        """ "Deal as Commander" (the first card put under a Commander section when the list
        names none), "Deal as Two-player constructed", or "Load the Commander sample deck"."""
        kind, _, key = action.partition(":")
        if kind == "sample":
            self.page.use_format(key)
            self.page.load_sample()
            return
        if first_as_commander:
            self.decks.add_commander_section()
        self.page.use_format(key)
        self.page.deal()
