"""The format follows the deck: what a decklist says about the format it is for, and the
fix to offer when it does not fit the chosen one.

A list with a Commander section is a Commander deck (a Brawl deck at 60 cards); so is a
list of 100 singleton cards whose first card is a legendary creature (the plain export of
Moxfield and others puts the commander first, with no section). Under Commander, a list
that names no commander and is not such a list fits two-player constructed, or the player
wants the Commander sample deck. The page shows the advice as buttons; nothing here
changes the list or the setup.

>>> from opening_hand.cards.decklist import parse_decklist
>>> from opening_hand.rules.formats import find_format
>>> deck = parse_decklist("Commander\\n1 Krenko, Mob Boss\\n\\nDeck\\n99 Mountain")
>>> [a.label for a in advise(deck, find_format("constructed"))]
['Deal as Commander']
>>> [a.label for a in advise(parse_decklist("60 Mountain"), find_format("commander"))]
['Deal as Two-player constructed', 'Load the Commander sample deck']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from opening_hand.cards import CardPool, in_use
from opening_hand.cards.decklist import Decklist
from opening_hand.rules.formats import FORMATS, Format


@dataclass(frozen=True, slots=True)
class FormatAdvice:
    action: str  # "deal:<format key>" or "sample:<format key>"
    label: str  # the button: "Deal as Commander", "Load the Commander sample deck"
    reason: str  # one sentence: why
    first_as_commander: bool = False  # the list names no commander: its first card is to be it


def _size(deck: Decklist) -> int:
    return sum(e.count for e in deck.commander + deck.main)


def first_card_commander(deck: Decklist, size: int = 100, pool: CardPool | None = None) -> str | None:
    """The first card of a list with no Commander section that reads as a Commander deck:
    ``size`` cards, one of each but basic lands, the first a legendary creature (or a card
    the data does not know whose front face's name has a comma, as legendary names do). Else None."""
    if deck.commander or not deck.main or _size(deck) != size:
        return None
    pool = in_use(pool)
    copies: Counter[str] = Counter()
    for entry in deck.main:
        copies[entry.name] += entry.count
    if any(n > 1 and not pool.lookup(name).is_basic_land for name, n in copies.items()):
        return None
    first = pool.lookup(deck.main[0].name)
    legendary = {"Legendary", "Creature"} <= set(first.types) if first.known else "," in first.name.split(" // ")[0]
    return first.name if legendary and deck.main[0].count == 1 else None


def advise(deck: Decklist, fmt: Format, pool: CardPool | None = None) -> tuple[FormatAdvice, ...]:
    """The fixes to offer when ``deck`` does not fit ``fmt`` (nothing when it does)."""
    commander, brawl = FORMATS["commander"], FORMATS["brawl"]
    size = _size(deck)
    if not fmt.commander:
        target = brawl if size == brawl.deck_exact else commander
        if deck.commander:
            names = ", ".join(e.name for e in deck.commander)
            reason = f"The list has a Commander section ({names}): it is a {target.name} deck."
            return (FormatAdvice(f"deal:{target.key}", f"Deal as {target.name}", reason),)
        if (first := first_card_commander(deck, target.deck_exact or 100, pool)) is not None:
            reason = f"{size} singleton cards with a legendary creature first ({first}): a {target.name} deck."
            return (FormatAdvice(f"deal:{target.key}", f"Deal as {target.name}", reason, True),)
        return ()
    if deck.commander:
        return ()
    if (first := first_card_commander(deck, fmt.deck_exact or 100, pool)) is not None:
        reason = f"The list names no commander; its first card, {first}, can be the commander."
        return (FormatAdvice(f"deal:{fmt.key}", f"Deal as {fmt.name}", reason, True),)
    found: list[FormatAdvice] = []
    reason = f"The list has no Commander section, so it is not a {fmt.name} deck."
    if size >= FORMATS["constructed"].deck_minimum:
        found.append(FormatAdvice("deal:constructed", "Deal as Two-player constructed", reason))
    found.append(FormatAdvice(f"sample:{fmt.key}", f"Load the {fmt.name} sample deck", reason))
    return tuple(found)
