"""The hand outlook beside the hand being decided on: the verdict (keep or mulligan, on the
value model's one scale), land drops on the play and on the draw, the chance to cast each
spell on curve, what a mulligan from here brings, and what the keep rule says; and the one
line of feedback after Keep, Mulligan or Put on bottom.

The figures are the engine's (``opening_hand.trainer.reading``; exact: ``opening_hand.trainer.outlook``;
the mulligan's value: ``opening_hand.trainer.mulligan_value``, worked out when idle by
``page.trainer.ladders``); this module only lays them out. It reads the keep rule and key
cards from the odds panel.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable
from pyscript import window

from opening_hand.cards import CardPool
from opening_hand.rules.actions import Action, Keep, Mulligan, PutOnBottom
from opening_hand.rules.decisions import ChooseBottom, DeclareMulligan
from opening_hand.rules.state import GameState
from opening_hand.trainer.odds import BASELINE
from page.dom import Node, element, fragment
from page.seams import KeepRules
from page.services import saved_data
from page.trainer.ladders import Ladders

if TYPE_CHECKING:
    from opening_hand.trainer.outlook import Casting
    from opening_hand.trainer.reading import Bottoming, Reading
    from page.table.board import Shown

TRAINER = "opening_hand.trainer.reading"  # imported the first time the outlook is drawn, just after the hand is painted


def percent(value: Fraction) -> str:
    from opening_hand.trainer.reading import percent

    return percent(value)


# What the panel shows (state, marks, rules, turns, card data) and what a reading is of (seat, bottom, rules,
# turns, mulligan values worked out, card data): the same key, the same figures.
Drawn = tuple[GameState, tuple[int, ...], KeepRules, int | None, CardPool]
ReadingKey = tuple[int, tuple[int, ...], KeepRules, int | None, int, CardPool]
FEEDBACK_KEY = "opening-hand/feedback"  # "off" when the player switched the feedback line off
TURNS = 5  # land-drop columns


def showing(state: GameState, seat: int, users: frozenset[int]) -> bool:
    """The outlook is shown for the player's hand while they decide on it or bottom from it,
    and once kept until the first practice turn."""
    if seat not in users:
        return False
    pending = state.pending
    if pending is None:
        return state.phase == "first_turn" and not state.player(seat).turns
    return isinstance(pending, DeclareMulligan | ChooseBottom) and pending.player == seat


class OutlookPanel:
    def __init__(
        self,
        box: Node,
        read_rules: Callable[[], KeepRules],
        refresh: Callable[[], None],
        read_turns: Callable[[], int | None],
    ) -> None:
        self.box = box  # the outlook's own place, beside the main board's hand
        self.read_rules = read_rules  # () -> (keep rule on the play, on the draw, key card names)
        self.read_turns = read_turns  # () -> the turn hands are played out to, if the player set one
        self.enabled = saved_data.read(FEEDBACK_KEY) != "off"
        self.last: Drawn | None = None  # what the panel shows now, to skip identical renders
        self.refresh = refresh  # draws the outlook for the table as it is now
        self.ladders = Ladders(on_ready=self.on_ladder)  # the mulligan's values, worked out when idle
        # The last reading and what it was of; the model's bottom for a state. States are held, not
        # their id(): a new state may get the id of one already freed.
        self.cached: tuple[GameState, ReadingKey, Reading] | None = None
        self.bottoming: tuple[GameState, Bottoming | None] | None = None

    def toggle(self, on: bool) -> None:
        self.enabled = on
        saved_data.write(FEEDBACK_KEY, "on" if on else "off")

    def rules(self) -> KeepRules:
        try:
            return self.read_rules()
        except ValueError:  # the odds panel's fields say why; the outlook uses the default rule
            return BASELINE, BASELINE, ()

    def reading(self, state: GameState, seat: int, marked: list[int]) -> Reading:
        """The trainer's reading, computed once per state, marks and rules (the panel and the
        feedback after a decision share it); a mulligan's value not yet worked out is asked
        of the idle computation, and the panel is drawn again when it is in."""
        rules = self.rules()
        pending = state.pending
        bottom = marked if isinstance(pending, ChooseBottom) and pending.player == seat else []
        turns = self.read_turns()
        key = (seat, tuple(bottom), rules, turns, len(self.ladders.done), state.pool)
        if self.cached is not None and self.cached[0] is state and self.cached[1] == key:
            return self.cached[2]
        from opening_hand.trainer.reading import pending_ladder, read_hand

        play, draw, keys = rules
        reading = read_hand(state, seat, play, draw, keys, bottom, ladders=self.ladders.done, wait=False, turns=turns,
                            pool=state.pool)  # fmt: skip
        if reading.pending and (wanted := pending_ladder(state, seat, turns, state.pool)) is not None:
            self.ladders.want(*wanted)
        self.cached = (state, key, reading)
        return reading

    def on_ladder(self) -> None:
        """A mulligan's value is in: draw the outlook again (its verdict may follow)."""
        self.last = None
        self.refresh()

    def advise(self, state: GameState, seat: int, count: int) -> list[int] | None:
        """The model's cards for the bottom (None: no advice, the computer policy's is used)."""
        if TRAINER not in sys.modules:
            return None
        from opening_hand.trainer.reading import advise

        if self.bottoming is None or self.bottoming[0] is not state:
            self.bottoming = (state, advise(state, seat, count, self.read_turns(), state.pool))
        found = self.bottoming[1]
        return list(found.best) if found is not None else None

    # ------------------------------------------------------------------- the panel

    def render(self, shown: Shown) -> None:
        box, state, seat, marked = self.box, shown.state, shown.seat, list(shown.marked)
        if not showing(state, seat, shown.users):
            box.hidden = True
            box.replaceChildren()
            self.last = None
            return
        key = (state, tuple(marked), self.rules(), self.read_turns(), state.pool)  # new card data: drawn again
        if self.last is not None and self.last[0] is state and key[1:] == self.last[1:] and not box.hidden:
            return
        self.last = key
        box.hidden = False
        if TRAINER not in sys.modules:  # the first outlook comes just after the hand is painted
            box.replaceChildren(element("p", "outlook-note", "Outlook: working it out…"))
            self.last = None
            window.setTimeout(create_once_callable(self.load), 0)
            return
        box.replaceChildren(self.build(self.reading(state, seat, marked), state))

    def load(self, *_args: object) -> None:
        import opening_hand.trainer.reading  # noqa: F401

        self.refresh()  # draws the table's current state: a click meanwhile is not undone

    def build(self, reading: Reading, state: GameState) -> Node:
        seen = reading.outlook
        parts = fragment()
        head = element("h3", "outlook-head", "Outlook")
        head.append(
            element("span", "outlook-note", f" {seen.library_size} cards to draw from, {seen.library_lands} lands")
        )

        parts.append(head)
        parts.append(self.verdict(reading))
        parts.append(self.land_table(reading))
        parts.append(self.lands_by_turn(reading))
        parts.append(self.casting(reading))
        parts.append(self.mulligan(reading))
        toggle = element("label", "outlook-toggle")
        box = element("input", "", type="checkbox", data_testid="feedback-toggle")
        box.checked = self.enabled
        box.setAttribute("data-feedback-toggle", "1")
        toggle.append(box)
        toggle.append(" Feedback after each decision")
        parts.append(toggle)
        return parts

    def land_table(self, reading: Reading) -> Node:
        seen = reading.outlook
        table = element("table", "outlook-table", data_testid="outlook-lands")
        spell_lands = ", spell-lands counted" if seen.spell_lands else ""
        caption = element("caption", "", f"Land drops (%) with {seen.hand_lands} in hand{spell_lands}")
        table.append(caption)
        head = element("tr")
        head.append(element("td"))
        for turn in range(1, TURNS + 1):
            head.append(element("th", "", f"T{turn}", scope="col"))
        table.append(head)
        for side, lands in (("play", seen.play), ("draw", seen.draw)):
            mine = (side == "play") == reading.skips_draw
            row = element("tr", "mine" if mine else "", data_side=side)
            row.append(element("th", "", f"On the {side}" + (" ◂" if mine else ""), scope="row"))
            for turn in range(1, TURNS + 1):
                row.append(element("td", "", f"{float(lands.drops[turn - 1]) * 100:.0f}"))
            table.append(row)
        return table

    def lands_by_turn(self, reading: Reading) -> Node:
        """The chance of at least k lands by turn t, on this seat's side (folded)."""
        lands = reading.lands_table
        side = "play" if reading.skips_draw else "draw"
        box = element("details", "outlook-more")
        box.append(element("summary", "", f"At least k lands by turn t, on the {side}"))
        table = element("table", "outlook-table", data_testid="outlook-lands-by-turn")
        head = element("tr")
        head.append(element("td"))
        for turn in range(1, len(lands.drops) + 1):
            head.append(element("th", "", f"T{turn}", scope="col"))
        table.append(head)
        for k, row_values in enumerate(lands.table, start=1):
            row = element("tr")
            row.append(element("th", "", f"{k}+ lands", scope="row"))
            for value in row_values:
                row.append(element("td", "", f"{float(value) * 100:.0f}"))
            table.append(row)
        box.append(table)
        return box

    def casting(self, reading: Reading) -> Node:
        seen = reading.outlook
        side = "play" if reading.skips_draw else "draw"
        items = element("ul", "outlook-cast", data_testid="outlook-cast", aria_label=f"Cast on curve, on the {side}")
        copies: dict[str, int] = {}
        first: dict[str, Casting] = {}
        for row in seen.casting:  # copies of a card have the same figures: one row for them, "×2"
            copies[row.name] = copies.get(row.name, 0) + 1
            first.setdefault(row.name, row)
        for row in first.values():
            chance = row.play if reading.skips_draw else row.draw
            item = element("li", "", data_card=row.name)
            item.append(element("span", "cast-name", row.name))
            if copies[row.name] > 1:
                item.append(element("span", "cast-copies", f" ×{copies[row.name]}"))
            item.append(element("span", "cast-turn", f" T{row.turn} "))
            item.append(element("b", "", percent(chance.mana)))
            if chance.se is not None:  # played out, not counted: say so, with its standard error
                why = "Tapped lands, rocks or dorks: the share of 300 playouts of this hand"
                item.append(element("span", "cast-sim", f" ±{chance.se * 100:.0f} played out", title=why))
            if (colour := chance.constraint) is not None:
                short = dict(chance.by_colour).get(colour)
                item.append(
                    element("span", "cast-colour", f" {colour} short" + (f" ({percent(short)})" if short else ""))
                )
            items.append(item)
        if seen.skipped:
            skipped = list(dict.fromkeys(seen.skipped))
            named = ", ".join(skipped[:2]) + (f" and {len(skipped) - 2} more" if len(skipped) > 2 else "")
            items.append(element("li", "hint", f"No figures for {named} (no mana cost known)."))
        return items

    def verdict(self, reading: Reading) -> Node:
        """The verdict line, first: keep or mulligan on the value model's scale, or why not."""
        from opening_hand.trainer.reading import unread_note, unreliable, verdict, verdict_line

        found = verdict(reading)
        line = element("p", f"outlook-verdict verdict-{found or 'none'}", data_testid="outlook-verdict")
        line.append(element("b", "", verdict_line(reading)))
        if (warning := unreliable(reading)) and not reading.unknown:  # the line above says it for a hand with them
            line.append(element("span", "outlook-unreliable", f" {warning.capitalize()}: land counts may be wrong."))
        if note := unread_note(reading):
            line.append(element("span", "outlook-unread", f" {note}", data_testid="outlook-unread"))
        return line

    def mulligan(self, reading: Reading) -> Node:
        line = element("p", "outlook-mulligan", data_testid="outlook-mulligan")
        rule = reading.rule
        says = "keep" if reading.meets_rule else "mulligan"
        low, high = rule.lands_for(reading.size)
        line.append(element("b", f"says-{says}", f"Your keep rule ({low}–{high} lands): {says}. "))
        if reading.mulligan_keepable is not None and reading.outlook.mulligan is not None and reading.next_hand:
            mean = float(reading.outlook.mulligan.expected_size)
            line.append(f"A mulligan to {reading.next_hand[1]} reaches a hand your rule keeps "
                        f"{percent(reading.mulligan_keepable)} of the time (mean {mean:.1f} cards).")  # fmt: skip
        elif reading.mulligan_rule is None:
            line.append("No mulligan figures for these rules.")
        else:
            line.append("No mulligan is left.")
        return line

    # ------------------------------------------------------------------- feedback

    def decided(self, before: GameState, action: Action, marked: list[int]) -> str:
        """After the player's Keep, Mulligan or Put on bottom: the feedback line (when switched
        on; empty: none)."""
        if not self.enabled or TRAINER not in sys.modules:
            return ""
        if isinstance(action, PutOnBottom):
            from opening_hand.trainer.reading import bottom_feedback, turns_for

            found = self.bottoming[1] if self.bottoming is not None and self.bottoming[0] is before else None
            if found is None:
                return ""
            names = {c.id: c.name for c in before.player(action.player).hand}
            return bottom_feedback(found, action.card_ids, names, turns_for(before))
        if not isinstance(action, Keep | Mulligan):
            return ""
        reading = self.reading(before, action.player, marked)
        from opening_hand.trainer.reading import feedback

        return feedback(reading, keep=isinstance(action, Keep))
