"""The computer seats' stated policy, decided through the engine's own actions."""

from __future__ import annotations

from opening_hand.cards import Card, lookup
from opening_hand.rules.actions import ChooseStarting, Keep, Mulligan
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.policy import autoplay, choose_bottom, decide
from opening_hand.rules.state import SeatConfig, Vanguard
from tests.engine.helpers import deck, started


def test_the_policy_chooses_to_play_first() -> None:
    state = new_game([SeatConfig("Seat 1", deck()), SeatConfig("Seat 2", deck())], seed=2)
    assert decide(state) == ChooseStarting(state.chooser, state.chooser)


def test_the_policy_keeps_two_to_five_lands_and_mulligans_otherwise() -> None:
    kept = mulliganed = 0
    for seed in range(60):
        state = started(seed=seed)
        lands = sum(lookup(c.name).is_land for c in state.player(1).hand)
        action = decide(state)
        assert action == (Keep(1) if 2 <= lands <= 5 else Mulligan(1))
        kept += isinstance(action, Keep)
        mulliganed += isinstance(action, Mulligan)
    assert kept and mulliganed


def test_the_policy_always_keeps_at_five_cards() -> None:
    state = started(seed=1, lands=0, starting_player=1)  # no lands: it would always mulligan
    state = autoplay(state, {1, 2})
    assert state.phase == "first_turn"
    assert [p.mulligans for p in state.players] == [2, 2]
    assert [len(p.hand) for p in state.players] == [5, 5]


def test_bottoming_trims_towards_forty_percent_lands() -> None:
    land = [Card(i, 1, "Mountain") for i in range(5)]
    spells = [Card(10, 1, "Lightning Bolt"), Card(11, 1, "Rift Bolt")]
    assert [c.name for c in choose_bottom(tuple(land + spells), 2)] == ["Mountain", "Mountain"]
    hand = (
        land[0],
        land[1],
        Card(10, 1, "Lightning Bolt"),
        Card(11, 1, "Rift Bolt"),
        Card(12, 1, "Goblin Guide"),
        Card(13, 1, "Boros Charm"),
        Card(14, 1, "Lava Spike"),
    )
    assert [c.name for c in choose_bottom(hand, 1)] == ["Rift Bolt"]


def test_autoplay_stops_at_the_users_decision() -> None:
    state = started(seed=5, starting_player=1)
    assert autoplay(state, {2}) == state  # seat 1 declares first: nothing for seat 2 yet
    after = autoplay(apply(state, Keep(1)), {2})
    assert after.pending is None or after.pending.player == 1


def test_autoplay_finishes_every_format_and_edition() -> None:
    from opening_hand.cards.decklist import parse_decklist
    from opening_hand.cards.samples import SAMPLES
    from opening_hand.rules.editions import EDITIONS
    from opening_hand.rules.formats import FORMATS

    for fmt in FORMATS.values():
        deck_list = parse_decklist(SAMPLES[fmt.key])
        n = fmt.min_players if fmt.team_size or fmt.min_players > 2 else 2
        seats = [
            SeatConfig(
                f"Seat {i}",
                deck_list.main_cards(),
                deck_list.sideboard_cards(),
                commanders=deck_list.commander_names(),
                planar_deck=deck_list.planar_cards(),
                scheme_deck=deck_list.scheme_cards(),
                vanguard=Vanguard("Avatar", 1, -2),
            )
            for i in range(1, n + 1)
        ]
        for edition in EDITIONS:
            for seed in range(3):
                state = autoplay(new_game(seats, seed=seed, format=fmt.key, edition=edition), set(range(1, n + 1)))
                assert state.phase == "first_turn", (fmt.key, edition, seed, state.pending)
