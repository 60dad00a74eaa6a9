"""Cards the start-of-game rules name, known to the engine by name.

* Serum Powder - "any time you could mulligan" (CR 103.5b);
* Leylines and Gemstone Caverns - begin the game on the battlefield (CR 103.6a);
* Chancellors - revealed from the opening hand (CR 103.6b);
* Power Play - its controller is the starting player (CR 103.1c);
* Backup Plan - draw an additional hand;
* the ten companions - revealed from outside the game if the deck meets the condition (CR 103.2b).

Every other card is a plain card.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from opening_hand.cards import CardInfo, CardPool, in_use, normalise

SERUM_POWDER = "Serum Powder"
GEMSTONE_CAVERNS = "Gemstone Caverns"
POWER_PLAY = "Power Play"
BACKUP_PLAN = "Backup Plan"

LEYLINES = frozenset(
    normalise(f"Leyline of {name}")
    for name in (
        "the Void", "Sanctity", "Anticipation", "Punishment", "Lifeforce", "Singularity", "Vitality",
        "Lightning", "the Meek", "Abundance", "Combustion", "Transformation", "Resonance", "Hope",
        "Mutation", "the Guildpact",
    )
)  # fmt: skip
CHANCELLORS = frozenset(
    normalise(f"Chancellor of the {name}") for name in ("Annex", "Dross", "Forge", "Spires", "Tangle")
)


def is_named(name: str, wanted: str) -> bool:
    return normalise(name) == normalise(wanted)


def begins_on_battlefield(name: str) -> bool:
    """CR 103.6a: a Leyline may begin the game on the battlefield (Gemstone Caverns: see the game)."""
    return normalise(name) in LEYLINES


def revealed_from_opening_hand(name: str) -> bool:
    """CR 103.6b: a Chancellor may be revealed from the opening hand."""
    return normalise(name) in CHANCELLORS


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a deck meets a companion condition: True, False, or None when the catalog
    does not know enough of the deck's cards to tell."""

    met: bool | None
    reason: str


def _per_card(
    deck: Sequence[str],
    pool: CardPool,
    applies: Callable[[CardInfo], bool],
    holds: Callable[[CardInfo], bool],
    condition: str,
) -> Verdict:
    unknown: list[str] = []
    for name in deck:
        info = pool.lookup(name)
        if not info.known:
            unknown.append(info.name)
        elif applies(info) and not holds(info):
            return Verdict(False, f"{info.name} breaks the condition: {condition}")
    if unknown:
        return Verdict(None, f"unverified: the catalog does not know {unknown[0]} (condition: {condition})")
    return Verdict(True, f"met: {condition}")


def _nonland(info: CardInfo) -> bool:
    return not info.is_land


def _jegantha(deck: Sequence[str], pool: CardPool) -> Verdict:
    condition = "no card has more than one of the same mana symbol in its mana cost"

    def holds(info: CardInfo) -> bool:
        symbols = Counter(info.mana_cost.replace("}", "} ").split())
        return all(n == 1 for n in symbols.values())

    return _per_card(deck, pool, lambda i: True, holds, condition)


def _lutri(deck: Sequence[str], pool: CardPool) -> Verdict:
    condition = "each nonland card has a different name"
    counts = Counter(pool.lookup(n).name for n in deck)
    for name, n in counts.items():
        info = pool.lookup(name)
        if n > 1 and info.known and not info.is_land:
            return Verdict(False, f"{n} copies of {name} break the condition: {condition}")
        if n > 1 and not info.known:
            return Verdict(None, f"unverified: is {name} (×{n}) a land? (condition: {condition})")
    return Verdict(True, f"met: {condition}")


def _umori(deck: Sequence[str], pool: CardPool) -> Verdict:
    condition = "each nonland card shares a card type"
    kinds = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Planeswalker", "Sorcery")
    infos = [pool.lookup(n) for n in deck]
    unknown = [i.name for i in infos if not i.known]
    shared = set(kinds)
    for info in infos:
        if info.known and not info.is_land:
            shared &= set(info.types)
    if not shared:
        return Verdict(False, f"the nonland cards share no card type ({condition})")
    if unknown:
        return Verdict(None, f"unverified: the catalog does not know {unknown[0]} (condition: {condition})")
    return Verdict(True, f"met: {condition}")


def _yorion(deck: Sequence[str], minimum: int, _pool: CardPool) -> Verdict:
    condition = f"the starting deck has at least {minimum + 20} cards (20 more than the minimum {minimum})"
    return Verdict(len(deck) >= minimum + 20, ("met: " if len(deck) >= minimum + 20 else "not met: ") + condition)


CREATURE_TYPES_KAHEERA = {"Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"}

