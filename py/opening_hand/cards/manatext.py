"""Reading a card's mana facts (:mod:`.mana`) from Scryfall's fields: ``oracle_text``,
``type_line``, ``layout``, ``card_faces`` (``produced_mana`` gives a land's colours
separately, in the row's ``produces`` pair).

The parser knows the ways Oracle words the mana of lands, rocks, dorks, fetch lands and ramp
spells, in today's templating ("This land enters tapped.") and the older one ("Boros
Guildgate enters the battlefield tapped."). Each ability is one line of the text; reminder
text (in parentheses) is left out. A line it does not know is ignored unless it speaks of
mana, entering tapped or searching for lands: then the card is ``unread``, played as a card
without facts and named by the trainer, never guessed.

>>> read_card({"name": "Arid Mesa", "type_line": "Land", "oracle_text":
...   "{T}, Pay 1 life, Sacrifice this land: Search your library for a Mountain or Plains card, "
...   "put it onto the battlefield, then shuffle."}).finds.text()
'Mountain/Plains,life1'
>>> read_card({"name": "Sol Ring", "type_line": "Artifact", "oracle_text": "{T}: Add {C}{C}."}).adds
('C', 'C')
>>> read_card({"name": "Boros Guildgate", "type_line": "Land — Gate",
...   "oracle_text": "Boros Guildgate enters the battlefield tapped.\\n{T}: Add {R} or {W}."}).tapped
Tapped(unless='', number=0, types=())
>>> read_card({"name": "Lightning Bolt", "type_line": "Instant",
...   "oracle_text": "Lightning Bolt deals 3 damage to any target."}) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from opening_hand.cards.mana import IDENTITY, LAND_TYPES, LETTERS, UNSEEN, Finds, ManaFacts, Tapped, canonical

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_REMINDER = re.compile(r"\([^()]*\)")
_SELF = re.compile(r"\b(?:this (?:land|artifact|creature|permanent|enchantment|card)|cardname)\b")
_SYMBOLS = re.compile(r"(?:\{[wubrgc]\})+")
_TYPE = {t.lower(): t for t in LAND_TYPES}
# The parts of a mana ability's cost it may have and still be read (CR 605.1a: {T} in the cost).
_PLAIN_COST = re.compile(r"^(?:\{(\d+)\}, )?\{t\}(?:, pay (\w+) life)?$")
_MANA_LINE = re.compile(r"^(?P<cost>[^:]*): add (?P<what>[^.]+)\.(?P<rest>.*)$")
LONGEST = 400  # characters: a line about mana is far shorter (Fabled Passage's has 190); longer ones are not read
LONGEST_TEXT = 4000  # characters of a face's text (the longest Oracle text has about 1,500)
# Sentences that may follow a mana ability without changing the mana it makes.
_HARMLESS = re.compile(r"^(?:~ deals \d+ damage to you\.|(?:when|if) that mana is spent [^.]*\.|)$")
_ALSO = re.compile(r"^activate only if you control (?P<list>[^.]+)\.$")
_SEARCH = re.compile(
    r"^(?:(?P<cost>[^:]*): )?search your library for (?P<what>.+?)(?:, reveal (?:it|them|those cards))?, "
    r"put (?P<where>[^,]+?), then shuffle\.(?P<rest>.*)$"
)
_ENTERS = re.compile(r"\benters\b[^.]*\btapped\b")


def _faces(card: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    faces = card.get("card_faces")
    return [face for face in faces if isinstance(face, Mapping)] if isinstance(faces, list) else []


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _is_land(type_line: str) -> bool:
    return "Land" in type_line.split("—")[0].split()


def normalised(text: str, names: list[str]) -> list[str]:
    """The text's abilities, one a line: lower case, reminder text left out, the card's own
    name (or a face's, or a legend's short name) as ``~``, "enters the battlefield" as
    "enters" (the wording of today's Oracle).

    >>> normalised("Sacred Foundry enters the battlefield tapped.\\n({T}: Add {R}.)", ["Sacred Foundry"])
    ['~ enters tapped.']
    """
    text = _REMINDER.sub("", text.replace("\u2019", "'").replace("\u2212", "-"))
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", "~", text, flags=re.IGNORECASE)
    lines = []
    for line in text.lower().split("\n"):
        line = _SELF.sub("~", line)
        line = re.sub(r"\s+", " ", line.replace("enters the battlefield", "enters")).strip()
        if line:
            lines.append(line)
    return lines


def _names(name: str) -> list[str]:
    found = [name]
    if "," in name:  # a legend called by its short name: "Urborg" for Urborg, Tomb of Yawgmoth
        found.append(name.split(",")[0])
    return found


def _types_listed(text: str) -> tuple[str, ...] | None:
    """Land types in "a Mountain or a Plains", "an Island or Swamp", "a Plains, Island, Swamp,
    or Mountain": None when any part is not a basic land type."""
    words = re.split(r",? or |, ", text.strip())
    found: list[str] = []
    for word in words:
        word = re.sub(r"^(?:an?|the) ", "", word.strip())
        if word not in _TYPE:
            return None
        found.append(_TYPE[word])
    return tuple(found)


def _tapped(line: str) -> Tapped | str | None:
    """The entering condition a line states: a :class:`Tapped`, None when the line says
    nothing of entering tapped, or "?" when it does in words this parser does not know."""
    if re.fullmatch(r"~ enters tapped(?: with \w+ \w+ counters? on it)?\.", line):
        return Tapped()
    m = re.fullmatch(r"as ~ enters, you may pay (\w+) life\. if you don't, (?:it|~) enters tapped\.", line)
    if m and (m.group(1).isdigit() or m.group(1) in NUMBERS):
        return Tapped("life", int(m.group(1)) if m.group(1).isdigit() else NUMBERS[m.group(1)])
    m = re.fullmatch(r"~ enters tapped unless you (control|have) (.+)\.", line)
    if m:
        verb, what = m.groups()
        n = re.fullmatch(r"(\w+) or (fewer|more) (other lands|basic lands|opponents)", what)
        if n and n.group(1) in NUMBERS:
            number, more, what_kind = NUMBERS[n.group(1)], n.group(2) == "more", n.group(3)
            if what_kind == "other lands" and verb == "control":
                return Tapped("many" if more else "few", number)
            if what_kind == "basic lands" and verb == "control" and more:
                return Tapped("basics", number)
            if what_kind == "opponents" and verb == "have" and more:
                return Tapped("opponents", number)
            return "?"
        types = _types_listed(what) if verb == "control" else None
        return Tapped("control", types=types) if types else "?"
    m = re.fullmatch(r"if you control (\w+) or more other lands, ~ enters tapped\.", line)
    if m and m.group(1) in NUMBERS:  # the creature lands' wording: untapped with N - 1 or fewer
        return Tapped("few", NUMBERS[m.group(1)] - 1)
    m = re.fullmatch(
        r"as ~ enters, you may reveal (.+?) card from your hand\. if you don't, (?:it|~) enters tapped\.", line
    )
    if m:
        types = _types_listed(m.group(1))
        return Tapped("reveal", types=types) if types else "?"
    return "?" if _ENTERS.search(line) else None


def _mana_of(what: str) -> tuple[str, ...] | None:
    """The mana an "Add …" names, one entry per mana: "{C}{C}" -> ("C", "C"), "{R} or {W}" ->
    ("RW",) in WUBRGC order, "one mana of any color" -> ("WUBRG",); None for an amount that
    varies, or words this parser does not know."""
    if _SYMBOLS.fullmatch(what):
        return tuple(s.upper() for s in re.findall(r"\{([wubrgc])\}", what))
    symbols = re.findall(r"\{([wubrgc])\}", what)
    if symbols and re.fullmatch(r"\{[wubrgc]\}(?:(?:,| or|, or) \{[wubrgc]\})+", what):
        found = {s.upper() for s in symbols}
        return ("".join(c for c in LETTERS if c in found),)
    if what in ("one mana of any color", "one mana of the chosen color"):  # chosen once, as the hand needs
        return ("WUBRG",)
    if what == "one mana of any color in your commander's color identity":
        return (IDENTITY,)
    if what in ("one mana of any color that a land an opponent controls could produce",
                "one mana of any type that a land an opponent controls could produce"):  # fmt: skip
        return (UNSEEN,)
    return None


def _ability(line: str) -> tuple[str, tuple[str, ...], int, tuple[str, tuple[str, ...]] | None] | str | None:
    """A mana ability's line as ("plain" or "extra", its mana, the generic mana it costs,
    a colour it makes only under a condition); None when the line is not a mana ability;
    "?" when it is one this parser does not read."""
    m = _MANA_LINE.match(line)
    if m is None or "{t}" not in m.group("cost"):
        return None
    cost, what, rest = m.group("cost"), m.group("what"), m.group("rest").strip()
    mana = _mana_of(what)
    if mana is None:
        return "?"
    also = None
    if rest and not _HARMLESS.fullmatch(rest):
        a = _ALSO.fullmatch(rest)
        types = _types_listed(a.group("list")) if a else None
        if types is None:
            return "?"
        also = ("".join(mana), types)  # the whole "Add" is conditional: kept as the condition's colours
    plain = _PLAIN_COST.fullmatch(cost)
    if plain:
        life = plain.group(2)
        if life is not None and not (life.isdigit() or life in NUMBERS):
            return "?"
        return ("plain", mana, int(plain.group(1) or 0), also)
    if "exert" in cost and "sacrifice" not in cost:
        return ("extra", mana, 0, also)  # a bonus now and then (Arena of Glory): the plain ability counts
    return "?"


def _finds(line: str, permanent: bool) -> Finds | str | None:
    """What a "Search your library for … land …" line finds, None when the line is not one,
    "?" when it is one this parser does not read."""
    line = re.sub(r" and put (it|them|that card) onto the battlefield( tapped)?\. then shuffle(?: your library)?\.",
                  r", put \1 onto the battlefield\2, then shuffle.", line)  # fmt: skip
    m = _SEARCH.fullmatch(line)
    if m is None:
        searching = "search your library for" in line
        return "?" if searching and ("land" in line or any(t in line for t in _TYPE)) else None
    cost, what, where, rest = m.group("cost"), m.group("what"), m.group("where"), m.group("rest").strip()
    if "land" not in what and not any(t in what.split() for t in _TYPE):
        return None  # a search for something else (a creature card): not a land's
    life = 0
    if cost is not None:
        parts = cost.split(", ")
        allowed = {"{t}", "sacrifice ~"}
        for part in parts:
            pay = re.fullmatch(r"pay (\d+) life", part)
            if pay:
                life = int(pay.group(1))
            elif part not in allowed:
                return "?"
        if "sacrifice ~" not in parts or (not permanent):
            return "?"
    count = 1
    upto = re.match(r"up to (\w+) ", what)
    if upto:
        if upto.group(1) not in NUMBERS:
            return "?"
        count = NUMBERS[upto.group(1)]
        what = what[upto.end() :]
    elif what.startswith(("a ", "an ")):
        what = what.split(" ", 1)[1]
    else:
        return "?"
    plural = count > 1
    noun = "cards" if plural else "card"
    basic = False
    types: tuple[str, ...] = ()
    if what == f"basic land {noun}":
        basic = True
    elif what == f"land {noun}":
        types = ()
    elif what.endswith(" " + noun):
        head = what[: -len(noun) - 1]
        if head.startswith("basic "):
            basic, head = True, head[len("basic ") :]
        listed = _types_listed(head)
        if listed is None:
            return "?"
        types = listed
    else:
        return "?"
    tapped, hand = False, 0
    pronoun = r"(?:it|them|that card|those cards)"
    if re.fullmatch(pronoun + r" onto the battlefield", where):
        pass
    elif re.fullmatch(pronoun + r" onto the battlefield tapped", where):
        tapped = True
    elif count == 2 and where == "one onto the battlefield tapped and the other into your hand":
        tapped, hand, count = True, 1, 1
    else:
        return "?"
    untap = 0
    if rest:
        u = re.fullmatch(r"then if you control (\w+) or more lands, untap that land\.", rest)
        if not u or u.group(1) not in NUMBERS:
            return "?"
        untap = NUMBERS[u.group(1)]
    return Finds(types, basic, tapped, untap, life, count, hand)


_MANA_WORDS = re.compile(r"(?:^|[:.] |, )add (?:\{|one|two|three|x |an amount|mana)|\bfor mana\b|\badd an additional\b")


def read_face(text: str, type_line: str, names: list[str]) -> ManaFacts | None:
    """The facts of one face: its Oracle text and type line (None: nothing of mana to say)."""
    if len(text) > LONGEST_TEXT:
        return ManaFacts(unread=True)  # no card's text is this long: a damaged or hostile file
    lines = normalised(text, names)
    permanent = bool({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
                     & set(type_line.split("—")[0].split()))  # fmt: skip
    land = _is_land(type_line)
    tapped: Tapped | None = None
    plain: list[tuple[tuple[str, ...], int, tuple[str, tuple[str, ...]] | None]] = []
    finds: Finds | None = None
    unread = False
    for line in lines:
        if len(line) > LONGEST:
            unread = unread or bool(_MANA_WORDS.search(line) or _ENTERS.search(line) or "search your library" in line)
            continue
        found = _tapped(line)
        if isinstance(found, Tapped):
            if not permanent or tapped is not None:
                unread = True
            tapped = found
            continue
        if found == "?":
            unread = True
            continue
        ability = _ability(line)
        if ability == "?":
            unread = True
            continue
        if isinstance(ability, tuple):
            kind, mana, pay, also = ability
            if kind == "plain":
                plain.append((mana, pay, also))
            continue
        searched = _finds(line, permanent)
        if searched == "?":
            unread = True
            continue
        if isinstance(searched, Finds):
            if finds is not None:
                unread = True
            finds = searched
            continue
        if _MANA_WORDS.search(line) or (land and "return a land you control" in line):
            unread = True
    adds: tuple[str, ...] = ()
    pay = 0
    also = None
    unconditional = [(m, p) for m, p, a in plain if a is None]
    conditional = [(m, a) for m, p, a in plain if a is not None]
    if len(conditional) > 1 or (conditional and len(unconditional) != 1):
        unread = True
    elif conditional:
        also = conditional[0][1]
    if len(unconditional) == 1:
        adds, pay = canonical(unconditional[0][0]), unconditional[0][1]
    elif unconditional:
        if all(len(m) == 1 and p == 0 for m, p in unconditional):  # one mana each: one mana of any of them
            letters = {c for m, _ in unconditional for c in m[0]}
            if letters & {IDENTITY, UNSEEN}:
                unread = True
            else:
                adds = ("".join(c for c in LETTERS if c in letters),)
        else:
            unread = True
    if not permanent and (adds or tapped):
        unread = True  # a spell that adds mana (a ritual) is played as a spell
        adds, pay, tapped = (), 0, None
    if finds is not None and land and (adds or pay):
        unread = True  # a land that both taps for mana and fetches (Myriad Landscape's kind)
    if unread:  # what was read is not the whole card's mana: none of it is used
        return ManaFacts(unread=True)
    if tapped is None and not adds and also is None and finds is None:
        return None
    return ManaFacts(tapped, adds, also, pay, finds)


def read_card(card: Mapping[str, Any]) -> ManaFacts | None:
    """The card's facts from its Scryfall fields: the front face's (the card while in a hand or
    library, CR 712.8a), and for a modal double-faced card with a land face, that face's in
    ``back``. None when there is nothing of mana to say (a plain spell, a land that makes its
    ``produced_mana`` and enters untapped)."""
    faces = _faces(card)
    name = _text(card.get("name"))
    layout = card.get("layout")
    if faces and layout not in ("split", "aftermath"):
        front_text, front_type = _text(faces[0].get("oracle_text")), _text(faces[0].get("type_line"))
        front_names = [*_names(_text(faces[0].get("name"))), name]
    else:
        front_text = _text(card.get("oracle_text")) or "\n".join(_text(f.get("oracle_text")) for f in faces)
        front_type = _text(card.get("type_line")).split(" // ")[0]
        front_names = [*_names(name), *(_text(f.get("name")) for f in faces)]
    produced = _produced(card)
    front = _compact(read_face(front_text, front_type, front_names), _is_land(front_type), produced)
    back = None
    if layout == "modal_dfc" and len(faces) > 1 and _is_land(_text(faces[1].get("type_line"))):
        back_name = _text(faces[1].get("name"))
        back = read_face(
            _text(faces[1].get("oracle_text")), _text(faces[1].get("type_line")), [*_names(back_name), name]
        )
        back = _compact(back, True, produced) or ManaFacts()
    return replace(front or ManaFacts(), back=back) if back is not None else front


def _produced(card: Mapping[str, Any]) -> str:
    """Scryfall's ``produced_mana`` as letters in WUBRGC order."""
    mana = card.get("produced_mana")
    found = {m for m in mana if isinstance(m, str)} if isinstance(mana, list) else set()
    return "".join(c for c in LETTERS if c in found)


def _compact(facts: ManaFacts | None, land: bool, produced: str) -> ManaFacts | None:
    """A land's ``adds`` left out when it is one mana of the colours ``produced_mana`` gives
    (what a land without it makes): the row says only what the produces pair does not."""
    if facts is None or not land or facts.adds != (produced,) or facts.pay or not produced:
        return facts
    compact = replace(facts, adds=())
    return None if compact == ManaFacts() else compact
