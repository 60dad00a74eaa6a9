"""Scryfall's card objects as database rows (``opening_hand.cards.scryfall``), the one conversion the
build script and the page share, and cards added to a loaded database (``add_rows``): the
page's cards newer than its database (issue 16)."""

from __future__ import annotations

from typing import Any

import pytest

from opening_hand.cards import lookup, use_database
from opening_hand.cards.cardcheck import card_problems
from opening_hand.cards.carddb import CardDatabase
from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.scryfall import FORMATS, card_row, left_out
from opening_hand.rules.formats import find_format

HEADER = "opening-hand-cards\t1\t2026-01-01\t2\t" + ",".join(FORMATS) + "\n"
ROWS = "Lightning Bolt\t{R}\t1\tInstant\tR\tR\t--LLLLL-L\t\nMountain\t\t0\tBasic Land — Mountain\t\tR\tLLLLLLLLL\t\n"

# Trimmed from /cards/collection answers: the fields the conversion reads, and some it does not.
NEW_CREATURE: dict[str, Any] = {
    "object": "card", "id": "00000000-0000-4000-8000-000000000001", "name": "Quantum Riverwalker",
    "lang": "en", "layout": "normal", "mana_cost": "{1}{G}{U}", "cmc": 3.0,
    "type_line": "Creature — Elf Scout", "oracle_text": "Flash", "colors": ["U", "G"],
    "color_identity": ["G", "U"], "keywords": ["Flash"], "set": "zzz", "rarity": "rare",
    "legalities": {"standard": "legal", "pioneer": "legal", "modern": "legal", "legacy": "legal",
                   "vintage": "legal", "pauper": "not_legal", "commander": "legal", "standardbrawl": "legal",
                   "brawl": "legal", "oldschool": "not_legal"},
    "image_uris": {"normal": "https://cards.scryfall.io/normal/front/0/0/x.jpg"},
}  # fmt: skip
MODAL_DFC: dict[str, Any] = {
    "object": "card", "name": "Sunrise Cliffs // Sunset Trail", "layout": "modal_dfc", "cmc": 2.0,
    "color_identity": ["W"],
    "card_faces": [
        {"object": "card_face", "name": "Sunrise Cliffs", "mana_cost": "{1}{W}", "type_line": "Sorcery",
         "colors": ["W"], "oracle_text": "Gain 3 life."},
        {"object": "card_face", "name": "Sunset Trail", "mana_cost": "", "type_line": "Land", "colors": [],
         "oracle_text": "{T}: Add {W}."},
    ],
    "legalities": {"modern": "banned", "vintage": "restricted"},
}  # fmt: skip


def database() -> CardDatabase:
    return CardDatabase.parse(HEADER + ROWS)


def test_a_card_object_becomes_its_row() -> None:
    assert card_row(NEW_CREATURE) == ("Quantum Riverwalker\t{1}{G}{U}\t3\tCreature — Elf Scout\tUG\tUG\tLLLLL-LLL\t")
    assert card_row(MODAL_DFC) == (
        # no produced_mana in the answer: the land face's colour comes from its text (docs/card-data.md)
        "Sunrise Cliffs // Sunset Trail\t{1}{W} // \t2\tSorcery // Land\tW\tW\t--B-R----\tlayout=modal_dfc;back-adds=W"
    )


@pytest.mark.parametrize(
    "thing",
    [
        None, [], "Lightning Bolt", 3, {"name": ""}, {"object": "list", "name": "x"}, {"name": ["not", "text"]},
        {"name": "Soldier", "layout": "token"}, {"name": "Checklist", "type_line": "Card"},
    ],
)  # fmt: skip
def test_what_is_not_a_card_object_gives_no_row(thing: object) -> None:
    assert card_row(thing) is None
    assert left_out(thing) is not None


def test_fetched_values_of_the_wrong_type_give_empty_fields_not_errors() -> None:
    odd = {"name": "Odd\tName\u2028Here", "mana_cost": 7, "cmc": "lots", "type_line": ["Instant"], "colors": "R",
           "color_identity": [1, "R", None], "legalities": {"modern": ["legal"]}, "layout": 5}  # fmt: skip
    assert card_row(odd) == "Odd Name Here\t\t0\t\t\tR\t---------\t"
    assert card_row({"name": "Huge", "cmc": 10**400}) == "Huge\t\t0\t\t\t\t---------\t"


def test_added_rows_are_found_by_every_name_like_the_databases_own() -> None:
    db = database()
    rows = [card_row(NEW_CREATURE), card_row(MODAL_DFC)]
    assert db.add_rows(row for row in rows if row) == ["Quantum Riverwalker", "Sunrise Cliffs // Sunset Trail"]
    assert len(db) == 4
    creature = db.info("quantum riverwalker")
    assert creature is not None and creature.type_line == "Creature — Elf Scout" and creature.colours == "UG"
    assert creature.legality("modern") == "legal" and creature.legality("pauper") == "not_legal"
    cliffs = db.info("Sunset Trail")
    assert cliffs is not None and cliffs.name == "Sunrise Cliffs // Sunset Trail" and cliffs.type_line == "Sorcery"
    assert cliffs.legality("modern") == "banned" and cliffs.legality("vintage") == "restricted"
    assert db.suggest("Quantum Riverwalk") == ("Quantum Riverwalker",)  # the suggestions know them too


def test_rows_the_database_knows_or_that_are_broken_are_left_out() -> None:
    db = database()
    broken = ["", "no tabs", "A\tB\tC", "Two\tlines\t1\tInstant\tR\tR\t-\t\nX", "\t\t\t\t\t\t\t", "x" * 3000 + "\t" * 7]
    bolt = "Lightning Bolt\t{R}{R}\t2\tSorcery\tR\tR\t---------\t"
    assert db.add_rows([*broken, bolt, 7]) == []  # type: ignore[list-item]
    info = db.info("Lightning Bolt")
    assert info is not None and info.type_line == "Instant", "the database's own card wins"
    assert len(db) == 2


def test_legalities_are_read_in_the_order_they_were_written() -> None:
    """Rows kept by another version of the page may name the formats in another order."""
    db = CardDatabase.parse("opening-hand-cards\t1\t2026-01-01\t1\tmodern,pauper\nMountain\t\t0\tLand\t\tR\tLL\t\n")
    db.add_rows(["New Card\t{G}\t1\tInstant\tG\tG\tBLR\t"], ("pauper", "legacy", "modern"))
    info = db.info("New Card")
    assert info is not None and (info.legality("modern"), info.legality("pauper")) == ("restricted", "banned")


def test_an_added_card_is_no_longer_a_deck_problem() -> None:
    db = database()
    text = "4 Quantum Riverwalker\n56 Mountain"
    deck = parse_decklist(text)
    fmt = find_format("constructed")
    assert [p.reason for p in card_problems(text, deck, fmt, "", db)] == ["no card named “Quantum Riverwalker”"]
    row = card_row(NEW_CREATURE)
    assert row is not None
    db.add_rows([row])
    assert card_problems(text, deck, fmt, "", db) == ()
    use_database(db)
    try:
        assert lookup("Quantum Riverwalker").type_line == "Creature — Elf Scout"
    finally:
        use_database(None)
