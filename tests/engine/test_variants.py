"""Scenario tests for every variant of CR 103 (current text), named by sub-rule."""

from __future__ import annotations

import re

import pytest

from opening_hand.cards.decklist import check_deck, parse_decklist
from opening_hand.cards.samples import SAMPLES
from opening_hand.errors import DeckCheckError, IllegalActionError, RulesError
from opening_hand.rules.actions import (
    ActNext,
    BeginOnBattlefield,
    ChooseStarting,
    FinishOpeningActions,
    Keep,
    KeepBackupHand,
    Mulligan,
    PutConspiracies,
    PutOnBottom,
    RevealCompanion,
    RevealFromHand,
    UseSerumPowder,
)
from opening_hand.rules.decisions import (
    ChooseBackupHand,
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseOpeningPlayer,
    ChooseStartingPlayer,
    DeclareMulligan,
    OpeningHandActions,
)
from opening_hand.rules.formats import find_format
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.match import Match
from opening_hand.rules.policy import autoplay
from opening_hand.rules.state import GameState, SeatConfig, Vanguard
from tests.engine.helpers import all_cards, deck


def table(n: int, fmt: str = "multiplayer", seed: int = 1, **kwargs: object) -> GameState:
    seats = kwargs.pop("seats", None) or [SeatConfig(f"Seat {i}", deck()) for i in range(1, n + 1)]
    return new_game(seats, seed=seed, format=fmt, **kwargs)  # type: ignore[arg-type]


def choose(state: GameState, starting: int) -> GameState:
    assert isinstance(state.pending, ChooseStartingPlayer)
    return apply(state, ChooseStarting(state.pending.player, starting))


def keep_all(state: GameState) -> GameState:
    """Everyone keeps (bottoming the first cards of the hand when owed)."""
    while isinstance(state.pending, DeclareMulligan | ChooseBottom):
        pending = state.pending
        if isinstance(pending, ChooseBottom):
            hand = state.player(pending.player).hand
            state = apply(state, PutOnBottom(pending.player, tuple(c.id for c in hand[: pending.count])))
        else:
            state = apply(state, Keep(pending.player))
    return state


def declaration_order(state: GameState) -> list[int]:
    order = []
    while isinstance(state.pending, DeclareMulligan):
        order.append(state.pending.player)
        state = apply(state, Keep(state.pending.player))
    return order


def stacked(*top: str, size: int = 60, filler: str = "Mountain") -> tuple[str, ...]:
    """A deck whose every card is ``filler`` except the named ones (so any hand holds them
    with good probability when there are many)."""
    return top + (filler,) * (size - len(top))


# ------------------------------------------------------------------------- 103.1


def test_2025_103_1_first_game_of_a_match_uses_a_die_roll_for_more_than_two_players() -> None:
    state = table(4)
    assert "rolls highest on a 4-sided die" in state.events[1].text
    assert {table(4, seed=s).chooser for s in range(40)} == {1, 2, 3, 4}


def test_2025_103_1_in_a_match_the_loser_of_the_previous_game_chooses() -> None:
    match = Match(seats=2).record(chooser=2, results={1: "loss", 2: "win"})
    chooser, reason = match.next_chooser(seed=5)
    assert chooser == 1 and "lost the previous game" in reason
    state = new_game([SeatConfig("Seat 1", deck()), SeatConfig("Seat 2", deck())], 5, chooser=chooser,
                     chooser_reason=reason)  # fmt: skip
    assert state.pending == ChooseStartingPlayer(1, (1, 2))
    assert state.events[1].rule == "103.1" and "lost the previous game" in state.events[1].text


def test_2025_103_1_after_a_drawn_game_the_previous_chooser_chooses_again() -> None:
    match = Match(seats=2).record(chooser=1, results={1: "loss", 2: "win"})
    match = match.record(chooser=1, results={1: "draw", 2: "draw"})
    assert match.next_chooser(seed=1)[0] == 1
    match = match.record(chooser=1, results={1: "win", 2: "loss"})
    assert match.next_chooser(seed=1)[0] == 2
    assert match.score() == {1: (1, 1, 1), 2: (1, 1, 1)}


