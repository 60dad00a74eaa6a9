"""The page: the setup and deck panels, the boards they deal to, the match, share links, card
images, and the fold of the setup once a game is dealt.

``App`` owns the panels and the main board (and, when comparing two rules editions, a second
board that deals the same seeded shuffle under the other edition). It reads the form, deals,
opens links and hands clicks to the boards; the boards turn them into engine actions. It is
what the panels may ask things of, through the small Protocols of ``page.seams`` (``Page``,
``Keyboard``). No rule is decided here. User text only reaches the DOM through
``textContent``, ``value`` and attributes.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

from pyscript import document

from opening_hand import Action, CardPool, ChooseStartingPlayer, GameState, Match, RulesError, find_format, random_seed
from opening_hand.editions import EDITIONS
from opening_hand.samples import SAMPLES
from opening_hand.share import Setup, ShareLinkError, decode_setup, encode_setup, game_from_setup
from opening_hand.stats import deck_key
from page.deck_help import DeckHelp
from page.dom import Node, before_next_paint, by_id, docked_hover, element, js_options
from page.panels.deck import DeckPanel
from page.panels.library import LibraryPanel
from page.panels.match import MatchPanel
from page.panels.odds import AnalysisPanel
from page.panels.setup import PLAY_DRAW_KEY, SetupPanel
from page.panels.stats import StatsPanel
from page.seams import KeepRules
from page.services import saved_data
from page.services.card_data import CardData
from page.services.images import CardImages
from page.services.links import Links
from page.services.scryfall import ScryfallLookup
from page.table.board import Board
from page.table.clicks import click
from page.table.compare import second_board
from page.table.preview import Preview
from page.texts import setup_summary, whole_number
from page.trainer.practice import Practice

MANA_FONT_CSS = "static/vendor/mana-font/css/mana.min.css"  # vendored by scripts/vendor.py


class App:
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
        self.text_task: Any = None  # the oracle text being fetched for a companion condition
        self.analysis = AnalysisPanel(lambda: (self.decks.parse().main_cards(), set(self.decks.marked_names())),
                                      lambda text: setattr(by_id("odds-message"), "textContent", text),
                                      self.card_pool)  # fmt: skip
        self.images = CardImages(self.el["tables"], self.el["scryfall"], self.render_boards,
                                 lambda key: self.scryfall.image(key, self.card_data.images or {}))  # fmt: skip
        self.main = Board(self.el["board-main"], self.el["log"], images=self.images, on_render=self.render_match,
                          on_begin=self.record_game, on_inspect=self.inspect, on_decide=self.decided,
                          advise_bottom=self.advise_bottom)  # fmt: skip
        self.compare: Board | None = None  # the second board, while comparing two editions
        self.match: Match | None = None
        self.setup: Setup | None = None  # what was dealt last (a share link holds it)
        self.links = Links()
        self.practice = Practice(self.main, self)  # the outlook, feedback and quizzes
        self.scryfall = ScryfallLookup(say=self.card_data.note, on_added=self.on_card_data, decklist=self.decklist_text,
                                       enabled=self.images.enabled, image_paths=self.card_data.load_images,
                                       card_pool=self.card_pool)  # fmt: skip
        self.card_data.use_extra(self.scryfall.extra)
        self.help = DeckHelp(self, self.decks, self.scryfall, self.main)  # the notice about the deck, at the table
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
        """The card data the page reads cards with: the catalog, the database once loaded, and
        the cards looked up on Scryfall."""
        return self.card_data.pool

    def load_text(self) -> None:
        """The deck's companion needs rules text (Zirda): fetch it, then check the deck again."""
        self.text_task = asyncio.ensure_future(self.card_data.text_then(self.decks.refresh))

    def decklist_text(self) -> str:
        return str(self.decks.el["decklist"].value)

    def show_images(self) -> None:
        """Redraw the boards; with images on, again once the card data's image addresses are in."""
        self.render_boards()
        if self.images.enabled():
            self.text_task = asyncio.ensure_future(self.card_data.images_then(self.render_boards))

    def render_boards(self) -> None:
        for board in (self.main, self.compare):
            if board is not None and board.state is not None:
                board.render()

    def load_sample(self) -> None:
        self.decks.replace_text(SAMPLES[self.setup_panel.el["format"].value])
        self.decks.say("")
        self.summarise()

    def sample_follows_format(self) -> None:
        """A sample deck left as it was follows the format to its own sample (the player's
        own list never changes)."""
        if str(self.decks.el["decklist"].value) in SAMPLES.values():
            self.load_sample()

    def on_play_draw(self) -> None:
        saved_data.write(PLAY_DRAW_KEY, self.setup_panel.play_draw())

    def summarise(self) -> None:
        """The one-line summary of the setup, in the bar and on the folded panels."""
        panel = self.setup_panel.el
        fmt = find_format(panel["format"].value)
        players = whole_number(str(panel["players"].value)) or fmt.min_players
        rules = EDITIONS[str(panel["rules"].value)].name.split(" — ")[0]
        seed = self.setup.seed if self.setup is not None else None
        name = self.decks.deck_name()
        text = setup_summary(name, fmt.name, players, rules, seed)
        self.el["setup-summary"].textContent = text
        panel["setup-fold"].textContent = setup_summary("", fmt.name, players, rules, seed).removeprefix("Deck · ")
        self.decks.el["deck-fold"].textContent = f"{name} · {self.decks.short_summary()}"
        if self.main.state is None:  # before the first deal the prompt names what Deal deals
            deck = {"Your deck": "your deck"}.get(name, "the sample deck" if name.startswith("Sample deck") else name)
            self.main.view.el["prompt"].textContent = f"Press Deal (D) to deal {deck}, or change the setup first."
        self.scryfall.schedule()  # the decklist may have changed: its new names, once it rests
        self.help.render()

    def fold(self, folded: bool) -> None:
        """Fold the setup and the deck to their summaries once a game is dealt (Change unfolds them)."""
        self.setup_panel.el["setup-panel"].open = not folded
        self.el["deck-panel"].open = not folded

    def change_setup(self) -> None:
        self.fold(False)
        self.setup_panel.el["setup-panel"].scrollIntoView()
        self.setup_panel.el["format"].focus()

    # ------------------------------------------------------------------- statistics and odds

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

    def decided(self, before: GameState, action: Action, marked: list[int]) -> None:
        self.practice.decided(before, action, marked)

    def advise_bottom(self, state: GameState, seat: int, count: int) -> list[int] | None:
        return self.practice.outlook.advise(state, seat, count)

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

    # ------------------------------------------------------------------- dealing

    def say(self, text: str) -> None:
        self.main.say(text)

    def read_setup(self, seed: int) -> Setup:
        return self.setup_panel.read(seed, str(self.decks.el["decklist"].value), self.decks.marked_in_deck(),
                                     bool(self.decks.el["skip-bad"].checked), self.decks.pool())  # fmt: skip

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
            self.setup_panel.el["setup-panel"].open = True

    def answer_play_draw(self) -> None:
        """Play or draw as the player asked to do when they win the flip (the choice is still
        theirs, and logged); the practice sides are the engine's (Setup.side), set before this."""
        choice = self.setup_panel.play_draw()
        for board in (self.main, self.compare):  # the compared board answers as the main one does
            if board and choice in ("play", "draw") and isinstance(board.pending_for_user(), ChooseStartingPlayer):
                board.on_button("play-first" if choice == "play" else "draw-first")

    def to_table(self) -> None:
        """After dealing: fold the setup, and bring the view and the focus to the table."""
        self.fold(True)
        self.summarise()
        focus = self.main.view.el["focus"]
        focus.focus(js_options(preventScroll=True))
        # The least scrolling that shows the hand whole, once it is laid out.
        before_next_paint("table", lambda: focus.scrollIntoView(js_options(block="nearest")))

    def next_game(self) -> None:
        state, match = self.main.state, self.match
        if state is None or match is None or state.pending is not None or self.setup is None:
            self.say("Finish dealing this game first: the result is recorded once the first turn begins.")
            return
        results = self.match_panel.results(state)
        seed = state.seed + 1 if str(self.setup_panel.el["seed"].value).strip() else random_seed()
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
        self.compare = second_board(other is not None, self.compare, self.el["board-main"], self.el["tables"],
                                    self.images, self.inspect)  # fmt: skip
        try:
            self.main.show(main, users, setup.actions)
        except ShareLinkError as error:
            self.say(f"{error}. The deal is shown from the start.")
        if self.compare is not None and other is not None:
            self.main.view.heading(f"Table: {main.edition.name}")
            self.compare.view.heading(f"Compare: {other.edition.name}")
            self.compare.show(other, users)
        else:
            self.main.view.heading("Table")
        self.summarise()

    def dealt(self, setup: Setup) -> None:
        self.setup = setup
        self.setup_panel.el["seed-used"].textContent = f"seed {setup.seed}"

    def board(self, target: Node) -> Board | None:
        node = target.closest("[data-board]")
        if not node:  # JS null (a click between the boards)
            return None
        return self.compare if node.dataset.board == "compare" else self.main

    def on_click(self, target: Node) -> None:
        """A click anywhere on a board: a card, a fixed control or a choice button."""
        board = self.board(target)
        if board is not None:
            click(board, target)

    def render_match(self) -> None:
        assert self.main.state is not None
        self.match_panel.render(self.main.state, self.match)
        self.practice.render()
        self.help.render()

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
        if fragment.removeprefix("#").startswith("q"):  # opening_hand.quiz.is_quiz_link, without its import
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
