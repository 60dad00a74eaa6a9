"""Practice turns after the game has begun ("goldfishing"): each player's next draws, and
their turns taken alone, a draw and a land each (:class:`~.actions.TakeTurn`).
"""

from __future__ import annotations

from dataclasses import replace

from opening_hand.cards import Card
from opening_hand.errors import IllegalActionError
from opening_hand.rules.actions import TakeTurn
from opening_hand.rules.game_log import log_event
from opening_hand.rules.state import MAX_TURNS, GameState
from opening_hand.rules.zones import card_in, draw_cards, with_player


def draws_skipped(state: GameState, seat: int) -> bool:
    """Whether ``seat`` skips the draw step of their first turn (CR 103.8a-c): known once the
    game has begun."""
    return seat in state.first_draw_skipped


def next_draws(state: GameState, seat: int, turns: int = MAX_TURNS) -> tuple[tuple[int, Card | None], ...]:
    """``seat``'s next turns after those already taken, each with the card its draw step
    would draw (CR 504.1), up to turn ``turns``: ``None`` for a first turn whose draw is
    skipped (CR 103.8a, 103.8b) or once the library is empty. The library's order is
    fixed, so these are the cards practice turns will draw."""
    p = state.player(seat)
    upcoming: list[tuple[int, Card | None]] = []
    position = 0
    for turn in range(len(p.turns) + 1, turns + 1):
        if turn == 1 and draws_skipped(state, seat):
            upcoming.append((turn, None))
            continue
        upcoming.append((turn, p.library[position] if position < len(p.library) else None))
        position += 1
    return tuple(upcoming)


def take_turn(state: GameState, action: TakeTurn) -> GameState:
    """A practice turn (:class:`~.actions.TakeTurn`): the draw (CR 504.1) unless it is
    skipped (CR 103.8a, 103.8b), then the land played, if any (CR 305.2)."""
    if state.pending is not None or state.phase != "first_turn":
        raise IllegalActionError("Turns are practised once the game has begun: finish the start of the game first.")
    p = state.player(action.player)
    turn = len(p.turns) + 1
    if turn > MAX_TURNS:
        raise IllegalActionError(f"Practice turns stop after turn {MAX_TURNS}: deal again or undo.")
    drawn: Card | None = None
    if turn == 1 and draws_skipped(state, p.seat):
        who = "two-player game" if len(state.players) == 2 else "Two-Headed Giant: the team who plays first"
        state = log_event(state, state.format.first_draw_skippers(state.starting_team, len(state.players))[1],
                     f"Turn 1: {p.name} skips the draw step ({who}).", p.seat)  # fmt: skip
    elif not p.library:
        raise IllegalActionError(
            f"{p.name}'s library is empty: a player who would draw from it loses the game (CR 704.5b)."
        )
    else:
        drawn = p.library[0]
        p = draw_cards(p, 1)
        state = log_event(state, "turn-draw", f"Turn {turn}: {p.name} draws a card.", p.seat, drawn.name)
    played: Card | None = None
    if action.land is not None:
        played = card_in(p.hand, action.land, p.name, "hand")
        if not p.is_land(played):
            raise IllegalActionError(f"{played.name} is not a land: only a land is played as the turn's land.")
        p = replace(p, hand=tuple(c for c in p.hand if c.id != played.id), battlefield=p.battlefield + (played,))
        lands = sum(1 for _drawn, land in p.turns if land is not None) + 1
        state = log_event(state, "turn-land", f"Turn {turn}: {p.name} plays {played.name} (land drop {lands}).", p.seat)
    elif any(p.is_land(c) for c in p.hand):
        state = log_event(state, "turn-land", f"Turn {turn}: {p.name} plays no land.", p.seat)
    else:
        state = log_event(state, "turn-land", f"Turn {turn}: {p.name} has no land to play: a missed land drop.", p.seat)
    p = replace(p, turns=p.turns + ((drawn.id if drawn else None, played.id if played else None),))
    return with_player(state, p)