def test_2025_103_1_match_results_must_make_sense() -> None:
    with pytest.raises(RulesError, match="each of the 2 seats"):
        Match(seats=2).record(chooser=1, results={1: "win"})
    with pytest.raises(RulesError, match="draw for every player"):
        Match(seats=2).record(chooser=1, results={1: "win", 2: "draw"})
    with pytest.raises(RulesError, match="winner and a loser"):
        Match(seats=2).record(chooser=1, results={1: "win", 2: "win"})


def test_2025_103_1a_shared_team_turns_have_a_starting_team() -> None:
    state = table(4, shared_team_turns=True, teams=[(1, 3), (2, 4)], seed=3)
    assert state.pending is not None and state.pending.options == (1, 2)  # one option per team
    state = choose(state, 4)  # a seat of team 2: team 2 starts
    assert state.starting_team == (2, 4)
    assert state.turn_order == (2, 4, 1, 3)
    assert any(e.rule == "103.1a" and "Team 2" in e.text for e in state.events)


def test_2025_103_1b_the_archenemy_takes_the_first_turn_without_a_choice() -> None:
    seats = [SeatConfig(f"Seat {i}", deck(), scheme_deck=("All in Good Time",) * 2 * 10) for i in (1, 2, 3, 4)]
    state = new_game(seats, seed=9, format="archenemy")
    assert state.starting_player == 1
    assert not any(e.rule == "103.1" for e in state.events)
    assert any(e.rule == "103.1b" for e in state.events)
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1
    assert len(state.player(1).scheme_deck) == 20 and state.player(2).scheme_deck == ()


def test_2025_103_1c_power_play_makes_its_controller_the_starting_player() -> None:
    seats = [SeatConfig("Seat 1", deck(17, 40)), SeatConfig("Seat 2", deck(17, 40), sideboard=("Power Play",))]
    state = new_game(seats, seed=2, format="conspiracy")
    state = apply(state, ChooseStarting(state.chooser, 1))  # Seat 1 is chosen ...
    assert state.pending == ChooseConspiracies(2, (state.player(2).sideboard[0].id,))
    state = apply(state, PutConspiracies(2, state.pending.options))
    assert state.starting_player == 2  # ... but Power Play supersedes the choice
    events = [e.rule for e in state.events]
    assert events.index("103.1") < events.index("103.2e") < events.index("103.1c")
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 2


# ------------------------------------------------------------------------- 103.3


def test_2025_103_2b_a_companion_is_revealed_only_if_the_deck_meets_its_condition() -> None:
    lurrus, keruga = "Lurrus of the Dream-Den", "Keruga, the Macrosage"
    seats = [SeatConfig("Seat 1", deck(), sideboard=(keruga, lurrus)), SeatConfig("Seat 2", deck())]
    state = choose(new_game(seats, seed=4), 1)
    pending = state.pending
    assert isinstance(pending, ChooseCompanion) and pending.player == 1
    verdicts = {o.name: o.met for o in pending.options}
    assert verdicts == {keruga: False, lurrus: True}  # Lightning Bolt has mana value 1
    keruga_id = next(o.card_id for o in pending.options if o.name == keruga)
    with pytest.raises(IllegalActionError, match="mana value 3 or greater"):
        apply(state, RevealCompanion(1, keruga_id))
    lurrus_id = next(o.card_id for o in pending.options if o.name == lurrus)
    state = apply(state, RevealCompanion(1, lurrus_id))
    p = state.player(1)
    assert [c.name for c in p.companion] == [lurrus] and all(c.id != lurrus_id for c in p.library + p.hand)
    assert any(e.rule == "103.2b" for e in state.events)
    state = keep_all(state)
    assert state.player(1).companion[0].id == lurrus_id  # never in the library


