"""Property tests: random legal decisions from random seeds and decks.

Whatever the players decide, every card stays in exactly one zone, the process ends
within a bound, every event cites a rule, and an illegal action raises the typed error
and leaves the state unchanged.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import all_cards
from opening_hand import (
    ChooseBottom,
    ChooseStarting,
    ChooseStartingPlayer,
    DeclareMulligan,
    GameState,
    IllegalActionError,
    Keep,
    Mulligan,
    PutOnBottom,
    SeatConfig,
    apply,
    new_game,
)

# A London game start needs at most: 1 choice + per player 8 declarations and 1 bottoming.
MAX_STEPS = 1 + 2 * (8 + 1)


@st.composite
def games(draw: st.DrawFn) -> GameState:
    def deck() -> tuple[str, ...]:
        size = draw(st.integers(1, 80))
        lands = draw(st.integers(0, size))
        return ("Mountain",) * lands + ("Lightning Bolt",) * (size - lands)

    side = ("Duress",) * draw(st.integers(0, 15))
    return new_game(
        [SeatConfig("Seat 1", deck(), side), SeatConfig("Seat 2", deck())], seed=draw(st.integers(0, 2**53 - 1))
    )


def illegal_actions(state: GameState) -> list[object]:
    pending = state.pending
    assert pending is not None
    other = 3 - pending.player
    hand = state.player(pending.player).hand
    actions: list[object] = [Keep(other), Mulligan(other), PutOnBottom(other, ())]
    if isinstance(pending, ChooseBottom):
        actions += [Keep(pending.player), PutOnBottom(pending.player, tuple(c.id for c in hand[: pending.count - 1]))]
        actions.append(PutOnBottom(pending.player, (state.player(other).cards()[0].id,) * pending.count))
    elif isinstance(pending, DeclareMulligan):
        actions += [PutOnBottom(pending.player, ()), ChooseStarting(pending.player, 1)]
    else:
        actions += [Keep(pending.player), ChooseStarting(pending.player, 9)]
    return actions


@settings(max_examples=300, deadline=None)
@given(state=games(), data=st.data())
def test_random_legal_decisions_conserve_cards_and_end(state: GameState, data: st.DataObject) -> None:
    cards = all_cards(state)
    assert len(cards) == len(set(cards))
    for _ in range(MAX_STEPS):
        pending = state.pending
        if pending is None:
            break
        for wrong in illegal_actions(state):
            try:
                apply(state, wrong)  # type: ignore[arg-type]
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{wrong} was accepted while waiting for {pending}")
        if isinstance(pending, ChooseStartingPlayer):
            action: object = ChooseStarting(pending.player, data.draw(st.sampled_from(pending.options)))
        elif isinstance(pending, DeclareMulligan):
            action = data.draw(st.sampled_from([Keep(pending.player), Mulligan(pending.player)]))
        else:
            hand = state.player(pending.player).hand
            chosen = data.draw(st.permutations(hand))[: pending.count]
            action = PutOnBottom(pending.player, tuple(c.id for c in chosen))
        state = apply(state, action)  # type: ignore[arg-type]
        assert all_cards(state) == cards
    else:
        raise AssertionError(f"the game start did not end within {MAX_STEPS} decisions")
    assert state.phase == "first_turn"
    assert all(p.kept and p.to_bottom == 0 for p in state.players)
    assert all(e.rule == "103" or e.rule.startswith("103.") for e in state.events)
    for p in state.players:
        # London: draw seven (or the whole library if smaller), bottom one per mulligan.
        drawn = min(7, len(p.library) + len(p.hand))
        assert len(p.hand) == max(0, drawn - p.mulligans)
