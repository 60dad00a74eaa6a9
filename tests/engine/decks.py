"""Decks for the trainer's tests (and ``scripts/bench/trainer_fit.py``): card data written out, so
the tests need no database, in Scryfall's terms (mana cost, type line, ``produced_mana``)."""

from __future__ import annotations

from collections.abc import Sequence

from opening_hand.cards import CardInfo


def land(name: str, produces: str, subtype: str = "") -> CardInfo:
    return CardInfo(name, type_line=f"Basic Land — {subtype or name}", produces=produces)


def spell(name: str, cost: str) -> CardInfo:
    return CardInfo(name, cost, "Creature — Test")


def deck_of(*groups: tuple[CardInfo, int]) -> list[CardInfo]:
    return [card for card, n in groups for _ in range(n)]


MOUNTAIN, PLAINS, FOREST = land("Mountain", "R"), land("Plains", "W"), land("Forest", "G")

# The two decks: 24 lands and a low curve in 60 cards; 17 lands in 40 (a limited deck).
LOW_CURVE = deck_of((MOUNTAIN, 24), (spell("Goblin", "{R}"), 8), (spell("Raider", "{1}{R}"), 16),
                    (spell("Ogre", "{2}{R}"), 12))  # fmt: skip
LIMITED = deck_of((FOREST, 17), (spell("Elf", "{G}"), 3), (spell("Bear", "{1}{G}"), 10), (spell("Ape", "{2}{G}"), 6),
                  (spell("Beast", "{3}{G}"), 3), (spell("Wurm", "{4}{G}"), 1))  # fmt: skip
# Others, to see where the model and the land-count baseline part (scripts/bench/trainer_fit.py).
ONE_AND_TWO = deck_of((MOUNTAIN, 24), (spell("Goblin", "{R}"), 18), (spell("Raider", "{1}{R}"), 18))
BURN = deck_of(
    (MOUNTAIN, 20), (spell("Bolt", "{R}"), 28), (spell("Helix", "{R}{W}"), 4), (spell("Raider", "{1}{R}"), 8)
)
MIDRANGE = deck_of((MOUNTAIN, 12), (FOREST, 12), (spell("Elf", "{G}"), 4), (spell("Raider", "{1}{R}"), 12),
                   (spell("Troll", "{1}{G}{G}"), 10), (spell("Dragon", "{2}{R}{R}"), 6),
                   (spell("Hydra", "{3}{G}{G}"), 4))  # fmt: skip
TWO_COLOUR_LIMITED = deck_of((PLAINS, 9), (FOREST, 8), (spell("Squire", "{W}"), 2), (spell("Bear", "{1}{G}"), 5),
                             (spell("Knight", "{W}{W}"), 4), (spell("Ape", "{2}{G}"), 4),
                             (spell("Cleric", "{2}{W}"), 3), (spell("Beast", "{2}{G}{G}"), 3),
                             (spell("Angel", "{3}{W}"), 1), (spell("Wurm", "{4}{G}"), 1))  # fmt: skip
DECKS = {
    "24/60 low curve": LOW_CURVE,
    "17/40 limited": LIMITED,
    "24/60 one- and two-drops": ONE_AND_TWO,
    "20/60 burn": BURN,
    "24/60 two-colour midrange": MIDRANGE,
    "17/40 two-colour limited": TWO_COLOUR_LIMITED,
}
# The baseline of Frank Karsten's land-count studies: hand size -> lands -> the verdict.
BASELINE = {7: {0: "mulligan", 1: "mulligan", 2: "keep", 3: "keep", 4: "keep", 6: "mulligan", 7: "mulligan"},
            6: {0: "mulligan", 2: "keep", 3: "keep", 6: "mulligan"}}  # fmt: skip


def ordinary_cheap(spells: Sequence[CardInfo]) -> bool:
    """ "Ordinary cheap spells": at least half of them cost 2 or less, and none more than 4 (a
    hand of five three-drops on two lands is a risk strong players argue about)."""
    values = [info.mana_value for info in spells]
    return sum(1 for v in values if v <= 2) * 2 >= len(values) and all(v <= 4 for v in values)