def test_2025_103_2b_an_unverifiable_condition_is_allowed_and_said() -> None:
    seats = [SeatConfig("Seat 1", deck(20, 60, spell="Mystery Card"), ("Gyruda, Doom of Depths",)),
             SeatConfig("Seat 2", deck())]  # fmt: skip
    state = choose(new_game(seats, seed=4), 2)
    assert isinstance(state.pending, ChooseCompanion)
    option = state.pending.options[0]
    assert option.met is None and option.reason.startswith("unverified")
    state = apply(state, RevealCompanion(1, option.card_id))
    assert "unverified" in state.events[-1].text or any("unverified" in e.text for e in state.events)


def test_2025_103_2b_declining_to_reveal() -> None:
    seats = [SeatConfig("Seat 1", deck(), sideboard=("Lurrus of the Dream-Den",)), SeatConfig("Seat 2", deck())]
    state = apply(choose(new_game(seats, seed=4), 1), RevealCompanion(1, None))
    assert state.player(1).companion == () and len(state.player(1).sideboard) == 1


def test_2025_103_2c_commanders_go_to_the_command_zone_before_shuffling() -> None:
    cmd = parse_decklist(SAMPLES["commander"])
    seats = [SeatConfig(f"Seat {i}", cmd.main_cards(), commanders=cmd.commander_names()) for i in (1, 2, 3, 4)]
    state = choose(new_game(seats, seed=8, format="commander"), 1)
    for p in state.players:
        assert [c.name for c in p.command] == ["Krenko, Mob Boss"]
        assert len(p.library) + len(p.hand) == 99
    rules = [e.rule for e in state.events]
    assert rules.index("103.2c") < rules.index("103.3")


def test_2025_103_2c_partner_commanders_and_missing_commanders() -> None:
    partners = ("Goblin Guide", "Mogg Fanatic")
    seat = SeatConfig("Seat 1", stacked(*partners, size=100), commanders=partners)
    state = choose(new_game([seat, seat], seed=1, format="commander"), 1)
    assert sorted(c.name for c in state.player(1).command) == sorted(partners)
    with pytest.raises(RulesError, match="not in their deck"):
        new_game([SeatConfig("Seat 1", deck(), commanders=("Krenko, Mob Boss",))] * 2, seed=1, format="commander")
    with pytest.raises(RulesError, match="no commander"):
        new_game([SeatConfig("Seat 1", deck())] * 2, seed=1, format="commander")


def test_2025_103_2e_conspiracies_go_from_the_sideboard_to_the_command_zone() -> None:
    side = ("Backup Plan", "Power Play", "Shock")
    seats = [SeatConfig("Seat 1", deck(17, 40), side), SeatConfig("Seat 2", deck(17, 40))]
    state = choose(new_game(seats, seed=3, format="conspiracy"), 1)
    pending = state.pending
    assert isinstance(pending, ChooseConspiracies) and len(pending.options) == 2  # not Shock
    backup = next(c.id for c in state.player(1).sideboard if c.name == "Backup Plan")
    state = apply(state, PutConspiracies(1, (backup,)))
    p = state.player(1)
    assert [c.name for c in p.command] == ["Backup Plan"]
    assert sorted(c.name for c in p.sideboard) == ["Power Play", "Shock"]


def test_backup_plan_draws_an_additional_hand_and_keeps_one() -> None:
    seats = [SeatConfig("Seat 1", deck(17, 40), ("Backup Plan",)), SeatConfig("Seat 2", deck(17, 40))]
    state = choose(new_game(seats, seed=3, format="conspiracy"), 1)
    state = apply(state, PutConspiracies(1, state.pending.options))  # type: ignore[union-attr]
    pending = state.pending
    assert isinstance(pending, ChooseBackupHand) and len(pending.hands) == 2
    assert len(state.player(1).hand) == 14
    second = set(pending.hands[1])
    state = apply(state, KeepBackupHand(1, 1))
    assert {c.id for c in state.player(1).hand} == second and len(state.player(1).library) == 33
    assert isinstance(state.pending, DeclareMulligan)
    with pytest.raises(IllegalActionError):
        apply(choose(new_game(seats, seed=3, format="conspiracy"), 1), KeepBackupHand(1, 0))


