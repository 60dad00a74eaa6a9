"""The page: the setup and deck panels, the boards they deal to, the match, share links,
card images, and the fold of the setup once a game is dealt.

``App`` owns the panels and the main board (and, when comparing two rules editions, a
second board that deals the same seeded shuffle under the other edition). It reads the
form, deals, and hands clicks to the boards; the boards turn them into engine actions.
No rule is decided here. User text only reaches the DOM through ``textContent``,
``value`` and attributes.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

from analysis_panel import AnalysisPanel
from board import Board
from card_data import CardData
from card_images import CardImages
from deck_panel import DeckPanel
from dom import Node, by_id, element, js_options, storage_get, storage_set
from library_panel import LibraryPanel
from links import Links
from match_panel import MatchPanel
from practice import Practice
from preview import Preview
from pyscript import document, window
from scryfall_lookup import ScryfallLookup
from setup_panel import PLAY_DRAW_KEY, SetupPanel
from stats_panel import StatsPanel
from texts import setup_summary, whole_number

from opening_hand import (
    ChooseStartingPlayer,
    GameState,
    Match,
    RulesError,
    find_format,
    random_seed,
)
from opening_hand.editions import EDITIONS
from opening_hand.policy import POLICY_TEXT
from opening_hand.samples import SAMPLES
from opening_hand.share import Setup, ShareLinkError, encode_setup, game_from_setup
from opening_hand.stats import GameRecord, deck_key

MANA_FONT_CSS = "static/vendor/mana-font/css/mana.min.css"  # vendored by scripts/vendor.py


class App(Links):
    def __init__(self) -> None:
        self.el = {name: by_id(name) for name in ("tables", "board-main", "log", "scryfall", "share", "share-url",
                                                   "deck-panel", "next-hand", "setup-summary", "preview")}  # fmt: skip
        self.setup_panel = SetupPanel()
        self.match_panel = MatchPanel()
        self.stats = StatsPanel()
        self.main = Board(self.el["board-main"], self.el["log"], self.render_match, self.record_game, self.inspect,
                          lambda *decision: self.practice.decided(*decision))  # fmt: skip
        self.compare: Board | None = None  # the second board, while comparing two editions
        self.match: Match | None = None
        self.setup: Setup | None = None  # what was dealt last (a share link holds it)
        self.fragment = ""  # the URL fragment of the setup on the page
        self.decks = DeckPanel()
        self.library = LibraryPanel(self.decks)
        self.card_data = CardData(self.on_card_data)
        self.preview = Preview(self.el["preview"], self.card_data.oracle_text)
        self.decks.needs_text = self.load_text
        self.text_task: Any = None  # the oracle text being fetched for a companion condition
        self.analysis = AnalysisPanel(self.deck_for_odds, self.say_odds)
        self.practice = Practice(self)  # the outlook, feedback and quizzes
        by_id("policy").textContent = POLICY_TEXT
        self.images = CardImages(self.el["tables"], self.el["scryfall"], self.render_boards)
        self.scryfall = ScryfallLookup(self.card_data.note, self.on_card_data, self.decklist_text)
        self.setup_panel.restore_play_draw(storage_get(PLAY_DRAW_KEY))
        if not document.getElementById("mana-font"):  # JS null is falsy; the symbols wait for the table
            document.head.append(element("link", "", id="mana-font", rel="stylesheet", href=MANA_FONT_CSS))
        self.summarise()
        self.card_data.start()

    # ------------------------------------------------------------------- set-up

    def on_card_data(self) -> None:
        """The full card database is in (or cards looked up on Scryfall joined it): check the
        deck again and redraw the cards' faces."""
        self.scryfall.start(self.card_data.database)
        self.decks.refresh()
        self.summarise()
        self.render_boards()

    def load_text(self) -> None:
        """The deck's companion needs rules text (Zirda): fetch it, then check the deck again."""
        self.text_task = asyncio.ensure_future(self.card_data.text_then(self.decks.refresh))

    def decklist_text(self) -> str:
        return str(self.decks.el["decklist"].value)

    def render_boards(self) -> None:
        for board in (self.main, self.compare):
            if board is not None and board.state is not None:
                board.render()

    def load_sample(self) -> None:
        self.decks.replace_text(SAMPLES[self.setup_panel.el["format"].value])
        self.decks.say("")
        self.summarise()

    def on_play_draw(self) -> None:
        storage_set(PLAY_DRAW_KEY, self.setup_panel.play_draw())

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
        self.scryfall.schedule()  # the decklist may have changed: its new names, once it rests

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
        """Seat 1's game start, once per game, when the person at the keyboard plays seat 1:
        its record, and its entry in the recent hands (with the link back to its Keep)."""
        from opening_hand.stats import recent_hand  # beside GameRecord (kept out of the shared imports)

        state = board.state
        if state is None or 1 not in board.users:
            return
        player, deck, at = state.player(1), self.deck_key(), int(window.Date.now())
        recent = recent_hand(state, board.undo_stack, board.actions, deck=deck, name=self.decks.deck_name(), at=at,
                             setup=self.setup)  # fmt: skip
        self.stats.add(GameRecord(deck=deck, session=self.stats.session, at=at,
                                  hands_seen=player.mulligans + 1, mulligans=player.mulligans,
                                  kept_size=len(player.hand), lands_kept=player.lands_in_hand(),
                                  decide_ms=tuple(board.decide_ms), on_play=recent.on_play), recent)  # fmt: skip

    def deck_for_odds(self) -> tuple[tuple[str, ...], set[str]]:
        return self.decks.parse().main_cards(), set(self.decks.marked_names())

    def say_odds(self, text: str) -> None:
        by_id("odds-message").textContent = text

    # ------------------------------------------------------------------- card images

    def on_images(self) -> None:
        self.images.on_toggle()
        self.scryfall.on_option()

    def inspect(self, card: Node | None) -> None:
        self.preview.inspect(card)

    # ------------------------------------------------------------------- dealing

    def say(self, text: str) -> None:
        self.main.say(text)

    def read_setup(self, seed: int) -> Setup:
        return self.setup_panel.read(seed, str(self.decks.el["decklist"].value), self.decks.marked_in_deck(),
                                     bool(self.decks.el["skip-bad"].checked), self.decks.pool())  # fmt: skip

    def deal(self, new_seed: bool = False) -> None:
        """Deal (D) with the form's seed, or the next hand (N): the same setup, a new seed."""
        self.setup_panel.say("")
        try:
            seed = random_seed() if new_seed else self.setup_panel.read_seed()
            setup = self.read_setup(seed)
            if not setup.unchecked:
                self.decks.check_cards(setup.deck, setup.skip_bad)
            states = self.start_all(setup)
            fragment_ = encode_setup(setup)  # raises when no link could hold it: nothing is dealt that cannot be shared
        except RulesError as error:
            self.refuse(error)
            return
        self.match = Match(seats=setup.players)
        self.show(setup, states)
        self.remember(setup, fragment_)
        self.stats.show_deck(self.deck_key())
        self.answer_play_draw()
        self.to_table()

    def refuse(self, error: RulesError) -> None:
        """A setup that cannot be dealt: say why beside the prompt, and in the panel at fault
        (a decklist's lines are marked there); nothing the player typed changes."""
        self.say(str(error))
        if self.decks.show_problems(error):
            self.el["deck-panel"].open = True
        else:
            self.setup_panel.say(str(error))
            self.setup_panel.el["setup-panel"].open = True

    def answer_play_draw(self) -> None:
        """Play or draw as the player asked to always do (the choice is still theirs, and logged)."""
        choice = self.setup_panel.play_draw()
        pending = self.main.pending_for_user()
        if choice != "ask" and isinstance(pending, ChooseStartingPlayer):
            self.main.on_button("play-first" if choice == "play" else "draw-first")

    def to_table(self) -> None:
        """After dealing: fold the setup, and bring the view and the focus to the table."""
        self.fold(True)
        self.summarise()
        focus = self.main.view.el["focus"]
        focus.focus(js_options(preventScroll=True))
        focus.scrollIntoView(js_options(block="nearest"))  # the least scrolling that shows the hand whole

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
            setup = replace(self.setup, seed=seed, chooser=chooser, chooser_reason=reason, actions=())
            states = self.start_all(setup)
        except RulesError as error:
            self.say(str(error))
            return
        self.match = match
        self.show(setup, states)
        self.remember(setup)

    def start_all(self, setup: Setup) -> tuple[GameState, GameState | None]:
        """The game under the chosen rules and, when comparing, the same deal under the second rules."""
        main = game_from_setup(setup)
        other = game_from_setup(setup, setup.compare) if setup.compare else None
        return main, other

    def show(self, setup: Setup, states: tuple[GameState, GameState | None]) -> None:
        self.practice.quiz.stop()
        self.say("")
        self.decks.show_problems(None)
        self.setup = setup
        self.setup_panel.el["seed-used"].textContent = f"seed {setup.seed}"
        self.el["share"].hidden = True
        self.el["next-hand"].hidden = False
        self.inspect(None)
        users = frozenset(range(1, setup.players + 1)) if setup.control == "all" else frozenset({1})
        main, other = states
        self.set_compare_board(other is not None)
        try:
            self.main.show(main, users, setup.actions)
        except ShareLinkError as error:
            self.say(f"{error}. The deal is shown from the start.")
        heading = self.main.view.el["heading"]
        if self.compare is not None and other is not None:
            heading.textContent = f"Table: {main.edition.name}"
            self.compare.view.el["heading"].textContent = f"Compare: {other.edition.name}"
            self.compare.show(other, users)
        else:
            heading.textContent = "Table"
        self.summarise()

    def set_compare_board(self, wanted: bool) -> None:
        """Add the second board (a copy of the main board's markup) or take it away."""
        self.el["tables"].classList.toggle("comparing", wanted)
        if not wanted:
            if self.compare is not None:
                self.compare.root.remove()
                self.compare = None
            return
        if self.compare is not None:
            return
        root = self.el["board-main"].cloneNode(True)
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
        log = element("ol", "log", data_testid="compare-log", aria_label="Log of the compared game", tabindex="0")
        root.append(element("h3", "", "Log"), log)
        self.el["tables"].append(root)
        self.compare = Board(root, log, on_inspect=self.inspect)

    def board(self, target: Node) -> Board | None:
        node = target.closest("[data-board]")
        if not node:  # JS null (a click between the boards)
            return None
        return self.compare if node.dataset.board == "compare" else self.main

    def on_click(self, target: Node) -> None:
        """A click anywhere on a board: a card, a fixed control or a choice button."""
        board = self.board(target)
        if board is None:
            return
        if card := target.closest("button.card"):
            board.click_card(card)
            return
        button = target.closest("button")
        if not button or button.disabled:
            return
        if action := button.getAttribute("data-action"):  # None (JS null) on the fixed buttons
            boxes = board.root.querySelectorAll('[data-el="choices"] input[data-conspiracy]:checked')
            board.on_choice(str(action), str(button.getAttribute("data-arg") or ""),
                            [int(box.dataset.conspiracy) for box in boxes])  # fmt: skip
        elif name := button.getAttribute("data-button"):
            board.on_button(str(name))

    def render_match(self) -> None:
        assert self.main.state is not None
        self.match_panel.render(self.main.state, self.match)
        self.practice.render()
