"""A card's mana as a few plain facts: how a land or a mana rock enters, what it adds, which
lands a fetch land or a ramp spell finds. The trainer's playout, the outlook and the bottom
advice read these facts, never a card's name or text (the model of Forge's card scripts:
every card's mana declared once, as data).

The facts are read from Scryfall's fields when the card database is built
(:mod:`.manatext`), written in the database row's extra field as ``key=value`` pairs (the
format is in ``docs/card-data.md``), and in the same words in the built-in catalog's fourth
column (``catalog.txt``). A card with no facts (``CardInfo.mana is None``) is read as before
they existed: a land makes one mana of the colours Scryfall's ``produced_mana`` gives it and
enters untapped, any other card is a spell.

>>> facts = decode({"tapped": "control:Mountain/Plains"})
>>> facts.tapped, facts.tapped.unless, facts.tapped.types
(Tapped(unless='control', number=0, types=('Mountain', 'Plains')), 'control', ('Mountain', 'Plains'))
>>> decode({"finds": "Mountain/Plains,life1"}).finds
Finds(types=('Mountain', 'Plains'), basic=False, tapped=False, untap=0, life=1, count=1, hand=0)
>>> encode(decode({"adds": "W.U", "pay": "1"}))
['adds=W.U', 'pay=1']
>>> decode({"tapped": "sometimes"}).unread  # a value this version cannot read is never a guess
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # the basic land types, CR 305.6
LETTERS = "WUBRGC"  # the colours of mana, then colourless (CR 106.1)
IDENTITY = "*"  # one mana of a colour of the commander's colour identity (CR 903.4)
UNSEEN = "?"  # one mana of a colour the page cannot know (an opponent's lands): generic mana only
# How a permanent may enter untapped (every other case enters tapped; "" for always tapped):
CONDITIONS = {
    "": "always",
    "life": "pay N life (shock lands, pay-3 spell-lands)",
    "control": "you control a land of one of these types (check lands)",
    "few": "you control N or fewer other lands (fast lands)",
    "many": "you control N or more other lands (slow lands)",
    "basics": "you control N or more basic lands (battle lands)",
    "reveal": "you reveal a card of one of these types from your hand (snarls)",
    "opponents": "you have N or more opponents (Commander's multiplayer lands)",
}
KEYS = ("tapped", "adds", "also", "pay", "finds", "unread")  # the pairs of a row's extra field, in this order
BACK = "back-"  # the same pairs for a modal double-faced card's land face


@dataclass(frozen=True, slots=True)
class Tapped:
    """A permanent that enters tapped: always (``unless == ""``), or unless a condition holds
    (:data:`CONDITIONS`) with its number or land types."""

    unless: str = ""
    number: int = 0
    types: tuple[str, ...] = ()

    def text(self) -> str:
        if not self.unless:
            return "1"
        if self.unless in ("control", "reveal"):
            return f"{self.unless}:{'/'.join(self.types)}"
        return f"{self.unless}:{self.number}"


@dataclass(frozen=True, slots=True)
class Finds:
    """What a fetch land or a ramp spell puts onto the battlefield from the library: a card
    of one of ``types`` (land types; () for any land card), ``basic`` ones only, entering
    ``tapped`` (and untapped again when its controller has ``untap`` lands or more: Fabled
    Passage), ``count`` of them (Skyshroud Claim finds two), ``hand`` more into the hand
    (Cultivate), for ``life`` life."""

    types: tuple[str, ...] = ()
    basic: bool = False
    tapped: bool = False
    untap: int = 0
    life: int = 0
    count: int = 1
    hand: int = 0

    def text(self) -> str:
        target = "/".join(self.types)
        parts = [("basic" + (f":{target}" if target else "")) if self.basic else (target or "land")]
        parts += ["tapped"] if self.tapped else []
        parts += [f"untap{self.untap}"] if self.untap else []
        parts += [f"life{self.life}"] if self.life else []
        parts += [f"count{self.count}"] if self.count != 1 else []
        parts += [f"hand{self.hand}"] if self.hand else []
        return ",".join(parts)


@dataclass(frozen=True, slots=True)
class ManaFacts:
    """What a card does for its controller's mana (any field may be empty):

    * ``tapped``: it enters tapped, always or unless a condition holds (None: untapped);
    * ``adds``: the mana one activation of its mana ability adds, one entry per mana, each
      the letters of the colours that mana can be (``("C", "C")`` for Sol Ring, ``("WU",)``
      for a land adding W or U, ``("W", "U")`` for a Signet), :data:`IDENTITY` for the
      commander's colours, :data:`UNSEEN` for a colour the page cannot know; () for a land:
      one mana of the colours Scryfall's ``produced_mana`` gives it;
    * ``also``: a colour it adds only while its controller has a land of some types
      (a Verge): (letters, types);
    * ``pay``: the generic mana its mana ability costs (a Signet: 1);
    * ``finds``: the land it finds (a fetch land, a ramp spell);
    * ``unread``: its text has mana the parser could not read: the card is played as if it
      had no facts, and the trainer says so;
    * ``back``: the facts of a modal double-faced card's land face.
    """

    tapped: Tapped | None = None
    adds: tuple[str, ...] = ()
    also: tuple[str, tuple[str, ...]] | None = None
    pay: int = 0
    finds: Finds | None = None
    unread: bool = False
    back: ManaFacts | None = None


def canonical(adds: tuple[str, ...]) -> tuple[str, ...]:
    """The mana of an ``adds`` in one order (WUBRGC by their first letter), so that the same
    mana reads the same whichever way the card prints it ({G}{W} and {W}{G})."""
    return tuple(sorted(adds, key=lambda mana: ([LETTERS.find(c) for c in mana], mana)))


def encode(facts: ManaFacts, prefix: str = "") -> list[str]:
    """The facts as ``key=value`` pairs (the row's extra field, the catalog's fourth column)."""
    pairs: list[str] = []
    if facts.tapped is not None:
        pairs.append(f"{prefix}tapped={facts.tapped.text()}")
    if facts.adds:
        pairs.append(f"{prefix}adds={'.'.join(facts.adds)}")
    if facts.also is not None:
        pairs.append(f"{prefix}also={facts.also[0]}:{'/'.join(facts.also[1])}")
    if facts.pay:
        pairs.append(f"{prefix}pay={facts.pay}")
    if facts.finds is not None:
        pairs.append(f"{prefix}finds={facts.finds.text()}")
    if facts.unread:
        pairs.append(f"{prefix}unread=1")
    if facts.back is not None and not prefix:
        pairs.extend(encode(facts.back, BACK))
    return pairs


class _Bad(ValueError):
    pass


def _number(text: str, low: int = 0, high: int = 20) -> int:
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise _Bad(text)
    return int(text)


def _types(text: str) -> tuple[str, ...]:
    types = tuple(text.split("/"))
    if not types or any(t not in LAND_TYPES for t in types):
        raise _Bad(text)
    return types


def _tapped(text: str) -> Tapped:
    if text == "1":
        return Tapped()
    unless, _, arg = text.partition(":")
    if unless in ("control", "reveal"):
        return Tapped(unless, types=_types(arg))
    if unless in CONDITIONS and unless:
        return Tapped(unless, number=_number(arg))
    raise _Bad(text)


def _mana(text: str) -> str:
    if text in (IDENTITY, UNSEEN) or (text and all(c in LETTERS for c in text) and len(set(text)) == len(text)):
        return text
    raise _Bad(text)


def _finds(text: str) -> Finds:
    target, *flags = text.split(",")
    basic, _, typed = target.partition(":") if target.startswith("basic") else ("", "", target)
    if basic and basic != "basic":
        raise _Bad(text)
    types = () if typed in ("", "land") and not (basic and typed) else _types(typed)
    values = {"tapped": False, "untap": 0, "life": 0, "count": 1, "hand": 0}
    for flag in flags:
        if flag == "tapped":
            values["tapped"] = True
            continue
        name = flag.rstrip("0123456789")
        if name not in ("untap", "life", "count", "hand") or name == flag:
            raise _Bad(flag)
        values[name] = _number(flag[len(name) :], 0 if name != "count" else 1, 9)
    return Finds(types, bool(basic), bool(values["tapped"]), int(values["untap"]), int(values["life"]),
                 int(values["count"]), int(values["hand"]))  # fmt: skip


def decode(pairs: Mapping[str, str], prefix: str = "") -> ManaFacts | None:
    """The facts in a row's extra pairs (None when it has none). A value this version cannot
    read, as a damaged or hostile file may hold, makes the card ``unread``: it is played as
    one without facts, and the trainer names it."""
    has_back = not prefix and any(key.startswith(BACK) for key in pairs)
    if not has_back and not any(prefix + key in pairs for key in KEYS):
        return None
    try:
        tapped = _tapped(pairs[prefix + "tapped"]) if prefix + "tapped" in pairs else None
        adds_text = pairs.get(prefix + "adds", "")
        adds = canonical(tuple(_mana(part) for part in adds_text.split("."))) if adds_text else ()
        if len(adds) > 8:
            raise _Bad(adds_text)
        also = None
        if prefix + "also" in pairs:
            letters, _, types = pairs[prefix + "also"].partition(":")
            also = (_mana(letters), _types(types))
        pay = _number(pairs[prefix + "pay"], 0, 9) if prefix + "pay" in pairs else 0
        finds = _finds(pairs[prefix + "finds"]) if prefix + "finds" in pairs else None
        unread = pairs.get(prefix + "unread", "") not in ("", "0")
    except _Bad:
        return ManaFacts(unread=True)
    back = decode(pairs, BACK) if not prefix else None
    return ManaFacts(tapped, adds, also, pay, finds, unread, back)