# ------------------------------------------------------------------------- 103.4


@pytest.mark.parametrize(
    ("fmt", "players", "life", "rule"),
    [
        ("constructed", 2, 20, "103.4"),
        ("multiplayer", 5, 20, "103.4"),
        ("commander", 4, 40, "103.4c"),
        ("brawl", 2, 25, "103.4d"),
        ("brawl", 4, 30, "103.4d"),
    ],
)
def test_2025_103_4_starting_life_totals(fmt: str, players: int, life: int, rule: str) -> None:
    cmd = ("Krenko, Mob Boss",) if fmt in ("commander", "brawl") else ()
    size = 100 if fmt == "commander" else 60
    seats = [SeatConfig(f"Seat {i}", stacked(*cmd, size=size), commanders=cmd) for i in range(1, players + 1)]
    state = choose(new_game(seats, seed=1, format=fmt), 1)
    assert {p.life for p in state.players} == {life}
    assert any(e.rule == rule and f"{life} life" in e.text for e in state.events)


def test_2025_103_4a_two_headed_giant_teams_start_with_30_life() -> None:
    state = choose(table(4, "two-headed-giant"), 3)
    assert state.teams == ((1, 2), (3, 4)) and state.team_life == (30, 30)
    assert all(p.life is None for p in state.players)
    assert any(e.rule == "103.4a" for e in state.events)


def test_2025_103_4b_and_103_5a_vanguard_modifies_life_and_hand_size() -> None:
    seats = [
        SeatConfig("Seat 1", deck(), vanguard=Vanguard("Big Hand", hand_modifier=2, life_modifier=-3)),
        SeatConfig("Seat 2", deck(), vanguard=Vanguard("Small Hand", hand_modifier=-1, life_modifier=4)),
    ]
    state = choose(new_game(seats, seed=1, format="vanguard"), 1)
    assert [p.life for p in state.players] == [17, 24]
    assert [len(p.hand) for p in state.players] == [9, 6]
    assert [c.name for c in state.player(1).command] == ["Big Hand"]
    assert {e.rule for e in state.events} >= {"103.4b", "103.5a"}
    state = apply(apply(state, Mulligan(1)), Keep(2))
    assert state.pending == ChooseBottom(1, 1)  # London: draw nine, bottom one
    assert len(state.player(1).hand) == 9
    with pytest.raises(RulesError, match="vanguard"):
        new_game([SeatConfig("Seat 1", deck())] * 2, seed=1, format="vanguard")


def test_2025_103_4e_the_archenemy_starts_with_40_life() -> None:
    seats = [SeatConfig(f"Seat {i}", deck()) for i in (1, 2, 3)]
    state = new_game(seats, seed=1, format="archenemy", archenemy=2)
    assert [p.life for p in state.players] == [20, 40, 20]
    assert any(e.rule == "103.4e" and e.seat == 2 for e in state.events)
    assert state.teams == ((2,), (1, 3)) and state.turn_order == (2, 1, 3)


# ------------------------------------------------------------------------- 103.5


def test_2025_103_5b_serum_powder_exiles_the_hand_draws_as_many_then_declares() -> None:
    seats = [SeatConfig("Seat 1", ("Serum Powder",) * 14 + deck(20, 46)), SeatConfig("Seat 2", deck())]
    state = choose(new_game(seats, seed=6), 1)
    pending = state.pending
    assert isinstance(pending, DeclareMulligan) and pending.serum_powders
    before = all_cards(state)
    hand = state.player(1).hand
    state = apply(state, UseSerumPowder(1, pending.serum_powders[0]))
    p = state.player(1)
    assert p.exile == hand and len(p.hand) == 7 and p.mulligans == 0
    assert state.events[-1].rule == "103.5b" and "not a mulligan" in state.events[-1].text
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1  # declares next
    assert all_cards(state) == before
    # usable again while another Powder is in hand; never after keeping
    state = apply(state, Keep(1))
    assert not isinstance(state.pending, DeclareMulligan) or state.pending.player != 1
    with pytest.raises(IllegalActionError):
        apply(state, UseSerumPowder(1, p.hand[0].id))


