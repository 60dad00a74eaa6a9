"""The realistic decklists of tests/fixtures/decklists and the card database of the
Scryfall-format fixtures (tests/fixtures/scryfall/*.json), built by the engine's own
conversion of a card object to a row (the one scripts/build/cards.py uses)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from opening_hand.cards.carddb import CardDatabase
from opening_hand.cards.scryfall import FORMATS, card_row

ROOT = Path(__file__).resolve().parents[2]
SCRYFALL = ROOT / "tests" / "fixtures" / "scryfall"
DECKLISTS = ROOT / "tests" / "fixtures" / "decklists"
BULK_FILES = ("oracle-cards.json", "deck-cards.json", "mana-cards.json")
# file -> (cards in the main deck, lands among them, sideboard)
DECKS = {
    "boros-energy-mtgo.txt": (60, 20, 15),  # Modern, MTGO's text export
    "standard-arena.txt": (60, 20, 15),  # Standard, Arena's export
    "atraxa-moxfield.txt": (100, 36, 0),  # Commander, Moxfield's plain export (the commander first)
    "atraxa-moxfield-categories.txt": (100, 36, 0),  # the same deck exported with Moxfield's categories
}


def card_objects() -> list[dict[str, object]]:
    cards: list[dict[str, object]] = []
    for name in BULK_FILES:
        cards += json.loads((SCRYFALL / name).read_text(encoding="utf-8"))
    return cards


@cache
def _rows() -> tuple[str, ...]:
    rows: dict[str, str] = {}
    for card in card_objects():
        row = card_row(card)
        if row is not None:
            rows.setdefault(row.partition("\t")[0], row)
    return tuple(rows[name] for name in sorted(rows))


def fixture_database() -> CardDatabase:
    """A fresh database of every fixture card (a test may add rows to it)."""
    rows = _rows()
    head = "\t".join(("opening-hand-cards", "1", "2026-11-20", str(len(rows)), ",".join(FORMATS)))
    return CardDatabase.parse(head + "\n" + "\n".join(rows) + "\n")


def decklist(name: str) -> str:
    return (DECKLISTS / name).read_text(encoding="utf-8")
