"""Real decklists (tests/fixtures/decklists, as players export them from the sites they use)
with their cards from the Scryfall-format fixtures: the decks the trainer is held to beyond
the synthetic ones of :mod:`tests.engine.decks` (``scripts/bench/trainer_fit.py`` reports on both)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from opening_hand.cards import CardInfo, database, lookup, use_database
from opening_hand.cards.decklist import parse_decklist
from opening_hand.trainer.goldfish import SLOW_TURNS, TURNS
from opening_hand.trainer.playkinds import Context, colour_mask
from tests.engine.deck_fixtures import decklist, fixture_database


@dataclass(frozen=True)
class RealDeck:
    file: str
    source: str  # where the list comes from
    cards: tuple[CardInfo, ...]  # the main deck
    turns: int = TURNS
    free: bool = False  # the first mulligan is free (CR 103.5c: multiplayer; Commander)
    context: Context = field(default_factory=Context)


# name -> (file, source, the commander or None)
LISTS = {
    "Modern Boros Energy (fetch lands)": ("boros-energy-mtgo.txt", "MTGO export", None),
    "Azorius Control (tapped lands)": ("standard-tapped-lands.txt",
                                       "Raydan, 3rd, MTGO Standard Challenge, 2024-06-01; Pioneer-legal", None),
    "Commander Atraxa (rocks, dorks)": ("atraxa-moxfield.txt", "Moxfield export, 100 cards",
                                        "Atraxa, Praetors' Voice"),
    "Limited Jeskai (gain lands)": ("limited-gain-lands.txt", "MTGO KTK Block PTQ, 1st, 2014-10-20", None),
    "Modern Elves (dorks)": ("elves.txt", "MTGO Modern Elves, 2017-03-31", None),
}  # fmt: skip


@cache
def real_decks() -> dict[str, RealDeck]:
    """Every real deck, its cards read from the fixture database (used only while they are
    read: the card data in use before is put back)."""
    decks: dict[str, RealDeck] = {}
    previous = database()
    use_database(fixture_database())
    try:
        for name, (file, source, commander) in LISTS.items():
            cards = [lookup(card) for card in parse_decklist(decklist(file)).main_cards()]
            if commander is None:
                decks[name] = RealDeck(file, source, tuple(cards))
                continue
            # A four-player Commander game: the commander in the command zone (99 cards to draw from),
            # three opponents, the first mulligan free (CR 103.5c).
            leader = lookup(commander)
            cards.remove(leader)
            context = Context(3, colour_mask(leader.colour_identity))
            decks[name] = RealDeck(file, source, tuple(cards), SLOW_TURNS, True, context)
    finally:
        use_database(previous)
    return decks
