"""The practice setting "practise on the play / on the draw": not a rule, a way to start.

CR 103.1 lets the player who won the flip choose who takes the first turn. A player who
wants to practise the draw keeps losing that flip to chance; the setting takes the choice
for them. These tests hold it to: the side asked for, every seed, at 2 players and in
Two-Headed Giant, in every edition; logged as a practice setting, never as the rule; the
cards dealt are the game's seed's (103.3), whichever side was asked for.
"""

from __future__ import annotations

import pytest

from opening_hand.errors import RulesError
from opening_hand.rules.actions import ChooseStarting
from opening_hand.rules.decisions import ChooseStartingPlayer
from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.state import SeatConfig

from .helpers import deck


def seats(n: int) -> list[SeatConfig]:
    return [SeatConfig(f"Seat {i}", deck()) for i in range(1, n + 1)]


@pytest.mark.parametrize(("side", "first"), [("play", 1), ("draw", 2)])
def test_practice_start_two_players_on_every_seed(side: str, first: int) -> None:
    for seed in range(20):
        state = new_game(seats(2), seed=seed, practice=(1, side))
        assert state.starting_player == first, f"seed {seed}"
        assert not isinstance(state.pending, ChooseStartingPlayer)
        assert state.pending is not None and state.pending.player == first  # 103.5: it declares first
        practice = [e for e in state.events if "Practice setting" in e.text]
        expected = "Seat 1 plays first" if side == "play" else "Seat 1 draws first and Seat 2 takes the first turn"
        assert len(practice) == 1 and f"Practice setting: {expected}, whoever won the flip" in practice[0].text
        # the flip is still made and logged (103.1): the setting only answers the chooser's question
        assert any("coin flip" in e.text for e in state.events)


def test_practice_on_the_draw_in_two_headed_giant() -> None:
    for seed in range(20):
        state = new_game(seats(4), seed=seed, format="two-headed-giant", practice=(1, "draw"))
        assert state.starting_player == 3, f"seed {seed}"
        assert state.team_of(1) != state.team_of(state.starting_player)
        text = "Practice setting: Team 1 (Seat 1 and Seat 2) draws first and Team 2 (Seat 3 and Seat 4)"
        assert any(text in e.text for e in state.events)
        on_play = new_game(seats(4), seed=seed, format="two-headed-giant", practice=(2, "play"))
        assert on_play.starting_player == 1  # 103.1a: a team takes the first turn, from its first seat


def test_practice_on_the_draw_in_free_for_all_passes_to_the_next_seat() -> None:
    for seed in range(10):
        assert new_game(seats(4), seed=seed, format="multiplayer", practice=(1, "draw")).starting_player == 2
        assert new_game(seats(4), seed=seed, format="multiplayer", practice=(4, "draw")).starting_player == 1


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_practice_start_in_every_edition(edition: str) -> None:
    for seed in range(5):
        state = new_game(seats(2), seed=seed, edition=edition, practice=(1, "draw"))
        assert state.starting_player == 2, f"{edition} seed {seed}"


def test_the_side_asked_for_does_not_change_the_cards_dealt() -> None:
    # 103.3: the shuffle is the seed's; choosing a side must not reshuffle.
    for seed in range(10):
        chosen = new_game(seats(2), seed=seed)
        chosen = apply(chosen, ChooseStarting(chosen.chooser, 2))
        practised = new_game(seats(2), seed=seed, practice=(1, "draw"))
        assert [p.hand for p in chosen.players] == [p.hand for p in practised.players]
        assert [p.library for p in chosen.players] == [p.library for p in practised.players]


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(RulesError):
        new_game(seats(2), seed=1, practice=(3, "play"))
    with pytest.raises(RulesError):
        new_game(seats(2), seed=1, practice=(1, "first"))


def test_archenemy_keeps_its_rule() -> None:
    # 103.1b: the archenemy takes the first turn; a practice setting does not override a rule.
    state = new_game(seats(4), seed=1, format="archenemy", archenemy=1, practice=(2, "play"))
    assert state.starting_player == 1
    assert not any("Practice setting" in e.text for e in state.events)
