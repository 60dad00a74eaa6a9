"""One board's table, drawn from a game state: the facts (who plays first, turn order, who
skips the first draw), the other seats as compact panels in turn order, the shared zones
(the starting plane, the scheme deck), and at the bottom the seat being decided for, with
the decision bar directly above its hand.

In hot-seat the seat deciding is the one at the bottom. Rendering reads the state and the
player's current selection; every click goes back to the board as an engine action.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyscript import window

from opening_hand.cards import Card
from opening_hand.rules.decisions import ChooseBackupHand, ChooseBottom, Decision, Scry
from opening_hand.rules.state import GameState
from page.dom import Node, before_next_paint, element, fragment, js_options
from page.table import decision_bar, seats, turns
from page.table.card_faces import Face, Images, card_face
from page.texts import plural

PARTS = ("heading", "prompt", "message", "choices", "keys", "starting-player", "first-draw-skipped", "turn-order",
         "teams-fact", "team-life", "opponents", "shared", "focus", "focus-head", "focus-zones", "hand",
         "feedback")  # fmt: skip


@dataclass
class Selection:
    """The cards the player has chosen on the table (not yet an action)."""

    marked: list[int]
    ordered: bool  # whether the order of the marks matters (the bottom of the library: yes)
    choosing: bool = False  # whether the decision on screen chooses cards (a click marks one)


def focus_seat(state: GameState, users: frozenset[int], last: int | None) -> int:
    """The seat shown at the bottom: the player's own, or in hot-seat the one deciding."""
    pending = state.pending
    if pending is not None and pending.player in users:
        return pending.player
    if last in users:
        return last
    return min(users)


