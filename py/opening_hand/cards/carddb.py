"""The full card database: every card Scryfall knows, read from the compact text the build
script writes (``scripts/build/cards.py``; the format is in ``docs/card-data.md``).

Reading is cheap: the text is split into rows and only the names are indexed; a row is
turned into a :class:`~opening_hand.cards.CardInfo` the first time it is asked for. Name
suggestions use an index of names by their ends, built on the first misspelt name.

>>> db = CardDatabase.parse(EXAMPLE)
>>> db.count, db.updated
(3, '2026-11-20')
>>> info = db.info("fire")
>>> info.name, info.mana_cost, info.mana_value, info.colours, info.legality("modern")
('Fire // Ice', '{1}{R} // {1}{U}', 4, 'UR', 'legal')
>>> db.info("sunbaked canyon").mana_sources  # the extra field's produces= pair
'WR'
>>> db.suggest("Lightening Bolt")
('Lightning Bolt',)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from opening_hand.cards import CardInfo, normalise, short_name
from opening_hand.cards.mana import decode

MAGIC = "opening-hand-cards"
TEXT_MAGIC = "opening-hand-text"
VERSION = "1"
SINGLE_FACE_IN_HAND = {"split"}  # CR 709.4: a split card has both halves' characteristics in a hand
CUTOFF = 0.75  # how alike a suggestion must be (difflib's ratio)
CLOSE = 0.85  # a match this close ends the search
MAX_ROW = 2000  # characters: a card's row is well under 200
PRODUCES = "WUBRGC"  # the letters of a land's produces= pair, in this order

EXAMPLE = (
    "opening-hand-cards\t1\t2026-11-20\t3\tstandard,modern\n"
    "Fire // Ice\t{1}{R} // {1}{U}\t4\tInstant // Instant\tUR\tUR\t-L\tlayout=split\n"
    "Lightning Bolt\t{R}\t1\tInstant\tR\tR\t-L\t\n"
    "Sunbaked Canyon\t\t0\tLand\t\tWR\t-L\tproduces=WR\n"
)


EXAMPLE_LEGENDS = (
    "opening-hand-cards\t1\t2026-11-20\t3\tstandard,modern\n"
    "Atraxa, Grand Unifier\t{3}{G}{W}{U}{B}\t7\tLegendary Creature — Phyrexian Angel\tWUBG\tWUBG\t-L\t\n"
    "Atraxa, Praetors' Voice\t{G}{W}{U}{B}\t4\tLegendary Creature — Phyrexian Angel Horror\tWUBG\tWUBG\t-L\t\n"
    "Ragavan, Nimble Pilferer\t{R}\t1\tLegendary Creature — Monkey Pirate\tR\tR\t-L\t\n"
)


class CardDataError(ValueError):
    """The database text is not in the format this version reads."""


@dataclass(frozen=True, slots=True)
class Header:
    updated: str
    count: int
    formats: tuple[str, ...]


def _header(line: str, magic: str) -> list[str]:
    parts = line.split("\t")
    if len(parts) < 4 or parts[0] != magic:
        raise CardDataError("not an Opening Hand card database")
    if parts[1] != VERSION:
        raise CardDataError(f"card database format {parts[1][:10]!r}; this page reads format {VERSION}")
    if not parts[3].isdigit() or not parts[3].isascii() or len(parts[3]) > 7:
        raise CardDataError("the card database's header has no card count")
    return parts


def _key(name: str) -> str:
    """normalise(), with a fast path for the plain ASCII names nearly every card has."""
    if name.isascii() and "  " not in name:
        return name.lower()
    return normalise(name)


class CardDatabase:
    """Every card of the database, found by any of its names (see :func:`cards.normalise`)."""

    def __init__(self, header: Header, rows: list[str]) -> None:
        self.updated = header.updated
        self.count = header.count
        self.formats = header.formats
        self._rows = rows
        self._index: dict[str, int] = {}
        self._names: list[str] = []  # display names, one per row
        for number, row in enumerate(rows):
            name = row[: row.find("\t")]
            self._names.append(name)
            self._index.setdefault(_key(name), number)
        for number, name in enumerate(self._names):
            if " // " in name:  # every face's name finds the card; a card's own name wins
                for face in name.split(" // "):
                    self._index.setdefault(_key(face), number)
        self._infos: dict[int, CardInfo] = {}
        self._text: dict[str, str] | None = None
        self._starts: dict[str, list[int]] | None = None  # for suggestions, built on first use
        self._ends: dict[str, list[int]] | None = None
        self._keys: list[str] = []  # every spelling (names and face names) ...
        self._key_names: list[str] = []  # ... and the card each one names
        self._short: dict[str, list[int]] | None = None  # legendary cards by short name, built on first use

    @classmethod
    def parse(cls, text: str) -> CardDatabase:
        """Read the database text; raises :class:`CardDataError` when it is not one, or is
        cut short (fewer rows than its header counts)."""
        head, _, body = text.partition("\n")
        parts = _header(head, MAGIC)
        if len(parts) < 5:
            raise CardDataError("the card database's header lists no formats")
        header = Header(parts[2][:40], int(parts[3]), tuple(parts[4].split(",")))
        rows = body.split("\n")
        if rows and not rows[-1]:
            rows.pop()
        if len(rows) != header.count:
            raise CardDataError(f"the card database is incomplete: {len(rows)} of {header.count} cards")
        for row in (rows[0], rows[-1]) if rows else ():
            if row.count("\t") != 7:
                raise CardDataError("the card database has a damaged row")
        return cls(header, rows)

    def __len__(self) -> int:
        return len(self._rows)

    def add_rows(self, rows: Iterable[str], formats: tuple[str, ...] | None = None) -> list[str]:
        r"""Add cards the database does not have (rows in its own format, with legalities in the
        order of ``formats``, the database's by default): found like the others, by their
        name and every face's name. A malformed row, or a card the database already knows by
        its name, is left out. The names added.

        >>> db = CardDatabase.parse(EXAMPLE)
        >>> db.add_rows(["Bolt // Fire\t{R} // {1}{R}\t1\tInstant // Instant\tR\tR\tLL\tlayout=split",
        ...              "Lightning Bolt\t{R}\t1\tInstant\tR\tR\t-L\t", "broken"], ("modern", "standard"))
        ['Bolt // Fire']
        >>> info = db.info("fire")  # the database's own Fire // Ice still wins its face name
        >>> info.name, db.info("bolt").name, db.info("bolt").legality("standard"), len(db)
        ('Fire // Ice', 'Bolt // Fire', 'legal', 4)
        """
        order = formats if formats is not None else self.formats
        remap = [order.index(name) if name in order else -1 for name in self.formats]
        added: list[str] = []
        for row in rows:
            if not is_row(row):
                continue
            fields = row.split("\t")
            if _key(fields[0]) in self._index:
                continue
            if order != self.formats:
                legal = fields[6]
                fields[6] = "".join(legal[n] if 0 <= n < len(legal) else "-" for n in remap)
            number = len(self._rows)
            self._rows.append("\t".join(fields))
            self._names.append(fields[0])
            self._index[_key(fields[0])] = number
            for face in fields[0].split(" // ") if " // " in fields[0] else ():
                self._index.setdefault(_key(face), number)
            added.append(fields[0])
        if added:  # the suggestions' and short names' indexes are built again when next needed
            self._starts = self._ends = None
            self._keys, self._key_names = [], []
            self._short = None
        return added

    def short_names(self, key: str) -> tuple[str, ...]:
        """The legendary cards whose short name (:func:`cards.short_name`) has this lookup key.

        >>> CardDatabase.parse(EXAMPLE_LEGENDS).short_names("ragavan")
        ('Ragavan, Nimble Pilferer',)
        >>> CardDatabase.parse(EXAMPLE_LEGENDS).short_names("atraxa")
        ('Atraxa, Grand Unifier', "Atraxa, Praetors' Voice")
        """
        if self._short is None:
            found: dict[str, list[int]] = {}
            for number, row in enumerate(self._rows):
                fields = row.split("\t", 4)
                if len(fields) > 3 and "Legendary" in fields[3] and (short := short_name(fields[0], fields[3])):
                    found.setdefault(_key(short), []).append(number)
            self._short = found
        return tuple(sorted({self._names[n] for n in self._short.get(key, ())}))

    def info(self, name: str) -> CardInfo | None:
        """The card called ``name`` (any face, any case or accents), or None."""
        return self.info_by_key(normalise(name))

    def info_by_key(self, key: str) -> CardInfo | None:
        number = self._index.get(key)
        if number is None:
            return None
        info = self._infos.get(number)
        if info is None:
            info = self._infos[number] = self._read(self._rows[number])
        return info

    def _read(self, row: str) -> CardInfo:
        fields = row.split("\t")
        if len(fields) != 8:
            return CardInfo(name=fields[0])
        name, cost, value, type_line, colours, identity, legal, extra = fields
        pairs = dict(p.split("=", 1) for p in extra.split(";") if "=" in p)
        layout = pairs.get("layout", "normal")
        in_hand_cost, in_hand_type = cost, type_line
        if layout not in SINGLE_FACE_IN_HAND:  # CR 712.8a and friends: the front face only
            in_hand_cost, in_hand_type = cost.split(" // ")[0], type_line.split(" // ")[0]
        return CardInfo(
            name=name,
            mana_cost=in_hand_cost,
            type_line=in_hand_type,
            value=_number(value),
            colour_letters=colours,
            identity=identity,
            legal=tuple(zip(self.formats, legal, strict=False)),
            hand_modifier=_modifier(pairs.get("hand")),
            life_modifier=_modifier(pairs.get("life")),
            layout=layout,
            full_mana_cost=cost,
            full_type_line=type_line,
            produces=_produces(pairs.get("produces")),
            mana=decode(pairs),
        )

    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """Up to ``limit`` card names close to ``name``, the closest first.

        Candidates are the names (and face names) of about the same length that begin with
        the same three letters or end with the same three letters, so a typo anywhere but at
        both ends is found; difflib ranks them. Those that share both ends are tried first:
        when one of them is a near match, the rest are not looked at."""
        key = normalise(name)
        if not key:
            return ()
        starts, ends = self._buckets()
        first, last = starts.get(key[:3], []), ends.get(key[-3:], [])
        both = set(first).intersection(last)
        ranked: dict[str, float] = {}
        self._rank(key, both, ranked)
        if not ranked or max(ranked.values()) < CLOSE:
            self._rank(key, set(first).union(last) - both, ranked)
        return tuple(sorted(ranked, key=lambda card: (-ranked[card], card))[:limit])

    def _rank(self, key: str, candidates: set[int], ranked: dict[str, float]) -> None:
        import difflib  # only for a misspelt name: not on start-up's path

        near = max(3, len(key) // 4)
        matcher = difflib.SequenceMatcher(None, b=key, autojunk=False)
        for number in candidates:
            spelled = self._keys[number]
            if abs(len(spelled) - len(key)) > near:
                continue
            matcher.set_seq1(spelled)
            if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
                ratio = matcher.ratio()
                card = self._key_names[number]
                if ratio >= CUTOFF and ratio > ranked.get(card, 0.0):
                    ranked[card] = ratio

    def _buckets(self) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """Every name and face name by its first three letters and its last three, built once."""
        if self._starts is None or self._ends is None:
            starts: dict[str, list[int]] = {}
            ends: dict[str, list[int]] = {}
            for name in self._names:
                for spelled in (name, *name.split(" // ")) if " // " in name else (name,):
                    key = _key(spelled)
                    number = len(self._keys)
                    self._keys.append(key)
                    self._key_names.append(name)
                    starts.setdefault(key[:3], []).append(number)
                    ends.setdefault(key[-3:], []).append(number)
            self._starts, self._ends = starts, ends
        return self._starts, self._ends

    # Oracle text: a second file, read only when a card's text is wanted.

    @property
    def has_text(self) -> bool:
        return self._text is not None

    def add_text(self, text: str) -> None:
        """Read the oracle-text file (``text-<hash>.txt.gz``); raises :class:`CardDataError`."""
        head, _, body = text.partition("\n")
        _header(head, TEXT_MAGIC)
        found: dict[str, str] = {}
        for row in body.split("\n"):
            name, tab, escaped = row.partition("\t")
            if tab:
                found[_key(name)] = escaped
        self._text = found

    def oracle_text(self, name: str) -> str | None:
        """The card's rules text (faces separated by a line ``//``), once the text is read."""
        if self._text is None:
            return None
        info = self.info(name)
        escaped = self._text.get(_key(info.name)) if info else None
        return None if escaped is None else _unescape(escaped)


def is_row(row: object) -> bool:
    """Whether ``row`` is one database row: eight fields, a name, and no line break or absurd size."""
    return (
        isinstance(row, str)
        and 0 < len(row) <= MAX_ROW
        and row.count("\t") == 7
        and not row.startswith(("\t", " "))
        and len(row.splitlines()) == 1
    )


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) < 1e6 else None  # not NaN, not absurd


def _produces(text: str | None) -> str | None:
    """A land's ``produces`` letters in WUBRGC order (others dropped); None when absent.

    >>> _produces("RW"), _produces("GCx"), _produces(None)
    ('WR', 'GC', None)
    """
    if text is None:
        return None
    return "".join(c for c in PRODUCES if c in text)


def _modifier(text: str | None) -> int | None:
    if not text:
        return None
    body = text.lstrip("+-")
    if not body.isdigit() or not body.isascii() or len(body) > 3:
        return None
    return -int(body) if text.startswith("-") else int(body)


def _unescape(text: str) -> str:
    r"""``\n`` is a newline and ``\\`` a backslash (docs/card-data.md).

    >>> _unescape(r"a\nb \\n")
    'a\nb \\n'
    """
    return "\\".join(part.replace("\\n", "\n") for part in text.split("\\\\"))
