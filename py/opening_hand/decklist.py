"""Reading the decklists players paste.

Accepted lines (one card name per line; blank lines and comments are ignored):

* ``4 Lightning Bolt`` or ``4x Lightning Bolt`` - a quantity and a name;
* ``Lightning Bolt`` - one copy;
* ``4 Lightning Bolt (M11) 146`` - an Arena-style set code and collector number (ignored);
* a section header on its own line (``Sideboard``, ``Commander``, ``Companion``,
  ``Planar deck``, ``Scheme deck``, ``Maybeboard``; ``Deck`` / ``Mainboard`` switch back);
  ``SB: 2 Duress`` puts one line in the sideboard. Commanders are part of the deck;
  the companion is outside the game, like the sideboard; the maybeboard is ignored;
* ``# comment`` or ``// comment``.

Every line that cannot be read raises :class:`DecklistError` with its line number. The
text itself is never changed: the parser only reads it.

>>> deck = parse_decklist("4 Lightning Bolt\\n2x Mountain\\nSideboard\\n1 Duress")
>>> [(e.count, e.name) for e in deck.main], [(e.count, e.name) for e in deck.sideboard]
([(4, 'Lightning Bolt'), (2, 'Mountain')], [(1, 'Duress')])
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .cards import canonical_name, lookup
from .errors import DeckCheckError, DecklistError
from .formats import Format, find_format

MAX_COPIES_PER_LINE = 250
MAX_NAME_LENGTH = 150
MAX_LINES = 2000

_COUNT = re.compile(r"^(\d+)\s*[xX]?\s+(.*)$")
_BARE_COUNT = re.compile(r"^\d+\s*[xX]?$")
_SET_SUFFIX = re.compile(r"\s+\([A-Za-z0-9]{2,6}\)(\s+[A-Za-z0-9-]+)?$")
_SECTION = {
    "sideboard": "sideboard",
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "mainboard": "main",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "planar deck": "planar",
    "planes": "planar",
    "scheme deck": "scheme",
    "schemes": "scheme",
    "maybeboard": "maybe",
    "maybe": "maybe",
}


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    name: str
    line: int


def _expand(entries: tuple[DeckEntry, ...]) -> tuple[str, ...]:
    return tuple(e.name for e in entries for _ in range(e.count))


@dataclass(frozen=True, slots=True)
class Decklist:
    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...] = ()
    commander: tuple[DeckEntry, ...] = ()
    companion: tuple[DeckEntry, ...] = ()
    planar: tuple[DeckEntry, ...] = ()
    scheme: tuple[DeckEntry, ...] = ()

    def main_cards(self) -> tuple[str, ...]:
        """The starting deck as one name per physical card: commanders first, then the list."""
        return _expand(self.commander) + _expand(self.main)

    def sideboard_cards(self) -> tuple[str, ...]:
        """Cards outside the game: the sideboard, and a companion listed on its own."""
        side = _expand(self.sideboard)
        return side + tuple(name for name in _expand(self.companion) if name not in side)

    def commander_names(self) -> tuple[str, ...]:
        return _expand(self.commander)

    def planar_cards(self) -> tuple[str, ...]:
        return _expand(self.planar)

    def scheme_cards(self) -> tuple[str, ...]:
        return _expand(self.scheme)


def _read_line(raw: str, number: int) -> tuple[int, str]:
    match = _COUNT.match(raw)
    if match:
        count_text, name = match.group(1), match.group(2).strip()
        count = int(count_text)
        if not name:
            raise DecklistError("a quantity needs a card name after it", number, raw)
        if count < 1:
            raise DecklistError("quantity must be at least 1", number, raw)
        if count > MAX_COPIES_PER_LINE:
            raise DecklistError(f"quantity must be at most {MAX_COPIES_PER_LINE}", number, raw)
    elif _BARE_COUNT.match(raw):
        raise DecklistError("a quantity needs a card name after it", number, raw)
    else:
        count, name = 1, raw
    name = _SET_SUFFIX.sub("", name).strip()
    if not name:
        raise DecklistError("no card name", number, raw)
    if len(name) > MAX_NAME_LENGTH:
        raise DecklistError(f"card name longer than {MAX_NAME_LENGTH} characters", number, raw[:60] + "…")
    if any(ord(ch) < 32 for ch in name):
        raise DecklistError("control characters in a card name", number, None)
    return count, canonical_name(name)


def parse_decklist(text: str) -> Decklist:
    """Read a pasted decklist; raise :class:`DecklistError` naming the first bad line."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DecklistError(f"a decklist may have at most {MAX_LINES} lines; this one has {len(lines)}")
    sections: dict[str, list[DeckEntry]] = {key: [] for key in set(_SECTION.values())}
    section = "main"
    for number, raw_line in enumerate(lines, start=1):
        raw = raw_line.strip()
        if not raw or raw.startswith(("#", "//")):
            continue
        header = raw.rstrip(":").strip().casefold()
        if header in _SECTION:
            section = _SECTION[header]
            continue
        target = sections[section]
        if raw[:3].casefold() == "sb:":
            raw, target = raw[3:].strip(), sections["sideboard"]
        count, name = _read_line(raw, number)
        target.append(DeckEntry(count, name, number))
    if not sections["main"] and not sections["commander"]:
        raise DecklistError("the decklist has no main-deck cards")
    return Decklist(
        main=tuple(sections["main"]),
        sideboard=tuple(sections["sideboard"]),
        commander=tuple(sections["commander"]),
        companion=tuple(sections["companion"]),
        planar=tuple(sections["planar"]),
        scheme=tuple(sections["scheme"]),
    )


