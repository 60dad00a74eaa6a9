"""The game setup panel: format, rules, players, teams, control, vanguard, seed and the
options. It reads the form into a :class:`Setup` (what a share link holds), fills it from
one, and folds to a one-line summary once a game is dealt.

Changes apply as they are typed (``input``), not when a field loses focus: a row that
appears because of a change is there before the pointer reaches the next control.
"""

from __future__ import annotations

from opening_hand.cards import CardPool
from opening_hand.errors import RulesError
from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.formats import find_format
from opening_hand.rules.game import random_seed
from opening_hand.rules.state import MAX_SEED
from opening_hand.share.share_link import Setup
from page.dom import Node, by_id, changed, element, fragment
from page.texts import setup_summary, whole_number

FIELDS = ("setup-panel", "format", "format-description", "players", "control", "teams-row", "shared-turns", "teams",
          "rules", "rules-description", "compare-rules", "vanguard", "vanguard-name", "vanguard-hand",
          "vanguard-life", "seed", "seed-used", "unchecked", "play-draw", "setup-message", "setup-fold")  # fmt: skip
PLAY_DRAW_KEY = "opening-hand/play-draw"
PLAY_DRAW = ("ask", "play", "draw", "practice-play", "practice-draw")  # index.html's #play-draw options


def int_value(node: Node, default: int) -> int:
    value = whole_number(str(node.value), signed=True)
    return default if value is None else value


