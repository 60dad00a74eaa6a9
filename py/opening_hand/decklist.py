"""Reading the decklists players paste.

Accepted lines (one card name per line; blank lines and comments are ignored):

* ``4 Lightning Bolt`` or ``4x Lightning Bolt`` - a quantity and a name;
* ``Lightning Bolt`` - one copy;
* ``4 Lightning Bolt (M11) 146`` - an Arena-style set code and collector number (ignored);
* ``Sideboard`` (or ``Sideboard:``) on its own line - the following cards are the sideboard;
  ``Deck`` / ``Mainboard`` switch back; ``SB: 2 Duress`` puts one line in the sideboard;
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
}


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    name: str
    line: int


@dataclass(frozen=True, slots=True)
class Decklist:
    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...] = ()

    def main_cards(self) -> tuple[str, ...]:
        """The main deck as one name per physical card, in list order."""
        return tuple(e.name for e in self.main for _ in range(e.count))

    def sideboard_cards(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.sideboard for _ in range(e.count))


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
    main: list[DeckEntry] = []
    side: list[DeckEntry] = []
    section = "main"
    for number, raw_line in enumerate(lines, start=1):
        raw = raw_line.strip()
        if not raw or raw.startswith(("#", "//")):
            continue
        header = raw.rstrip(":").strip().casefold()
        if header in _SECTION:
            section = _SECTION[header]
            continue
        target = side if section == "sideboard" else main
        if raw[:3].casefold() == "sb:":
            raw, target = raw[3:].strip(), side
        count, name = _read_line(raw, number)
        target.append(DeckEntry(count, name, number))
    if not main:
        raise DecklistError("the decklist has no main-deck cards")
    return Decklist(tuple(main), tuple(side))


def check_constructed(deck: Decklist, minimum: int = 60, max_copies: int = 4) -> None:
    """CR 100.2a: a constructed deck has at least 60 cards and at most four copies of any
    card other than basic lands. Raises :class:`DeckCheckError` listing every problem."""
    problems: list[str] = []
    size = sum(e.count for e in deck.main)
    if size < minimum:
        problems.append(f"the main deck has {size} cards; a constructed deck needs at least {minimum} (CR 100.2a)")
    copies: Counter[str] = Counter()
    first_line: dict[str, int] = {}
    for entry in deck.main + deck.sideboard:
        copies[entry.name] += entry.count
        first_line.setdefault(entry.name, entry.line)
    for name, count in copies.items():
        if count > max_copies and not lookup(name).is_basic_land:
            problems.append(
                f"line {first_line[name]}: {count} copies of {name}; at most {max_copies} "
                f"of any card other than basic lands (CR 100.2a)"
            )
    if problems:
        raise DeckCheckError(tuple(problems))