def check_deck(deck: Decklist, fmt: Format) -> None:
    """The format's deck rules; raises :class:`DeckCheckError` listing every problem, each
    naming the card (with its line) and the rule.

    Constructed: at least 60 cards, at most four of a card other than basic lands (CR 100.2a);
    limited: at least 40 (CR 100.2b); Commander: exactly 100 cards, singleton, one commander
    or two partners (CR 903.5a, 903.5b, 903.3); Brawl: exactly 60, singleton; Planechase:
    a planar deck of 10+ different cards with at most two phenomena (CR 901.4); Archenemy:
    a scheme deck of 20+ with at most two of a scheme (CR 904.3).
    """
    problems: list[str] = []
    size = sum(e.count for e in deck.main + deck.commander)
    size_rule = "903.5a" if fmt.commander else ("100.2b" if fmt.deck_minimum == 40 else "100.2a")
    if fmt.deck_exact is not None and size != fmt.deck_exact:
        problems.append(f"the deck has {size} cards; {fmt.name} decks have exactly {fmt.deck_exact} (CR {size_rule})")
    elif size < fmt.deck_minimum:
        problems.append(
            f"the deck has {size} cards; {fmt.name} decks need at least {fmt.deck_minimum} (CR {size_rule})"
        )
    if fmt.max_copies is not None:
        copies: Counter[str] = Counter()
        first_line: dict[str, int] = {}
        entries = deck.commander + deck.main + (() if fmt.commander else deck.sideboard)
        for entry in entries:
            copies[entry.name] += entry.count
            first_line.setdefault(entry.name, entry.line)
        for name, count in copies.items():
            if count > fmt.max_copies and not lookup(name).is_basic_land:
                if fmt.max_copies == 1:
                    rule = f"{fmt.name} decks are singleton: one copy of each card other than basic lands (CR 903.5b)"
                else:
                    rule = f"at most {fmt.max_copies} of any card other than basic lands (CR 100.2a)"
                problems.append(f"line {first_line[name]}: {count} copies of {name}; {rule}")
    if fmt.commander and not 1 <= sum(e.count for e in deck.commander) <= 2:
        problems.append("a 'Commander' section must name one commander, or two partners (CR 903.3)")
    if fmt.planechase:
        _check_planar(deck, problems)
    if fmt.archenemy and deck.scheme:
        _check_schemes(deck, problems)
    if problems:
        raise DeckCheckError(tuple(problems))


def _check_planar(deck: Decklist, problems: list[str]) -> None:
    cards = deck.planar_cards()
    if len(cards) < 10:
        problems.append(f"the planar deck has {len(cards)} cards; it needs at least 10 (CR 901.4)")
    phenomena = [n for n in cards if lookup(n).has_type("Phenomenon")]
    if len(phenomena) > 2:
        problems.append(f"the planar deck has {len(phenomena)} phenomena; at most 2 (CR 901.4)")
    for entry in deck.planar:
        if entry.count > 1 or sum(1 for e in deck.planar if e.name == entry.name) > 1:
            problems.append(f"line {entry.line}: {entry.name} twice in the planar deck; each card once (CR 901.4)")
            break


def _check_schemes(deck: Decklist, problems: list[str]) -> None:
    cards = deck.scheme_cards()
    if len(cards) < 20:
        problems.append(f"the scheme deck has {len(cards)} cards; it needs at least 20 (CR 904.3)")
    for name, count in Counter(cards).items():
        if count > 2:
            problems.append(f"{count} copies of {name} in the scheme deck; at most 2 (CR 904.3)")


def check_constructed(deck: Decklist) -> None:
    """CR 100.2a: the two-player constructed deck rules (see :func:`check_deck`)."""
    check_deck(deck, find_format("constructed"))
