"""Deck checks that need the full card database: names it does not know (with the closest
names as one-click fixes), cards not legal in the chosen card pool or format, and colour
identity in Commander and Brawl.

These checks run only when the database is loaded (``carddb``); with the built-in catalog
alone an unknown name is allowed and listed, as before. Like the other deck checks they
are skipped when the player ticks "Skip deck checks".

>>> from opening_hand.cards.carddb import CardDatabase, EXAMPLE
>>> from opening_hand.cards.decklist import parse_decklist
>>> from opening_hand.rules.formats import find_format
>>> text = "4 Lightening Bolt (M11) 146\\n2 Fire // Ice"
>>> for problem in card_problems(text, parse_decklist(text), find_format("constructed"), "standard",
...                              CardDatabase.parse(EXAMPLE)):
...     print(problem.line, problem.reason, problem.fixes)
1 no card named “Lightening Bolt” — did you mean Lightning Bolt? (('Lightning Bolt', '4 Lightning Bolt (M11) 146'),)
2 Fire // Ice is not legal in Standard ()
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Protocol

from opening_hand.cards import CardInfo, normalise
from opening_hand.cards.decklist import DeckEntry, Decklist
from opening_hand.errors import LineProblem
from opening_hand.rules.formats import Format

# The card pools a constructed deck can be checked against (Scryfall's format names).
POOLS = {
    "": "Any cards",
    "standard": "Standard",
    "pioneer": "Pioneer",
    "modern": "Modern",
    "legacy": "Legacy",
    "vintage": "Vintage",
    "pauper": "Pauper",
}
MAX_NAME_PROBLEMS = 60  # a list of hundreds of nonsense lines gets the first ones, not a stall


class Database(Protocol):
    def info(self, name: str) -> CardInfo | None: ...
    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]: ...


def pool_for(fmt: Format, pool: str) -> tuple[str, str]:
    """The Scryfall format a deck of ``fmt`` is checked against, and its name ("" for none):
    Commander and Brawl have their own lists; limited decks and the variants use any card."""
    if fmt.brawl:
        return "standardbrawl", "Brawl"
    if fmt.commander:
        return "commander", "Commander"
    if fmt.key == "constructed" and pool in POOLS and pool:
        return pool, POOLS[pool]
    return "", ""


def _entries(deck: Decklist) -> Iterator[DeckEntry]:
    yield from deck.commander + deck.companion + deck.main + deck.sideboard + deck.planar + deck.scheme


def _fixed_line(lines: list[str], entry: DeckEntry, name: str) -> str:
    """Line ``entry.line`` with the typed name replaced by ``name`` (set codes and all kept)."""
    raw = lines[entry.line - 1] if 0 < entry.line <= len(lines) else ""
    at = raw.find(entry.name)
    if at < 0:
        found = re.search(re.escape(entry.name).replace(r"\ ", r"\s+"), raw, re.IGNORECASE)
        if found is None:
            return f"{entry.count} {name}"
        return raw[: found.start()] + name + raw[found.end() :]
    return raw[:at] + name + raw[at + len(entry.name) :]


def _said(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def ambiguous(text: str, deck: Decklist) -> tuple[LineProblem, ...]:
    """A short name several cards have ("Atraxa"): its line, its choices, a fix for each.

    >>> from opening_hand.cards.decklist import parse_decklist
    >>> (found,) = ambiguous("4 Krenko (DDT) 52", parse_decklist("4 Krenko (DDT) 52"))
    >>> print(found)
    Line 1: “Krenko” could be Krenko, Mob Boss or Krenko, Tin Street Kingpin
    >>> found.fixes[0]
    ('Krenko, Mob Boss', '4 Krenko, Mob Boss (DDT) 52')
    """
    lines = text.splitlines()
    by_line = {e.line: e for e in _entries(deck)}
    found = []
    for read in deck.read_as:
        entry = by_line.get(read.line)
        if read.choices and entry is not None:
            fixes = tuple((name, _fixed_line(lines, entry, name)) for name in read.choices)
            found.append(LineProblem(read.line, None, f"“{read.typed}” could be {_said(read.choices)}", fixes))
    return tuple(found)


def card_problems(text: str, deck: Decklist, fmt: Format, pool: str, db: Database) -> tuple[LineProblem, ...]:
    """Every line whose card the database does not know, or may not be played here."""
    lines = text.splitlines()  # as the decklist parser counts them
    short = {p.line: p for p in ambiguous(text, deck)}
    problems: list[LineProblem] = []
    scryfall_format, pool_name = pool_for(fmt, pool)
    identity: set[str] | None = None
    if fmt.commander and deck.commander:
        known = [db.info(e.name) for e in deck.commander]
        if all(info is not None for info in known):
            identity = {c for info in known if info is not None for c in info.colour_identity}
    unknown = 0
    seen: set[str] = set()
    for entry in _entries(deck):
        info = db.info(entry.name)
        if info is None:
            unknown += 1
            if entry.line in short:
                problems.append(short.pop(entry.line))
            elif unknown <= MAX_NAME_PROBLEMS:
                found = db.suggest(entry.name)
                reason = f"no card named “{entry.name}”" + (f" — did you mean {_said(found)}?" if found else "")
                fixes = tuple((name, _fixed_line(lines, entry, name)) for name in found)
                problems.append(LineProblem(entry.line, None, reason, fixes))
            continue
        key = normalise(info.name)
        if key in seen:
            continue
        seen.add(key)
        if scryfall_format and entry not in deck.planar + deck.scheme:
            legality = info.legality(scryfall_format)
            if legality == "banned":
                problems.append(LineProblem(entry.line, None, f"{info.name} is banned in {pool_name}"))
            elif legality == "not_legal":
                problems.append(LineProblem(entry.line, None, f"{info.name} is not legal in {pool_name}"))
            elif legality == "restricted":
                copies = sum(e.count for e in deck.main + deck.commander if normalise(e.name) == key)
                if copies > 1:
                    reason = f"{info.name} is restricted in {pool_name}: at most one copy, not {copies}"
                    problems.append(LineProblem(entry.line, None, reason))
        if identity is not None and entry in deck.main and not set(info.colour_identity) <= identity:
            outside = "".join(c for c in "WUBRG" if c in info.colour_identity and c not in identity)
            reason = f"{info.name} has {outside} in its colour identity, outside the commander's (CR 903.5c)"
            problems.append(LineProblem(entry.line, None, reason))
    if unknown > MAX_NAME_PROBLEMS:
        problems.append(LineProblem(None, None, f"{unknown - MAX_NAME_PROBLEMS} more names not found"))
    return tuple(sorted(problems, key=lambda p: (p.line is None, p.line or 0)))
