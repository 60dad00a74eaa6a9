"""What the 2025 text of CR 103 adds or words anew: the steps before shuffling in the order
103.2a-e lists them, sticker sheets (103.2d), supplementary decks shuffled (103.3a), the
revealed companion remaining outside the game (103.2b); and a named test for every sub-rule
of the 2025 text (the other ones live beside the code they test: test_game_start,
test_variants, test_turns, test_rules_fidelity).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from opening_hand.cards.decklist import parse_decklist
from opening_hand.errors import CardNotInHandError, WrongCardCountError
from opening_hand.rules.actions import (
    ChooseStarting,
    ChooseStickers,
    Keep,
    Mulligan,
    PutConspiracies,
    PutOnBottom,
    RevealCompanion,
)
from opening_hand.rules.decisions import (
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseStartingPlayer,
    ChooseStickerSheets,
    DeclareMulligan,
)
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.rule_index import CR_2025
from opening_hand.rules.state import GameState, SeatConfig
from opening_hand.share.share_link import Setup, decode_setup, encode_setup, game_from_setup, replay
from tests.engine.helpers import all_cards, deck

SHEETS = ("Ancestral Hot Dog Minotaur", "Carnival Elephant Meteor", "Happy Dead Squirrel", "Cool Fluffy Loxodon",
          "Eldrazi Guacamole Tightrope")  # fmt: skip


def seats(n: int = 2, sheets: tuple[str, ...] = SHEETS, **kwargs: object) -> list[SeatConfig]:
    return [SeatConfig(f"Seat {i}", deck(), sticker_sheets=sheets, **kwargs) for i in range(1, n + 1)]  # type: ignore[arg-type]


def start(state: GameState, starting: int = 1) -> GameState:
    assert isinstance(state.pending, ChooseStartingPlayer)
    return apply(state, ChooseStarting(state.pending.player, starting))


def steps(state: GameState) -> list[str]:
    return [e.step for e in state.events]


# ------------------------------------------------------------------------------ 103.2


def test_2025_103_2_the_steps_before_shuffling_come_in_the_order_a_to_e() -> None:
    """103.2: "Perform the actions listed in 103.2a-e in order": sideboard, companion,
    commander, sticker sheets, conspiracies; then the shuffle (103.3)."""
    commander = [
        SeatConfig(f"Seat {i}", ("Lurrus of the Dream-Den",) + ("Plains",) * 99, sideboard=("Yorion, Sky Nomad",),
                   commanders=("Lurrus of the Dream-Den",), sticker_sheets=SHEETS)
        for i in (1, 2)
    ]  # fmt: skip
    state = start(new_game(commander, seed=3, format="commander"))
    while isinstance(state.pending, ChooseCompanion):
        state = apply(state, RevealCompanion(state.pending.player, None))
    order = [s for s in steps(state) if s in ("sideboard", "companion", "commander", "stickers", "shuffle")]
    assert order == ["sideboard"] * 2 + ["companion"] * 2 + ["commander"] * 2 + ["stickers"] * 2 + ["shuffle"]
    # Conspiracy Draft is limited: each player chooses sheets (d), then conspiracies (e).
    draft = [SeatConfig(f"Seat {i}", deck(17, 40), sideboard=("Power Play",), sticker_sheets=SHEETS) for i in (1, 2)]
    state = start(new_game(draft, seed=3, format="conspiracy"))
    kinds = []
    while isinstance(state.pending, ChooseStickerSheets | ChooseConspiracies):
        pending = state.pending
        kinds.append(type(pending).__name__)
        if isinstance(pending, ChooseStickerSheets):
            state = apply(state, ChooseStickers(pending.player, pending.options[:1]))
        else:
            state = apply(state, PutConspiracies(pending.player, pending.options))
    assert kinds == ["ChooseStickerSheets"] * 2 + ["ChooseConspiracies"] * 2
    order = [s for s in steps(state) if s in ("sideboard", "stickers", "conspiracy", "shuffle")]
    assert order == ["sideboard"] * 2 + ["stickers"] * 2 + ["conspiracy"] * 2 + ["shuffle"]


# ------------------------------------------------------------------------------ 103.2b


def test_2025_103_2b_the_revealed_companion_remains_outside_the_game() -> None:
    cards = ("Plains",) * 24 + ("Savannah Lions",) * 36  # every card costs 2 or less: Lurrus's condition
    table = [SeatConfig(f"Seat {i}", cards, sideboard=("Lurrus of the Dream-Den",)) for i in (1, 2)]
    state = start(new_game(table, seed=5))
    everything = all_cards(state)
    while isinstance(state.pending, ChooseCompanion):
        state = apply(state, RevealCompanion(state.pending.player, state.pending.options[0].card_id))
    reveal = [e for e in state.events if e.step == "companion"]
    assert reveal and all(e.rule == "103.2b" and "remains outside the game" in e.text for e in reveal)
    while state.pending is not None:  # mulligans shuffle the library, never the companion
        pending = state.pending
        if isinstance(pending, DeclareMulligan):
            state = apply(state, Mulligan(pending.player) if pending.mulligans_taken == 0 else Keep(pending.player))
        elif isinstance(pending, ChooseBottom):
            hand = state.player(pending.player).hand
            state = apply(state, PutOnBottom(pending.player, tuple(c.id for c in hand[: pending.count])))
        else:
            raise AssertionError(pending)
    for p in state.players:
        (companion,) = p.companion
        assert companion.name == "Lurrus of the Dream-Den"
        assert companion not in p.library + p.hand + p.command + p.sideboard
    assert all_cards(state) == everything


# ------------------------------------------------------------------------------ 103.2d


def test_2025_103_2d_in_constructed_three_sticker_sheets_are_chosen_at_random_and_revealed() -> None:
    chosen: Counter[str] = Counter()
    for seed in range(300):
        state = start(new_game(seats(), seed=seed))
        for p in state.players:
            assert len(p.stickers) == 3 and len(p.sticker_sheets) == 2
            assert {c.name for c in p.stickers + p.sticker_sheets} == set(SHEETS)
            chosen.update(c.name for c in p.stickers)
        lines = [e for e in state.events if e.step == "stickers"]
        assert [e.rule for e in lines] == ["103.2d", "103.2d"]
        assert all("reveals 5 sticker sheets and chooses three of them at random" in e.text for e in lines)
        assert all(all(c.name in e.text for c in p.stickers) for e, p in zip(lines, state.players, strict=True))
    # Seeded, and at random: each of the five sheets is chosen about 3/5 of the time (600 draws).
    assert start(new_game(seats(), seed=7)).players == start(new_game(seats(), seed=7)).players
    assert all(abs(chosen[name] - 360) < 4 * (600 * 0.6 * 0.4) ** 0.5 for name in SHEETS), chosen


def test_2025_103_2d_with_three_sheets_or_fewer_a_player_uses_them_all() -> None:
    state = start(new_game(seats(sheets=SHEETS[:2]), seed=1))
    assert all(len(p.stickers) == 2 and not p.sticker_sheets for p in state.players)
    assert "uses them all (three or fewer)" in next(e.text for e in state.events if e.step == "stickers")
    plain = start(new_game(seats(sheets=()), seed=1))
    assert "stickers" not in steps(plain)


def test_2025_103_2d_in_limited_each_player_chooses_up_to_three_sheets_and_reveals_them() -> None:
    state = start(new_game(seats(), seed=2, format="limited"))
    pending = state.pending
    assert isinstance(pending, ChooseStickerSheets) and pending.most == 3 and len(pending.options) == 5
    with pytest.raises(WrongCardCountError, match="at most 3"):
        apply(state, ChooseStickers(pending.player, pending.options[:4]))
    with pytest.raises(WrongCardCountError):
        apply(state, ChooseStickers(pending.player, (pending.options[0],) * 2))
    other = state.player(2 if pending.player == 1 else 1).sticker_sheets[0].id
    with pytest.raises(CardNotInHandError):
        apply(state, ChooseStickers(pending.player, (other,)))
    state = apply(state, ChooseStickers(pending.player, pending.options[1:3]))
    p = state.player(pending.player)
    assert [c.id for c in p.stickers] == list(pending.options[1:3]) and len(p.sticker_sheets) == 3
    line = state.events[-1]
    assert line.rule == "103.2d" and "chooses and reveals 2 sticker sheets" in line.text
    assert all(c.name in line.text for c in p.stickers)
    assert isinstance(state.pending, ChooseStickerSheets)  # then the next player, who may choose none
    state = apply(state, ChooseStickers(state.pending.player, ()))
    assert any("chooses no sticker sheet" in e.text and e.rule == "103.2d" for e in state.events)
    assert isinstance(state.pending, DeclareMulligan)


def test_2025_103_2d_sticker_sheets_change_no_card_dealt() -> None:
    """Sheets are outside the deck and numbered after every card: the same seed deals the same
    hands, with the same card numbers (which links record), with or without them."""
    with_sheets, without = start(new_game(seats(), seed=11)), start(new_game(seats(sheets=()), seed=11))
    assert [p.hand for p in with_sheets.players] == [p.hand for p in without.players]
    assert [p.library for p in with_sheets.players] == [p.library for p in without.players]


def test_2025_103_2d_a_stickers_section_in_a_decklist_and_a_link_that_replays_the_choice() -> None:
    text = "17 Mountain\n23 Lightning Bolt\n\nStickers\n1 Happy Dead Squirrel\n1 Cool Fluffy Loxodon\n"
    parsed = parse_decklist(text)
    assert parsed.sticker_sheets() == ("Happy Dead Squirrel", "Cool Fluffy Loxodon")
    assert len(parsed.main_cards()) == 40 and parsed.sideboard_cards() == ()
    setup = Setup(deck=text, format="limited", players=2, edition="london", seed=4)
    state = start(game_from_setup(setup))
    assert isinstance(state.pending, ChooseStickerSheets)
    actions = (
        ChooseStarting(game_from_setup(setup).chooser, 1),
        ChooseStickers(state.pending.player, (state.pending.options[1],)),
    )
    again = decode_setup("#" + encode_setup(replace(setup, actions=actions)))
    replayed = replay(game_from_setup(again), again.actions)
    assert [c.name for c in replayed.player(state.pending.player).stickers] == ["Cool Fluffy Loxodon"]


# ------------------------------------------------------------------------------ 103.3a


def test_2025_103_3a_supplementary_decks_are_shuffled_by_their_owners() -> None:
    planes = ("Krosa", "Bant", "Chaotic Aether", "Interplanar Tunnel", "Academy at Tolaria West", "Agyrem")
    orders = set()
    for seed in range(20):
        table = [SeatConfig(f"Seat {i}", deck(), planar_deck=planes) for i in (1, 2)]
        state = start(new_game(table, seed=seed, format="planechase"))
        line = next(e for e in state.events if e.step == "supplementary")
        assert line.rule == "103.3a" and "each planar deck" in line.text
        assert steps(state).index("shuffle") < steps(state).index("supplementary")
        orders.add(tuple(c.name for c in state.player(2).planar_deck))
    assert len(orders) > 10  # shuffled: not the order the decklist gave
    schemes = ("All in Good Time", "Behold the Power of Destruction", "Choose Your Champion") * 7
    table = [SeatConfig(f"Seat {i}", deck(), scheme_deck=schemes) for i in (1, 2, 3)]
    state = new_game(table, seed=1, format="archenemy")
    line = next(e for e in state.events if e.step == "supplementary")
    assert line.rule == "103.3a" and "the scheme deck" in line.text
    assert tuple(c.name for c in state.player(1).scheme_deck) != schemes
    assert "supplementary" not in steps(start(new_game(seats(sheets=()), seed=1)))


# ------------------------------------------------------------------------------ 103.4c, 103.4d


def test_2025_103_4c_each_commander_player_starts_at_40_life() -> None:
    table = [SeatConfig(f"Seat {i}", ("Lurrus of the Dream-Den",) + ("Plains",) * 99,
                        commanders=("Lurrus of the Dream-Den",)) for i in (1, 2, 3)]  # fmt: skip
    state = start(new_game(table, seed=1, format="commander"))
    assert [p.life for p in state.players] == [40, 40, 40]
    assert next(e for e in state.events if e.step == "life-commander").rule == "103.4c"


@pytest.mark.parametrize(("players", "life"), [(2, 25), (3, 30)])
def test_2025_103_4d_brawl_starts_at_25_life_with_two_players_and_30_with_more(players: int, life: int) -> None:
    cards = ("Lurrus of the Dream-Den",) + tuple(f"Card {i}" for i in range(59))
    table = [SeatConfig(f"Seat {i}", cards, commanders=("Lurrus of the Dream-Den",)) for i in range(1, players + 1)]
    state = start(new_game(table, seed=1, format="brawl"))
    assert {p.life for p in state.players} == {life}
    assert next(e for e in state.events if e.step == "life-brawl").rule == "103.4d"


# ------------------------------------------------------------------------------ every sub-rule


def test_every_sub_rule_of_the_2025_text_has_a_named_test() -> None:
    """Each number of the 2025 text (the index lists them all) names at least one test:
    ``test_2025_103_2d_…``, or ``…_and_103_5a_…`` for a test of two rules."""
    named: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for name in re.findall(r"^def (test_2025_\w+)\(", path.read_text(encoding="utf-8"), re.M):
            named.update("103." + n.replace("_", "") for n in re.findall(r"103_(\d[a-z]?)(?=_)", name))
    wanted = set(CR_2025) - {"103"}
    assert wanted - named == set(), sorted(wanted - named)
