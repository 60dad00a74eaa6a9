"""Names as players type them (issue 31): a legendary card's short name, a face's name, an
Arena name, accents and curly apostrophes find the card, and each is reported as "read as …";
an ambiguous short name lists its choices and is read as nothing. With the full database and
with only the built-in catalog."""

from __future__ import annotations

import pytest

from opening_hand.cards import CardPool, NameReading, lookup, read_name, short_name
from opening_hand.cards.carddb import EXAMPLE_LEGENDS, CardDatabase
from opening_hand.cards.decklist import ReadAs, parse_decklist
from tests.engine.deck_fixtures import fixture_database


@pytest.fixture
def full() -> CardPool:
    return CardPool(fixture_database())


@pytest.mark.parametrize(
    ("typed", "name", "how"),
    [
        ("Ragavan", "Ragavan, Nimble Pilferer", "a short name"),
        ("urborg", "Urborg, Tomb of Yawgmoth", "a short name"),
        ("Lurrus", "Lurrus of the Dream-Den", "a short name"),
        ("Ajani, Nacatl Pariah", "Ajani, Nacatl Pariah // Ajani, Nacatl Avenger", "the front face's name"),
        ("Agadeem, the Undercrypt", "Agadeem's Awakening // Agadeem, the Undercrypt", "a face's name"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault", "accents and apostrophes"),
        ("Phlage, Titan of Fire’s Fury", "Phlage, Titan of Fire's Fury", "accents and apostrophes"),
        ("A-Lightning Bolt", "Lightning Bolt", "the paper card of an Arena (A-) name"),
        ("lightning   BOLT", "Lightning Bolt", ""),  # case and spacing are not worth a word
        ("Séance", "Séance", ""),
    ],
)
def test_a_typed_name_finds_its_card_and_says_how(full: CardPool, typed: str, name: str, how: str) -> None:
    assert read_name(typed, full) == full.read_name(typed) == NameReading(name, how)


def test_an_ambiguous_short_name_lists_its_choices_and_reads_as_nothing(full: CardPool) -> None:
    found = read_name("Atraxa", full)
    assert found == NameReading("Atraxa", "", ("Atraxa, Grand Unifier", "Atraxa, Praetors' Voice"))
    assert not lookup("Atraxa", full).known


def test_a_short_name_is_only_a_legendary_cards_and_an_exact_name_wins() -> None:
    database = CardDatabase.parse(EXAMPLE_LEGENDS)
    assert database.short_names("ragavan") == ("Ragavan, Nimble Pilferer",)
    assert short_name("Lightning Bolt, Again", "Instant") is None
    assert short_name("Ob, Nixilis", "Legendary Planeswalker — Nixilis") is None, "too short to be a name"
    pool = CardPool(database)
    assert read_name("Atraxa, Grand Unifier", pool) == NameReading("Atraxa, Grand Unifier")
    assert read_name("Nimble Pilferer", pool).name == "Nimble Pilferer", "the end of a name is no short name"


def test_with_only_the_built_in_catalog_short_names_and_faces_read_too() -> None:
    assert read_name("Boseiju") == NameReading("Boseiju, Who Endures", "a short name")
    assert read_name("Krenko").choices == ("Krenko, Mob Boss", "Krenko, Tin Street Kingpin")
    assert read_name("fire") == NameReading("Fire // Ice", "the front face's name")


def test_the_decklist_reports_every_name_it_read_as_another(full: CardPool) -> None:
    deck = parse_decklist(
        "4 Ragavan\n4 Lim-Dul’s Vault (ALL) 118\n1 Atraxa\n4 Lightning Bolt\n2 fire\n45 mountain\n\nSideboard\n"
        "2 Urborg",
        pool=full,
    )
    assert deck.read_as == (
        ReadAs(1, "Ragavan", "Ragavan, Nimble Pilferer", "a short name"),
        ReadAs(2, "Lim-Dul’s Vault", "Lim-Dûl's Vault", "accents and apostrophes"),
        ReadAs(3, "Atraxa", "", "", ("Atraxa, Grand Unifier", "Atraxa, Praetors' Voice")),
        ReadAs(5, "fire", "Fire // Ice", "the front face's name"),
        ReadAs(9, "Urborg", "Urborg, Tomb of Yawgmoth", "a short name"),
    )
    assert [str(r) for r in deck.read_as[:1] + deck.read_as[2:3]] == [
        "Line 1: “Ragavan” read as Ragavan, Nimble Pilferer (a short name)",
        "Line 3: “Atraxa” could be Atraxa, Grand Unifier or Atraxa, Praetors' Voice",
    ]
    assert deck.main[0].name == "Ragavan, Nimble Pilferer" and deck.main[2].name == "Atraxa"


def test_cards_added_to_a_source_are_found_and_the_holder_gives_the_pool_its_next_revision() -> None:
    database = CardDatabase.parse(EXAMPLE_LEGENDS)
    pool = CardPool().with_extra(database)
    assert pool != CardPool() and pool.revision == 1
    assert read_name("Ragavan", pool).name == "Ragavan, Nimble Pilferer", "cards looked up are found too"
    database.add_rows(["Newer Card\t{1}\t1\tArtifact\t\t\t--\t"])
    assert lookup("Newer Card", pool).known, "a source's new cards are found at once"
    newer = pool.changed()
    assert newer != pool and {pool: "old"}.get(newer) is None, "a cache keyed on the pool reads the cards again"
    assert newer == CardPool(None, database, 2), "equal pools: the same sources at the same revision"
    assert not lookup("Ragavan, Nimble Pilferer").known, "the default pool never saw them"
