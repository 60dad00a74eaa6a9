"""Cards: physical cards in a game, and the small built-in catalog of known card faces.

A :class:`Card` is one physical card in one game: an id unique in that game, its owner's
seat and its name. Two copies of Lightning Bolt are two cards. What a name *means*
(mana cost, type line) is looked up in the catalog; an unknown name is a plain card of
unknown type, never an error.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COLOURS = "WUBRG"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card in a game."""

    id: int
    owner: int
    name: str


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the catalog knows of a card name (the front face of printed cards)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""

    @property
    def is_land(self) -> bool:
        return "Land" in self.type_line.split("—")[0].split()

    @property
    def is_basic_land(self) -> bool:
        """CR 205.4c: a card with the supertype basic; basic lands are exempt from copy limits."""
        supertypes = self.type_line.split("—")[0].split()
        return "Basic" in supertypes and "Land" in supertypes

    @property
    def colours(self) -> str:
        """Colours from the mana cost, in WUBRG order (CR 202.2)."""
        found: set[str] = set()
        for symbol in _SYMBOL.findall(self.mana_cost):
            found.update(c for c in symbol.upper() if c in _COLOURS)
        return "".join(c for c in _COLOURS if c in found)

    @property
    def mana_value(self) -> int:
        """CR 202.3: the total amount of mana in the mana cost (X counts as 0)."""
        total = 0
        for symbol in _SYMBOL.findall(self.mana_cost):
            if symbol.isdigit():
                total += int(symbol)
            elif symbol.upper() not in ("X", "Y", "Z"):
                total += 1
        return total


def normalise(name: str) -> str:
    """The lookup key of a card name: case, accents-as-typed and spacing don't matter.

    >>> normalise("  lightning   BOLT ")
    'lightning bolt'
    """
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def _basic(name: str, subtype: str, snow: bool = False) -> CardInfo:
    supertypes = "Basic Snow Land" if snow else "Basic Land"
    return CardInfo(name=name, type_line=f"{supertypes} — {subtype}" if subtype else supertypes)


_BASICS = [
    _basic("Plains", "Plains"),
    _basic("Island", "Island"),
    _basic("Swamp", "Swamp"),
    _basic("Mountain", "Mountain"),
    _basic("Forest", "Forest"),
    _basic("Wastes", ""),
    _basic("Snow-Covered Plains", "Plains", snow=True),
    _basic("Snow-Covered Island", "Island", snow=True),
    _basic("Snow-Covered Swamp", "Swamp", snow=True),
    _basic("Snow-Covered Mountain", "Mountain", snow=True),
    _basic("Snow-Covered Forest", "Forest", snow=True),
    _basic("Snow-Covered Wastes", "", snow=True),
]

# Every card of the bundled sample deck(s), so their faces show cost and type.
_KNOWN = [
    CardInfo("Goblin Guide", "{R}", "Creature — Goblin Scout"),
    CardInfo("Monastery Swiftspear", "{R}", "Creature — Human Monk"),
    CardInfo("Eidolon of the Great Revel", "{R}{R}", "Enchantment Creature — Spirit"),
    CardInfo("Lightning Bolt", "{R}", "Instant"),
    CardInfo("Chain Lightning", "{R}", "Sorcery"),
    CardInfo("Lava Spike", "{R}", "Sorcery — Arcane"),
    CardInfo("Rift Bolt", "{2}{R}", "Sorcery"),
    CardInfo("Skewer the Critics", "{2}{R}", "Sorcery"),
    CardInfo("Boros Charm", "{R}{W}", "Instant"),
    CardInfo("Lightning Helix", "{R}{W}", "Instant"),
    CardInfo("Inspiring Vantage", "", "Land"),
    CardInfo("Sacred Foundry", "", "Land — Mountain Plains"),
    CardInfo("Sunbaked Canyon", "", "Land"),
    CardInfo("Path to Exile", "{W}", "Instant"),
    CardInfo("Smash to Smithereens", "{1}{R}", "Instant"),
    CardInfo("Kor Firewalker", "{W}{W}", "Creature — Kor Soldier"),
    CardInfo("Deflecting Palm", "{R}{W}", "Instant"),
    CardInfo("Searing Blood", "{R}{R}", "Instant"),
]

CATALOG: dict[str, CardInfo] = {normalise(info.name): info for info in _BASICS + _KNOWN}


def lookup(name: str) -> CardInfo:
    """The catalog entry for ``name``, or a plain card of unknown type named as typed."""
    return CATALOG.get(normalise(name)) or CardInfo(name=name.strip())


def canonical_name(name: str) -> str:
    """The catalog's spelling of a known name; an unknown name as typed (spacing tidied)."""
    info = CATALOG.get(normalise(name))
    return info.name if info else " ".join(name.split())


def is_land(name: str) -> bool:
    return lookup(name).is_land
