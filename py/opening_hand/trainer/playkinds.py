"""What the trainer's playout knows of a card (its *kind*): a land and the mana it makes, how it
enters and what it finds; a spell, the ways to pay it, and the mana it adds once it is on the
battlefield (a rock or a dork) or the lands it finds (a ramp spell). Worked out once per card
from its mana facts (:mod:`opening_hand.cards.mana`) and the game it is played in (:class:`Context`); cards that
behave alike share a kind, so the playout's memo (:mod:`.goldfish`) sees few of them.

The rules the playout follows here:

* CR 305.1–305.2: a land is played, one a turn; a land that enters tapped (a replacement
  effect its text states) makes mana from its controller's next turn.
* CR 305.6: a basic land type gives its land "{T}: Add" its colour; the colours a land makes
  come from Scryfall's ``produced_mana`` (its ``produces`` pair), or from the facts'
  ``adds`` where they differ.
* CR 302.6: a creature's {T} ability cannot be activated unless it has been under its
  controller's control since their most recent turn began: a dork makes mana from the next
  turn (and so does a land creature).
* CR 903.4: a commander's colour identity. An ability that adds mana of a colour in that
  identity (Arcane Signet, Command Tower) makes none when there is no commander.
* CR 712.8a: a modal double-faced card is its front face in the hand and library; played as
  a land, its land face is what enters (its ``back`` facts).

>>> from opening_hand.cards import CardInfo
>>> from opening_hand.cards.mana import decode
>>> gate = CardInfo("Boros Guildgate", type_line="Land — Gate", produces="WR", mana=decode({"tapped": "1"}))
>>> kind, face = resolve(gate, True, Context())
>>> kind.units, kind.enters == ALWAYS, face is None
((9,), True, True)
>>> signet = CardInfo("Arcane Signet", "{2}", "Artifact", mana=decode({"adds": "*"}))
>>> resolve(signet, False, Context())[0].units, resolve(signet, False, Context(identity=3))[0].units
((), (3,))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from opening_hand.cards import CAST_FOR, CardInfo, normalise
from opening_hand.cards.mana import IDENTITY, LAND_TYPES, UNSEEN, Finds, ManaFacts, Tapped
from opening_hand.trainer.outlook import BIT, Option, parse_cost

# How a permanent enters: untapped, tapped, or untapped unless a condition fails (mana.CONDITIONS).
NEVER, ALWAYS, CONTROL, FEW, MANY, BASICS, REVEAL = range(7)
_CODES = {"control": CONTROL, "few": FEW, "many": MANY, "basics": BASICS, "reveal": REVEAL}
TYPE_BIT = {name: 1 << index for index, name in enumerate(LAND_TYPES)}  # a basic land type, one bit each


def type_mask(types: tuple[str, ...] | list[str]) -> int:
    mask = 0
    for name in types:
        mask |= TYPE_BIT.get(name, 0)
    return mask


def colour_mask(letters: str) -> int:
    mask = 0
    for letter in letters:
        mask |= BIT.get(letter, 0)
    return mask


@dataclass(frozen=True, slots=True)
class Context:
    """What a card's mana depends on beyond the card: the game it is played in."""

    opponents: int = 1  # a two-player game has one
    identity: int | None = None  # the commander's colour identity as a colour mask; None: no commander


@dataclass(frozen=True, slots=True)
class Search:
    """A search for lands (a fetch land's ability, a ramp spell) as the playout resolves it:
    a land of ``types`` (a land-type mask; 0 for any land), ``basic`` ones only, entering
    ``tapped`` (untapped again with ``untap`` lands or more), ``count`` of them onto the
    battlefield and ``hand`` more into the hand."""

    types: int
    basic: bool
    tapped: bool
    untap: int = 0
    count: int = 1
    hand: int = 0

    def finds(self, kind: Kind) -> bool:
        """Whether a land of ``kind`` is one this search may find."""
        if not kind.land or (self.basic and not kind.basic):
            return False
        return not self.types or bool(kind.types & self.types)


