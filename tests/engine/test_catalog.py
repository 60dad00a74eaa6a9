"""The built-in card catalog (py/opening_hand/cards/catalog.txt) and cards the player marks as lands."""

from __future__ import annotations

import pytest

from opening_hand.cards import CATALOG, CATALOG_FILE, canonical_name, lookup, read_catalog
from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.actions import ChooseStarting
from opening_hand.rules.decisions import DeclareMulligan
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.special import COMPANIONS
from opening_hand.rules.state import GameState, SeatConfig

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")


def test_every_basic_and_snow_covered_basic_land_is_known() -> None:
    for name in BASICS + tuple(f"Snow-Covered {b}" for b in BASICS):
        info = lookup(name)
        assert info.is_basic_land, name  # CR 205.4c: exempt from the four-copy rule
        assert ("Snow" in info.types) == name.startswith("Snow-Covered")


@pytest.mark.parametrize(
    "name",
    ["Serum Powder", "Leyline of the Void", "Chancellor of the Annex", "Gemstone Caverns", "Power Play", "Backup Plan"],
)
def test_the_cards_the_rules_name_are_known(name: str) -> None:
    assert lookup(name).known, f"{name} is named by CR 103 and must be in {CATALOG_FILE.name}"


def test_every_companion_and_every_sample_deck_card_is_known() -> None:
    for name in COMPANIONS:
        assert lookup(name).known, name
    for key, text in SAMPLES.items():
        deck = parse_decklist(text)
        cards = deck.main_cards() + deck.sideboard_cards() + deck.planar_cards() + deck.scheme_cards()
        assert [n for n in cards if not lookup(n).known] == [], key


def test_mana_value_and_colours_come_from_the_mana_cost() -> None:
    assert (lookup("Lightning Helix").mana_value, lookup("Lightning Helix").colours) == (2, "WR")  # CR 202.3, 202.2
    assert (lookup("Shatterskull Smashing").mana_value, lookup("Sol Ring").colours) == (2, "")  # X counts as 0


def test_split_and_double_faced_cards_are_found_by_either_spelling() -> None:
    assert lookup("Fire").name == lookup("fire // ice").name == "Fire // Ice"
    assert lookup("Delver of Secrets").type_line == "Creature — Human Wizard"  # the front face
    assert not lookup("Valakut Awakening").is_land  # a land only on its back face


def test_accents_case_and_curly_apostrophes_do_not_matter() -> None:
    assert canonical_name("seance") == "Séance"
    assert canonical_name("LIM-DUL’S VAULT") == "Lim-Dûl's Vault"
    assert canonical_name("Jotun   Grunt") == "Jötun Grunt"


def test_a_malformed_catalog_line_is_reported_with_its_number() -> None:
    with pytest.raises(ValueError, match="line 2"):
        read_catalog("Shock | {R} | Instant\nShock, no separators\n")
    with pytest.raises(ValueError, match="line 1"):
        read_catalog("Odd Land | | Land | RX\n")  # produces: letters of WUBRGC only
    with pytest.raises(ValueError, match="line 1"):
        read_catalog("Odd Land | | Land | R | more\n")
    assert len(CATALOG) > 150


def test_every_land_in_the_catalog_has_known_colours() -> None:
    """A land's colours for the hand outlook: the optional fourth column, else its basic land
    types (CR 305.6). Every land of the catalog (and every land face) has one or the other."""
    lands = [info for info in CATALOG.values() if info.is_land or info.produces is not None]
    assert len(lands) > 20
    fetches = [info.name for info in lands if info.mana is not None and info.mana.finds is not None]
    assert (
        len(fetches) == 13
    )  # the ten fetch lands, Evolving Wilds, Fabled Passage, Prismatic Vista: no mana of their own
    assert [info.name for info in lands if not info.mana_sources and info.name not in fetches] == []
    assert read_catalog("Vantage | | Land | RW")["vantage"].mana_sources == "WR"
    assert lookup("Sacred Foundry").mana_sources == "WR" and lookup("Wastes").mana_sources == "C"
    assert lookup("Island").produces is None and lookup("Island").mana_sources == "U"


def _mixed_hand_game(lands: tuple[str, ...]) -> GameState:
    """A game of 30 'Homebrew Land' (unknown to the catalog) and 30 Lightning Bolt whose
    first hand for seat 1 holds both; seat 1 starts."""
    deck = ("Homebrew Land",) * 30 + ("Lightning Bolt",) * 30
    for seed in range(100):
        seats = [SeatConfig("Seat 1", deck, lands=lands), SeatConfig("Seat 2", ("Lightning Bolt",) * 60)]
        state = new_game(seats, seed=seed, edition="original")
        state = apply(state, ChooseStarting(state.chooser, 1))
        if len({c.name for c in state.player(1).hand}) == 2:
            return state
    raise AssertionError("no seed in range(100) dealt a mixed hand")


def test_a_card_marked_as_land_counts_as_a_land_for_the_all_land_no_land_rule() -> None:
    unmarked = _mixed_hand_game(lands=())
    # Unknown cards are not lands: the hand has no lands, so the original rule lets it be replaced.
    assert isinstance(unmarked.pending, DeclareMulligan) and unmarked.pending.player == 1
    marked = _mixed_hand_game(lands=("homebrew land",))
    player = marked.player(1)
    assert 0 < player.lands_in_hand() < len(player.hand)
    # With the mark, the hand has lands and spells: no mulligan under the original rule.
    assert not (isinstance(marked.pending, DeclareMulligan) and marked.pending.player == 1)
