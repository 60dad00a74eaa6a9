"""What a part of the page may ask of the page: small Protocols that ``App`` implements.

A panel gets what it needs as typed arguments or one of these, and calls methods; it never
writes another object's fields. Each Protocol names the least its users need, so a reader
sees every arrow from a panel back to the page here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from opening_hand.cards import CardPool
    from opening_hand.rules.actions import Action
    from opening_hand.rules.state import GameState
    from opening_hand.share.share_link import Setup
    from opening_hand.trainer.odds import KeepRule
    from page.table.board import Board, Outcome

KeepRules = tuple["KeepRule", "KeepRule", tuple[str, ...]]  # on the play, on the draw, key card names


class BottomAdvice(Protocol):
    """What a board asks of the trainer when the player must put cards on the bottom (the outlook)."""

    def advise(self, state: GameState, seat: int, count: int) -> list[int] | None:
        """The trainer's cards for the bottom, in order (None: no advice; the board uses the policy's)."""


class Page(Protocol):
    """What the trainer asks of the page (``page.trainer.quiz_panel``, ``page.trainer.outlook_panel``)."""

    def say(self, text: str) -> None:
        """A message beside the prompt of the main board."""

    def keep_rules(self) -> KeepRules:
        """The keep rule on the play and on the draw, and the key cards (the odds panel's)."""

    def trainer_turns(self) -> int | None:
        """The turn the trainer plays hands out to, when the player set one (the odds panel's)."""

    def card_pool(self) -> CardPool:
        """The card data the page reads cards with (a new value whenever it changes)."""

    def read_setup(self, seed: int) -> Setup:
        """The setup the form describes, with this seed; raises RulesError naming what is wrong."""

    def check_setup(self, setup: Setup) -> None:
        """Raises RulesError when ``setup`` cannot be dealt (nothing changes on the page)."""

    def fill_form(self, setup: Setup) -> None:
        """The setup and deck panels show ``setup``."""

    def show_link(self, fragment: str, *, push: bool) -> None:
        """The address bar names ``fragment`` (a new history entry when ``push``)."""

    def dealt(self, setup: Setup) -> None:
        """The main board now shows a game of ``setup`` (Copy link and the statistics follow it)."""

    def to_table(self) -> None:
        """Fold the setup and bring the table and its focus into view."""

    def play_quiz_hand(
        self, setup: Setup, state: GameState, actions: tuple[Action, ...], where: str, note: str
    ) -> None:
        """The main board deals a quiz's hand (``actions`` replayed, not undoable), headed ``where``,
        with ``note`` on its feedback line; then the table comes into view."""

    def end_quiz(self, note: str) -> None:
        """The main board shows the last quiz hand as it was answered, with ``note`` on its feedback line."""

    def redraw_outlook(self) -> None:
        """The outlook drawn again for the main board as it is now (a figure worked out when idle is in)."""


class Keyboard(Protocol):
    """What the keys act on (``page.services.keys``)."""

    @property
    def main(self) -> Board:
        """The main board, whose decision the keys answer."""

    def deal(self, new_seed: bool = False) -> None:
        """Deal (D), or the next hand with a new seed (N)."""

    def close_preview(self) -> bool:
        """Close the enlarged card; True when one was open."""

    def update(self, board: Board, outcome: Outcome | None) -> None:
        """Draw what an input on ``board`` did (the one way back: table, trainer, feedback)."""


class DeckTable(Protocol):
    """What the notice about the deck beside the hand asks of the page (``page.deck_help``)."""

    def summarise(self) -> None:
        """The setup's summary lines (and the notice) follow the decklist."""

    def deal(self, new_seed: bool = False) -> None:
        """Deal the setup the form describes."""

    def redeal(self) -> None:
        """The game on the table dealt again with the deck panel's land marks, its decisions replayed."""

    def use_format(self, key: str) -> None:
        """Choose the format ``key`` in the setup, as the player would in its menu."""

    def load_sample(self) -> None:
        """Put the chosen format's sample deck in the decklist box (the list there is kept to restore)."""
