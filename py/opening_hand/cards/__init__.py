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
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from opening_hand.cards.mana import ManaFacts, decode

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COLOURS = "WUBRG"
_MANA = "WUBRGC"  # the colours of mana, then colourless (CR 106.1)
BASIC_LAND_COLOURS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}  # CR 305.6
LEGALITY = {"L": "legal", "R": "restricted", "B": "banned", "-": "not_legal"}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card in a game."""

    id: int
    owner: int
    name: str


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the card data knows of a card name: its characteristics while it is in a hand
    or a library (the front face of a double-faced card, CR 712.8a; both halves of a split
    card, CR 709.4). The full database adds the rest (``carddb``); the built-in catalog
    only the first three fields, and ``produces`` for some lands."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    value: float | None = None  # mana value from the database (else computed from mana_cost)
    colour_letters: str | None = None  # colours from the database (colour indicators too)
    identity: str | None = None  # colour identity, CR 903.4
    legal: tuple[tuple[str, str], ...] = ()  # (format, legality letter), see LEGALITY
    hand_modifier: int | None = None  # vanguard, CR 103.5a
    life_modifier: int | None = None  # vanguard, CR 103.4b
    layout: str = "normal"
    full_mana_cost: str = ""  # every face, " // " between them
    full_type_line: str = ""
    produces: str | None = None  # the mana a land can produce, WUBRG then C (Scryfall's produced_mana)
    mana: ManaFacts | None = None  # how it enters, what it adds, what it finds (.mana); None: no facts

    @property
    def known(self) -> bool:
        """Whether the catalog knows this card's type line."""
        return bool(self.type_line)

    @property
    def types(self) -> tuple[str, ...]:
        """Supertypes and card types: the words before the dash of the type line (of both
        halves of a split card, CR 709.4)."""
        found: list[str] = []
        for half in self.type_line.split(" // "):
            found.extend(t for t in half.split("—")[0].split() if t not in found)
        return tuple(found)

    @property
    def subtypes(self) -> tuple[str, ...]:
        found: list[str] = []
        for half in self.type_line.split(" // "):
            parts = half.split("—", 1)
            found.extend(t for t in (parts[1].split() if len(parts) == 2 else ()) if t not in found)
        return tuple(found)

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def land_on_back(self) -> bool:
        """A land on a later face (a modal double-faced card such as Agadeem's Awakening),
        which some players count as a land when building a deck."""
        return any("Land" in face.split("—")[0].split() for face in self.full_type_line.split(" // ")[1:])

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
        """Colours in WUBRG order: the database's, else from the mana cost (CR 202.2)."""
        if self.colour_letters is not None:
            return self.colour_letters
        found: set[str] = set()
        for symbol in _SYMBOL.findall(self.mana_cost):
            found.update(c for c in symbol.upper() if c in _COLOURS)
        return "".join(c for c in _COLOURS if c in found)

    @property
    def colour_identity(self) -> str:
        """CR 903.4: the database's colour identity, else the colours of the mana cost."""
        return self.identity if self.identity is not None else self.colours

    @property
    def mana_sources(self) -> str:
        """The mana a land can produce, colours in WUBRG order then ``C`` for colourless:
        ``produces`` when the card data gives it; else the colours of its basic land types
        (CR 305.6: Plains W, Island U, Swamp B, Mountain R, Forest G); else its colour
        identity when the database gave one; else ``""``, unknown. Meant for lands and for
        cards a player counts as lands (the identity of a non-land says little of mana).

        >>> CardInfo("Sacred Foundry", type_line="Land — Mountain Plains").mana_sources
        'WR'
        >>> CardInfo("Wastes", type_line="Basic Land", produces="C").mana_sources
        'C'
        >>> CardInfo("Homebrew Land", type_line="Land").mana_sources
        ''
        """
        if self.produces is not None:
            return "".join(c for c in _MANA if c in self.produces)
        basic = {BASIC_LAND_COLOURS[t] for t in self.subtypes if t in BASIC_LAND_COLOURS}
        if basic:
            return "".join(c for c in _COLOURS if c in basic)
        return self.identity or ""

    def legality(self, fmt: str) -> str:
        """``legal``, ``restricted``, ``banned`` or ``not_legal`` in a Scryfall format
        (``modern``, ``commander``, ``standardbrawl`` …); ``unknown`` without the database."""
        for name, letter in self.legal:
            if name == fmt:
                return LEGALITY.get(letter, "not_legal")
        return "unknown"

    @property
    def mana_value(self) -> float:
        """CR 202.3: the total amount of mana in the mana cost (X counts as 0); the
        database's figure when there is one (it knows split cards and half-mana Un-cards)."""
        if self.value is not None:
            return int(self.value) if self.value == int(self.value) else self.value
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

    A name of card length is worked out once and remembered (the trainer asks for every card
    of the deck on every click: 7,000 calls for a deck of 1,000 names); longer text is not kept.
    """
    return _normalised(name) if len(name) <= MAX_NAME_KEPT else _normalise(name)


MAX_NAME_KEPT = 200  # characters: the longest card name has 141


@lru_cache(maxsize=4096)  # bounded: the names of a few large decks
def _normalised(name: str) -> str:
    return _normalise(name)


def _normalise(name: str) -> str:
    name = name.replace("\u2019", "'").replace("\u2018", "'")
    # NFKD in pieces of 64 characters: CPython puts a run of combining marks in order with an
    # insertion sort, n * n steps for a run of n, and the marks are dropped below, so their
    # order never matters (each character decomposes on its own).
    decomposed = "".join(unicodedata.normalize("NFKD", name[i : i + 64]) for i in range(0, len(name), 64))
    plain = decomposed
    if not decomposed.isascii():  # drop the combining marks: each different one is looked up once
        marks = [ch for ch in set(decomposed) if unicodedata.combining(ch)]
        if len(marks) <= 8:
            for mark in marks:
                plain = plain.replace(mark, "")
        else:
            dropped = set(marks)
            plain = "".join(ch for ch in decomposed if ch not in dropped)
    return " ".join(plain.casefold().split())


CATALOG_FILE = Path(__file__).with_name("catalog.txt")


def read_catalog(text: str, cast_for: dict[str, str] | None = None) -> dict[str, CardInfo]:
    """The catalog from its data file: one ``Name | mana cost | type line`` per line, with
    an optional fourth column: ``| produces`` for a land, the mana it can produce, letters of
    ``WUBRGC`` (see :attr:`CardInfo.mana_sources`); or ``key=value`` pairs joined by ``;``, as
    a database row's extra field has them (``produces=``, ``layout=`` and the mana facts of
    :mod:`opening_hand.cards.mana`); or, for a card usually cast for another cost (suspend, spectacle),
    ``| cast {R}``, kept in ``cast_for`` by normalised name.

    Each card is found by its normalised name and, for split and double-faced cards, by
    its front face's name too (an exact name always wins over a front face).

    >>> info = read_catalog("Fire // Ice | {1}{R} // {1}{U} | Instant // Instant")["fire"]
    >>> info.name, info.mana_cost, info.type_line, info.produces
    ('Fire // Ice', '{1}{R}', 'Instant', None)
    >>> read_catalog("Inspiring Vantage | | Land | RW")["inspiring vantage"].mana_sources
    'WR'
    >>> read_catalog("Boros Guildgate | | Land — Gate | produces=RW;tapped=1")["boros guildgate"].mana.tapped
    Tapped(unless='', number=0, types=())
    """
    catalog: dict[str, CardInfo] = {}
    fronts: dict[str, CardInfo] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        fourth = parts.pop() if len(parts) == 4 else None
        pairs: dict[str, str] = {}
        if fourth is not None and fourth.startswith("cast ") and len(parts) == 3:
            if cast_for is not None:
                cast_for[normalise(parts[0])] = fourth.removeprefix("cast ").strip()
        elif fourth is not None and "=" in fourth:
            pairs = dict(pair.split("=", 1) for pair in fourth.split(";") if "=" in pair)
        elif fourth is not None:
            pairs = {"produces": fourth}
        produces = pairs.get("produces")
        mana = decode(pairs)
        damaged = mana is not None and mana.unread and "unread" not in pairs  # a value the reader refused
        if len(parts) != 3 or not parts[0] or not set(produces or "") <= set(_MANA) or damaged:
            raise ValueError(
                f"{CATALOG_FILE.name} line {number}: expected 'Name | mana cost | type line' "
                f"(and optionally '| produces' letters of {_MANA}, or key=value pairs of docs/card-data.md)"
            )
        name, cost, type_line = parts
        # The front face decides what the card is while it is in a hand or library.
        info = CardInfo(
            name=name,
            mana_cost=cost.split("//")[0].strip(),
            type_line=type_line.split("//")[0].strip(),
            produces=produces,
            layout=pairs.get("layout", "normal"),
            full_mana_cost=cost if "//" in cost else "",
            full_type_line=type_line if "//" in type_line else "",
            mana=mana,
        )
        catalog[normalise(name)] = info
        if "//" in name:
            fronts.setdefault(normalise(name.split("//")[0]), info)
    return {**fronts, **catalog}


# Cards usually cast for another cost than their mana cost (suspend, spectacle), by normalised
# name: what the trainer's playout pays for them (``goldfish``), whichever card data is in use.
CAST_FOR: dict[str, str] = {}
CATALOG: dict[str, CardInfo] = read_catalog(CATALOG_FILE.read_text(encoding="utf-8"), CAST_FOR)


class CardSource(Protocol):
    """Card data beyond the catalog: the full database (``carddb.CardDatabase``), or the cards
    looked up on Scryfall while there is none."""

    def info_by_key(self, key: str) -> CardInfo | None: ...


@dataclass(frozen=True, slots=True)
class CardPool:
    """The card data a reading uses, as a value: the full database, the cards looked up on
    Scryfall (``extra``, consulted after it), and behind both the built-in catalog. (Not a
    format's pool of legal cards, ``cardcheck.POOLS``: every card the data knows is in it.)

    Two pools are equal when they hold the same sources at the same ``revision``: the holder
    of a pool whose sources gained cards (``CardDatabase.add_rows``) gives the next revision
    (:meth:`changed`), so a cache keyed on the pool reads the cards again.

    >>> pool = CardPool()
    >>> pool.lookup("lightning bolt").name, pool.is_land("Mountain"), pool.database is None
    ('Lightning Bolt', True, True)
    >>> pool.changed() == pool, pool.changed().revision
    (False, 1)
    """

    database: CardSource | None = None
    extra: CardSource | None = None  # cards looked up on Scryfall, used after the full database
    revision: int = 0

    def with_database(self, database: CardSource | None) -> CardPool:
        """This pool with ``database`` as its full database (None: none), at the next revision."""
        return CardPool(database, self.extra, self.revision + 1)

    def with_extra(self, extra: CardSource | None) -> CardPool:
        """This pool with ``extra`` as its looked-up cards (None: none), at the next revision."""
        return CardPool(self.database, extra, self.revision + 1)

    def changed(self) -> CardPool:
        """The same sources at the next revision: cards were added to one of them."""
        return CardPool(self.database, self.extra, self.revision + 1)

    def find(self, key: str) -> CardInfo | None:
        """The card whose lookup key (:func:`normalise`) is ``key``, or None."""
        for source in (self.database, self.extra):
            if source is not None and (found := source.info_by_key(key)) is not None:
                return found
        return CATALOG.get(key)

    def lookup(self, name: str) -> CardInfo:
        """What the card data knows of ``name``, or a plain card of unknown type named as typed."""
        return self.find(normalise(name)) or CardInfo(name=name.strip())

    def canonical_name(self, name: str) -> str:
        """The card data's spelling of a known name; an unknown name as typed (spacing tidied)."""
        info = self.find(normalise(name))
        return info.name if info else " ".join(name.split())

    def is_land(self, name: str) -> bool:
        return self.lookup(name).is_land

    def read_name(self, name: str) -> NameReading:
        """Read a name as a player typed it (see :func:`read_name`)."""
        tidy = " ".join(name.split())
        key = normalise(tidy)
        info = self.find(key)
        if info is not None:
            return NameReading(info.name, _how(tidy, info.name))
        if key.startswith("a-") and (paper := self.find(key[2:])) is not None:
            return NameReading(paper.name, "the paper card of an Arena (A-) name")
        choices: list[str] = []
        for source in (self.database, self.extra):
            found = getattr(source, "short_names", None)
            if callable(found):
                choices.extend(c for c in found(key) if c not in choices)
        if self.database is None:
            choices.extend(c for c in _catalog_short_names(key) if c not in choices)
        if len(choices) == 1:
            return NameReading(choices[0], "a short name")
        return NameReading(tidy, "", tuple(sorted(choices)))


# The one default: the pool of a call given none (scripts and tests set it with use_database).
_default = [CardPool()]


def default_pool() -> CardPool:
    """The pool used when none is given: the built-in catalog, or what :func:`use_database`
    and :func:`use_extra` installed."""
    return _default[0]


def in_use(pool: CardPool | None) -> CardPool:
    """``pool``, or the default pool when it is None."""
    return pool if pool is not None else _default[0]


def use_database(database: CardSource | None) -> None:
    """Make ``database`` the default pool's full database (None: the built-in catalog only).

    For scripts and tests: the page holds the pool it loaded and passes it."""
    _default[0] = _default[0].with_database(database)


def use_extra(source: CardSource | None) -> None:
    """Make ``source`` the default pool's looked-up cards (None: none)."""
    _default[0] = _default[0].with_extra(source)


def database(pool: CardPool | None = None) -> CardSource | None:
    return in_use(pool).database


def lookup(name: str, pool: CardPool | None = None) -> CardInfo:
    """What the card data (``pool``, else the default) knows of ``name``, or a plain card of
    unknown type named as typed."""
    return in_use(pool).lookup(name)


def canonical_name(name: str, pool: CardPool | None = None) -> str:
    """The card data's spelling of a known name; an unknown name as typed (spacing tidied)."""
    return in_use(pool).canonical_name(name)


def is_land(name: str, pool: CardPool | None = None) -> bool:
    return in_use(pool).is_land(name)


# --- names as players type them -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NameReading:
    """How a typed name was read: the card's name and, when it differs from what was typed by
    more than case and spacing, why (``how``); an ambiguous short name keeps the name as typed
    and lists the cards it could be (``choices``)."""

    name: str
    how: str = ""  # "", "a short name", "a face's name", "the front face's name", "accents and apostrophes", ...
    choices: tuple[str, ...] = ()


def short_name(name: str, type_line: str) -> str | None:
    """The short name players give a legendary card: its name before the first comma
    ("Ragavan" for Ragavan, Nimble Pilferer; "Urborg" for Urborg, Tomb of Yawgmoth), else
    before " of " ("Lurrus" for Lurrus of the Dream-Den); None for other cards.

    >>> short_name("Ragavan, Nimble Pilferer", "Legendary Creature — Monkey Pirate")
    'Ragavan'
    >>> short_name("Lurrus of the Dream-Den", "Legendary Creature — Cat Nightmare")
    'Lurrus'
    >>> short_name("Path to Exile", "Instant") is None
    True
    """
    front, front_type = name.split(" // ")[0], type_line.split(" // ")[0]
    if "Legendary" not in front_type.split("—")[0].split():
        return None
    for mark in (",", " of "):
        if mark in front:
            short = front.split(mark)[0].strip()
            return short if len(short) >= 3 else None
    return None


class ShortNames(Protocol):
    def short_names(self, key: str) -> tuple[str, ...]: ...


_catalog_short: dict[str, tuple[str, ...]] = {}


def _catalog_short_names(key: str) -> tuple[str, ...]:
    if not _catalog_short:
        found: dict[str, list[str]] = {}
        for info in CATALOG.values():
            short = short_name(info.name, info.full_type_line or info.type_line)
            if short and info.name not in found.setdefault(normalise(short), []):
                found[normalise(short)].append(info.name)
        _catalog_short.update({k: tuple(v) for k, v in found.items()})
        _catalog_short.setdefault("", ())
    return _catalog_short.get(key, ())


def _how(typed: str, name: str) -> str:
    """Why ``typed`` reads as the card ``name`` ("" when it is the name but for case and spacing)."""
    if typed.casefold() == name.casefold():
        return ""
    key = normalise(typed)
    if key == normalise(name):
        return "accents and apostrophes"
    faces = [normalise(face) for face in name.split(" // ")]
    if key == faces[0]:
        return "the front face's name"
    if key in faces:
        return "a face's name"
    return "another spelling"


def read_name(name: str, pool: CardPool | None = None) -> NameReading:
    """Read a name as a player typed it: the exact name (any case, accents, curly apostrophes
    or spacing), a face's name, Arena's ``A-`` name of a card rebalanced for Alchemy (the
    paper card, when the data lacks the rebalanced one), or a legendary card's short name
    when exactly one card has it. Nothing is guessed silently: ``how`` says why a name was
    read as another, and an ambiguous short name is left as typed, with its ``choices``.

    >>> read_name("fire"), read_name("LIM-DUL’S VAULT").how
    (NameReading(name='Fire // Ice', how="the front face's name", choices=()), 'accents and apostrophes')
    >>> read_name("A-Lightning Bolt"), read_name("Nothing Like It").name
    (NameReading(name='Lightning Bolt', how='the paper card of an Arena (A-) name', choices=()), 'Nothing Like It')
    """
    return in_use(pool).read_name(name)
