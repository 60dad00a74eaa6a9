"""Reading the decklists players paste or open, from every common source.

Detected automatically:

* **plain lines**: ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``Lightning Bolt`` (one
  copy); ``SB: 2 Duress`` puts one line in the sideboard; with no section headers at all,
  a list in exactly two blocks separated by a blank line, the second one smaller, is a
  main deck and a sideboard (the MTGO and MTGGoldfish text exports);
* **Arena exports**: ``About`` / ``Name …`` (ignored), ``Commander``, ``Companion``,
  ``Deck``, ``Sideboard`` headers; ``4 Lightning Bolt (M11) 146``: the set code and
  collector number (``146p``, ``SLD-123``, ``★``) are dropped;
* **Moxfield, Archidekt, MTGGoldfish** text with category headers (``Creatures (12)``,
  ``Lands (24)``, ``Ramp (10)``): headers naming a card type are kept as type hints;
  foil markers (``*F*``, ``*E*``), Archidekt's ``[Category]`` tags and ``^Tag^`` labels
  are dropped;
* **MTGO .dek** XML (``<Cards Quantity="4" Sideboard="false" Name="…"/>``) and
  **Cockatrice .cod** XML (``<zone name="main"><card number="4" name="…"/>``), read with
  the standard library's expat parser; DTDs and entity declarations are refused.

Section headers: ``Sideboard``, ``Commander``, ``Companion``, ``Planar deck`` / ``Planes``,
``Scheme deck`` / ``Schemes``, ``Stickers`` / ``Sticker sheets`` (CR 103.2d), ``Maybeboard`` /
``Considering`` / ``Tokens`` (ignored); ``Deck`` / ``Mainboard`` switch back. Split and
double-faced names are written ``Fire // Ice`` (``Fire/Ice`` is read the same); case, accents
and spacing of known names do not matter. ``# comment`` and ``// comment`` lines are ignored.

Every line that cannot be read is reported, with its number and text, in one
:class:`DecklistError`; or, when the player asks, skipped and listed on the result. The
text itself is never changed: the parser only reads it.

Limits, so that no paste, file or shared link can stall the page: at most 2,000 lines
(``MAX_LINES``) and 1,000 cards in all (``MAX_CARDS``); a card name of at most 150
characters (``MAX_NAME_LENGTH``) and 250 copies on a line; a line of at most 500
characters (``MAX_LINE_CHARS``, not counting the spaces around it: a longer one is
reported at its number before anything else reads it; comment lines are skipped at any
length); an XML deck file of at most 1,000,000 characters, 2,100 elements and 8 levels of
nesting (a deck file has 3). Within those limits the time
to read a list grows linearly with its length: no pattern here is tried again at every
position of a line (the ones anchored at the end of a line are matched once, on the line
read backwards). Lone surrogates (U+D800 to U+DFFF), which a browser can hand over, are
read as U+FFFD.

>>> deck = parse_decklist("4 Lightning Bolt\\n2x Mountain\\nSideboard\\n1 Duress")
>>> [(e.count, e.name) for e in deck.main], [(e.count, e.name) for e in deck.sideboard]
([(4, 'Lightning Bolt'), (2, 'Mountain')], [(1, 'Duress')])
>>> print(to_arena(deck), end="")
Deck
4 Lightning Bolt
2 Mountain
<BLANKLINE>
Sideboard
1 Duress
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from xml.parsers import expat

from opening_hand.cards import CardPool, NameReading, in_use
from opening_hand.errors import DeckCheckError, DecklistError, LineProblem
from opening_hand.rules.formats import Format, find_format

MAX_COPIES_PER_LINE = 250
MAX_NAME_LENGTH = 150
MAX_LINE_CHARS = 500  # a name of 150 characters, a count, set code, collector number, foil markers and tags fit
MAX_LINES = 2000
MAX_CARDS = 1000  # in all sections together: the largest real decks (Battle of Wits) hold a few hundred
MAX_XML_CHARS = 1_000_000
MAX_XML_DEPTH = 8  # a deck file is 3 levels deep (<cockatrice_carddeck><zone><card>, <Deck><Cards>)
MAX_XML_ELEMENTS = MAX_LINES + 100  # as many cards as a typed list has lines, and the file's own elements
SHOWN = 60  # characters of a bad line quoted back

# Every pattern runs in time linear in its line. A pattern anchored at the end of a line
# (``...$``) is not searched for, since a search tries it again at every position and a line
# of n spaces then costs n * n steps: it is matched once at the start of the line read
# backwards (``_REVERSED_*``: the pattern written right to left, ``_cut_end``). ``*+`` and
# ``++`` (Python 3.11+) are possessive: they never give back what they matched. Never on a
# group: Python 3.11.0-3.11.3 could end a possessive group's repeat partway into a failed
# try (``Sol Ring ** *FOILED* *E*`` lost its last ``*``); a plain ``+`` there is as linear,
# since nothing follows the group to make it give back.
_COUNT = re.compile(r"^(\d+)\s*[xX]?\s+(.*)$")
_BARE_COUNT = re.compile(r"^\d+\s*[xX]?$")
# The end of a line, right to left: `` (M11) 146``, `` [M11]``; what is left is the card name.
_REVERSED_SET_CODE = re.compile(r"(?:[^\s()]++\s++)?[)\]][A-Za-z0-9]{2,6}[(\[]\s++")
# `` *F*``, `` [Ramp,Artifact]``, `` ^Tag,#37d67a^``, any number of them, right to left.
_REVERSED_MARKERS = re.compile(r"(?:(?:\*[A-Za-z]{1,5}\*|\][^\[\]]*+\[|\^[^^]*+\^)\s++)+")
# A header's count, right to left: ``Creatures (12)``, ``Sideboard: 15``, ``Sideboard:``.
_REVERSED_HEADER_COUNT = re.compile(r"(?:\)\d++\(|\d++\s*+:|:)\s*+")
_REVERSED_CATEGORY_COUNT = re.compile(r"\)\d++\(")  # "Ramp (10)"
_TAG = re.compile(r"\[([^\[\]]*)\]")
_ALNUM = re.compile(r"[^\W_]")  # a character for which str.isalnum() is true
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_LINK = re.compile(r"^(?:[a-z][a-z0-9+.-]{0,15}://|www\.)", re.IGNORECASE)
_NEGATIVE = re.compile(r"^[-\u2212\u2013]\s*\d")
_XML = re.compile(r"\s*+<(?:\?xml|[A-Za-z])")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
NUMBER_WORDS = {
    word: n for n, word in enumerate((
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ))
}  # fmt: skip
LINK_ADVICE = "deck links cannot be opened here: export the list as text and paste it"
_SECTION = {
    "sideboard": "sideboard", "side": "sideboard", "side board": "sideboard",
    "deck": "main", "main": "main", "maindeck": "main", "mainboard": "main", "main deck": "main",
    "commander": "commander", "commanders": "commander",
    "companion": "companion", "companions": "companion",
    "planar deck": "planar", "planes": "planar",
    "scheme deck": "scheme", "schemes": "scheme",
    "stickers": "stickers", "sticker sheets": "stickers", "sticker sheet": "stickers",
    "maybeboard": "maybe", "maybe": "maybe", "considering": "maybe", "tokens": "maybe", "token": "maybe",
    "about": "about",
}  # fmt: skip
_TYPE_HEADERS = {
    "creature": "Creature", "creatures": "Creature", "land": "Land", "lands": "Land",
    "instant": "Instant", "instants": "Instant", "sorcery": "Sorcery", "sorceries": "Sorcery",
    "artifact": "Artifact", "artifacts": "Artifact", "enchantment": "Enchantment", "enchantments": "Enchantment",
    "planeswalker": "Planeswalker", "planeswalkers": "Planeswalker", "battle": "Battle", "battles": "Battle",
}  # fmt: skip
_ARENA_ONLY = {"deck", "about"}
SOURCES = ("text", "arena", "categories", "mtgo", "cockatrice")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    name: str
    line: int


@dataclass(frozen=True, slots=True)
class ReadAs:
    """A name read as another card's (``how`` says why), or a short name that could be
    several cards (``choices``; the name is left as typed). Shown to the player: nothing is
    guessed silently."""

    line: int
    typed: str
    name: str
    how: str = ""
    choices: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.choices:
            shown = ", ".join(self.choices[:-1]) + " or " + self.choices[-1]
            return f"Line {self.line}: “{self.typed}” could be {shown}"
        return f"Line {self.line}: “{self.typed}” read as {self.name} ({self.how})"


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
    stickers: tuple[DeckEntry, ...] = ()  # sticker sheets (CR 103.2d), outside the deck
    source: str = "text"  # what was detected: one of SOURCES
    type_hints: tuple[tuple[str, str], ...] = ()  # (card name, card type) from category headers
    skipped: tuple[LineProblem, ...] = ()  # lines left out because the player chose to skip them
    read_as: tuple[ReadAs, ...] = ()  # names read as another card's, and ambiguous short names

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

    def sticker_sheets(self) -> tuple[str, ...]:
        return _expand(self.stickers)


def _shown(raw: str) -> str:
    return raw if len(raw) <= SHOWN else raw[:SHOWN] + "…"


def _cut_end(line: str, reversed_end: re.Pattern[str]) -> str:
    """``line`` without the longest end that ``reversed_end`` matches when read right to left
    (``line`` is one line: it holds no line break).

    >>> _cut_end("4 Lightning Bolt (M11) 146", _REVERSED_SET_CODE)
    '4 Lightning Bolt'
    >>> _cut_end("Sol Ring *F* [Ramp] ^Have,#37d67a^", _REVERSED_MARKERS)
    'Sol Ring'
    """
    found = reversed_end.match(line[::-1])
    return line[: len(line) - found.end()] if found else line


def _slashes(name: str) -> str:
    """``Fire/Ice``, ``Fire // Ice``, ``Fire ///  Ice`` all read ``Fire // Ice``: one or more
    slashes and the spaces around them make one separator.

    >>> _slashes(" Who/ What //When /")
    'Who // What // When'
    """
    return " // ".join(filter(None, map(str.strip, name.split("/"))))


def _clean_name(name: str, number: int, raw: str, pool: CardPool) -> NameReading:
    """The card name as the card data spells it (and how it was read), or as typed with its
    spacing tidied."""
    if "/" in name:
        name = _slashes(name)
    name = name.strip()
    if not name:
        raise DecklistError("no card name", number, _shown(raw))
    if len(name) > MAX_NAME_LENGTH:
        raise DecklistError(f"card name longer than {MAX_NAME_LENGTH} characters", number, _shown(raw))
    if _CONTROL.search(name):
        raise DecklistError("control characters in a card name", number, None)
    return pool.read_name(name)


def _check_count(count: int, number: int, raw: str) -> None:
    if count < 1:
        raise DecklistError("quantity must be at least 1", number, _shown(raw))
    if count > MAX_COPIES_PER_LINE:
        raise DecklistError(f"quantity must be at most {MAX_COPIES_PER_LINE}", number, _shown(raw))


def _not_a_card_line(raw: str, number: int) -> None:
    """Lines that cannot be card lines at all: a link, a negative quantity, symbols only."""
    if _LINK.match(raw):
        raise DecklistError(LINK_ADVICE, number, _shown(raw))
    if _NEGATIVE.match(raw):
        raise DecklistError("a quantity cannot be negative", number, _shown(raw))
    if _ALNUM.search(raw) is None:
        raise DecklistError("not a card line: no card name, only symbols", number, _shown(raw))


def _spelled_count(raw: str, number: int, pool: CardPool) -> None:
    """``four Monastery Swiftspear``: a quantity written as a word, in front of a known card
    (a card whose own name begins with a number word, such as Seven Dwarves, is left alone;
    a name too long to be a card's is reported as such by :func:`_clean_name`).

    >>> _spelled_count("four Lightning Bolt (M11) 146 *F*", 3, CardPool())
    Traceback (most recent call last):
    ...
    opening_hand.errors.DecklistError: Line 3: write the quantity as a number: 4 Lightning Bolt (M11) 146 *F* (...)
    >>> _spelled_count("four Lightning" + " " * 200 + "Bolt", 1, CardPool())  # too long: no card is looked up
    """
    word, _, rest = raw.partition(" ")
    count = NUMBER_WORDS.get(word.casefold())
    if count is None or not rest.strip():
        return
    name = _cut_end(_cut_end(rest.strip(), _REVERSED_MARKERS), _REVERSED_SET_CODE)
    if len(_slashes(name)) > MAX_NAME_LENGTH or not pool.lookup(name).known or pool.lookup(f"{word} {name}").known:
        return
    fixed = f"{count} {rest.strip()}"
    raise DecklistError(f"write the quantity as a number: {fixed}", number, _shown(raw), fixes=((fixed, fixed),))


def _read_line(raw: str, number: int, pool: CardPool) -> tuple[int, NameReading, bool, str]:
    """(count, name as read, had a set code, name as typed) of one card line."""
    _not_a_card_line(raw, number)
    match = _COUNT.match(raw)
    if match:
        count, name = int(match.group(1)), match.group(2).strip()
        if not name:
            raise DecklistError("a quantity needs a card name after it", number, _shown(raw))
        _check_count(count, number, raw)
    elif _BARE_COUNT.match(raw):
        raise DecklistError("a quantity needs a card name after it", number, _shown(raw))
    else:
        _spelled_count(raw, number, pool)
        count, name = 1, raw
    if _LINK.match(name):
        raise DecklistError(LINK_ADVICE, number, _shown(raw))
    name = _cut_end(name, _REVERSED_MARKERS)
    bare = _cut_end(name, _REVERSED_SET_CODE)
    return count, _clean_name(bare, number, raw, pool), bare != name, " ".join(bare.split())


def _header(raw: str) -> tuple[str, str | None, bool] | None:
    """For a header line: (section, type hint, is a category header); else None."""
    if _COUNT.match(raw) or raw[:3].casefold() == "sb:":
        return None
    words = _header_words(raw)
    if words in _SECTION:
        return _SECTION[words], None, False
    if words in _TYPE_HEADERS:
        return "main", _TYPE_HEADERS[words], True
    if _REVERSED_CATEGORY_COUNT.match(raw[::-1]):  # a custom category: "Ramp (10)"
        return "main", None, True
    return None


def _header_words(raw: str) -> str:
    """A header line without its count, for looking up: ``Sideboard: 15`` reads ``sideboard``."""
    return _cut_end(raw, _REVERSED_HEADER_COUNT).strip().casefold()


@dataclass
class _Reading:
    """What a parse collects before it becomes a :class:`Decklist`."""

    sections: dict[str, list[DeckEntry]]
    problems: list[LineProblem]
    hints: dict[str, str]
    source: str = "text"
    read_as: list[ReadAs] = field(default_factory=list)

    @classmethod
    def new(cls, source: str = "text") -> _Reading:
        return cls({key: [] for key in set(_SECTION.values())}, [], {}, source)

    def add(
        self, section: str, count: int, read: NameReading, line: int, hint: str | None = None, typed: str = ""
    ) -> None:
        name = read.name
        if (read.how or read.choices) and section != "maybe":
            self.read_as.append(ReadAs(line, typed or name, "" if read.choices else name, read.how, read.choices))
        self.sections[section].append(DeckEntry(count, name, line))
        if hint and section in ("main", "commander"):
            self.hints.setdefault(name, hint)


def _read_text(text: str, pool: CardPool) -> _Reading:
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DecklistError(f"a decklist may have at most {MAX_LINES} lines; this one has {len(lines)}")
    reading = _Reading.new()
    section, hint = "main", None
    headers = categories = arena = False
    blocks: list[list[int]] = [[]]  # indexes into sections["main"] per blank-separated block
    for number, raw_line in enumerate(lines, start=1):
        raw = raw_line.strip()
        if not raw:
            if blocks[-1]:
                blocks.append([])
            continue
        if raw.startswith(("#", "//")):
            continue
        if len(raw) > MAX_LINE_CHARS:  # before any pattern reads it
            reading.problems.append(LineProblem(number, _shown(raw), f"line longer than {MAX_LINE_CHARS} characters"))
            continue
        header = _header(raw)
        if header is not None:
            section, hint, category = header
            headers = True
            categories = categories or category
            arena = arena or _header_words(raw) in _ARENA_ONLY
            continue
        if section == "about":
            continue  # Arena's "About" block: "Name Boros Burn"
        target, line_hint = section, hint
        if raw[:3].casefold() == "sb:":
            raw, target = raw[3:].strip(), "sideboard"
        for tag in _TAG.findall(raw) if "]" in raw else ():  # Archidekt: "1x Sol Ring (cmm) 410 [Ramp,Artifact]"
            categories = True
            for word in (w.split("{")[0].strip().casefold() for w in tag.split(",")):
                if _SECTION.get(word) in ("commander", "sideboard", "maybe", "companion"):
                    target = _SECTION[word]
                elif word in _TYPE_HEADERS:
                    line_hint = _TYPE_HEADERS[word]
        try:
            count, name, had_set, typed = _read_line(raw, number, pool)
        except DecklistError as error:
            reading.problems.extend(error.problems)
            continue
        arena = arena or had_set
        if target == "main":
            blocks[-1].append(len(reading.sections["main"]))
        reading.add(target, count, name, number, line_hint, typed)
    blocks = [b for b in blocks if b]
    if not headers and len(blocks) == 2:
        main = reading.sections["main"]
        first, second = (sum(main[i].count for i in b) for b in blocks)
        if second < first:  # main deck, blank line, sideboard
            reading.sections["sideboard"] = [main[i] for i in blocks[1]] + reading.sections["sideboard"]
            reading.sections["main"] = [main[i] for i in blocks[0]]
    reading.source = "categories" if categories else ("arena" if arena else "text")
    return reading


class _Refused(Exception):
    """Raised inside the XML parser to stop at a construct we do not accept."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason, self.line = reason, line


def _read_xml(text: str, pool: CardPool) -> _Reading:
    if len(text) > MAX_XML_CHARS:
        raise DecklistError(f"a deck file may be at most {MAX_XML_CHARS:,} characters long")
    parser = expat.ParserCreate()
    reading = _Reading.new()
    stack: list[str] = []
    zone = ["main"]
    count = [0]  # elements read

    def refuse_dtd(*_args: object) -> None:
        raise _Refused("deck files with a DOCTYPE or entity declarations are not read", parser.CurrentLineNumber)

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        shown = _shown(f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + ">")
        if not stack:
            if tag == "Deck":
                reading.source = "mtgo"
            elif tag == "cockatrice_carddeck":
                reading.source = "cockatrice"
            else:
                raise _Refused(f"<{_shown(tag)}> is neither an MTGO .dek nor a Cockatrice .cod deck", line)
        stack.append(tag)
        count[0] += 1
        if len(stack) > MAX_XML_DEPTH:
            raise _Refused(f"the deck file is nested more deeply than a deck file is ({MAX_XML_DEPTH} levels)", line)
        if count[0] > MAX_XML_ELEMENTS:
            raise _Refused(f"a deck file may hold at most {MAX_XML_ELEMENTS:,} elements (cards, zones …)", line)
        try:
            if reading.source == "mtgo" and tag == "Cards":
                side = attrs.get("Sideboard", "false").strip().casefold()
                if side not in ("true", "false"):
                    raise DecklistError('Sideboard must be "true" or "false"', line, shown)
                _xml_card(reading, "sideboard" if side == "true" else "main", attrs.get("Quantity"),
                          attrs.get("Name"), line, shown, pool)  # fmt: skip
            elif reading.source == "cockatrice" and tag == "zone":
                name = attrs.get("name", "").strip().casefold()
                if name not in ("main", "side", "tokens"):
                    raise DecklistError(f'unknown zone "{_shown(name)}" (main, side or tokens)', line, shown)
                zone[0] = {"main": "main", "side": "sideboard", "tokens": "maybe"}[name]
            elif reading.source == "cockatrice" and tag == "card":
                _xml_card(reading, zone[0], attrs.get("number"), attrs.get("name"), line, shown, pool)
        except DecklistError as error:
            reading.problems.extend(error.problems)

    def end(_tag: str) -> None:
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse_dtd
    parser.EntityDeclHandler = refuse_dtd
    try:
        parser.Parse(text, True)
    except _Refused as refused:
        raise DecklistError(refused.reason, refused.line) from None
    except expat.ExpatError as error:
        reason = expat.ErrorString(error.code) if error.code else str(error)
        raise DecklistError(f"not a readable XML deck file: {reason}", error.lineno or None) from None
    except RecursionError:
        raise DecklistError("the deck file is nested too deeply") from None
    return reading


def _xml_card(
    reading: _Reading, section: str, quantity: str | None, name: str | None, line: int, shown: str, pool: CardPool
) -> None:
    if quantity is None or not quantity.strip().isdigit() or not quantity.strip().isascii():
        raise DecklistError("the quantity must be a whole number", line, shown)
    digits = quantity.strip().lstrip("0") or "0"
    # int() refuses more than 4,300 digits (ValueError); any count of 4 or more digits is too many anyway
    count = int(digits) if len(digits) <= 3 else MAX_COPIES_PER_LINE + 1
    _check_count(count, line, shown)
    reading.add(section, count, _clean_name(name or "", line, shown, pool), line, typed=" ".join((name or "").split()))


def _check_total(sections: dict[str, list[DeckEntry]]) -> None:
    """At most MAX_CARDS cards in all: every card becomes an object in the game, so a pasted
    list of 2,000 lines of 250 copies would stall the page. Names the line that passes it.

    >>> try:
    ...     _check_total({"main": [DeckEntry(600, "Island", 1)], "sideboard": [DeckEntry(500, "Swamp", 3)]})
    ... except DecklistError as error:
    ...     print(error)
    Line 3: a decklist may hold at most 1000 cards in all; this one has 1100 ("500 Swamp")
    """
    total = 0
    passed: DeckEntry | None = None
    for entry in sorted((e for entries in sections.values() for e in entries), key=lambda e: e.line):
        total += entry.count
        if total > MAX_CARDS and passed is None:
            passed = entry
    if passed is not None:
        message = f"a decklist may hold at most {MAX_CARDS} cards in all; this one has {total}"
        raise DecklistError(message, passed.line, f"{passed.count} {passed.name}")


def parse_decklist(text: str, *, skip_bad_lines: bool = False, pool: CardPool | None = None) -> Decklist:
    """Read a decklist in any of the formats above.

    Raises :class:`DecklistError` listing every line that cannot be read, unless
    ``skip_bad_lines`` is set: then those lines are left out and listed in
    ``Decklist.skipped``. A list with no main-deck cards is always an error.
    """
    # A browser can hand over lone surrogates; the XML parser (UTF-8) and any later .encode() refuse them.
    if not text.isascii():
        text = _SURROGATE.sub("\ufffd", text)
    is_xml = _XML.match(text) is not None
    pool = in_use(pool)
    reading = _read_xml(text, pool) if is_xml else _read_text(text, pool)
    if reading.problems and not skip_bad_lines:
        raise DecklistError.of(reading.problems)
    sections = reading.sections
    if not sections["main"] and not sections["commander"]:
        raise DecklistError("the decklist has no main-deck cards")
    _check_total(sections)
    return Decklist(
        main=tuple(sections["main"]),
        sideboard=tuple(sections["sideboard"]),
        commander=tuple(sections["commander"]),
        companion=tuple(sections["companion"]),
        planar=tuple(sections["planar"]),
        scheme=tuple(sections["scheme"]),
        stickers=tuple(sections["stickers"]),
        source=reading.source,
        type_hints=tuple(reading.hints.items()),
        skipped=tuple(reading.problems),
        read_as=tuple(reading.read_as),
    )


def to_arena(deck: Decklist) -> str:
    """The deck as an Arena import list: Commander, Companion, Deck, Sideboard, then the
    planar and scheme decks and the sticker sheets; ``N Name`` lines, copies of a name merged, no set codes."""
    blocks = []
    for title, entries in (("Commander", deck.commander), ("Companion", deck.companion), ("Deck", deck.main),
                           ("Sideboard", deck.sideboard), ("Planar deck", deck.planar),
                           ("Scheme deck", deck.scheme), ("Stickers", deck.stickers)):  # fmt: skip
        counts: Counter[str] = Counter()
        for entry in entries:
            counts[entry.name] += entry.count
        if counts:
            blocks.append(title + "\n" + "\n".join(f"{n} {name}" for name, n in counts.items()))
    return "\n\n".join(blocks) + "\n"


def check_deck(deck: Decklist, fmt: Format, pool: CardPool | None = None) -> None:
    """The format's deck rules; raises :class:`DeckCheckError` listing every problem, each
    naming the card (with its line) and the rule.

    Constructed: at least 60 cards, at most four of a card other than basic lands (CR 100.2a);
    limited: at least 40 (CR 100.2b); Commander: exactly 100 cards, singleton, one commander
    or two partners (CR 903.5a, 903.5b, 903.3); Brawl: exactly 60, singleton; Planechase:
    a planar deck of 10+ different cards with at most two phenomena (CR 901.4); Archenemy:
    a scheme deck of 20+ with at most two of a scheme (CR 904.3).
    """
    pool = in_use(pool)
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
            if count > fmt.max_copies and not pool.lookup(name).is_basic_land:
                if fmt.max_copies == 1:
                    rule = f"{fmt.name} decks are singleton: one copy of each card other than basic lands (CR 903.5b)"
                else:
                    rule = f"at most {fmt.max_copies} of any card other than basic lands (CR 100.2a)"
                problems.append(f"line {first_line[name]}: {count} copies of {name}; {rule}")
    if fmt.commander and not 1 <= sum(e.count for e in deck.commander) <= 2:
        problems.append("a 'Commander' section must name one commander, or two partners (CR 903.3)")
    if fmt.planechase:
        _check_planar(deck, problems, pool)
    if fmt.archenemy and deck.scheme:
        _check_schemes(deck, problems)
    if problems:
        raise DeckCheckError(tuple(problems))


def _check_planar(deck: Decklist, problems: list[str], pool: CardPool) -> None:
    cards = deck.planar_cards()
    if len(cards) < 10:
        problems.append(f"the planar deck has {len(cards)} cards; it needs at least 10 (CR 901.4)")
    phenomena = [n for n in cards if pool.lookup(n).has_type("Phenomenon")]
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


def check_constructed(deck: Decklist, pool: CardPool | None = None) -> None:
    """CR 100.2a: the two-player constructed deck rules (see :func:`check_deck`)."""
    check_deck(deck, find_format("constructed"), pool)
