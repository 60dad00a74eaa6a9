"""Practice turns once the game has begun ("goldfishing"): the prompt and the Draw button's
label, the strip of turns taken, and which cards of the hand each turn drew.

The engine's ``TakeTurn`` draws and plays the land (CR 504.1, 305.2, who skips the first
draw: 103.8); this only says what happened, from the state.
"""

from __future__ import annotations

from opening_hand.rules.state import MAX_TURNS, GameState
from page.dom import Node, element
from page.texts import plural


def drawn_on(state: GameState, seat: int) -> dict[int, int]:
    """Card id -> the practice turn that drew it."""
    return {drawn: turn for turn, (drawn, _land) in enumerate(state.player(seat).turns, start=1) if drawn is not None}


def describe(state: GameState, seat: int, yours: bool) -> tuple[str, bool]:
    """The prompt once the game has begun, and whether the Draw button is offered."""
    p = state.player(seat)
    taken = len(p.turns)
    names = {c.id: c.name for c in state.player(seat).cards()}
    starter = state.player(state.starting_player or seat).name
    who = "you take" if yours and state.starting_player == seat else f"{starter} takes"
    if not taken:
        rule = state.edition.cite(state.format.first_draw_skippers(state.starting_team, len(state.players))[1])
        skip = f" (you skip its draw, {rule})" if seat in state.first_draw_skipped else ""
        text = f"The game begins: {who} the first turn. Draw (T) to play out your turns{skip}: "
        return text + "the cards come in your library's real order.", yours
    drawn, land = p.turns[-1]
    line = f"Turn {taken}: " + (f"you drew {names[drawn]}" if drawn is not None else "no draw")
    drops = sum(1 for _d, played in p.turns if played is not None)
    if land is not None:
        line += f", played {names[land]} (land drop {drops} of {taken})."
    else:
        line += f"; no land played ({drops} land {'drop' if drops == 1 else 'drops'} in {taken} turns)."
    if taken >= MAX_TURNS:
        return line + f" Practice stops at turn {MAX_TURNS}: Next hand (N), or Undo.", False
    return line, yours


def label(state: GameState, seat: int) -> str:
    return f"Draw · turn {len(state.player(seat).turns) + 1}"


def strip(state: GameState, seat: int) -> Node | None:
    """The turns taken so far, one short line each (the cards drawn are in the hand, marked)."""
    p = state.player(seat)
    if not p.turns:
        return None
    names = {c.id: c.name for c in p.cards()}
    turns = element("ol", "turns", data_testid=f"turns-{seat}", aria_label=f"{p.name}: turns practised")
    for number, (drawn, land) in enumerate(p.turns, start=1):
        item = element("li", "turn" + (" missed" if land is None else ""), data_turn=str(number))
        item.append(element("b", "", f"T{number}"))
        item.append(f" {names[drawn]}" if drawn is not None else " no draw")
        item.append(element("span", "turn-land", f" ▲ {names[land]}" if land is not None else " no land"))
        turns.append(item)
    summary = element("li", "turn-total", plural(sum(1 for _d, land in p.turns if land is not None), "land"))
    turns.append(summary)
    return turns