class TableView:
    def __init__(self, root: Node, images: Images | None = None) -> None:
        self.root = root
        self.images = images
        self.el = {name: root.querySelector(f'[data-el="{name}"]') for name in PARTS}
        self.buttons = {name: root.querySelector(f'[data-button="{name}"]') for name in decision_bar.BUTTONS}
        self.focus: int | None = None

    def render(self, state: GameState, users: frozenset[int], selection: Selection, can_undo: bool) -> None:
        self.focus = focus_seat(state, users, self.focus)
        self.render_facts(state, users)
        others = [s for s in state.turn_order if s != self.focus]
        panels = fragment()
        for seat in others:
            panels.append(seats.seat_panel(state, seat, users))
        self.el["opponents"].replaceChildren(panels)
        self.render_shared(state)
        self.render_focus(state, users, selection)
        self.render_decision(state, users, selection, can_undo)

    # ------------------------------------------------------------------- facts

    def render_facts(self, state: GameState, users: frozenset[int]) -> None:
        starter = state.starting_player
        label = lambda seat: seats.seat_label(state, seat, users)  # noqa: E731
        if starter is None:
            text = "—"
        elif state.shared_team_turns:
            text = f"Team {state.team_of(starter) + 1}: " + ", ".join(label(s) for s in state.starting_team)
        else:
            text = label(starter)
        self.el["starting-player"].textContent = text
        skippers = state.will_skip_first_draw  # shown once it is known (103.8)
        self.el["first-draw-skipped"].parentElement.hidden = skippers is None
        self.el["first-draw-skipped"].textContent = ", ".join(label(s) for s in skippers or ()) or "no one"
        order = state.turn_order if starter is not None else ()
        self.el["turn-order"].textContent = " → ".join(state.player(s).name for s in order) or "—"
        has_team_life = state.format.team_life is not None
        self.el["teams-fact"].hidden = not has_team_life
        if has_team_life:
            lives = fragment()
            for index, life in enumerate(state.team_life):
                if index:
                    lives.append(" · ")
                lives.append(f"Team {index + 1} ")
                lives.append(element("b", "", "—" if life is None else str(life), data_testid=f"team-life-{index + 1}"))
            self.el["team-life"].replaceChildren(lives)

    def render_shared(self, state: GameState) -> None:
        """Zones of the whole table: the starting plane (103.7) and the archenemy's scheme deck."""
        zones = fragment()
        if state.starting_plane is not None:
            for p in state.players:
                for card in p.command:
                    if card.id == state.starting_plane:
                        zone = element("div", "shared-zone", data_testid="starting-plane")
                        zone.append(element("h3", "", "Starting plane"))
                        zone.append(card_face(card, p.seat, "command", Face(), self.images, p.pool))
                        zones.append(zone)
        if state.archenemy is not None:
            p = state.player(state.archenemy)
            zone = element("div", "shared-zone", data_testid="scheme-deck")
            zone.append(element("h3", "", f"Scheme deck ({p.name}, archenemy)"))
            zone.append(element("span", "pile", f"{plural(len(p.scheme_deck), 'card')} face down"))
            zones.append(zone)
        self.el["shared"].replaceChildren(zones)
        self.el["shared"].hidden = not self.el["shared"].childElementCount

    # ------------------------------------------------------------------- the seat at the bottom

    def render_focus(self, state: GameState, users: frozenset[int], selection: Selection) -> None:
        seat = self.focus
        assert seat is not None
        p = state.player(seat)
        pending = state.pending
        deciding = pending is not None and pending.player == seat
        self.el["focus"].classList.toggle("deciding", deciding)
        self.el["focus"].dataset.seat = str(seat)
        head = fragment()
        head.append(seats.title_line(state, seat, users, "h3", id="focus-name"))
        head.append(seats.stats_line(state, seat))
        self.el["focus-head"].replaceChildren(head)
        zones = fragment()
        for row in seats.zones(state, seat, True):
            zones.append(row)
        if isinstance(pending, Scry) and deciding and p.library:
            row = element("div", "mini-zone library", data_testid=f"library-{seat}")
            row.append(element("span", "zone-label", "Library (top card)"))
            row.append(
                card_face(p.library[0], seat, "library", Face(land=p.is_land(p.library[0])), self.images, p.pool)
            )
            zones.append(row)
        if (strip := turns.strip(state, seat)) is not None:
            zones.append(strip)
        self.el["focus-zones"].replaceChildren(zones)
        self.render_hand(state, seat, pending if deciding else None, selection)

    def render_hand(self, state: GameState, seat: int, pending: Decision | None, selection: Selection) -> None:
        p = state.player(seat)
        row = self.el["hand"]
        row.setAttribute("data-testid", f"hand-{seat}")
        row.setAttribute("aria-label", f"{p.name}: Hand, {plural(len(p.hand), 'card')}")
        cards = fragment()
        if isinstance(pending, ChooseBackupHand):
            by_id = {c.id: c for c in p.hand}
            groups = element("div", "backup-hands")
            for index, hand in enumerate(pending.hands):
                group = element("div", "backup-hand", role="group", aria_label=f"Hand {index + 1}")
                group.append(decision_bar.choice_button(f"Keep hand {index + 1}", "backup", str(index)))
                faces = element("div", "cards")
                for card_id in hand:
                    faces.append(self.face(state, by_id[card_id], seat, selection))
                overlap(faces, len(hand))
                group.append(faces)
                groups.append(group)
            cards.append(groups)
        else:
            for card in p.hand:
                cards.append(self.face(state, card, seat, selection))
        row.replaceChildren(cards)
        row.classList.toggle("backup", isinstance(pending, ChooseBackupHand))
        overlap(row, len(p.hand))

    def face(self, state: GameState, card: Card, seat: int, selection: Selection) -> Node:
        p = state.player(seat)
        chosen = {card_id for card_id, _ in p.chosen_openers}  # 2008 101.Ruling.1: not yet revealed
        turn = turns.drawn_on(state, seat).get(card.id)
        badges: tuple[str, ...] = (f"drawn turn {turn}",) if turn else ()
        badges += tuple(
            word
            for word, on in (
                ("revealed", card.id in p.revealed),
                ("luck counter", card.id in p.luck_counters),
                ("to the battlefield", card.id in chosen),
            )
            if on
        )
        order = selection.marked.index(card.id) + 1 if card.id in selection.marked else 0
        face = Face(land=p.is_land(card), clickable=True, order=order, ordered=selection.ordered, badges=badges)
        return card_face(card, seat, "hand", face, self.images, p.pool)

    # ------------------------------------------------------------------- the decision bar

    def render_decision(self, state: GameState, users: frozenset[int], selection: Selection, can_undo: bool) -> None:
        pending = state.pending
        shown: set[str] = set()
        choices = fragment()
        keyed = True  # whether the keys act for the seat on screen (not while waiting for another)
        if pending is None:
            seat = self.focus if self.focus is not None else min(users)
            prompt, can_draw = turns.describe(state, seat, seat in users)
            if can_draw:
                shown.add("draw")
                self.buttons["draw"].textContent = turns.label(state, seat)
        elif pending.player not in users:
            prompt = f"Waiting for {seats.seat_label(state, pending.player, users)}."
            keyed = False
        else:
            who = "" if users == {pending.player} else f"{state.player(pending.player).name}: "
            prompt, shown = decision_bar.describe(state, pending, len(selection.marked), choices)
            prompt = who + prompt
        if can_undo:
            shown.add("undo")
        confirm = choices.querySelector("button[data-confirm]")
        self.el["prompt"].textContent = prompt
        self.el["choices"].replaceChildren(choices)
        keys = decision_bar.button_keys(shown, pending)
        for name, button in self.buttons.items():
            button.hidden = name not in shown
            named = keys.get(name, ())
            button.title = f"{decision_bar.WHAT[name].capitalize()} (key {' or '.join(named)})" if named else ""
            if named:
                button.setAttribute("aria-keyshortcuts", " ".join(decision_bar.SHORTCUTS.get(k, k) for k in named))
            else:
                button.removeAttribute("aria-keyshortcuts")
        if confirm:
            confirm.title = f"{confirm.textContent} (key Enter)"
            confirm.setAttribute("aria-keyshortcuts", "Enter")
        cards = len(state.player(self.focus).hand) if keyed and self.focus is not None else 0
        strip = decision_bar.key_strip(
            shown, pending, cards, selection.choosing, "clear" if selection.marked else "",
            str(confirm.textContent) if confirm else "",
        )  # fmt: skip
        self.el["keys"].replaceChildren(strip)
        # Scry's two answers are equal choices: neither is drawn as the suggested one.
        self.buttons["bottom"].classList.toggle("primary", not isinstance(pending, Scry))

    def say(self, text: str) -> None:
        self.el["message"].textContent = text

    def reveal_hand(self) -> None:
        """After the player's decision, the hand it leaves (a bigger one, or the one now
        asked about) scrolled up into view if it went below the screen: the least scrolling.
        Looked at in the next frame, before it is painted: measuring it now would make the
        browser lay the page out in the middle of the click, and again after the rest of it."""
        before_next_paint(f"hand {id(self)}", self.scroll_to_hand)

    def scroll_to_hand(self) -> None:
        hand = self.el["hand"]
        if hand.childElementCount and hand.getBoundingClientRect().bottom > window.innerHeight:
            hand.scrollIntoView(js_options(block="nearest"))

    def button_shown(self, name: str) -> bool:
        return not self.buttons[name].hidden

    def nth_card(self, nth: int) -> Node | None:
        """The nth card of the hand at the bottom (None: it has fewer)."""
        cards = self.el["hand"].querySelectorAll("button.card")
        return cards.item(nth - 1) if nth <= cards.length else None

    def enter_button(self) -> str | None:
        """The confirming fixed button Enter presses now (Put on bottom, Shuffle back, Set aside,
        Keep on top in a scry), never Keep or Mulligan; else None."""
        for name in decision_bar.CONFIRM:
            button = self.buttons[name]
            if not button.hidden and "Enter" in str(button.getAttribute("aria-keyshortcuts") or ""):
                return name
        return None

    def enter_choice(self) -> Node | None:
        """The decision bar's confirming choice button, when it has one."""
        choice = self.el["choices"].querySelector("button[data-confirm]")
        return choice if choice else None

    def prompt(self, text: str) -> None:
        self.el["prompt"].textContent = text

    def bring_into_view(self) -> None:
        """The focus to the seat at the bottom, and the least scrolling that shows the hand whole
        once it is laid out."""
        focus = self.el["focus"]
        focus.focus(js_options(preventScroll=True))
        before_next_paint("table", lambda: focus.scrollIntoView(js_options(block="nearest")))

    def heading(self, text: str) -> None:
        """The board's heading ("Table", "Quiz · hand 2 of 10", "Compare: …")."""
        self.el["heading"].textContent = text

    def feedback(self, text: str) -> None:
        """The trainer's line on the player's last Keep or Mulligan (empty: none)."""
        self.el["feedback"].textContent = text


def overlap(row: Node, n: int) -> None:
    """Tell the CSS how many cards share the row, so they overlap just enough to fit it."""
    row.style.setProperty("--n", str(max(n, 1)))
    row.style.setProperty("--gaps", str(max(n - 1, 1)))


def ordered_choice(pending: Decision | None) -> bool:
    """Whether the order of the chosen cards matters: only for the bottom of the library (103.5)."""
    return isinstance(pending, ChooseBottom)
