"""The page adapter: reads the set-up form, and renders each game's state on a board.

``Page`` owns the set-up form, the match score and the boards: the main table and, when
the player compares two rules editions, a second board that deals the same seeded
shuffle under the other edition. ``Board`` renders one game and turns clicks on it into
engine actions. No rule is decided here. Every action goes to ``opening_hand.apply``, which validates
it; a refused action shows the engine's message and changes nothing. User text (card
names, decklists) only ever reaches the DOM through ``textContent`` and attributes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote

from analysis_panel import AnalysisPanel
from deck_panel import DeckPanel
from pyodide.ffi import create_proxy
from pyscript import document, window
from stats_panel import StatsPanel

from opening_hand import (
    MAX_SEED,
    Action,
    BeginOnBattlefield,
    Card,
    ChooseBackupHand,
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseShuffleBack,
    ChooseStarting,
    ChooseStartingPlayer,
    DeclareMulligan,
    FinishOpeningActions,
    GameState,
    Keep,
    KeepBackupHand,
    Match,
    Mulligan,
    OpeningHandActions,
    PutConspiracies,
    PutOnBottom,
    RevealCompanion,
    RevealFromHand,
    RulesError,
    Scry,
    ScryDecision,
    ShuffleBack,
    UseSerumPowder,
    apply,
    find_format,
    lookup,
    parse_decklist,
    random_seed,
)
from opening_hand.editions import EDITIONS
from opening_hand.match import Outcome
from opening_hand.policy import POLICY_TEXT, decide
from opening_hand.samples import SAMPLES
from opening_hand.share import Setup, ShareLinkError, decode_setup, encode_setup, game_from_setup
from opening_hand.stats import GameRecord, deck_key

Node = Any  # a JavaScript DOM node reached through Pyodide's FFI
ORDINALS = ("1st", "2nd", "3rd")
BUTTONS = (
    "play-first", "draw-first", "keep", "mulligan", "serum-powder", "set-aside", "keep-on-top", "bottom",
    "shuffle-back", "undo",
)  # fmt: skip
MANA_FONT_CSS = "static/vendor/mana-font/css/mana.min.css"  # vendored by scripts/vendor.py
BOARD_PARTS = ("heading", "prompt", "choices", "starting-player", "first-draw-skipped", "turn-order", "seats")


ZONE_LABELS = {
    "command": "Command", "battlefield": "Battlefield", "revealed": "Revealed", "library": "Library (top card)",
    "hand": "Hand", "set-aside": "Set aside", "exile": "Exile",
}  # fmt: skip


def ordinal(n: int) -> str:
    return ORDINALS[n - 1] if n <= 3 else f"{n}th"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> Node:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)  # for_ -> for
    return node


def mana_class(symbol: str) -> str:
    """mana-font's class for a mana symbol: ``R`` -> ``r``, ``10`` -> ``10``, ``W/U`` -> ``wu``,
    ``2/W`` -> ``2w``, ``G/P`` -> ``gp``, ``X`` -> ``x``."""
    return "".join(ch for ch in symbol.lower() if ch.isalnum())


def load_mana_symbols() -> None:
    """Add mana-font's stylesheet once, when the table is first built: it is not needed to
    paint the page shell, so it stays off the start-up path."""
    if not document.getElementById("mana-font"):  # JS null is falsy (it is not None in Pyodide)
        link = element("link", "", id="mana-font", rel="stylesheet", href=MANA_FONT_CSS)
        document.head.append(link)


@dataclass
class Display:
    """How cards are drawn, shared by every board."""

    images: bool = False  # "Show card images from Scryfall (needs internet)"
    failed_images: set[str] = field(default_factory=set)  # names whose image could not load


DISPLAY = Display()
SETTINGS_KEY = "opening-hand/settings"


def scryfall_image(name: str) -> str:
    """Scryfall's image of the card with this exact name (the name is URL-encoded)."""
    return f"https://api.scryfall.com/cards/named?exact={quote(name, safe='')}&format=image&version=normal"


def type_glyph(type_line: str) -> str:
    for word, glyph in (("Land", "▲"), ("Creature", "⚔"), ("Instant", "ϟ"), ("Sorcery", "✦"),
                        ("Enchantment", "❂"), ("Artifact", "⚙"), ("Planeswalker", "✧"), ("Plane", "◎"),
                        ("Phenomenon", "✺"), ("Scheme", "☠"), ("Conspiracy", "✉")):  # fmt: skip
        if word in type_line:
            return glyph
    return "?"


