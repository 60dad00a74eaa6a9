"""The half of ``App`` that answers the panels beside the table: the setup, the deck and its
library, the odds, the statistics, the quiz and the preview. ``App`` inherits it (one page
object, in two files); every event handler in ``page.start`` and ``page.deck_routes`` names one
method of it or of ``App``, and each method here asks its panel, then the summaries follow.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from opening_hand.cards.samples import SAMPLES
from opening_hand.errors import RulesError
from opening_hand.trainer.stats import deck_key
from page.dom import Node
from page.panels.setup import PLAY_DRAW_KEY
from page.seams import KeepRules
from page.services import saved_data

if TYPE_CHECKING:
    from opening_hand.share.share_link import Setup
    from page.deck_help import DeckHelp
    from page.panels.deck import DeckPanel
    from page.panels.library_panel import LibraryPanel
    from page.panels.odds_panel import AnalysisPanel
    from page.panels.setup import SetupPanel
    from page.panels.stats_panel import StatsPanel
    from page.services.card_data import CardData
    from page.services.scryfall_lookup import ScryfallLookup
    from page.table.board import Board
    from page.table.preview import Preview
    from page.trainer.practice import Practice


class PanelActions:
    el: dict[str, Node]
    setup_panel: SetupPanel
    decks: DeckPanel
    library: LibraryPanel
    analysis: AnalysisPanel
    stats: StatsPanel
    practice: Practice
    preview: Preview
    scryfall: ScryfallLookup
    help: DeckHelp
    main: Board
    setup: Setup | None
    card_data: CardData

    # ------------------------------------------------------------------- the setup

    def on_format(self) -> None:
        self.setup_panel.on_format()
        self.sample_follows_format()
        self.summarise()

    def on_rules(self) -> None:
        self.setup_panel.on_rules()
        self.summarise()

    def on_players(self) -> None:
        self.setup_panel.on_players()
        self.summarise()

    def on_vanguard_name(self) -> None:
        self.setup_panel.on_vanguard_name(self.card_data.pool)

    def on_play_draw(self) -> None:
        saved_data.write(PLAY_DRAW_KEY, self.setup_panel.play_draw())

    def summarise(self) -> None:
        """The one-line summary of the setup, in the bar and on the folded panels."""
        seed = self.setup.seed if self.setup is not None else None
        name = self.decks.deck_name()
        self.el["setup-summary"].textContent = self.setup_panel.summary(name, seed)
        self.setup_panel.show_summary(seed)
        self.decks.show_summary(f"{name} · {self.decks.short_summary()}")
        if self.main.state is None:  # before the first deal the prompt names what Deal deals
            deck = {"Your deck": "your deck"}.get(name, "the sample deck" if name.startswith("Sample deck") else name)
            self.main.prompt(f"Press Deal (D) to deal {deck}, or change the setup first.")
        self.scryfall.schedule()  # the decklist may have changed: its new names, once it rests
        self.help.render()

    def fold(self, folded: bool) -> None:
        """Fold the setup and the deck to their summaries once a game is dealt (Change unfolds them)."""
        self.setup_panel.fold(folded)
        self.el["deck-panel"].open = not folded

    def change_setup(self) -> None:
        self.fold(False)
        self.setup_panel.open_at_format()

    # ------------------------------------------------------------------- the deck

    def load_sample(self) -> None:
        self.decks.replace_text(SAMPLES[self.setup_panel.format_key()])
        self.decks.say("")
        self.summarise()

    def sample_follows_format(self) -> None:
        """A sample deck left as it was follows the format to its own sample (the player's
        own list never changes)."""
        if self.decks.text() in SAMPLES.values():
            self.load_sample()

    def restore_deck(self) -> None:
        self.decks.restore()

    def refresh_deck(self) -> None:
        """The decklist changed (typed, pasted, its options): check it again; the summaries follow."""
        self.decks.refresh()
        self.summarise()

    def on_decklist(self) -> None:
        self.refresh_deck()
        self.analysis.refresh_keys()

    def fix_line(self, line: int, fixed: str) -> None:
        self.decks.apply_fix(line, fixed)

    def select_line(self, line: int) -> None:
        self.decks.select_line(line)

    def on_land_mark(self, target: Node) -> None:
        self.decks.on_land_mark(target)

    async def load_deck_file(self, file: Node | None) -> None:
        await self.decks.load_file(file)
        self.summarise()

    def export_arena(self) -> None:
        self.decks.export_arena()

    def on_deck_notice(self, target: Node) -> None:
        """A button of the notice about the deck beside the hand (look up, mark the lands, fix the format)."""
        self.help.on_click(target)

    def run_library(self, operation: str) -> None:
        self.library.run(operation)
        self.summarise()

    def export_library(self) -> None:
        self.library.export_library()

    async def import_library(self, file: Node | None) -> None:
        await self.library.import_library(file)

    # ------------------------------------------------------------------- odds, statistics, trainer

    def deck_key(self) -> str:
        if self.setup is None:
            return ""
        with contextlib.suppress(RulesError):
            return deck_key(self.decks.parse_text(self.setup.deck, self.setup.skip_bad).main_cards())
        return ""

    def record_game(self, board: Board) -> None:
        """Seat 1's game start, once per game, for the statistics and the recent hands."""
        self.stats.record(board, deck=self.deck_key(), name=self.decks.deck_name(), setup=self.setup)

    def keep_rules(self) -> KeepRules:
        return self.analysis.keep_rules()

    def trainer_turns(self) -> int | None:
        return self.analysis.turns()

    def refresh_keys(self) -> None:
        self.analysis.refresh_keys()

    def compute_odds(self) -> None:
        self.analysis.refresh_keys()
        self.analysis.compute()

    def simulate(self) -> None:
        self.analysis.simulate()

    def cancel_simulation(self) -> None:
        self.analysis.cancel()

    def reset_stats(self) -> None:
        self.stats.reset()

    def export_stats(self, as_json: bool = False) -> None:
        if as_json:
            self.stats.export_json()
        else:
            self.stats.export_csv()

    def on_stats_toggle(self) -> None:
        self.stats.on_toggle()

    def toggle_feedback(self, on: bool) -> None:
        self.practice.outlook.toggle(on)

    def make_quiz(self) -> None:
        self.practice.quiz.make()

    def copy_quiz_link(self) -> None:
        self.practice.quiz.copy_link()

    def hover(self, card: Node | None) -> None:
        """The pointer rests on a card (None: it left): enlarged in the dock beside the table."""
        self.preview.hover(card)