def test_2025_103_5b_only_serum_powder_can_be_used() -> None:
    seats = [SeatConfig("Seat 1", ("Serum Powder",) * 30 + deck(10, 30)), SeatConfig("Seat 2", deck())]
    state = choose(new_game(seats, seed=6), 1)
    other = next(c for c in state.player(1).hand if c.name != "Serum Powder")
    with pytest.raises(IllegalActionError, match="not Serum Powder"):
        apply(state, UseSerumPowder(1, other.id))


def test_2025_103_5c_free_first_mulligan_in_multiplayer() -> None:
    state = choose(table(3), 1)
    state = apply(apply(apply(state, Mulligan(1)), Keep(2)), Keep(3))
    assert any(e.rule == "103.5c" for e in state.events)
    assert state.pending == DeclareMulligan(1, 1, 7, 0, 6)  # keeping owes nothing after the free one
    state = apply(state, Keep(1))
    assert state.pending is None or not isinstance(state.pending, ChooseBottom)
    assert len(state.player(1).hand) == 7


def test_2025_103_5c_free_first_mulligan_in_brawl() -> None:
    cmd = ("Krenko, Mob Boss",)
    seats = [SeatConfig(f"Seat {i}", stacked(*cmd), commanders=cmd) for i in (1, 2)]
    state = choose(new_game(seats, seed=2, format="brawl"), 1)
    assert state.free_mulligans == 1
    state = apply(apply(state, Mulligan(1)), Keep(2))
    assert isinstance(state.pending, DeclareMulligan) and len(state.player(1).hand) == 7  # nothing to bottom
    state = apply(state, Mulligan(1))  # the second one counts
    assert state.pending == ChooseBottom(1, 1)


def test_2025_103_5c_no_free_mulligan_in_a_two_player_constructed_game() -> None:
    state = new_game([SeatConfig("Seat 1", deck()), SeatConfig("Seat 2", deck())], seed=2)
    assert state.free_mulligans == 0


def test_2025_103_5c_the_free_mulligan_does_not_count_toward_the_limit() -> None:
    state = choose(table(3), 2)
    state = apply(apply(state, Keep(2)), Keep(3))
    for n in range(8):  # one free, then seven that count, each with its bottom cards
        state = apply(state, Mulligan(1))
        if n:
            assert state.pending == ChooseBottom(1, n)
            state = apply(state, PutOnBottom(1, tuple(c.id for c in state.player(1).hand[:n])))
    assert state.phase == "first_turn" and state.player(1).hand == ()


def test_2025_103_5d_shared_team_turns_declare_by_team() -> None:
    state = table(4, shared_team_turns=True, teams=[(1, 3), (2, 4)], seed=3)
    state = choose(state, 2)
    assert declaration_order(state) == [2, 4, 1, 3]


def test_2025_103_5d_a_player_may_mulligan_after_a_teammate_keeps() -> None:
    state = choose(table(4, "two-headed-giant", seed=5), 1)
    state = apply(apply(state, Keep(1)), Mulligan(2))
    assert all(e.rule in ("103.5d", "103.5", "103.5c") for e in state.events[-2:])
    state = apply(apply(state, Keep(3)), Keep(4))
    assert state.player(2).mulligans == 1 and isinstance(state.pending, DeclareMulligan)


# ------------------------------------------------------------------------- 103.6


def opening_state(hand_cards: tuple[str, ...], starting: int = 1, seed: int = 1, n: int = 2) -> GameState:
    seats = [SeatConfig(f"Seat {i}", stacked(*hand_cards * 20, size=60)) for i in range(1, n + 1)]
    return keep_all(choose(new_game(seats, seed=seed, format="constructed" if n == 2 else "multiplayer"), starting))


