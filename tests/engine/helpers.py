"""Shared helpers for the engine tests: decks, and XMage-style scripted decisions."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from opening_hand.rules.actions import Action, ChooseStarting
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.state import GameState, SeatConfig


def deck(lands: int = 24, size: int = 60, spell: str = "Lightning Bolt", land: str = "Mountain") -> tuple[str, ...]:
    return (land,) * lands + (spell,) * (size - lands)


def two_player(
    seed: int = 1, lands: int = 24, size: int = 60, sideboard: tuple[str, ...] = (), edition: str = "london"
) -> GameState:
    return new_game(
        [SeatConfig("Seat 1", deck(lands, size), sideboard), SeatConfig("Seat 2", deck(lands, size), sideboard)],
        seed=seed,
        edition=edition,
    )


def started(seed: int = 1, starting_player: int = 1, **kwargs: object) -> GameState:
    """A two-player game whose chooser picked ``starting_player``; hands are dealt."""
    state = two_player(seed, **kwargs)  # type: ignore[arg-type]
    return apply(state, ChooseStarting(state.chooser, starting_player))


def all_cards(state: GameState) -> list[int]:
    return sorted(c.id for p in state.players for c in p.cards())


class Script:
    """Scripted decisions: each step names the decision expected next and the action.

    An action may be a function of the state (to pick cards from the hand it sees).
    Fails if the engine waits for a decision other than the scripted one, or if the game
    stops waiting while scripted steps remain (a step left unused).
    """

    def __init__(self, steps: Sequence[tuple[str, int, Action | Callable[[GameState], Action]]]) -> None:
        self.steps = list(steps)

    def run(self, state: GameState) -> GameState:
        for number, (kind, seat, action) in enumerate(self.steps, start=1):
            pending = state.pending
            assert pending is not None, f"step {number} ({kind} by seat {seat}) left unused: the game has begun"
            assert type(pending).__name__ == kind and pending.player == seat, (
                f"step {number}: the engine asks {pending!r}, the script expected {kind} by seat {seat}"
            )
            state = apply(state, action(state) if callable(action) else action)
        return state
