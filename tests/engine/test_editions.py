"""Rules editions and house rules: each follows its own text and cites its own numbers."""

from __future__ import annotations

import pytest

from opening_hand.errors import IllegalActionError, WrongCardCountError
from opening_hand.rules.actions import ChooseStarting, Keep, Mulligan, PutOnBottom, ScryDecision, ShuffleBack
from opening_hand.rules.decisions import ChooseBottom, ChooseShuffleBack, ChooseStartingPlayer, DeclareMulligan, Scry
from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.state import GameState, SeatConfig
from tests.engine.helpers import all_cards, deck


def game(edition: str, n: int = 2, seed: int = 3, fmt: str | None = None, cards: tuple[str, ...] | None = None,
         starting: int = 1) -> GameState:  # fmt: skip
    seats = [SeatConfig(f"Seat {i}", cards or deck()) for i in range(1, n + 1)]
    state = new_game(seats, seed=seed, format=fmt or ("constructed" if n == 2 else "multiplayer"), edition=edition)
    assert isinstance(state.pending, ChooseStartingPlayer)
    return apply(state, ChooseStarting(state.pending.player, starting))


def rules(state: GameState) -> list[str]:
    return [e.rule for e in state.events]


def hand_sizes_after_mulligans(edition: str, mulligans: int, n: int = 2) -> int:
    """Seat 1 (starting) mulligans ``mulligans`` times, the others keep."""
    state = game(edition, n)
    taken = 0
    while state.pending is not None:
        pending = state.pending
        if isinstance(pending, DeclareMulligan):
            if pending.player == 1 and taken < mulligans:
                state = apply(state, Mulligan(1))
                taken += 1
            else:
                state = apply(state, Keep(pending.player))
        elif isinstance(pending, ChooseBottom):
            hand = state.player(pending.player).hand
            state = apply(state, PutOnBottom(pending.player, tuple(c.id for c in hand[: pending.count])))
        elif isinstance(pending, Scry):
            state = apply(state, ScryDecision(pending.player, to_bottom=False))
        else:
            raise AssertionError(pending)
    return len(state.player(1).hand)


@pytest.mark.parametrize(
    ("edition", "sizes"),
    [
        ("london", [7, 6, 5, 4]),
        ("vancouver", [7, 6, 5, 4]),
        ("paris-2008", [7, 6, 5, 4]),
        ("paris-2001", [7, 6, 5, 4]),
        ("commander-free", [7, 7, 6, 5]),
    ],
)
def test_hand_sizes_after_0_to_3_mulligans_two_players(edition: str, sizes: list[int]) -> None:
    assert [hand_sizes_after_mulligans(edition, m) for m in range(4)] == sizes


@pytest.mark.parametrize(
    ("edition", "sizes"),
    [("london", [7, 7, 6, 5]), ("vancouver", [7, 7, 6, 5]), ("paris-2008", [7, 7, 6, 5]), ("paris-2001", [7, 6, 5, 4])],
)
def test_hand_sizes_after_0_to_3_mulligans_multiplayer(edition: str, sizes: list[int]) -> None:
    assert [hand_sizes_after_mulligans(edition, m, n=3) for m in range(4)] == sizes


# ------------------------------------------------------------------ Vancouver (2017)


def test_2017_103_4_vancouver_draws_one_fewer_and_declares_simultaneously() -> None:
    state = game("vancouver")
    state = apply(state, Mulligan(1))
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 2  # no new hand yet
    state = apply(state, Mulligan(2))
    assert [len(p.hand) for p in state.players] == [6, 6]
    assert "2017 103.4" in rules(state)
    assert rules(state).index("2017 103.1") < rules(state).index("2017 103.2")  # shuffle, then choose


def test_2017_103_4_scry_is_offered_exactly_to_players_below_their_starting_hand_size() -> None:
    state = game("vancouver", n=3)
    state = apply(apply(apply(state, Mulligan(1)), Keep(2)), Mulligan(3))  # both free (103.5c)
    assert [len(p.hand) for p in state.players] == [7, 7, 7]
    state = apply(apply(state, Mulligan(1)), Keep(3))
    assert [len(p.hand) for p in state.players] == [6, 7, 7]
    state = apply(state, Keep(1))
    assert state.pending == Scry(1, state.player(1).library[0].id)
    top = state.player(1).library[0]
    state = apply(state, ScryDecision(1, to_bottom=True))
    assert state.player(1).library[-1] == top
    assert state.pending is None  # seats 2 and 3 kept seven: no scry
    assert any(e.rule == "2017 103.4" and "scries 1" in e.text for e in state.events)


def test_2017_scry_keep_on_top() -> None:
    state = apply(apply(apply(game("vancouver"), Mulligan(1)), Keep(2)), Keep(1))
    top = state.player(1).library[0]
    state = apply(state, ScryDecision(1, to_bottom=False))
    assert state.player(1).library[0] == top


# --------------------------------------------------------------- Paris (2008, 2001)


def test_2008_101_4_the_starting_player_takes_all_mulligans_first() -> None:
    state = game("paris-2008", starting=2)
    state = apply(state, Mulligan(2))
    assert len(state.player(2).hand) == 6  # taken at once: no waiting for seat 1
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 2
    state = apply(apply(state, Mulligan(2)), Keep(2))
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1
    state = apply(state, Keep(1))
    assert state.phase == "first_turn" and len(state.player(2).hand) == 5
    assert "2008 101.4" in rules(state) and "2008 101.6a" in rules(state)
    assert rules(state).index("2008 101.1") < rules(state).index("2008 101.2")


