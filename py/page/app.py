"""The page: the setup and deck panels, the boards they deal to, the match, share links, card
images, and the fold of the setup once a game is dealt.

``App`` owns the panels and the main board (and, when comparing two rules editions, a second
board that deals the same seeded shuffle under the other edition). It reads the form, deals,
opens links and hands clicks to the boards; the boards turn them into engine actions and
return what happened, and ``update`` draws it, in one pass: the table, the trainer's reading
of the hand, the feedback line, each part drawing its own from the state. It is
what the panels may ask things of, through the small Protocols of ``page.seams`` (``Page``,
``Keyboard``). No rule is decided here. User text only reaches the DOM through
``textContent``, ``value`` and attributes.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from pyscript import document

from opening_hand.cards import CardPool
from opening_hand.errors import RulesError
from opening_hand.rules.actions import Action
from opening_hand.rules.decisions import ChooseStartingPlayer
from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.formats import find_format
from opening_hand.rules.game import random_seed
from opening_hand.rules.match import Match
from opening_hand.rules.state import GameState
from opening_hand.share.share_link import Setup, ShareLinkError, decode_setup, encode_setup, game_from_setup
from page.deck_help import DeckHelp
from page.dom import Node, by_id, docked_hover, element
from page.panel_actions import PanelActions
from page.panels.deck import DeckPanel
from page.panels.library_panel import LibraryPanel
from page.panels.match_panel import MatchPanel
from page.panels.odds_panel import AnalysisPanel
from page.panels.setup import PLAY_DRAW_KEY, SetupPanel
from page.panels.stats_panel import StatsPanel
from page.services import saved_data
from page.services.card_data import CardData
from page.services.images import CardImages
from page.services.links import Links
from page.services.scryfall_lookup import ScryfallLookup
from page.table.board import Board, Outcome
from page.table.clicks import click
from page.table.compare import second_board
from page.table.preview import Preview
from page.trainer.practice import Practice

MANA_FONT_CSS = "static/vendor/mana-font/css/mana.min.css"  # vendored by scripts/build/vendor.py


class App(PanelActions):
    def __init__(self) -> None:
        self.el = {name: by_id(name) for name in ("tables", "board-main", "log", "scryfall", "share", "share-url",
                                                   "deck-panel", "next-hand", "setup-summary", "preview")}  # fmt: skip
        self.setup_panel = SetupPanel()
        self.match_panel = MatchPanel()
        self.stats = StatsPanel()
        self.card_data = CardData(self.on_card_data)
        self.decks = DeckPanel(needs_text=self.load_text, card_pool=self.card_pool)
        self.library = LibraryPanel(self.decks)
        self.preview = Preview(self.el["preview"], self.card_data.oracle_text, docked_hover)
        self.text_task: asyncio.Future[None] | None = None  # oracle text or image addresses being fetched
        self.analysis = AnalysisPanel(lambda: (self.decks.parse().main_cards(), set(self.decks.marked_names())),
                                      lambda text: setattr(by_id("odds-message"), "textContent", text),
                                      self.card_pool)  # fmt: skip
        self.images = CardImages(self.el["tables"], self.el["scryfall"], self.render_boards,
                                 lambda key: self.scryfall.image(key, self.card_data.images or {}))  # fmt: skip
        outlook = self.el["board-main"].querySelector('[data-el="outlook"]')
        self.practice = Practice(outlook, self)  # the outlook, feedback and quizzes
        self.main = Board(self.el["board-main"], self.el["log"], images=self.images, advice=self.practice.outlook)
        self.compare: Board | None = None  # the second board, while comparing two editions
        self.match: Match | None = None
        self.setup: Setup | None = None  # what was dealt last (a share link holds it)
        self.links = Links()
        self.scryfall = ScryfallLookup(say=self.card_data.note, on_added=self.on_card_data, decklist=self.decklist_text,
                                       enabled=self.images.enabled, image_paths=self.card_data.load_images,
                                       card_pool=self.card_pool)  # fmt: skip
        self.card_data.use_extra(self.scryfall.extra)
        self.help = DeckHelp(self, self.decks, self.scryfall, self.main, self.el["board-main"])  # notice at the table
        self.scryfall.on_status = self.help.render
        self.setup_panel.restore_play_draw(saved_data.read(PLAY_DRAW_KEY))
        if not document.getElementById("mana-font"):  # JS null is falsy; the symbols wait for the table
            document.head.append(element("link", "", id="mana-font", rel="stylesheet", href=MANA_FONT_CSS))
        self.summarise()
        self.card_data.start()

    # ------------------------------------------------------------------- set-up

    def on_card_data(self) -> None:
        """The full card database is in (or cards looked up on Scryfall joined it): check the
        deck again and redraw the cards' faces, the games on the table reading them anew."""
        self.scryfall.start(self.card_data.database)
        self.card_data.changed()
        for board in (self.main, self.compare):
            if board is not None:
                board.use_pool(self.card_pool())
        self.decks.refresh()
        self.summarise()
        self.show_images()

    def card_pool(self) -> CardPool:
        """The card data the page reads cards with: the catalog, the database, Scryfall's look-ups."""
        return self.card_data.pool

    def load_text(self) -> None:
        """The deck's companion needs rules text (Zirda): fetch it, then check the deck again."""
        self.text_task = asyncio.ensure_future(self.card_data.text_then(self.decks.refresh))

    def decklist_text(self) -> str:
        return self.decks.text()

    def show_images(self) -> None:
        """Redraw the boards; with images on, again once the card data's image addresses are in."""
        self.render_boards()
        if self.images.enabled():
            self.text_task = asyncio.ensure_future(self.card_data.images_then(self.render_boards))

    def render_boards(self) -> None:
        """The boards drawn again (new card data or images), and what beside them follows the cards."""
        for board in (self.main, self.compare):
            if board is not None and board.state is not None:
                self.update(board, Outcome())

    # ------------------------------------------------------------------- statistics

    def reopen_recent(self, key: str) -> None:
        """Open the game of a recent hand at the decision on its kept hand (its stored link is
        checked like any other), and bring the table into view."""
        link = self.stats.recent.link(key)
        if link and self.open_link(link):
            self.links.show(link, push=True)  # Back returns to the game before
            self.to_table()

    # ------------------------------------------------------------------- card images

    def on_images(self) -> None:
        self.images.on_toggle()
        self.show_images()
        self.scryfall.on_option()

    def inspect(self, card: Node | None) -> None:
        self.preview.inspect(card)

    def close_preview(self) -> bool:
        return self.preview.close()

    def on_key(self, key: str) -> bool:
        """A key outside the fields (``page.services.keys``); True when it was used."""
        from page.services.keys import handle

        return handle(self, key)

    # ------------------------------------------------------------------- dealing

    def say(self, text: str) -> None:
        self.main.say(text)

    def read_setup(self, seed: int) -> Setup:
        return self.setup_panel.read(seed, self.decks.text(), self.decks.marked_in_deck(), self.decks.skip_bad(),
                                     self.decks.pool())  # fmt: skip

    def check_setup(self, setup: Setup) -> None:
        self.start_all(setup)

    def deal(self, new_seed: bool = False) -> None:
        """Deal (D) with the form's seed, or the next hand (N): the same setup, a new seed."""
        self.setup_panel.say("")
        try:
            seed = random_seed() if new_seed else self.setup_panel.read_seed()
            setup = self.read_setup(seed)
            if not setup.unchecked:
                self.decks.check_cards(setup.deck, setup.skip_bad)
            states = self.start_all(setup)
            fragment = encode_setup(setup)  # raises when no link could hold it: nothing is dealt that cannot be shared
        except RulesError as error:
            self.refuse(error)
            return
        self.match = Match(seats=setup.players)
        self.show(setup, states)
        self.links.remember(setup, fragment)
        self.stats.show_deck(self.deck_key())
        self.answer_play_draw()
        self.to_table()

    def refuse(self, error: RulesError) -> None:
        """A setup that cannot be dealt: say why beside the prompt, and in the panel at fault
        (a decklist's lines are marked there); nothing the player typed changes."""
        fixes = self.help.fixes()
        self.say(f"{error}\n{fixes} (beside the hand)." if fixes else str(error))
        if self.decks.show_problems(error):
            self.el["deck-panel"].open = True
        else:
            self.setup_panel.say(str(error))
            self.setup_panel.fold(False)

    def answer_play_draw(self) -> None:
        """Play or draw as the player asked to do when they win the flip (the choice is still
        theirs, and logged); the practice sides are the engine's (Setup.side), set before this."""
        choice = self.setup_panel.play_draw()
        for board in (self.main, self.compare):  # the compared board answers as the main one does
            if board and choice in ("play", "draw") and isinstance(board.pending_for_user(), ChooseStartingPlayer):
                self.update(board, board.on_button("play-first" if choice == "play" else "draw-first"))

    def to_table(self) -> None:
        """After dealing: fold the setup, and bring the view and the focus to the table."""
        self.fold(True)
        self.summarise()
        self.main.bring_into_view()

    def next_game(self) -> None:
        state, match = self.main.state, self.match
        if state is None or match is None or state.pending is not None or self.setup is None:
            self.say("Finish dealing this game first: the result is recorded once the first turn begins.")
            return
        results = self.match_panel.results(state)
        seed = state.seed + 1 if self.setup_panel.seed_typed() else random_seed()
        try:
            match = match.record(state.chooser, results)
            chooser, reason = match.next_chooser(seed)
            setup = replace(self.setup, seed=seed, chooser=chooser or 0, chooser_reason=reason, actions=())
            states = self.start_all(setup)
        except RulesError as error:
            self.say(str(error))
            return
        self.match = match
        self.show(setup, states)
        self.answer_play_draw()
        self.links.remember(setup)

    def start_all(self, setup: Setup) -> tuple[GameState, GameState | None]:
        """The game under the chosen rules and, when comparing, the same deal under the second rules."""
        main = game_from_setup(setup, pool=self.card_pool())
        other = game_from_setup(setup, setup.compare, self.card_pool()) if setup.compare else None
        return main, other

    def show(self, setup: Setup, states: tuple[GameState, GameState | None]) -> None:
        self.practice.quiz.stop()
        self.say("")
        self.decks.show_problems(None)
        self.dealt(setup)
        self.el["share"].hidden = True
        self.el["next-hand"].hidden = False
        document.body.dataset.dealt = "true"  # the setup moves beside the table (app.css)
        self.inspect(None)
        users = frozenset(range(1, setup.players + 1)) if setup.control == "all" else frozenset({1})
        main, other = states
        self.compare = second_board(
            other is not None, self.compare, self.el["board-main"], self.el["tables"], self.images
        )
        try:
            shown = self.main.show(main, users, setup.actions)
        except ShareLinkError as error:
            self.say(f"{error}. The deal is shown from the start.")
            shown = Outcome(fresh=True)
        self.update(self.main, shown)
        if self.compare is not None and other is not None:
            self.main.heading(f"Table: {main.edition.name}")
            self.compare.heading(f"Compare: {other.edition.name}")
            self.update(self.compare, self.compare.show(other, users))
        else:
            self.main.heading("Table")
        self.summarise()

    def dealt(self, setup: Setup) -> None:
        self.setup = setup
        self.setup_panel.show_seed(setup.seed)

    def play_quiz_hand(
        self, setup: Setup, state: GameState, actions: tuple[Action, ...], where: str, note: str
    ) -> None:
        self.dealt(setup)
        self.update(self.main, self.main.show(state, frozenset({1}), actions, undoable=False), note)
        self.main.heading(where)
        self.to_table()

    def end_quiz(self, note: str) -> None:
        # The table shows the last hand as it was answered, not the answer played out.
        self.update(self.main, self.main.undo() or Outcome(fresh=True), note)
        self.main.heading("Table")

    def board(self, target: Node) -> Board | None:
        node = target.closest("[data-board]")
        if not node:  # JS null (a click between the boards)
            return None
        return self.compare if node.dataset.board == "compare" else self.main

    def on_click(self, target: Node) -> None:
        """A click anywhere on a board: a card, a fixed control or a choice button."""
        board = self.board(target)
        if board is not None:
            self.update(board, click(board, target))

    def update(self, board: Board, outcome: Outcome | None, note: str = "") -> None:
        """The one way back after an input on ``board``: the table, then (the main board's) the
        match, the trainer's reading of the hand and the notice about the deck, then the
        feedback line, each drawn from the state it is given. ``note``: the feedback line's
        text when it is the page's (a quiz's), not the trainer's."""
        if outcome is None:  # nothing changed (a refusal is said beside the prompt)
            return
        if outcome.inspect is not None:
            self.inspect(outcome.inspect)
            return
        board.render()
        main = board is self.main
        if main:
            self.redraw_trainer()
        if outcome.begun:
            self.record_game(board)
        before, action, line = outcome.before, outcome.action, note
        if main and before is not None and action is not None:
            if self.practice.answered_quiz(before, action):
                return  # the quiz dealt its next hand (or showed its results), drawn through here
            line = line or self.practice.feedback(before, action, outcome.marked)
        if outcome.fresh:
            board.feedback(line)

    def redraw_trainer(self) -> None:
        """What beside the main board follows its state: the match, the outlook, the notice about the deck."""
        if self.main.state is not None:
            self.match_panel.render(self.main.state, self.match)
        self.practice.render(self.main.shown())
        self.help.render()

    def redraw_outlook(self) -> None:
        self.practice.render(self.main.shown())

    def use_format(self, key: str) -> None:
        self.setup_panel.choose(key)
        self.summarise()

    def redeal(self) -> None:
        """The game on the table again, with the deck panel's land marks and its decisions replayed."""
        if self.setup is None or self.main.state is None:
            return
        setup = replace(self.setup, lands=self.decks.marked_in_deck(), actions=tuple(self.main.actions))
        try:
            self.show(setup, self.start_all(setup))
        except RulesError as error:
            self.say(str(error))
            return
        self.links.remember(setup)

    # ------------------------------------------------------------------- links

    def fill_form(self, setup: Setup) -> None:
        self.setup_panel.fill(setup)
        self.decks.fill(setup)

    def show_link(self, fragment: str, *, push: bool) -> None:
        self.links.show(fragment, push=push)

    def copy_link(self) -> None:
        if self.setup is None or self.main.state is None:
            self.say("Deal first: the link holds the deal and the decisions taken so far.")
            return
        try:
            self.links.copy(replace(self.setup, actions=tuple(self.main.actions)), self.el["share-url"])
        except ShareLinkError as error:
            self.say(str(error))
            return
        self.el["share"].hidden = False
        self.say("")

    def on_navigate(self) -> None:
        """Back/forward (or a link pasted into the address bar): open the setup in the URL."""
        fragment = self.links.requested()
        if fragment is not None:
            self.open_link(fragment)

    def open_link(self, fragment: str) -> bool:
        """Fill the form from a link, deal, and replay its decisions; True when it opened. A
        link that cannot be opened leaves the page as it was. A quiz link starts the quiz."""
        if fragment.removeprefix("#").startswith("q"):  # opening_hand.trainer.quiz.is_quiz_link, without its import
            return self.practice.quiz.open(fragment)
        try:
            setup = decode_setup(fragment)
            find_format(setup.format)
            for rules in (setup.edition, setup.compare):
                if rules and rules not in EDITIONS:
                    raise ShareLinkError("the link names rules this version does not know")
            states = self.start_all(setup)
        except RulesError as error:
            self.say(f"This link cannot be opened: {error}. Nothing on the page was changed.")
            return False
        self.fill_form(setup)
        self.links.opened(fragment)
        self.match = Match(seats=setup.players)
        self.show(setup, states)
        self.fold(True)
        return True
