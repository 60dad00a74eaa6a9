"""Casting on curve played out (opening_hand.trainer.curve) where the exact count cannot follow the
mana: a tapped land arrives a turn late, a rock or a dork is a source from the turn it can
tap; against independent arithmetic, and exact figures kept where they are exact."""

from __future__ import annotations

from math import comb

from opening_hand.cards import CardInfo
from opening_hand.cards.mana import decode
from opening_hand.trainer.curve import exact, simulated
from opening_hand.trainer.goldfish import Table
from opening_hand.trainer.outlook import outlook
from tests.engine.decks import MOUNTAIN, spell

GATE = CardInfo("Gate", type_line="Land — Gate", produces="R", mana=decode({"tapped": "1"}))
SOL_RING = CardInfo("Sol Ring", "{1}", "Artifact", mana=decode({"adds": "C.C"}))
BEAR = spell("Bear", "{1}{R}")
OGRE = spell("Ogre", "{2}{R}")
FILLER = spell("Filler", "{5}{R}")


def rows_for(hand: list[CardInfo], library: list[CardInfo]):  # type: ignore[no-untyped-def]
    table = Table.of([*hand, *library])
    ids = tuple(sorted(table.kind_of(c) for c in hand))
    library_ids = tuple(table.kind_of(c) for c in library)
    counted = outlook(hand, library).casting
    return table, exact([*ids, *library_ids], table), simulated(table, ids, library_ids, (), counted, "curve-test")


def test_a_deck_of_lands_that_enter_untapped_keeps_its_exact_figures() -> None:
    hand = [MOUNTAIN, MOUNTAIN, BEAR, OGRE, FILLER, FILLER, FILLER]
    table = Table.of([*hand, MOUNTAIN, BEAR])
    assert exact([table.kind_of(c) for c in (MOUNTAIN, BEAR, OGRE, FILLER)], table)
    assert all(
        row.play.se is None and row.draw.se is None for row in outlook(hand, [MOUNTAIN] * 20 + [BEAR] * 30).casting
    )


def test_a_tapped_land_arrives_a_turn_late_against_independent_arithmetic() -> None:
    """Two Gates (always tapped) and a two-drop in hand. On the play, turn 2's one draw must be
    a Mountain: played untapped beside the Gate of turn 1. On the draw, either of two draws."""
    library = [MOUNTAIN] * 9 + [GATE] * 6 + [FILLER] * 18
    _, is_exact, rows = rows_for([GATE, GATE, BEAR, FILLER, FILLER, FILLER, FILLER], library)
    assert not is_exact
    bear = next(row for row in rows if row.name == "Bear")
    size, mountains = len(library), 9
    on_play = mountains / size
    on_draw = 1 - comb(size - mountains, 2) / comb(size, 2)
    assert bear.play.se is not None and bear.draw.se is not None
    assert abs(float(bear.play.mana) - on_play) <= 4 * bear.play.se + 1e-9, (bear.play, on_play)
    assert abs(float(bear.draw.mana) - on_draw) <= 4 * bear.draw.se + 1e-9, (bear.draw, on_draw)
    counted = next(row for row in outlook([GATE, GATE, BEAR], library).casting if row.name == "Bear")
    assert counted.play.mana == 1  # the count that takes a Gate as untapped says: always


def test_a_rock_is_a_source_from_the_turn_it_taps() -> None:
    """One Mountain and Sol Ring: turn 1 Sol Ring, and a three-drop on turn 3 whatever the draws
    ({R} from the Mountain, two from the Ring); lands alone would need two more by turn 3."""
    library = [MOUNTAIN] * 10 + [FILLER] * 25
    _, is_exact, rows = rows_for([MOUNTAIN, SOL_RING, OGRE, FILLER, FILLER, FILLER, FILLER], library)
    assert not is_exact
    ogre = next(row for row in rows if row.name == "Ogre")
    assert ogre.play.mana == 1 and ogre.draw.mana == 1
    counted = next(row for row in outlook([MOUNTAIN, SOL_RING, OGRE], library).casting if row.name == "Ogre")
    assert counted.play.mana < 0.5