def test_2025_103_6_the_starting_player_acts_first_then_turn_order() -> None:
    state = opening_state(("Leyline of the Void",), starting=2)
    assert isinstance(state.pending, OpeningHandActions) and state.pending.player == 2
    state = apply(state, FinishOpeningActions(2))
    assert isinstance(state.pending, OpeningHandActions) and state.pending.player == 1


def test_2025_103_6a_a_leyline_begins_the_game_on_the_battlefield() -> None:
    state = opening_state(("Leyline of the Void",), starting=1)
    pending = state.pending
    assert isinstance(pending, OpeningHandActions) and pending.to_battlefield
    leyline = pending.to_battlefield[0]
    state = apply(state, BeginOnBattlefield(1, leyline))
    assert [c.id for c in state.player(1).battlefield] == [leyline]
    assert state.events[-1].rule == "103.6a"
    with pytest.raises(IllegalActionError):
        apply(state, BeginOnBattlefield(1, state.player(1).hand[0].id))  # a Mountain
    state = autoplay(state, {1, 2})
    assert state.phase == "first_turn"


def test_2025_103_6a_gemstone_caverns_only_for_a_player_who_is_not_the_starting_player() -> None:
    state = opening_state(("Gemstone Caverns",), starting=1)
    assert isinstance(state.pending, OpeningHandActions) and state.pending.player == 2  # seat 1 has no option
    caverns = state.pending.caverns[0]
    hand = state.player(2).hand
    exile = next(c.id for c in hand if c.id != caverns)
    with pytest.raises(IllegalActionError, match="choose a card to exile"):
        apply(state, BeginOnBattlefield(2, caverns))
    state = apply(state, BeginOnBattlefield(2, caverns, exile))
    p = state.player(2)
    assert caverns in p.luck_counters and [c.id for c in p.exile] == [exile]
    assert len(p.hand) == len(hand) - 2


def test_2025_103_6b_a_chancellor_is_revealed_once_and_stays_revealed_until_the_first_turn() -> None:
    state = opening_state(("Chancellor of the Forge",), starting=1)
    pending = state.pending
    assert isinstance(pending, OpeningHandActions) and pending.to_reveal
    card = pending.to_reveal[0]
    state = apply(state, RevealFromHand(1, card))
    assert card in state.player(1).revealed and state.events[-1].rule == "103.6b"
    assert card not in state.pending.to_reveal  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="once per card"):
        apply(state, RevealFromHand(1, card))
    state = autoplay(state, {1, 2})
    assert state.player(1).revealed == () and card in state.player(1).ever_revealed


def test_2025_103_6c_shared_team_turns_act_by_team() -> None:
    seats = [SeatConfig(f"Seat {i}", stacked(*("Leyline of Sanctity",) * 30)) for i in (1, 2, 3, 4)]
    state = new_game(seats, seed=2, format="two-headed-giant")
    state = keep_all(choose(state, 3))
    # "first each player on the starting team, in whatever order that team likes": the team
    # chooses its second player to go first...
    assert state.pending == ChooseOpeningPlayer(3, (3, 4))
    with pytest.raises(IllegalActionError, match=r"103\.6c"):
        apply(state, ActNext(3, 1))
    state = apply(state, ActNext(3, 4))
    assert state.events[-1].rule == "103.6c"
    order = []
    while isinstance(state.pending, OpeningHandActions):
        order.append(state.pending.player)
        state = apply(state, FinishOpeningActions(state.pending.player))
    # ...then "each player on each other team in turn order": no choice there.
    assert order == [4, 3, 1, 2]


# ------------------------------------------------------------------------- 103.7