class SetupPanel:
    def __init__(self) -> None:
        self.el = {name: by_id(name) for name in FIELDS}

    def say(self, text: str) -> None:
        self.el["setup-message"].textContent = text

    def format_key(self) -> str:
        return str(self.el["format"].value)

    def seed_typed(self) -> bool:
        """Whether the player typed a seed (the next game then follows it: seed + 1)."""
        return bool(str(self.el["seed"].value).strip())

    def summary(self, deck_name: str, seed: int | None) -> str:
        """The one-line summary of the setup (``setup_summary``); without a deck name, the deck is left out."""
        fmt = find_format(self.format_key())
        players = whole_number(str(self.el["players"].value)) or fmt.min_players
        rules = EDITIONS[str(self.el["rules"].value)].name.split(" — ")[0]
        text = setup_summary(deck_name, fmt.name, players, rules, seed)
        return text if deck_name else text.removeprefix("Deck · ")

    def fold(self, folded: bool) -> None:
        """Folded to its summary line once a game is dealt (unfolded to change it)."""
        self.el["setup-panel"].open = not folded

    def show_summary(self, seed: int | None) -> None:
        """The line the folded panel shows."""
        self.el["setup-fold"].textContent = self.summary("", seed)

    def show_seed(self, seed: int) -> None:
        """The seed the game on the table was dealt with."""
        self.el["seed-used"].textContent = f"seed {seed}"

    def open_at_format(self) -> None:
        """Unfolded, scrolled to, and the format menu focused (Change)."""
        self.fold(False)
        self.el["setup-panel"].scrollIntoView()
        self.el["format"].focus()

    # ------------------------------------------------------------------- the form

    def on_format(self) -> None:
        fmt = find_format(self.el["format"].value)
        players = self.el["players"]
        players.min, players.max = str(fmt.min_players), str(fmt.max_players)
        if not fmt.min_players <= int_value(players, fmt.min_players) <= fmt.max_players:
            players.value = str(fmt.min_players if fmt.min_players > 2 or fmt.max_players == 2 else 4)
        self.el["format-description"].textContent = fmt.description
        self.el["vanguard"].hidden = not fmt.vanguard
        self.on_players()

    def choose(self, key: str) -> None:
        """Choose the format ``key``, as the player would in its menu."""
        self.el["format"].value = key
        self.on_format()

    def on_players(self) -> None:
        fmt = find_format(self.el["format"].value)
        n = int_value(self.el["players"], fmt.min_players)
        if not fmt.min_players <= n <= fmt.max_players:
            return  # typing "1" on the way to "12": keep the rows as they are until it is a count
        optional = fmt.multiplayer and not fmt.shared_team_turns and n >= 3
        self.el["teams-row"].hidden = not optional
        show = fmt.team_size is not None or (optional and self.el["shared-turns"].checked)
        self.el["teams"].hidden = not show
        if show:
            self.build_team_selects(n, fmt.team_size)

    def on_rules(self) -> None:
        self.el["rules-description"].textContent = EDITIONS[str(self.el["rules"].value)].summary

    def build_team_selects(self, n: int, team_size: int | None) -> None:
        chosen = {seat: str(node.value) for seat in range(1, n + 1) if (node := by_id(f"team-{seat}"))}
        selects = fragment()
        teams = max(2, n // (team_size or 2)) if team_size else 2
        for seat in range(1, n + 1):
            default = (seat - 1) // team_size + 1 if team_size else (seat - 1) % 2 + 1
            label = element("label", "", f"Seat {seat} ", for_=f"team-{seat}")
            select = element("select", "", id=f"team-{seat}", data_seat=str(seat))
            for team in range(1, max(teams, 2) + 1):
                option = element("option", "", f"Team {team}", value=str(team))
                option.selected = chosen.get(seat, str(default)) == str(team)
                select.append(option)
            label.append(select)
            selects.append(label)
        self.el["teams"].replaceChildren(selects)

    # ------------------------------------------------------------------- reading and filling

    def read_seed(self) -> int:
        raw = str(self.el["seed"].value).strip()
        if not raw:
            return random_seed()
        seed = whole_number(raw)
        if seed is None or seed > MAX_SEED:
            raise RulesError(f"The seed must be a whole number from 0 to {MAX_SEED}, or blank for a random one.")
        return seed

    def read(self, seed: int, deck: str, lands: tuple[str, ...], skip_bad: bool, pool: str = "") -> Setup:
        """The form as a :class:`Setup`; raises RulesError naming the field that is wrong."""
        fmt = find_format(self.el["format"].value)
        n = whole_number(str(self.el["players"].value)) or 0
        if not fmt.min_players <= n <= fmt.max_players:
            raise RulesError(f"{fmt.name} is played by {fmt.min_players}–{fmt.max_players} players.")
        vanguard = None
        if fmt.vanguard:
            name = str(self.el["vanguard-name"].value).strip() or "Vanguard"
            hand = whole_number(str(self.el["vanguard-hand"].value), signed=True)
            life = whole_number(str(self.el["vanguard-life"].value), signed=True)
            if hand is None or life is None:
                raise RulesError("The vanguard's hand and life modifiers must be whole numbers (e.g. -1 or 3).")
            if not (-99 <= hand <= 99 and -99 <= life <= 99):
                raise RulesError("The vanguard's hand and life modifiers must be between -99 and 99.")
            vanguard = (name[:60], hand, life)
        shared = not self.el["teams"].hidden
        teams = None
        if shared:
            groups: dict[int, list[int]] = {}
            for seat in range(1, n + 1):
                groups.setdefault(int(by_id(f"team-{seat}").value), []).append(seat)
            teams = tuple(tuple(seats) for _, seats in sorted(groups.items()))
        edition, compare = str(self.el["rules"].value), str(self.el["compare-rules"].value)
        if compare == edition:
            raise RulesError("To compare, choose a second rules edition that differs from the first.")
        return Setup(
            deck=deck, format=fmt.key, players=n, edition=edition, seed=seed,
            control="all" if self.el["control"].value == "all" else "1", compare=compare, teams=teams,
            shared=shared, vanguard=vanguard, lands=lands, unchecked=bool(self.el["unchecked"].checked),
            skip_bad=skip_bad, pool=pool, side=self.practice_side(),
        )  # fmt: skip

    def on_vanguard_name(self, pool: CardPool) -> None:
        """A vanguard card the card data (``pool``) knows brings its own modifiers (CR 103.4b, 103.5a)."""
        info = pool.lookup(str(self.el["vanguard-name"].value))
        if info.has_type("Vanguard") and info.hand_modifier is not None and info.life_modifier is not None:
            self.el["vanguard-name"].value = info.name
            self.el["vanguard-hand"].value = str(info.hand_modifier)
            self.el["vanguard-life"].value = str(info.life_modifier)

    def fill(self, setup: Setup) -> None:
        el = self.el
        el["format"].value = setup.format
        el["players"].value = str(setup.players)
        self.on_format()
        el["players"].value = str(setup.players)
        el["shared-turns"].checked = setup.shared
        self.on_players()
        for index, team in enumerate(setup.teams or ()):
            for seat in team:
                if select := by_id(f"team-{seat}"):
                    select.value = str(index + 1)
        el["control"].value = setup.control
        el["rules"].value = setup.edition
        self.on_rules()
        el["compare-rules"].value = setup.compare
        el["seed"].value = str(setup.seed)
        el["unchecked"].checked = setup.unchecked
        if setup.side:
            el["play-draw"].value = f"practice-{setup.side}"
        if setup.vanguard:
            name, hand, life = setup.vanguard
            el["vanguard-name"].value, el["vanguard-hand"].value, el["vanguard-life"].value = name, str(hand), str(life)

    # ------------------------------------------------------------------- play or draw

    def play_draw(self) -> str:
        """The remembered answer to "play or draw?" when seat 1 wins the flip: ask, play or
        draw; or practice-play / practice-draw, a side whoever wins it (Setup.side)."""
        return str(self.el["play-draw"].value)

    def practice_side(self) -> str:
        """The side to practise whoever wins the flip ("play", "draw"), or "" (as it falls)."""
        return self.play_draw().removeprefix("practice-") if self.play_draw().startswith("practice-") else ""

    def restore_play_draw(self, stored: str | None) -> None:
        """The saved answer, unless the player chose one while the page started: theirs stays
        (its change handler keeps it, page.start.early_choices)."""
        if stored in PLAY_DRAW and not changed(self.el["play-draw"]):
            self.el["play-draw"].value = stored
