"""The game log: each step appends an :class:`~.state.Event` that cites the rule allowing it
(:func:`log_event`), in words built from the players' and cards' names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from opening_hand.cards import Card
from opening_hand.rules.state import Event, GameState


def seat_name(state: GameState, seat: int) -> str:
    """The name of the player at ``seat``."""
    return state.player(seat).name


def team_name(state: GameState, seat: int) -> str:
    """``seat``'s name, or with shared team turns their team's ("Team 1 (Ann and Bo)")."""
    if not state.shared_team_turns:
        return seat_name(state, seat)
    names = " and ".join(seat_name(state, s) for s in state.teams[state.team_of(seat)])
    return f"Team {state.team_of(seat) + 1} ({names})"


def log_event(state: GameState, step: str, text: str, seat: int | None = None, private: str = "") -> GameState:
    """Append an event for ``step`` (``"draw"``, ``"companion"``, ``"leylines"``, ...): it cites
    the edition's own number for the step, or the current text's, saying so (``Edition.cite``),
    and keeps the step, so the citation can be checked against what the rule covers
    (``rule_index``)."""
    event = Event(len(state.events) + 1, state.edition.cite(step), text, seat, private, step)
    return replace(state, events=state.events + (event,))


Note = tuple[str, str]  # an event's text and its private detail, to log once the step it belongs to is


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one: "1 card", "2 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def card_names(cards: Iterable[Card]) -> str:
    """The cards' names, separated by commas."""
    return ", ".join(c.name for c in cards)