def test_2025_103_7_the_starting_player_turns_over_planar_cards_until_a_plane() -> None:
    planar = ("Chaotic Aether", "Interplanar Tunnel", "Krosa")
    seats = [SeatConfig(f"Seat {i}", deck(), planar_deck=planar) for i in (1, 2)]
    turned_phenomena = 0
    for seed in range(12):
        state = keep_all(choose(new_game(seats, seed=seed, format="planechase"), 2))
        p = state.player(2)
        assert [c.name for c in p.command] == ["Krosa"] and state.starting_plane == p.command[0].id
        assert state.player(1).command == ()  # only the starting player's planar deck
        phenomena = [e.text.split("turns over ")[1].split(",")[0] for e in state.events if "a phenomenon" in e.text]
        # phenomena turned over went to the bottom, in the order they were turned over
        assert sorted(c.name for c in p.planar_deck) == ["Chaotic Aether", "Interplanar Tunnel"]
        assert [c.name for c in p.planar_deck][len(p.planar_deck) - len(phenomena) :] == phenomena
        turned_phenomena += len(phenomena)
    assert turned_phenomena > 0


def test_2025_103_7_planechase_needs_a_planar_deck() -> None:
    with pytest.raises(RulesError, match="planar deck"):
        new_game([SeatConfig("Seat 1", deck())] * 2, seed=1, format="planechase")


# ------------------------------------------------------------------------- 103.8


def test_2025_103_8b_the_two_headed_giant_starting_team_skips_its_first_draw() -> None:
    state = keep_all(choose(table(4, "two-headed-giant"), 3))
    assert state.first_draw_skipped == (3, 4)
    assert state.events[-1].rule == "103.8b"


def test_2025_103_8c_no_one_skips_the_first_draw_in_other_multiplayer_games() -> None:
    state = keep_all(choose(table(3), 2))
    assert state.first_draw_skipped == () and state.events[-1].rule == "103.8c"
    seats = [SeatConfig(f"Seat {i}", deck()) for i in (1, 2, 3)]
    archenemy = keep_all(new_game(seats, seed=1, format="archenemy"))
    assert archenemy.first_draw_skipped == ()


# ---------------------------------------------------------------- formats and decks


def test_every_sample_deck_is_legal_in_its_format() -> None:
    for key, text in SAMPLES.items():
        check_deck(parse_decklist(text), find_format(key))


@pytest.mark.parametrize(
    ("fmt", "text", "message"),
    [
        ("commander", "Commander\n1 Krenko, Mob Boss\nDeck\n2 Shock\n97 Mountain", "2 copies of Shock"),
        ("commander", "1 Krenko, Mob Boss\n99 Mountain", "must name one commander"),
        ("commander", "Commander\n1 Krenko, Mob Boss\nDeck\n98 Mountain", "exactly 100 (CR 903.5a)"),
        ("brawl", "Commander\n1 Krenko, Mob Boss\nDeck\n60 Mountain", "exactly 60"),
        ("limited", "39 Mountain", "at least 40 (CR 100.2b)"),
        ("planechase", "60 Mountain\nPlanar deck\n1 Krosa\n1 Bant\n3 Chaotic Aether", "at least 10 (CR 901.4)"),
        ("archenemy", "60 Mountain\nScheme deck\n3 All in Good Time", "at most 2 (CR 904.3)"),
    ],
)
def test_deck_checks_per_format(fmt: str, text: str, message: str) -> None:
    with pytest.raises(DeckCheckError, match=re.escape(message)):
        check_deck(parse_decklist(text), find_format(fmt))


def test_limited_has_no_copy_limit() -> None:
    check_deck(parse_decklist("20 Mountain\n20 Shock"), find_format("limited"))


def test_tables_must_suit_the_format() -> None:
    with pytest.raises(RulesError, match="3–8 players, not 2"):
        table(2)
    with pytest.raises(RulesError, match="teams of 2"):
        table(4, "two-headed-giant", shared_team_turns=True, teams=[(1,), (2, 3, 4)])
    with pytest.raises(RulesError, match="exactly one team"):
        table(4, shared_team_turns=True, teams=[(1, 2), (2, 3)])
    with pytest.raises(RulesError, match="multiplayer games only"):
        new_game([SeatConfig("Seat 1", deck())] * 2, seed=1, shared_team_turns=True)