COMPANIONS: dict[str, Callable[[Sequence[str], int, CardPool], Verdict]] = {
    normalise("Gyruda, Doom of Depths"): lambda deck, _m, pool: _per_card(
        deck, pool, _nonland, lambda i: i.mana_value % 2 == 0, "each nonland card has an even mana value"
    ),
    normalise("Jegantha, the Wellspring"): lambda deck, _m, pool: _jegantha(deck, pool),
    normalise("Kaheera, the Orphanguard"): lambda deck, _m, pool: _per_card(
        deck,
        pool,
        lambda i: i.has_type("Creature"),
        lambda i: bool(CREATURE_TYPES_KAHEERA & set(i.subtypes)),
        "each creature card is a Cat, Elemental, Nightmare, Dinosaur or Beast",
    ),
    normalise("Keruga, the Macrosage"): lambda deck, _m, pool: _per_card(
        deck, pool, _nonland, lambda i: i.mana_value >= 3, "each nonland card has mana value 3 or greater"
    ),
    normalise("Lurrus of the Dream-Den"): lambda deck, _m, pool: _per_card(
        deck,
        pool,
        lambda i: i.is_permanent,
        lambda i: i.mana_value <= 2,
        "each permanent card has mana value 2 or less",
    ),
    normalise("Lutri, the Spellchaser"): lambda deck, _m, pool: _lutri(deck, pool),
    normalise("Obosh, the Preypiercer"): lambda deck, _m, pool: _per_card(
        deck, pool, _nonland, lambda i: i.mana_value % 2 == 1, "each nonland card has an odd mana value"
    ),
    normalise("Umori, the Collector"): lambda deck, _m, pool: _umori(deck, pool),
    normalise("Yorion, Sky Nomad"): _yorion,
    normalise("Zirda, the Dawnwaker"): lambda deck, _m, pool: _zirda(deck, pool),
}

BASIC_LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
# Keyword abilities that are activated abilities (CR 702): their cards show no "cost: effect" line.
_ACTIVATED_KEYWORDS = re.compile(
    r"^(Equip|Cycling|\w+cycling|Level up|Reconfigure|Crew|Fortify|Outlast|Scavenge|Unearth|Embalm|Eternalize|"
    r"Ninjutsu|Transmute|Forecast|Bloodrush|Reinforce|Boast|Exhaust|Station|Transfigure|Encore|Craft|Adapt|"
    r"Monstrosity|Auto|Ascend)\b",
    re.MULTILINE,
)


def has_activated_ability(text: str) -> bool:
    r"""CR 602.1: an activated ability is written "[Cost]: [Effect.]" (loyalty abilities too),
    or is a keyword that stands for one (Equip, Cycling ...). Quoted abilities granted to
    other objects do not count.

    >>> has_activated_ability("{T}: Add {G}."), has_activated_ability("Flying"), has_activated_ability("Equip {2}")
    (True, False, True)
    >>> has_activated_ability('Creatures you control have "{T}: Add {G}."')
    False
    >>> has_activated_ability("+1: Draw a card.\n−3: Exile target creature."), has_activated_ability("(Reminder: x.)")
    (True, False)
    """
    for line in text.split("\n"):
        if ":" in re.sub(r'"[^"]*"|\([^)]*\)', "", line):  # no quoted grants, no reminder text
            return True
    return _ACTIVATED_KEYWORDS.search(text) is not None


def _zirda(deck: Sequence[str], pool: CardPool) -> Verdict:
    condition = "each permanent card has an activated ability"
    source = pool.database
    texts = getattr(source, "oracle_text", None) if source is not None and getattr(source, "has_text", False) else None
    if texts is None:
        return Verdict(None, f"unverified: the card data has no rules text loaded (condition: {condition})")
    for name in sorted(set(deck)):
        info = pool.lookup(name)
        if not info.known:
            return Verdict(None, f"unverified: the card data does not know {info.name} (condition: {condition})")
        if info.is_permanent and not BASIC_LAND_TYPES & set(info.subtypes):  # CR 305.6: "{T}: Add ..."
            text = texts(info.name)
            if text is None:
                return Verdict(None, f"unverified: no rules text for {info.name} (condition: {condition})")
            if not has_activated_ability(text.split("\n//\n")[0]):
                return Verdict(False, f"{info.name} breaks the condition: {condition}")
    return Verdict(True, f"met: {condition}")


def is_companion(name: str) -> bool:
    return normalise(name) in COMPANIONS


def companion_verdict(name: str, deck: Sequence[str], deck_minimum: int, pool: CardPool | None = None) -> Verdict:
    """CR 103.2b: does ``deck`` (the starting deck) fulfil the companion condition of ``name``?

    >>> companion_verdict("Lurrus of the Dream-Den", ["Mountain"] * 20 + ["Goblin Guide"] * 40, 60).met
    True
    >>> companion_verdict("Keruga, the Macrosage", ["Mountain"] * 20 + ["Goblin Guide"] * 40, 60).reason
    'Goblin Guide breaks the condition: each nonland card has mana value 3 or greater'
    """
    return COMPANIONS[normalise(name)](deck, deck_minimum, in_use(pool))