class Page:
    """The set-up form, the match, and the boards it deals to."""

    def __init__(self) -> None:
        by_id = document.getElementById
        self.el = {
            name: by_id(name)
            for name in (
                "format", "format-description", "players", "control", "teams-row", "shared-turns", "teams",
                "rules", "compare-rules", "vanguard", "vanguard-name", "vanguard-hand", "vanguard-life", "seed",
                "seed-used", "unchecked", "message", "tables", "board-main", "log", "match", "scryfall", "share",
                "share-url",
                "result", "score-body",
            )
        }  # fmt: skip
        self.stats = StatsPanel()
        self.main = Board(
            self.el["board-main"], self.el["message"], self.el["log"], on_render=self.render_match,
            on_begin=self.record_game,
        )  # fmt: skip
        self.compare: Board | None = None  # the second board, while comparing two editions
        self.match: Match | None = None
        self.setup: Setup | None = None  # what was dealt last (a share link holds it)
        self.fragment = ""  # the URL fragment of the setup on the page
        self.decks = DeckPanel(self.say)
        self.analysis = AnalysisPanel(self.deck_for_odds, self.say_odds)
        by_id("policy").textContent = POLICY_TEXT
        self.image_errors = create_proxy(self.on_image_error)  # one listener for every card image
        self.el["tables"].addEventListener("error", self.image_errors, True)  # error events do not bubble
        DISPLAY.images = self.read_image_setting()
        self.el["scryfall"].checked = DISPLAY.images
        load_mana_symbols()

    # ------------------------------------------------------------------- set-up

    def on_format(self) -> None:
        fmt = find_format(self.el["format"].value)
        players = self.el["players"]
        players.min, players.max = str(fmt.min_players), str(fmt.max_players)
        if not fmt.min_players <= self.int_value(players, fmt.min_players) <= fmt.max_players:
            players.value = str(fmt.min_players if fmt.min_players > 2 or fmt.max_players == 2 else 4)
        self.el["format-description"].textContent = fmt.description
        self.el["vanguard"].hidden = not fmt.vanguard
        self.on_players()

    def on_players(self) -> None:
        fmt = find_format(self.el["format"].value)
        n = self.int_value(self.el["players"], fmt.min_players)
        optional = fmt.multiplayer and not fmt.shared_team_turns and n >= 3
        self.el["teams-row"].hidden = not optional
        show = fmt.team_size is not None or (optional and self.el["shared-turns"].checked)
        self.el["teams"].hidden = not show
        if show:
            self.build_team_selects(n, fmt.team_size)

    def build_team_selects(self, n: int, team_size: int | None) -> None:
        fragment = document.createDocumentFragment()
        teams = max(2, n // (team_size or 2)) if team_size else 2
        for seat in range(1, n + 1):
            default = (seat - 1) // team_size + 1 if team_size else (seat - 1) % 2 + 1
            label = element("label", "", f"Seat {seat} ", for_=f"team-{seat}")
            select = element("select", "", id=f"team-{seat}", data_seat=str(seat))
            for team in range(1, max(teams, 2) + 1):
                option = element("option", "", f"Team {team}", value=str(team))
                if team == default:
                    option.selected = True
                select.append(option)
            label.append(select)
            fragment.append(label)
        self.el["teams"].replaceChildren(fragment)

    @staticmethod
    def int_value(node: Node, default: int) -> int:
        raw = str(node.value).strip()
        return int(raw) if raw.lstrip("-").isdigit() else default

    def load_sample(self) -> None:
        self.decks.replace_text(SAMPLES[self.el["format"].value])
        self.say("")

    # ------------------------------------------------------------------- keyboard

    def on_key(self, key: str) -> bool:
        """Shortcuts on the main table: K keep, M mulligan, 1-9 mark the Nth card of the
        hand being decided, Enter confirm the chosen cards. True when the key was used."""
        board = self.main
        buttons = board.buttons
        lowered = key.lower()
        if lowered in ("k", "m"):
            name = "keep" if lowered == "k" else "mulligan"
            if not buttons[name].hidden:
                board.on_button(name)
                return True
            return False
        if key.isdigit() and key != "0":
            pending = board.pending_for_user()
            if pending is None or board.state is None:
                return False
            hand = board.state.player(pending.player).hand
            if int(key) <= len(hand):
                board.toggle_mark(hand[int(key) - 1].id, pending.player)
                return True
            return False
        if key == "Enter":
            for name in ("bottom", "shuffle-back", "set-aside"):
                if not buttons[name].hidden:
                    board.on_button(name)
                    return True
        return False

    # ------------------------------------------------------------------- statistics

    def deck_key(self) -> str:
        if self.setup is None:
            return ""
        with contextlib.suppress(RulesError):
            return deck_key(parse_decklist(self.setup.deck, skip_bad_lines=self.setup.skip_bad).main_cards())
        return ""

    def record_game(self, board: Board) -> None:
        """Seat 1's game start, once per game, when the person at the keyboard plays seat 1."""
        state = board.state
        if state is None or 1 not in board.users:
            return
        player = state.player(1)
        self.stats.add(
            GameRecord(
                deck=self.deck_key(),
                session=self.stats.session,
                at=int(window.Date.now()),
                hands_seen=player.mulligans + 1,
                mulligans=player.mulligans,
                kept_size=len(player.hand),
                lands_kept=player.lands_in_hand(),
                decide_ms=tuple(board.decide_ms),
            )
        )

    # ------------------------------------------------------------------- odds

    def deck_for_odds(self) -> tuple[tuple[str, ...], set[str]]:
        deck = self.decks.parse()
        return deck.main_cards(), set(self.decks.marked_names())

    def say_odds(self, text: str) -> None:
        document.getElementById("odds-message").textContent = text

    # ------------------------------------------------------------------- card images

    def read_image_setting(self) -> bool:
        try:
            return bool(window.localStorage.getItem(SETTINGS_KEY) == "images")
        except Exception:  # storage turned off: the default (no images)
            return False

    def on_images(self) -> None:
        DISPLAY.images = bool(self.el["scryfall"].checked)
        with contextlib.suppress(Exception):  # storage off: the setting holds for this visit
            window.localStorage.setItem(SETTINGS_KEY, "images" if DISPLAY.images else "")
        for board in (self.main, self.compare):
            if board is not None and board.state is not None:
                board.render()

    def on_image_error(self, event: Any) -> None:
        image = event.target
        if image.classList.contains("card-image"):
            DISPLAY.failed_images.add(str(image.getAttribute("data-image-for")))
            image.remove()  # the proxy face underneath shows

    # ------------------------------------------------------------------- dealing

    def say(self, text: str) -> None:
        self.el["message"].textContent = text

    def read_setup(self, seed: int) -> Setup:
        """The set-up form as a :class:`Setup` (what a share link holds)."""
        fmt = find_format(self.el["format"].value)
        raw_players = str(self.el["players"].value).strip()
        if not raw_players.isdigit() or not fmt.min_players <= int(raw_players) <= fmt.max_players:
            raise RulesError(f"{fmt.name} is played by {fmt.min_players}–{fmt.max_players} players.")
        n = int(raw_players)
        vanguard = None
        if fmt.vanguard:
            name = str(self.el["vanguard-name"].value).strip() or "Vanguard"
            hand, life = self.el["vanguard-hand"].value, self.el["vanguard-life"].value
            if not all(str(v).strip().lstrip("-").isdigit() for v in (hand, life)):
                raise RulesError("The vanguard's hand and life modifiers must be whole numbers (e.g. -1 or 3).")
            if not (-99 <= int(hand) <= 99 and -99 <= int(life) <= 99):
                raise RulesError("The vanguard's hand and life modifiers must be between -99 and 99.")
            vanguard = (name[:60], int(hand), int(life))
        shared = not self.el["teams"].hidden
        teams = None
        if shared:
            groups: dict[int, list[int]] = {}
            for seat in range(1, n + 1):
                groups.setdefault(int(document.getElementById(f"team-{seat}").value), []).append(seat)
            teams = tuple(tuple(seats) for _, seats in sorted(groups.items()))
        edition = str(self.el["rules"].value)
        compare = str(self.el["compare-rules"].value)
        if compare == edition:
            raise RulesError("To compare, choose a second rules edition that differs from the first.")
        return Setup(
            deck=str(self.decks.el["decklist"].value),
            format=fmt.key,
            players=n,
            edition=edition,
            seed=seed,
            control="all" if self.el["control"].value == "all" else "1",
            compare=compare,
            teams=teams,
            shared=shared,
            vanguard=vanguard,
            lands=self.decks.marked_names(),
            unchecked=bool(self.el["unchecked"].checked),
            skip_bad=bool(self.decks.el["skip-bad"].checked),
        )

    def read_seed(self) -> int:
        raw = str(self.el["seed"].value).strip()
        if not raw:
            return random_seed()
        if not raw.isdigit() or int(raw) > MAX_SEED:
            raise RulesError(f"The seed must be a whole number from 0 to {MAX_SEED}, or blank for a random one.")
        return int(raw)

    def deal(self) -> None:
        try:
            setup = self.read_setup(self.read_seed())
            states = self.start_all(setup)
        except RulesError as error:
            self.say(str(error))
            return
        self.match = Match(seats=setup.players)
        self.show(setup, states)
        self.remember(setup)
        self.stats.show_deck(self.deck_key())

    def next_game(self) -> None:
        state, match = self.main.state, self.match
        if state is None or match is None or state.pending is not None or self.setup is None:
            self.say("Finish dealing this game first: the result is recorded once the first turn begins.")
            return
        results = self.results_from_select(state)
        seed = state.seed + 1 if str(self.el["seed"].value).strip() else random_seed()
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

    # ------------------------------------------------------------------- share links

    def remember(self, setup: Setup) -> None:
        """A new practice setup: a new entry in the browser's history (back/forward)."""
        fragment = encode_setup(replace(setup, actions=()))
        if fragment != self.fragment:
            window.history.pushState(None, "", "#" + fragment)
            self.fragment = fragment

    def copy_link(self) -> None:
        if self.setup is None or self.main.state is None:
            self.say("Deal first: the link holds the deal and the decisions taken so far.")
            return
        fragment = encode_setup(replace(self.setup, actions=tuple(self.main.actions)))
        window.history.replaceState(None, "", "#" + fragment)
        self.fragment = fragment
        url = str(window.location.href)
        self.el["share"].hidden = False
        self.el["share-url"].value = url
        self.el["share-url"].select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard:
            clipboard.writeText(url).catch(lambda _error: None)  # the link stays selected to copy by hand
        self.say("")

    def on_navigate(self) -> None:
        """Back/forward (or a link pasted into the address bar): open the setup in the URL."""
        fragment = str(window.location.hash).removeprefix("#")
        if fragment and fragment != self.fragment:
            self.open_link(fragment)

    def open_link(self, fragment: str) -> None:
        """Fill the form from a link, deal, and replay its decisions. A link that cannot be
        opened leaves the page as it was."""
        try:
            setup = decode_setup(fragment)
            fmt = find_format(setup.format)
            for rules in (setup.edition, setup.compare):
                if rules and rules not in EDITIONS:
                    raise ShareLinkError("the link names rules this version does not know")
            states = self.start_all(setup)
        except RulesError as error:
            self.say(f"This link cannot be opened: {error}. Nothing on the page was changed.")
            return
        self.fill_form(setup, fmt.key)
        self.fragment = fragment
        self.match = Match(seats=setup.players)
        self.show(setup, states)

    def fill_form(self, setup: Setup, fmt: str) -> None:
        el = self.el
        el["format"].value = fmt
        el["players"].value = str(setup.players)
        self.on_format()
        el["players"].value = str(setup.players)
        el["shared-turns"].checked = setup.shared
        self.on_players()
        for index, team in enumerate(setup.teams or ()):
            for seat in team:
                select = document.getElementById(f"team-{seat}")
                if select:
                    select.value = str(index + 1)
        el["control"].value = setup.control
        el["rules"].value = setup.edition
        document.getElementById("rules-description").textContent = EDITIONS[setup.edition].summary
        el["compare-rules"].value = setup.compare
        el["seed"].value = str(setup.seed)
        el["unchecked"].checked = setup.unchecked
        if setup.vanguard:
            el["vanguard-name"].value, el["vanguard-hand"].value, el["vanguard-life"].value = (
                setup.vanguard[0],
                str(setup.vanguard[1]),
                str(setup.vanguard[2]),
            )
        self.decks.el["skip-bad"].checked = setup.skip_bad
        self.decks.lands = set(setup.lands)
        self.decks.replace_text(setup.deck)

    def results_from_select(self, state: GameState) -> dict[int, Outcome]:
        value = str(self.el["result"].value)
        if value == "draw":
            return {seat: "draw" for seat in state.seats}
        winners = state.teams[int(value)]
        return {seat: ("win" if seat in winners else "loss") for seat in state.seats}

    def start_all(self, setup: Setup) -> tuple[GameState, GameState | None]:
        """The game under the chosen rules and, when comparing, the same deal under the second rules."""
        main = game_from_setup(setup)
        other = game_from_setup(setup, setup.compare) if setup.compare else None
        return main, other

    def show(self, setup: Setup, states: tuple[GameState, GameState | None]) -> None:
        self.say("")
        self.setup = setup
        self.el["seed-used"].textContent = f"seed {setup.seed}"
        self.el["share"].hidden = True
        users = frozenset(range(1, setup.players + 1)) if setup.control == "all" else frozenset({1})
        main, other = states
        self.set_compare_board(other is not None)
        try:
            self.main.show(main, users, setup.actions)
        except ShareLinkError as error:
            self.say(f"{error}. The deal is shown from the start.")
        if self.compare is not None and other is not None:
            self.main.el["heading"].textContent = f"Table: {main.edition.name}"
            self.compare.el["heading"].textContent = f"Compare: {other.edition.name}"
            self.compare.show(other, users)
        else:
            self.main.el["heading"].textContent = "Table"

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
        root.dataset.board = "compare"
        root.querySelector('[data-el="heading"]').id = "compare-heading"
        root.setAttribute("aria-labelledby", "compare-heading")
        root.querySelector('[data-el="seats"]').replaceChildren()
        message = element("p", "message", role="alert", data_testid="compare-message")
        root.insertBefore(message, root.querySelector('[data-el="controls"]'))
        log = element("ol", "log", data_testid="compare-log", aria_label="Log of the compared game", tabindex="0")
        root.append(element("h3", "", "Log"), log)
        self.el["tables"].append(root)
        self.compare = Board(root, message, log)

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
        card = target.closest("button.card")
        if card:
            board.toggle_mark(int(card.dataset.cardId), int(card.dataset.player))
            return
        button = target.closest("button")
        if not button or button.disabled:
            return
        action = button.getAttribute("data-action")  # None (JS null) on the fixed buttons
        if action:
            board.on_choice(str(action), str(button.getAttribute("data-arg") or ""))
        elif name := button.getAttribute("data-button"):
            board.on_button(str(name))

    def render_match(self) -> None:
        state, match = self.main.state, self.match
        assert state is not None
        self.el["match"].hidden = state.pending is not None or match is None
        if state.pending is not None or match is None:
            return
        results = document.createDocumentFragment()
        for index, team in enumerate(state.teams):
            names = " and ".join(state.player(s).name for s in team)
            results.append(element("option", "", f"{names} won", value=str(index)))
        results.append(element("option", "", "Draw", value="draw"))
        self.el["result"].replaceChildren(results)
        body = document.createDocumentFragment()
        for seat, (won, lost, drawn) in match.score().items():
            row = element("tr")
            for text in (state.player(seat).name, str(won), str(lost), str(drawn)):
                row.append(element("td", "", text))
            body.append(row)
        self.el["score-body"].replaceChildren(body)


class Board:
    """One game on one table: renders its state into ``root`` and turns clicks into actions."""

    def __init__(
        self,
        root: Node,
        message: Node,
        log: Node,
        on_render: Callable[[], None] | None = None,
        on_begin: Callable[[Board], None] | None = None,
    ) -> None:
        self.root = root
        self.on_begin = on_begin  # called once per game, when the first turn begins
        self.begun = False
        self.asked_at: float | None = None  # when the user was last asked to keep or mulligan
        self.decide_ms: list[int] = []
        self.el = {name: root.querySelector(f'[data-el="{name}"]') for name in BOARD_PARTS}
        self.el["message"], self.el["log"] = message, log
        self.buttons = {name: root.querySelector(f'[data-button="{name}"]') for name in BUTTONS}
        self.on_render = on_render
        self.state: GameState | None = None
        self.users: frozenset[int] = frozenset({1})  # the seats the person at the keyboard decides for
        self.marked: list[int] = []  # card ids chosen (for the bottom, or to exile), in order
        self.actions: list[Action] = []  # every action of this game, every seat's, in order
        self.undo_stack: list[tuple[GameState, int]] = []  # (state, len(actions)) before each user decision
        self.logged = 0
        self.seat_nodes: dict[int, dict[str, Node]] = {}
        self.team_life_nodes: list[Node] = []

    def say(self, text: str) -> None:
        self.el["message"].textContent = text

    def show(self, state: GameState, users: frozenset[int], actions: tuple[Action, ...] = ()) -> None:
        """A new game on this board; ``actions`` (a link's decisions) are replayed first.
        Raises ShareLinkError when they do not fit, after showing the fresh deal."""
        self.users = users
        self.state = None
        self.actions = []
        self.undo_stack = []
        self.begun = False
        self.asked_at = None
        self.decide_ms = []
        self.logged = 0
        self.el["log"].replaceChildren()
        self.build_table(state)
        fresh = state
        try:
            state = self.replay(state, actions)
        except ShareLinkError:
            self.actions, self.undo_stack = [], []
            self.advance(fresh)
            raise
        self.advance(state)

    def replay(self, state: GameState, actions: tuple[Action, ...]) -> GameState:
        """Play a link's decisions (every seat's, in order), keeping undo points at the
        user's decisions as if they had been clicked."""
        for index, action in enumerate(actions, start=1):
            before = state
            try:
                state = apply(state, action)
            except RulesError as error:
                raise ShareLinkError(f"decision {index} of the link does not fit this deal: {error}") from None
            if before.pending is not None and before.pending.player in self.users:
                self.undo_stack.append((before, len(self.actions)))
            self.actions.append(action)
        return state

    def undo(self) -> None:
        """Take back the user's last decision (and the computer's answers to it)."""
        if not self.undo_stack:
            self.say("There is no decision to take back.")
            return
        state, count = self.undo_stack.pop()
        del self.actions[count:]
        self.marked = []
        self.state = state
        self.logged = 0
        self.el["log"].replaceChildren()
        self.say("")
        self.render()

    # ------------------------------------------------------------------- actions

    def act(self, action: Action) -> None:
        if self.state is None:
            self.say("Press Deal to start a game first.")
            return
        before = self.state
        try:
            state = apply(before, action)
        except RulesError as error:
            self.say(str(error))
            return
        self.undo_stack.append((before, len(self.actions)))
        self.actions.append(action)
        if isinstance(action, Keep | Mulligan) and self.asked_at is not None:
            self.decide_ms.append(int(window.performance.now() - self.asked_at))
            self.asked_at = None
        self.say("")
        self.advance(state)

    def advance(self, state: GameState) -> None:
        """Let the computer seats decide, then show the decision the user is asked for."""
        computer = frozenset(state.seats) - self.users
        while state.pending is not None and state.pending.player in computer:
            action = decide(state)
            state = apply(state, action)
            self.actions.append(action)
        if self.state is None or state.pending != self.state.pending:
            self.marked = []
            if isinstance(state.pending, DeclareMulligan) and state.pending.player in self.users:
                self.asked_at = window.performance.now()
        self.state = state
        self.render()
        # What the board keeps, for the soak test: every action of this game and one undo point per decision.
        self.root.dataset.history = f"{len(self.actions)} {len(self.undo_stack)}"
        if state.pending is None and not self.begun:
            self.begun = True
            if self.on_begin is not None:
                self.on_begin(self)

    def pending_for_user(self) -> Any:
        pending = self.state.pending if self.state else None
        return pending if pending is not None and pending.player in self.users else None

    def toggle_mark(self, card_id: int, seat: int) -> None:
        pending = self.pending_for_user()
        if isinstance(pending, ChooseBottom | ChooseShuffleBack) and pending.player == seat:
            limit = pending.count
        elif isinstance(pending, DeclareMulligan) and pending.player == seat and pending.set_aside:
            limit = len(self.state.player(seat).hand) if self.state else 0
        elif isinstance(pending, OpeningHandActions) and pending.player == seat and pending.caverns:
            limit = 1  # the card Gemstone Caverns exiles
        else:
            self.say("Cards are chosen only while you put cards on the bottom, set them aside or shuffle them back.")
            return
        if card_id in self.marked:
            self.marked.remove(card_id)
        elif len(self.marked) >= limit:
            self.say(f"You have already chosen {limit}; click a chosen card again to unmark it.")
            return
        else:
            self.marked.append(card_id)
        self.say("")
        self.render()

    def on_button(self, name: str) -> None:
        if name == "undo":
            self.undo()
            return
        pending = self.pending_for_user()
        if pending is None:
            return
        seat = pending.player
        if name == "keep":
            self.act(Keep(seat))
        elif name == "mulligan":
            self.act(Mulligan(seat))
        elif name == "serum-powder" and isinstance(pending, DeclareMulligan) and pending.serum_powders:
            self.act(UseSerumPowder(seat, pending.serum_powders[0]))
        elif name == "bottom" and isinstance(pending, Scry):
            self.act(ScryDecision(seat, to_bottom=True))
        elif name == "keep-on-top" and isinstance(pending, Scry):
            self.act(ScryDecision(seat, to_bottom=False))
        elif name == "bottom":
            self.act(PutOnBottom(seat, tuple(self.marked)))
        elif name == "set-aside":
            self.act(Mulligan(seat, tuple(self.marked)))
        elif name == "shuffle-back":
            self.act(ShuffleBack(seat, tuple(self.marked)))
        elif name == "play-first" and isinstance(pending, ChooseStartingPlayer):
            own = next(o for o in pending.options if self.state and self.state.team_of(o) == self.state.team_of(seat))
            self.act(ChooseStarting(seat, own))
        elif name == "draw-first" and isinstance(pending, ChooseStartingPlayer):
            others = [o for o in pending.options if self.state and self.state.team_of(o) != self.state.team_of(seat)]
            self.act(ChooseStarting(seat, others[0]))

    def on_choice(self, action: str, arg: str) -> None:
        pending = self.pending_for_user()
        if pending is None:
            return
        seat = pending.player
        if action == "start":
            self.act(ChooseStarting(seat, int(arg)))
        elif action == "companion":
            self.act(RevealCompanion(seat, int(arg) if arg else None))
        elif action == "conspiracies":
            boxes = self.el["choices"].querySelectorAll("input[data-conspiracy]:checked")
            self.act(PutConspiracies(seat, tuple(int(box.dataset.conspiracy) for box in boxes)))
        elif action == "backup":
            self.act(KeepBackupHand(seat, int(arg)))
        elif action == "battlefield":
            card_id = int(arg)
            exile = (
                self.marked[0]
                if isinstance(pending, OpeningHandActions) and card_id in pending.caverns and self.marked
                else None
            )
            self.act(BeginOnBattlefield(seat, card_id, exile))
        elif action == "reveal":
            self.act(RevealFromHand(seat, int(arg)))
        elif action == "done":
            self.act(FinishOpeningActions(seat))

    # ----------------------------------------------------------------- rendering

    def seat_label(self, seat: int) -> str:
        assert self.state is not None
        name = self.state.player(seat).name
        return f"{name} (you)" if self.users == {seat} else name

    def build_table(self, state: GameState) -> None:
        self.seat_nodes = {}
        self.team_life_nodes = []
        container = self.el["seats"]
        container.replaceChildren()
        self.state = state
        for index, team in enumerate(state.teams):
            parent = container
            if len(team) > 1 or state.format.team_life is not None:
                block = element("div", "team", role="group", aria_label=f"Team {index + 1}")
                head = element("div", "team-head")
                head.append(element("h3", "", f"Team {index + 1}"))
                if state.format.team_life is not None:
                    stat = element("span", "stat", "Team life ")
                    life = element("b", "", data_testid=f"team-life-{index + 1}")
                    stat.append(life)
                    head.append(stat)
                    self.team_life_nodes.append(life)
                block.append(head)
                container.append(block)
                parent = block
            for seat in team:
                parent.append(self.build_seat(state, seat))

    def build_seat(self, state: GameState, seat: int) -> Node:
        section = element("div", "seat", role="group", aria_label=self.seat_label(seat), data_seat=str(seat))
        head = element("div", "seat-head")
        head.append(element("h3", "", self.seat_label(seat)))
        nodes: dict[str, Node] = {"section": section}
        stats = [("Library", "library", f"library-count-{seat}"), ("Mulligans", "mulligans", "")]
        if state.format.team_life is None:
            stats.insert(0, ("Life", "life", f"life-{seat}"))
        for label, key, testid in stats:
            stat = element("span", "stat", f"{label} ")
            value = element("b", "", data_testid=testid) if testid else element("b")
            stat.append(value)
            head.append(stat)
            nodes[key] = value
        if seat == state.archenemy:
            head.append(element("span", "chip", "Archenemy"))
        section.append(head)
        for zone, label in (("command", "Command"), ("battlefield", "Battlefield"), ("revealed", "Revealed"),
                            ("library", "Library (top)"), ("hand", "Hand"), ("set-aside", "Set aside"),
                            ("exile", "Exile")):  # fmt: skip
            row = element("div", f"zone {zone}", data_testid=f"{zone}-{seat}", aria_label=f"Seat {seat}: {label}")
            row.append(element("span", "zone-label", label))
            section.append(row)
            nodes[f"zone:{zone}"] = row
        self.seat_nodes[seat] = nodes
        return section

    def render(self) -> None:
        state = self.state
        assert state is not None
        pending = state.pending
        for p in state.players:
            nodes = self.seat_nodes[p.seat]
            if "life" in nodes:
                nodes["life"].textContent = "—" if p.life is None else str(p.life)
            nodes["library"].textContent = str(len(p.library))
            nodes["mulligans"].textContent = str(p.mulligans)
            visible = p.seat in self.users
            revealed = [c for c in p.hand if c.id in p.revealed]
            self.render_zone(nodes["zone:command"], p.seat, "command", p.command)
            self.render_zone(nodes["zone:battlefield"], p.seat, "battlefield", p.battlefield)
            self.render_zone(nodes["zone:revealed"], p.seat, "revealed", p.companion + tuple(revealed))
            self.render_zone(nodes["zone:exile"], p.seat, "exile", p.exile)
            scrying = isinstance(pending, Scry) and pending.player == p.seat and visible
            self.render_zone(nodes["zone:library"], p.seat, "library", p.library[:1] if scrying else ())
            self.render_zone(nodes["zone:set-aside"], p.seat, "set-aside", p.set_aside if visible else ())
            self.render_zone(
                nodes["zone:hand"], p.seat, "hand", p.hand if visible else (), backs=0 if visible else len(p.hand)
            )
            nodes["section"].classList.toggle("deciding", pending is not None and pending.player == p.seat)
        for node, life in zip(self.team_life_nodes, state.team_life, strict=False):
            node.textContent = "—" if life is None else str(life)
        self.render_decision()
        self.render_facts()
        self.render_log()
        if self.on_render is not None:
            self.on_render()

    def render_zone(self, row: Node, seat: int, zone: str, cards: tuple[Card, ...], backs: int = 0) -> None:
        fragment = document.createDocumentFragment()
        fragment.append(element("span", "zone-label", ZONE_LABELS[zone]))
        clickable = zone == "hand" and seat in self.users
        revealed = set(self.state.player(seat).revealed) if self.state else set()
        for card in cards:
            fragment.append(self.card_face(card, seat, zone, clickable, card.id in revealed and zone == "hand"))
        for _ in range(backs):
            fragment.append(element("div", "card-back", data_testid="card-back", aria_hidden="true"))
        row.replaceChildren(fragment)
        row.hidden = not cards and not backs and zone != "hand"
        if backs:
            row.setAttribute("aria-label", f"Seat {seat}: Hand, {plural(backs, 'card')} face down")

    def card_face(self, card: Card, seat: int, zone: str, clickable: bool, revealed: bool) -> Node:
        info = lookup(card.name)
        colours = info.colours
        land = self.state.player(seat).is_land(card) if self.state else info.is_land
        frame = "land" if land else ("multi" if len(colours) > 1 else (colours or "colourless"))
        order = self.marked.index(card.id) + 1 if card.id in self.marked else 0
        attrs = {
            "data_testid": "card",
            "data_card_name": info.name,
            "data_card_id": str(card.id),
            "data_zone": zone,
            "data_player": str(seat),
        }
        if clickable:
            face = element(
                "button", f"card frame-{frame}", type="button", aria_pressed="true" if order else "false", **attrs
            )
        else:
            face = element("div", f"card frame-{frame}", role="img", **attrs)
        title = element("div", "card-title")
        title.append(element("span", "card-name", info.name))
        if info.mana_cost:  # read out as text; the symbols are drawn for the eye only
            title.append(element("span", "sr-only", f", mana cost {info.mana_cost}"))
            cost = element("span", "card-cost", aria_hidden="true")
            for symbol in info.mana_cost.strip("{}").split("}{"):
                cost.append(element("i", f"ms ms-cost ms-{mana_class(symbol)}", data_symbol=symbol))
            title.append(cost)
        face.append(title)
        face.append(element("div", "card-art", type_glyph(info.type_line), aria_hidden="true"))
        face.append(element("div", "card-type", info.type_line or ("Land (marked)" if land else "Card (type unknown)")))
        if DISPLAY.images and info.name not in DISPLAY.failed_images:
            # Scryfall's image for the name, over the proxy face; if it cannot load, the
            # page's error listener removes it and the proxy face shows (see Page.on_image_error).
            image = element("img", "card-image", alt="", loading="lazy", src=scryfall_image(info.name))
            image.setAttribute("data-image-for", info.name)
            face.append(image)
        if revealed:
            face.append(element("span", "card-badge", "revealed"))
        if self.state and card.id in self.state.player(seat).luck_counters:
            face.append(element("span", "card-badge", "luck counter"))
        if order:
            face.append(element("span", "card-mark", ordinal(order), data_testid="bottom-order"))
            face.append(element("span", "sr-only", " chosen"))
        return face

    def render_decision(self) -> None:
        state = self.state
        assert state is not None
        pending = state.pending
        shown: set[str] = set()
        choices = document.createDocumentFragment()
        prompt = ""
        if pending is None:
            prompt = f"The game begins: {self.seat_label(state.starting_player or 0)} takes the first turn."
        elif pending.player not in self.users:
            prompt = f"Waiting for {self.seat_label(pending.player)}."
        else:
            who = "" if self.users == {pending.player} else f"{state.player(pending.player).name}: "
            prompt, shown = self.describe(pending, choices)
            prompt = who + prompt
        self.el["prompt"].textContent = prompt
        self.el["choices"].replaceChildren(choices)
        if self.undo_stack:
            shown.add("undo")
        for name, button in self.buttons.items():
            button.hidden = name not in shown

    def describe(self, pending: Any, choices: Node) -> tuple[str, set[str]]:
        """The prompt and the controls for a decision of the user's."""
        state = self.state
        assert state is not None

        def choice(text: str, action: str, arg: str = "", disabled: str = "") -> None:
            button = element("button", "", text, type="button", data_action=action, data_arg=arg)
            if disabled:
                button.disabled = True
                button.title = disabled
            choices.append(button)

        if isinstance(pending, ChooseStartingPlayer):
            own = state.team_of(pending.player)
            others = [o for o in pending.options if state.team_of(o) != own]
            if len(others) > 1:
                for seat in others:
                    choice(f"{state.player(seat).name} plays first", "start", str(seat))
            noun = "team" if state.shared_team_turns else "you"
            return f"You choose who takes the first turn: play first ({noun}), or let someone else?", (
                {"play-first", "draw-first"} if len(others) == 1 else {"play-first"}
            )
        if isinstance(pending, ChooseCompanion):
            for option in pending.options:
                blocked = option.reason if option.met is False else ""
                choice(f"Reveal {option.name} as companion", "companion", str(option.card_id), blocked)
            choice("No companion", "companion", "")
            reasons = "; ".join(f"{o.name}: {o.reason}" for o in pending.options)
            return f"Reveal a companion from outside the game (103.2b)? {reasons}", set()
        if isinstance(pending, ChooseConspiracies):
            p = state.player(pending.player)
            for card in p.sideboard:
                if card.id in pending.options:
                    label = element("label", "", f" {card.name}")
                    box = element("input", "", type="checkbox", data_conspiracy=str(card.id))
                    box.checked = True
                    label.prepend(box)
                    choices.append(label)
            choice("Put into the command zone", "conspiracies")
            return "Choose the conspiracies to put into the command zone (103.2d).", set()
        if isinstance(pending, ChooseBackupHand):
            p = state.player(pending.player)
            by_id = {c.id: c.name for c in p.hand}
            for index, hand in enumerate(pending.hands):
                choice(f"Keep hand {index + 1}: {', '.join(by_id[i] for i in hand)}", "backup", str(index))
            return "Backup Plan: keep one of your hands; the others are shuffled into your library.", set()
        if isinstance(pending, DeclareMulligan):
            size = pending.hand_size - pending.cards_to_bottom_if_kept
            bottom = (
                f" (then put {pending.cards_to_bottom_if_kept} on the bottom)"
                if pending.cards_to_bottom_if_kept
                else ""
            )
            free = ""
            if pending.mulligans_taken < state.free_mulligans:
                free = f" — this mulligan is free ({state.edition.cite('free')})"
            if pending.set_aside:
                return (
                    f"Keep {plural(pending.hand_size, 'card')}, or click cards and Set aside: you draw one fewer "
                    f"({len(self.marked)} chosen).",
                    {"keep", "set-aside"},
                )
            shown = {"keep", "mulligan"} | ({"serum-powder"} if pending.serum_powders else set())
            after = pending.hand_size_after_mulligan
            return f"Keep {plural(size, 'card')}{bottom}, or take a mulligan (to {after}){free}?", shown
        if isinstance(pending, ChooseShuffleBack):
            return (
                f"Click {plural(pending.count, 'card')} you don't want ({len(self.marked)} of {pending.count} "
                "chosen), then press Shuffle back.",
                {"shuffle-back"},
            )
        if isinstance(pending, Scry):
            top = state.player(pending.player).library[0].name
            return f"Scry 1: the top card of your library is {top}. Keep it on top or put it on the bottom?", {
                "keep-on-top",
                "bottom",
            }
        if isinstance(pending, ChooseBottom):
            return (
                f"Click {plural(pending.count, 'card')} to put on the bottom, in order "
                f"({len(self.marked)} of {pending.count} chosen), then press Put on bottom.",
                {"bottom"},
            )
        assert isinstance(pending, OpeningHandActions)
        p = state.player(pending.player)
        names = {c.id: c.name for c in p.hand}
        for card_id in pending.to_battlefield:
            choice(f"Put {names[card_id]} onto the battlefield", "battlefield", str(card_id))
        for card_id in pending.to_reveal:
            choice(f"Reveal {names[card_id]}", "reveal", str(card_id))
        choice("Done with opening-hand actions", "done")
        caverns = " For Gemstone Caverns, first click the card to exile." if pending.caverns else ""
        return f"Opening-hand actions (103.5): take any, in any order.{caverns}", set()

    def render_facts(self) -> None:
        state = self.state
        assert state is not None
        starter = state.starting_player
        if starter is None:
            self.el["starting-player"].textContent = "—"
        elif state.shared_team_turns:
            team = state.starting_team
            self.el["starting-player"].textContent = f"Team {state.team_of(starter) + 1}: " + ", ".join(
                self.seat_label(s) for s in team
            )
        else:
            self.el["starting-player"].textContent = self.seat_label(starter)
        if state.phase == "first_turn":
            skipped = ", ".join(self.seat_label(s) for s in state.first_draw_skipped)
            self.el["first-draw-skipped"].textContent = skipped or "no one"
        else:
            self.el["first-draw-skipped"].textContent = "—"
        order = state.turn_order if starter is not None else ()
        self.el["turn-order"].textContent = " → ".join(state.player(s).name for s in order) or "—"

    def render_log(self) -> None:
        events = self.state.events if self.state else ()
        if self.logged >= len(events):
            return
        fragment = document.createDocumentFragment()
        for event in events[self.logged :]:
            item = element("li", "", data_rule=event.rule)
            item.append(element("span", "rule", event.rule))
            item.append(document.createTextNode(event.text))
            if event.private and event.seat in self.users:
                item.append(element("span", "private", f" {event.private}"))
            fragment.append(item)
        self.el["log"].append(fragment)
        self.logged = len(events)
        self.el["log"].scrollTop = self.el["log"].scrollHeight
