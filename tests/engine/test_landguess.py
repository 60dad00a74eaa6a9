"""Likely lands among the cards the card data does not know (issue 31): with only the
built-in catalog, the guess pre-ticks exactly the lands of real decklists (checked against
the type lines of the Scryfall-format fixtures), and nothing else."""

from __future__ import annotations

import pytest

from opening_hand.cards import lookup, normalise
from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.landguess import CYCLES, likely_land
from tests.engine.deck_fixtures import DECKS, decklist, fixture_database


def lands_by_the_data(names: set[str]) -> set[str]:
    database = fixture_database()
    found = {name: database.info(name) for name in names}
    assert all(info is not None for info in found.values()), "every fixture deck's card is in the fixture data"
    return {name for name, info in found.items() if info is not None and info.is_land}


@pytest.mark.parametrize("name", DECKS)
def test_the_guess_ticks_exactly_the_unknown_lands_of_real_decklists(name: str) -> None:
    deck = parse_decklist(decklist(name))
    hinted = {normalise(n) for n, kind in deck.type_hints if kind == "Land"}
    unknown = {n for n in (*deck.main_cards(), *deck.sideboard_cards()) if not lookup(n).known}
    assert unknown, "with only the built-in catalog these decks have unknown cards"
    guessed = {n for n in unknown if likely_land(n, normalise(n) in hinted)}
    assert guessed == lands_by_the_data(unknown)
    main = deck.main_cards()
    counted = sum(1 for n in main if lookup(n).is_land or n in guessed)
    assert counted == DECKS[name][1]


def test_a_modal_double_faced_spell_is_no_land_and_a_pathway_is() -> None:
    assert likely_land("Emeria's Call // Emeria, Shattered Skyclave") is None
    assert likely_land("Hengegate Pathway // Mistgate Pathway") == "a pathway"
    assert likely_land("Hengegate Pathway") == "a pathway"


@pytest.mark.parametrize(
    "name", ["Village Rites", "Path to Exile", "Howling Mine", "Rampant Growth", "Tower Worker", "Castle Siege"]
)
def test_spells_named_like_lands_are_not_guessed(name: str) -> None:
    assert likely_land(name) is None


def test_every_named_cycle_is_guessed_by_name_in_any_spelling() -> None:
    for cycle, names in CYCLES.items():
        for name in names:
            assert likely_land(name.upper()) == cycle
            assert likely_land(name.replace("'", "’")) == cycle
