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
from pathlib import Path

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
    def known(self) -> bool:
        """Whether the catalog knows this card's type line."""
        return bool(self.type_line)

    @property
    def types(self) -> tuple[str, ...]:
        """Supertypes and card types: the words before the dash of the type line."""
        return tuple(self.type_line.split("—")[0].split())

    @property
    def subtypes(self) -> tuple[str, ...]:
        parts = self.type_line.split("—", 1)
        return tuple(parts[1].split()) if len(parts) == 2 else ()

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_permanent(self) -> bool:
        """CR 110.4: artifact, battle, creature, enchantment, land and planeswalker cards."""
        return bool({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"} & set(self.types))

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_basic_land(self) -> bool:
        """CR 205.4c: a card with the supertype basic; basic lands are exempt from copy limits."""
        return "Basic" in self.types and "Land" in self.types

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
    """The lookup key of a card name: case, accents, curly apostrophes and spacing don't matter.

    >>> normalise("  lightning   BOLT ")
    'lightning bolt'
    >>> normalise("LIM-DÛL’S VAULT") == normalise("Lim-Dul's Vault")
    True
    """
    decomposed = unicodedata.normalize("NFKD", name.replace("\u2019", "'").replace("\u2018", "'"))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


CATALOG_FILE = Path(__file__).with_name("catalog.txt")


def read_catalog(text: str) -> dict[str, CardInfo]:
    """The catalog from its data file: one ``Name | mana cost | type line`` per line.

    Each card is found by its normalised name and, for split and double-faced cards, by
    its front face's name too (an exact name always wins over a front face).

    >>> info = read_catalog("Fire // Ice | {1}{R} // {1}{U} | Instant // Instant")["fire"]
    >>> info.name, info.mana_cost, info.type_line
    ('Fire // Ice', '{1}{R}', 'Instant')
    """
    catalog: dict[str, CardInfo] = {}
    fronts: dict[str, CardInfo] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 3 or not parts[0]:
            raise ValueError(f"{CATALOG_FILE.name} line {number}: expected 'Name | mana cost | type line'")
        name, cost, type_line = parts
        # The front face decides what the card is while it is in a hand or library.
        info = CardInfo(name=name, mana_cost=cost.split("//")[0].strip(), type_line=type_line.split("//")[0].strip())
        catalog[normalise(name)] = info
        if "//" in name:
            fronts.setdefault(normalise(name.split("//")[0]), info)
    return {**fronts, **catalog}


CATALOG: dict[str, CardInfo] = read_catalog(CATALOG_FILE.read_text(encoding="utf-8"))


def lookup(name: str) -> CardInfo:
    """The catalog entry for ``name``, or a plain card of unknown type named as typed."""
    return CATALOG.get(normalise(name)) or CardInfo(name=name.strip())


def canonical_name(name: str) -> str:
    """The catalog's spelling of a known name; an unknown name as typed (spacing tidied)."""
    info = CATALOG.get(normalise(name))
    return info.name if info else " ".join(name.split())


def is_land(name: str) -> bool:
    return lookup(name).is_land