@dataclass(frozen=True, slots=True)
class Kind:
    """What the playout needs to know of a card (see the module's docstring)."""

    land: bool  # played as a land drop (the player's land marks count)
    mask: int = 0  # the colours its mana can be (outlook.BIT): every unit's together; 0 for none known
    value: int = 0  # a spell's mana value (CR 202.3)
    options: tuple[Option, ...] = ()  # the ways to pay it (outlook.parse_cost); (): never cast
    unknown: bool = False  # a card the card data does not know (and not a land)
    units: tuple[int, ...] = ()  # the mana it adds each turn, one colour mask a mana (0: generic only)
    pay: int = 0  # generic mana its mana ability costs (a Signet: 1)
    also: int = 0  # a colour its mana may also be while a land of ``also_types`` is in play (a Verge)
    also_types: int = 0
    enters: int = NEVER  # NEVER, ALWAYS, or a condition (CONTROL, FEW, MANY, BASICS, REVEAL)
    cond: int = 0  # the condition's number, or its land types
    types: int = 0  # its basic land types (for check lands, reveal lands and searches)
    basic: bool = False  # CR 205.4c
    sick: bool = False  # a creature: its {T} ability waits for its controller's next turn (CR 302.6)
    search: Search | None = None  # the lands it finds
    face: int = -1  # a modal double-faced card's land face: that face's kind (an index of the table)
    unread: bool = False  # mana text the card data could not read: played as a card without facts

    @property
    def producer(self) -> bool:
        """A spell that makes mana once on the battlefield (a rock, a dork) or finds lands."""
        return not self.land and bool(self.units or self.search)


def _entering(tapped: Tapped | None, context: Context) -> tuple[int, int]:
    if tapped is None or tapped.unless == "life":  # a shock land: its life is paid, the playout counts no life
        return NEVER, 0
    if not tapped.unless:
        return ALWAYS, 0
    if tapped.unless == "opponents":
        return (NEVER if context.opponents >= tapped.number else ALWAYS), 0
    code = _CODES[tapped.unless]
    return code, (type_mask(tapped.types) if code in (CONTROL, REVEAL) else tapped.number)


def _units(adds: tuple[str, ...], context: Context) -> tuple[int, ...]:
    units: list[int] = []
    for mana in adds:
        if mana == IDENTITY:  # CR 903.4: none without a commander
            if context.identity is not None:
                units.append(context.identity)
        elif mana == UNSEEN:
            units.append(0)
        else:
            units.append(colour_mask(mana))
    return tuple(units)


def _search(finds: Finds | None) -> Search | None:
    if finds is None:
        return None
    return Search(type_mask(finds.types), finds.basic, finds.tapped, finds.untap, finds.count, finds.hand)


def _land(info: CardInfo, facts: ManaFacts | None, context: Context, sources: str) -> Kind:
    """A land's kind: its facts where read, else one mana of its colours, untapped."""
    types = type_mask([t for t in info.subtypes if t in TYPE_BIT])
    mask = colour_mask(sources)
    sick = "Creature" in info.types
    if facts is None:
        return Kind(True, mask, units=(mask,), types=types, basic=info.is_basic_land, sick=sick)
    enters, cond = _entering(facts.tapped, context)
    if facts.adds:
        units = _units(facts.adds, context)
    elif facts.finds is not None:
        units = ()  # a fetch land makes no mana itself
    else:
        units = (mask,)
    also, also_types = (colour_mask(facts.also[0]), type_mask(facts.also[1])) if facts.also else (0, 0)
    together = 0
    for unit in units:
        together |= unit
    return Kind(True, together | also, units=units, pay=facts.pay, also=also, also_types=also_types, enters=enters,
                cond=cond, types=types, basic=info.is_basic_land, sick=sick, search=_search(facts.finds))  # fmt: skip


def resolve(info: CardInfo, is_land: bool, context: Context) -> tuple[Kind, Kind | None]:
    """The kind of a card (``is_land``: counted as a land, as the player's land marks say), and
    the kind of its land face when it is a modal double-faced card with one (else None). A card
    whose mana text was not read (``unread``) is the kind it was before mana facts existed."""
    facts = info.mana
    unread = facts is not None and facts.unread
    if unread:
        facts = None
    face = None
    back = facts.back if facts is not None else None
    if info.layout == "modal_dfc" and info.land_on_back and not (back is not None and back.unread):
        face = _land(info, back, context, info.mana_sources)
    if is_land:
        if not info.is_land:  # a card the player counts as a land: one mana of its colours, as before
            facts = None
        kind = _land(info, facts, context, info.mana_sources)
        return replace(kind, unread=unread), (face if info.is_land else None)
    if not info.known:
        return Kind(False, unknown=True), None
    usual = CAST_FOR.get(normalise(info.name))  # suspend, spectacle: the cost it is usually cast for
    if not info.mana_cost and usual is None:  # CR 202.1a: no mana cost, not cast for mana
        return Kind(False, unread=unread), face
    cost = parse_cost(usual or info.mana_cost)
    if facts is None or not (facts.adds or facts.finds):
        return Kind(False, value=cost.value, options=cost.options, unread=unread), face
    enters, cond = _entering(facts.tapped, context)
    units = _units(facts.adds, context)
    together = 0
    for unit in units:
        together |= unit
    return Kind(False, together, cost.value, cost.options, units=units, pay=facts.pay, enters=enters, cond=cond,
                sick="Creature" in info.types, search=_search(facts.finds)), face  # fmt: skip
