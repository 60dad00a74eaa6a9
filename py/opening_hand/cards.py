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

# The cards the rules name (CR 103.1c, 103.2b, 103.4b, 103.5) and every card of the bundled
# sample decks: "Name | mana cost | type line", one per line.
_DATA = """
Goblin Guide | {R} | Creature — Goblin Scout
Monastery Swiftspear | {R} | Creature — Human Monk
Eidolon of the Great Revel | {R}{R} | Enchantment Creature — Spirit
Lightning Bolt | {R} | Instant
Chain Lightning | {R} | Sorcery
Lava Spike | {R} | Sorcery — Arcane
Rift Bolt | {2}{R} | Sorcery
Skewer the Critics | {2}{R} | Sorcery
Boros Charm | {R}{W} | Instant
Lightning Helix | {R}{W} | Instant
Inspiring Vantage | | Land
Sacred Foundry | | Land — Mountain Plains
Sunbaked Canyon | | Land
Path to Exile | {W} | Instant
Smash to Smithereens | {1}{R} | Instant
Kor Firewalker | {W}{W} | Creature — Kor Soldier
Deflecting Palm | {R}{W} | Instant
Searing Blood | {R}{R} | Instant
Serum Powder | {3} | Artifact
Gemstone Caverns | | Legendary Land
Leyline of the Void | {2}{B}{B} | Enchantment
Leyline of Sanctity | {2}{W}{W} | Enchantment
Leyline of Anticipation | {2}{U}{U} | Enchantment
Leyline of Punishment | {2}{R}{R} | Enchantment
Leyline of Lifeforce | {2}{G}{G} | Enchantment
Leyline of Singularity | {2}{U}{U} | Enchantment
Leyline of Vitality | {2}{G}{G} | Enchantment
Leyline of Lightning | {2}{R}{R} | Enchantment
Leyline of the Meek | {2}{W}{W} | Enchantment
Leyline of Abundance | {2}{G}{G} | Enchantment
Leyline of Combustion | {2}{R}{R} | Enchantment
Leyline of Transformation | {2}{U}{U} | Enchantment
Leyline of Resonance | {2}{R}{R} | Enchantment
Leyline of Hope | {2}{W}{W} | Enchantment
Leyline of Mutation | {2}{G}{G} | Enchantment
Leyline of the Guildpact | {G/W}{G/U}{B/G}{R/G} | Enchantment
Chancellor of the Annex | {4}{W}{W}{W} | Creature — Phyrexian Angel
Chancellor of the Dross | {4}{B}{B}{B} | Creature — Phyrexian Vampire
Chancellor of the Forge | {4}{R}{R}{R} | Creature — Phyrexian Giant
Chancellor of the Spires | {4}{U}{U}{U} | Creature — Phyrexian Sphinx
Chancellor of the Tangle | {4}{G}{G}{G} | Creature — Phyrexian Beast
Power Play | | Conspiracy
Backup Plan | | Conspiracy
Gyruda, Doom of Depths | {4}{U/B}{U/B} | Legendary Creature — Demon Kraken
Jegantha, the Wellspring | {4}{R/G} | Legendary Creature — Elemental Elk
Kaheera, the Orphanguard | {1}{G/W}{G/W} | Legendary Creature — Cat Beast
Keruga, the Macrosage | {3}{G/U}{G/U} | Legendary Creature — Dinosaur Hippo
Lurrus of the Dream-Den | {1}{W/B}{W/B} | Legendary Creature — Cat Nightmare
Lutri, the Spellchaser | {1}{U/R}{U/R} | Legendary Creature — Elemental Otter
Obosh, the Preypiercer | {3}{B/R}{B/R} | Legendary Creature — Horror
Umori, the Collector | {2}{B/G}{B/G} | Legendary Creature — Ooze
Yorion, Sky Nomad | {3}{W/U}{W/U} | Legendary Creature — Bird Serpent
Zirda, the Dawnwaker | {1}{R/W}{R/W} | Legendary Creature — Elemental Fox
Krenko, Mob Boss | {2}{R}{R} | Legendary Creature — Goblin Warrior
Legion Loyalist | {R} | Creature — Goblin Soldier
Goblin Lackey | {R} | Creature — Goblin
Skirk Prospector | {R} | Creature — Goblin
Mogg Fanatic | {R} | Creature — Goblin
Goblin Bombardment | {1}{R} | Enchantment
Goblin Chieftain | {1}{R}{R} | Creature — Goblin
Goblin King | {1}{R}{R} | Creature — Goblin
Goblin Warchief | {1}{R}{R} | Creature — Goblin Warrior
Goblin Matron | {2}{R} | Creature — Goblin
Goblin Ringleader | {3}{R} | Creature — Goblin
Goblin Rabblemaster | {2}{R} | Creature — Goblin Warrior
Beetleback Chief | {2}{R}{R} | Creature — Goblin Warrior
Siege-Gang Commander | {3}{R}{R} | Creature — Goblin
Goblin Instigator | {1}{R} | Creature — Goblin Rogue
Legion Warboss | {2}{R} | Creature — Goblin Warrior
Krenko, Tin Street Kingpin | {2}{R} | Legendary Creature — Goblin Warrior
Conspicuous Snoop | {R}{R} | Creature — Goblin Rogue
Goblin Recruiter | {1}{R} | Creature — Goblin
Goblin Piledriver | {1}{R} | Creature — Goblin Warrior
Mogg War Marshal | {1}{R} | Creature — Goblin Warrior
Battle Cry Goblin | {1}{R} | Creature — Goblin
Goblin Sharpshooter | {2}{R} | Creature — Goblin
Goblin Trashmaster | {2}{R}{R} | Creature — Goblin Warrior
Goblin Goon | {3}{R} | Creature — Goblin Mutant
Goblin Sledder | {R} | Creature — Goblin
Goblin Settler | {3}{R} | Creature — Goblin
Mogg Infestation | {3}{R}{R} | Sorcery
Hordeling Outburst | {1}{R}{R} | Sorcery
Dragon Fodder | {1}{R} | Sorcery
Krenko's Command | {1}{R} | Sorcery
Goblin Rally | {3}{R}{R} | Sorcery
Empty the Warrens | {3}{R} | Sorcery
Purphoros, God of the Forge | {3}{R} | Legendary Enchantment Creature — God
Impact Tremors | {1}{R} | Enchantment
Shared Animosity | {2}{R} | Enchantment
Coat of Arms | {5} | Artifact
Skullclamp | {1} | Artifact — Equipment
Sol Ring | {1} | Artifact
Arcane Signet | {2} | Artifact
Mind Stone | {2} | Artifact
Fire Diamond | {2} | Artifact
Thought Vessel | {2} | Artifact
Lightning Greaves | {2} | Artifact — Equipment
Swiftfoot Boots | {2} | Artifact — Equipment
Chaos Warp | {2}{R} | Instant
Blasphemous Act | {8}{R} | Sorcery
Vandalblast | {R} | Sorcery
Faithless Looting | {R} | Sorcery
Wheel of Fortune | {2}{R} | Sorcery
Shock | {R} | Instant
Abrade | {1}{R} | Instant
Fling | {1}{R} | Instant
Volcanic Hammer | {1}{R} | Sorcery
Castle Embereth | | Legendary Land
Den of the Bugbear | | Land
Llanowar Elves | {G} | Creature — Elf Druid
Grizzly Bears | {1}{G} | Creature — Bear
Giant Growth | {G} | Instant
Hill Giant | {3}{R} | Creature — Giant
Raging Goblin | {R} | Creature — Goblin Berserker
Craw Wurm | {4}{G}{G} | Creature — Wurm
Rampant Growth | {1}{G} | Sorcery
Centaur Courser | {2}{G} | Creature — Centaur Warrior
Goblin Piker | {1}{R} | Creature — Goblin Warrior
Titanic Growth | {1}{G} | Instant
Academy at Tolaria West | | Plane — Dominaria
Bant | | Plane — Alara
Cliffside Market | | Plane — Mercadia
Eloren Wilds | | Plane — Shandalar
The Fourth Sphere | | Plane — Phyrexia
Goldmeadow | | Plane — Lorwyn
Krosa | | Plane — Dominaria
Llanowar | | Plane — Dominaria
Chaotic Aether | | Phenomenon
Interplanar Tunnel | | Phenomenon
All in Good Time | | Scheme
Approach My Molten Realm | | Scheme
Behold the Power of Destruction | | Scheme
Choose Your Champion | | Scheme
Dance, Pathetic Marionette | | Scheme
The Dead Shall Serve | | Scheme
A Display of My Dark Power | | Scheme
Embrace My Diabolical Vision | | Scheme
Every Hope Shall Vanish | | Scheme
Feed the Machine | | Scheme
I Bask in Your Silent Awe | | Ongoing Scheme
I Call on the Ancient Magics | | Scheme
I Delight in Your Convulsions | | Scheme
I Know All, I See All | | Ongoing Scheme
Ignite the Cloneforge! | | Scheme
Into the Earthen Maw | | Scheme
Introductions Are in Order | | Scheme
Look Skyward and Despair | | Scheme
May Civilization Collapse | | Scheme
Mortal Flesh Is Weak | | Scheme
"""

_KNOWN = [CardInfo(*(part.strip() for part in line.split("|"))) for line in _DATA.strip().splitlines()]

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