def test_2008_101_4a_the_first_multiplayer_mulligan_draws_seven() -> None:
    state = apply(game("paris-2008", n=3), Mulligan(1))
    assert len(state.player(1).hand) == 7 and state.events[-1].rule == "2008 101.4a"


def test_2008_101_4b_the_two_headed_giant_worked_example() -> None:
    """Bob (seat 1) and Clare (seat 2) are the starting team. Both mulligan and draw seven;
    Bob keeps, Clare mulligans again and draws six; she keeps; then the other team decides."""
    state = game("paris-2008", n=4, fmt="two-headed-giant", starting=1)
    assert state.pending is not None and state.pending.player == 1
    state = apply(state, Mulligan(1))
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 2
    state = apply(state, Mulligan(2))
    assert [len(state.player(s).hand) for s in (1, 2)] == [7, 7]  # taken together; the first draws seven
    state = apply(state, Keep(1))  # Bob keeps
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 2
    state = apply(state, Mulligan(2))  # Clare takes another
    assert len(state.player(2).hand) == 6
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 2  # only Clare may
    state = apply(state, Keep(2))
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 3  # then the other team
    state = apply(apply(state, Keep(3)), Keep(4))
    assert state.phase == "first_turn"
    assert "2008 101.4b" in rules(state) and state.events[-1].rule == "2008 101.6b"


def test_2001_p_1_7_paris_one_fewer_and_no_multiplayer_bonus() -> None:
    state = apply(game("paris-2001", n=3), Mulligan(1))
    assert len(state.player(1).hand) == 6 and state.events[-1].rule == "2001 P.1.7"
    assert rules(state)[:3] == ["2001 P.1", "2001 P.1.1", "2001 P.1.5"]


# ------------------------------------------------------------ original (all land/no land)


def test_original_rule_only_for_zero_or_seven_lands_and_once() -> None:
    no_lands = game("original", cards=("Lightning Bolt",) * 60)
    assert isinstance(no_lands.pending, DeclareMulligan)
    state = apply(no_lands, Mulligan(1))
    assert any("reveals Lightning Bolt" in e.text for e in state.events) and len(state.player(1).hand) == 7
    # once per game: the new (still land-free) hand must be kept
    assert not (isinstance(state.pending, DeclareMulligan) and state.pending.player == 1)
    assert any("only a hand of zero or seven lands" in e.text for e in state.events)


def test_original_rule_a_mixed_hand_is_kept() -> None:
    state = game("original")  # 24 lands in 60: a hand of zero or seven lands is rare
    mixed = [p for p in state.players if 0 < sum(c.name == "Mountain" for c in p.hand) < 7]
    assert mixed
    while isinstance(state.pending, DeclareMulligan):
        state = apply(state, Keep(state.pending.player))
    for p in mixed:
        assert p.mulligans == 0


# ------------------------------------------------------------------------ house rules


def test_house_commander_free_mulligan_in_two_player_games() -> None:
    state = apply(apply(apply(game("commander-free"), Mulligan(1)), Keep(2)), Keep(1))
    assert state.phase == "first_turn" and len(state.player(1).hand) == 7
    assert any(e.rule == "House rule: Commander mulligan" for e in state.events)


def test_house_partial_paris_sets_aside_and_shuffles_in_on_keeping() -> None:
    state = game("partial-paris")
    before = all_cards(state)
    pending = state.pending
    assert isinstance(pending, DeclareMulligan) and pending.set_aside
    with pytest.raises(WrongCardCountError, match="at least one card"):
        apply(state, Mulligan(1))
    three = tuple(c.id for c in state.player(1).hand[:3])
    state = apply(apply(state, Mulligan(1, three)), Keep(2))
    p = state.player(1)
    assert len(p.hand) == 6 and {c.id for c in p.set_aside} == set(three)
    assert all_cards(state) == before
    one = (p.hand[0].id,)
    state = apply(state, Mulligan(1, one))  # set aside one, draw none
    assert len(state.player(1).hand) == 5
    state = apply(state, Keep(1))
    p = state.player(1)
    assert p.set_aside == () and len(p.library) == 55 and all_cards(state) == before
    assert any("shuffles 4 set-aside cards into their library" in e.text for e in state.events)


def test_house_draw_ten_choose_three_leaves_seven() -> None:
    state = game("draw-ten")
    assert [len(p.hand) for p in state.players] == [10, 10]
    assert state.pending == ChooseShuffleBack(1, 3)  # no mulligan: keep, then choose three
    hand = state.player(1).hand
    with pytest.raises(WrongCardCountError, match="exactly 3"):
        apply(state, ShuffleBack(1, (hand[0].id,)))
    state = apply(state, ShuffleBack(1, tuple(c.id for c in hand[:3])))
    state = apply(state, ShuffleBack(2, tuple(c.id for c in state.player(2).hand[-3:])))
    assert state.phase == "first_turn"
    assert [len(p.hand) for p in state.players] == [7, 7] and [len(p.library) for p in state.players] == [53, 53]
    with pytest.raises(IllegalActionError):
        apply(state, Mulligan(1))


def test_every_edition_is_registered_with_a_name_year_and_summary() -> None:
    assert set(EDITIONS) == {
        "london", "london-mtgo", "arena-bo1", "arena-bo1-2018", "arena-bo1-gaussian", "london-2019", "vancouver",
        "paris-2008", "paris-2001", "original", "commander-free", "commander-free-mtgo", "commander-set-aside",
        "partial-paris", "draw-ten",
    }  # fmt: skip
    for edition in EDITIONS.values():
        assert edition.name and edition.year and edition.summary
