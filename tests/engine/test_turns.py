"""Practice turns after the game has begun ("goldfishing"): the draws of CR 504.1 as the
first turns go under CR 103.8, and one land a turn (CR 305.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from opening_hand.errors import IllegalActionError
from opening_hand.rules.actions import ChooseStarting, Keep, TakeTurn
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.policy import autoplay, decide, take_turn
from opening_hand.rules.practice_turns import next_draws
from opening_hand.rules.state import MAX_TURNS, GameState, SeatConfig
from opening_hand.share.share_link import Setup, decode_setup, encode_setup, game_from_setup
from tests.engine.helpers import all_cards, started


def begun(state: GameState) -> GameState:
    state = autoplay(state, state.seats)
    assert state.pending is None and state.phase == "first_turn"
    return state


def test_turns_wait_for_the_game_to_begin() -> None:
    state = started(seed=3)
    with pytest.raises(IllegalActionError, match="once the game has begun"):
        apply(state, TakeTurn(1))


def test_2025_103_8a_the_starting_player_skips_the_first_draw_the_other_draws() -> None:
    state = begun(started(seed=3, starting_player=1))
    starter, other = state.player(1), state.player(2)
    after = apply(state, TakeTurn(1))
    assert after.player(1).hand == starter.hand and after.player(1).library == starter.library
    assert after.player(1).turns == ((None, None),)
    assert after.events[-2].rule == "103.8a" and "skips the draw step" in after.events[-2].text
    after = apply(after, TakeTurn(2))
    assert after.player(2).hand == other.hand + other.library[:1]
    assert after.player(2).turns[0][0] == other.library[0].id
    assert after.events[-2].rule == "CR 504.1" and after.events[-2].private == other.library[0].name


def test_2025_103_8c_in_multiplayer_everyone_draws_on_turn_1() -> None:
    deck = ("Mountain",) * 24 + ("Lightning Bolt",) * 36
    seats = [SeatConfig(f"Seat {i}", deck) for i in (1, 2, 3)]
    state = new_game(seats, seed=8, format="multiplayer")
    state = begun(apply(state, ChooseStarting(state.chooser, 1)))
    assert state.first_draw_skipped == ()
    for seat in state.seats:
        top = state.player(seat).library[0]
        state = apply(state, TakeTurn(seat))
        assert state.player(seat).turns[0][0] == top.id


def test_2025_103_8b_two_headed_giant_the_starting_team_skips() -> None:
    deck = ("Forest",) * 24 + ("Llanowar Elves",) * 36
    seats = [SeatConfig(f"Seat {i}", deck) for i in (1, 2, 3, 4)]
    state = new_game(seats, seed=2, format="two-headed-giant")
    state = autoplay(state, state.seats)
    assert state.pending is None
    team = state.starting_team
    assert set(state.first_draw_skipped) == set(team) and len(team) == 2
    for seat in state.seats:
        drawn = apply(state, TakeTurn(seat)).player(seat).turns[0][0]
        assert (drawn is None) == (seat in team)


def test_next_draws_are_the_cards_the_turns_draw() -> None:
    state = begun(started(seed=11, starting_player=2))
    for seat in state.seats:
        upcoming = next_draws(state, seat)
        assert [turn for turn, _ in upcoming] == list(range(1, MAX_TURNS + 1))
        played = state
        for turn, card in upcoming:
            played = apply(played, take_turn(played, seat))
            drawn = played.player(seat).turns[turn - 1][0]
            assert drawn == (card.id if card else None)
        assert next_draws(played, seat) == ()


def test_305_2_one_land_a_turn_from_the_hand_and_only_a_land() -> None:
    state = begun(started(seed=4, starting_player=2))
    p = state.player(1)
    land = next(c for c in p.hand if p.is_land(c))
    spell = next(c for c in p.hand if not p.is_land(c))
    with pytest.raises(IllegalActionError, match="not a land"):
        apply(state, TakeTurn(1, spell.id))
    with pytest.raises(IllegalActionError, match="not in"):
        apply(state, TakeTurn(1, 10**6))
    after = apply(state, TakeTurn(1, land.id))
    assert land in after.player(1).battlefield and land not in after.player(1).hand
    assert after.events[-1].rule == "CR 305.2" and "land drop 1" in after.events[-1].text
    assert all_cards(after) == all_cards(state)


def test_a_missed_land_drop_is_logged() -> None:
    deck = ("Lightning Bolt",) * 60
    seats = [SeatConfig("Seat 1", deck), SeatConfig("Seat 2", deck)]
    state = new_game(seats, seed=1)
    state = begun(apply(state, ChooseStarting(state.chooser, 1)))
    after = apply(state, take_turn(state, 1))
    assert after.events[-1].text.endswith("a missed land drop.")


def test_turns_stop_after_turn_6() -> None:
    state = begun(started(seed=5))
    for _ in range(MAX_TURNS):
        state = apply(state, take_turn(state, 1))
    with pytest.raises(IllegalActionError, match="after turn 6"):
        apply(state, TakeTurn(1))


def test_the_policy_plays_the_land_adding_a_missing_colour() -> None:
    state = begun(started(seed=21, starting_player=2))
    p = state.player(1)
    cards = p.hand + p.library
    lands = [c for c in cards if c.name == "Mountain"][:2]
    spells = [c for c in cards if c.name == "Lightning Bolt"][:5]
    # A hand of a Plains and a Delver of Secrets, with a Plains on the battlefield and an
    # Island on top of the library (names only: the ids stay the game's).
    p = replace(
        p,
        battlefield=(replace(lands[0], name="Plains"),),
        hand=(replace(lands[1], name="Plains"), replace(spells[0], name="Delver of Secrets")),
        library=(replace(spells[1], name="Island"),) + tuple(c for c in cards if c not in lands + spells[:2]),
    )
    state = replace(state, players=(p, state.player(2)))
    action = take_turn(state, 1)
    assert action.land == spells[1].id  # the Island adds blue, which Delver needs
    assert apply(state, action).player(1).battlefield[-1].name == "Island"


def test_share_links_carry_practice_turns() -> None:
    deck = "24 Mountain\n36 Lightning Bolt"
    setup = Setup(deck=deck, format="constructed", players=2, edition="london", seed=77, unchecked=True)
    state = game_from_setup(setup)
    actions = []
    while state.pending is not None:
        action = decide(state)
        actions.append(action)
        state = apply(state, action)
    for _ in range(3):
        action = take_turn(state, 1)
        actions.append(action)
        state = apply(state, action)
    reopened = decode_setup(encode_setup(replace(setup, actions=tuple(actions))))
    again = game_from_setup(reopened)
    for action in reopened.actions:
        again = apply(again, action)
    assert again.player(1).turns == state.player(1).turns and again.player(1).hand == state.player(1).hand


def test_keep_is_refused_once_the_game_has_begun() -> None:
    state = begun(started(seed=5))
    with pytest.raises(IllegalActionError, match="already begun"):
        apply(state, Keep(1))
