"""A seat at the table, compact: name, life, library, cards in hand, mulligans taken and
where the seat is in this round of decisions (deciding / will mulligan / kept N), with its
public zones as small name tags. The seat now deciding stands out.

Used for every seat but the one at the bottom of the table (``table_view``), and for that
seat's own header line. It reads the state; it decides nothing.
"""

from __future__ import annotations

from opening_hand.rules.state import GameState, PlayerState
from page.dom import Node, element
from page.table.card_faces import backs, mini
from page.texts import plural

ZONES = (("command", "Command zone"), ("battlefield", "Battlefield"), ("revealed", "Revealed"),
         ("stickers", "Sticker sheets"), ("exile", "Exile"), ("set-aside", "Set aside"))  # fmt: skip


def seat_label(state: GameState, seat: int, users: frozenset[int]) -> str:
    name = state.player(seat).name
    return f"{name} (you)" if users == {seat} else name


def status(state: GameState, seat: int) -> tuple[str, str]:
    """(kind, words) for where ``seat`` stands in the current round of decisions."""
    pending, p = state.pending, state.player(seat)
    if pending is not None and pending.player == seat:
        return "deciding", "deciding"
    declared = {s: mulligan for s, mulligan, _ids in state.declared}
    if seat in declared:
        return ("mulligan", "will mulligan") if declared[seat] else ("kept", f"keeps {len(p.hand)}")
    if p.turns:  # practice turns: the hand has changed since it was kept
        drawn = sum(1 for card, _land in p.turns if card is not None)
        played = sum(1 for _card, land in p.turns if land is not None)
        return "kept", f"kept {len(p.hand) - drawn + played} · turn {len(p.turns)}"
    if p.kept:
        return "kept", f"kept {len(p.hand) - p.to_bottom - p.to_shuffle}"
    if state.phase == "mulligans":
        return "waiting", "to decide"
    return "", ""


def zone_cards(state: GameState, p: PlayerState, zone: str, visible: bool) -> tuple:
    """The cards of ``p`` shown in ``zone`` (the starting plane has a place of its own)."""
    if zone == "command":
        return tuple(c for c in p.command if c.id != state.starting_plane)
    if zone == "revealed":
        return p.companion + tuple(c for c in p.hand if c.id in p.revealed)
    if zone == "set-aside":
        return p.set_aside if visible else ()
    if zone == "stickers":  # CR 103.2d: the sheets chosen stay revealed
        return p.stickers
    return p.battlefield if zone == "battlefield" else p.exile


def stats_line(state: GameState, seat: int, hand: Node | None = None) -> Node:
    """Life (unless the team shares one), library, hand, mulligans and the round status."""
    p = state.player(seat)
    line = element("div", "seat-line")
    if state.format.team_life is None:
        line.append(stat("Life", "—" if p.life is None else str(p.life), f"life-{seat}"))
    line.append(stat("Library", str(len(p.library)), f"library-count-{seat}"))
    hand_stat = stat("Hand", str(len(p.hand)))
    if hand is not None:
        hand_stat.append(hand)
    line.append(hand_stat)
    line.append(stat("Mulligans", str(p.mulligans)))
    if p.planar_deck:
        line.append(stat("Planar deck", str(len(p.planar_deck))))
    return line


def stat(label: str, value: str, testid: str = "") -> Node:
    node = element("span", "stat", f"{label} ")
    node.append(element("b", "", value, data_testid=testid) if testid else element("b", "", value))
    return node


def title_line(state: GameState, seat: int, users: frozenset[int], heading: str = "h3", **attrs: str) -> Node:
    line = element("div", "seat-line")
    line.append(element(heading, "seat-name", seat_label(state, seat, users), **attrs))
    if seat == state.archenemy:
        line.append(element("span", "chip", "Archenemy"))
    if len(state.teams) < len(state.seats):
        line.append(element("span", "chip", f"Team {state.team_of(seat) + 1}"))
    kind, words = status(state, seat)
    if words:
        line.append(element("span", f"status status-{kind}", words, data_testid=f"status-{seat}"))
    return line


def zones(state: GameState, seat: int, visible: bool) -> list[Node]:
    """One row of name tags per public zone that holds cards."""
    p = state.player(seat)
    rows = []
    for zone, label in ZONES:
        cards = zone_cards(state, p, zone, visible)
        if not cards:
            continue
        row = element("div", f"mini-zone {zone}", data_testid=f"{zone}-{seat}", aria_label=f"{p.name}: {label}")
        row.append(element("span", "zone-label", label))
        for card in cards:
            row.append(mini(card, seat, zone, p.is_land(card), p.pool))
        rows.append(row)
    return rows


def seat_panel(state: GameState, seat: int, users: frozenset[int]) -> Node:
    """The compact panel of a seat that is not at the bottom of the table."""
    p = state.player(seat)
    deciding = state.pending is not None and state.pending.player == seat
    panel = element("li", "seat-panel seat" + (" deciding" if deciding else ""), data_seat=str(seat))
    panel.setAttribute("aria-label", seat_label(state, seat, users) + (", deciding" if deciding else ""))
    panel.append(title_line(state, seat, users))
    if seat in users:  # hot-seat: this seat's hand is the player's to see, folded to save room
        hand: Node = element("details", "mini-hand", data_testid=f"hand-{seat}")
        hand.hidden = not p.hand
        hand.append(element("summary", "", f"{p.name}'s hand"))
        for card in p.hand:
            hand.append(mini(card, seat, "hand", p.is_land(card), p.pool))
    else:
        hand = backs(len(p.hand))
        hand.setAttribute("data-testid", f"hand-{seat}")
        hand.removeAttribute("aria-hidden")
        hand.setAttribute("role", "img")
        hand.setAttribute("aria-label", f"{p.name}: Hand, {plural(len(p.hand), 'card')} face down")
    if seat in users:
        panel.append(stats_line(state, seat))
        panel.append(hand)
    else:
        panel.append(stats_line(state, seat, hand))
    for row in zones(state, seat, seat in users):
        panel.append(row)
    return panel
