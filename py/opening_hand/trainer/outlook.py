"""The hand outlook: what the next turns hold for the hand a player is deciding on (or has
just bottomed to), computed exactly from the cards left in the library.

The player does not know the library's order, so the cards drawn by a turn are a uniformly
random set of that many library cards: land counts follow the hypergeometric distribution,
lands grouped by the mana they make the multivariate one, and every figure here is a finite
sum computed with integers (:class:`fractions.Fraction`), not by sampling.

* **Draws.** CR 103.8a: in a two-player game the player who plays first skips the draw of
  their first turn, so *on the play* a player has drawn ``t - 1`` cards by turn ``t`` and
  *on the draw* ``t`` (CR 504.1: one card each draw step). In other multiplayer games nobody
  skips it (CR 103.8c): the draw figures are the ones that apply.
* **Land drops** (:class:`Lands`). CR 305.2: a player may play one land a turn. Land drop
  ``t`` is made iff lands in hand + lands drawn by turn ``t`` >= ``t`` (:func:`land_drop`).
* **Casting on curve** (:class:`Casting`). A card of mana value ``v`` is cast on curve when
  by turn ``v`` the player holds ``v`` lands that can pay its mana cost, each land making
  one mana of one of its colours (:func:`cast_chances`).
* **Mulligan from here** (:func:`mulligan_from_here`): the exact chance that a mulligan now
  reaches a hand that meets the player's keep rule, under any rule of :mod:`.odds`.

:func:`outlook` is the one entry point the page calls, on every click while the player
decides or bottoms, so each piece is memoised on small integer tuples (the composition of
the hand and library), never on the cards themselves.

>>> plains = CardInfo("Plains", type_line="Basic Land — Plains")
>>> bears = CardInfo("Savannah Lions", "{W}", "Creature — Cat")
>>> seen = outlook([plains, plains, bears] + [bears] * 4, [plains] * 15 + [bears] * 18)
>>> f"{float(seen.draw.chance(3, 3)):.3f}", f"{float(seen.first_draw_land):.3f}"
('0.850', '0.455')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

from opening_hand.cards import CardInfo, normalise
from opening_hand.cards.mana import Finds
from opening_hand.trainer.odds import DeckCounts, KeepRule, OddsRule, Outcome, as_rule, attempts, outcome

TURNS = 6  # turns in the land tables
MOST_LANDS = 6  # the land counts of the "at least k lands" table: k = 1..MOST_LANDS
MAX_OPTIONS = 64  # ways to pay one cost, at most (Reaper King has 32)
MANA = "WUBRGC"  # one bit each, in this order: W = 1, U = 2, B = 4, R = 8, G = 16, C = 32
BIT = {letter: 1 << index for index, letter in enumerate(MANA)}
SERUM_POWDER = normalise("Serum Powder")
_SYMBOL = re.compile(r"\{([^{}]+)\}")

Sources = tuple[tuple[int, int], ...]  # (mana mask, how many lands), sorted: a composition of lands
Option = tuple[int, tuple[int, ...]]  # one way to pay a cost: (generic pips, each coloured pip's mask)


def draws(turn: int, on_the_play: bool) -> int:
    """Cards drawn by ``turn`` (CR 103.8a: on the play the first turn's draw is skipped).

    >>> draws(1, True), draws(1, False), draws(4, True), draws(4, False)
    (0, 1, 3, 4)
    """
    return max(0, turn - 1) if on_the_play else turn


@lru_cache(maxsize=1024)  # bounded: a long session must not grow it
def at_least(hand: int, size: int, lands: int, drawn: int, need: int) -> Fraction:
    """P(``hand`` + lands among ``drawn`` cards of a library of ``size`` with ``lands`` lands
    >= ``need``): the hypergeometric tail. ``drawn`` beyond the library draws all of it.

    >>> at_least(2, 33, 15, 3, 3) == 1 - Fraction(comb(18, 3), comb(33, 3))
    True
    """
    drawn = min(drawn, size)
    short = need - hand
    if short <= 0:
        return Fraction(1)
    total = comb(size, drawn)
    ways = sum(comb(lands, k) * comb(size - lands, drawn - k) for k in range(short, min(lands, drawn) + 1))
    return Fraction(ways, total)


def land_drop(hand: int, size: int, lands: int, turn: int, on_the_play: bool) -> Fraction:
    """P(land drop ``turn`` is made): at least ``turn`` lands among the hand and the cards
    drawn by then. At most one card arrives a turn, so holding ``t`` lands by turn ``t``
    means every earlier drop was made too: the ``i``-th land to arrive came by turn ``i``
    (hand lands at the start, the others one a turn at most). This is also the chance of
    making every drop up to ``turn``."""
    return at_least(hand, size, lands, draws(turn, on_the_play), turn)


@dataclass(frozen=True, slots=True)
class Lands:
    """Land drops on one side of the table (on the play or on the draw), turns 1..TURNS."""

    on_the_play: bool
    drops: tuple[Fraction, ...]  # drops[t - 1]: P(land drop t made), t = 1..TURNS
    table: tuple[tuple[Fraction, ...], ...]  # table[k - 1][t - 1]: P(at least k lands by turn t)

    def chance(self, lands: int, turn: int) -> Fraction:
        """P(at least ``lands`` lands by ``turn``), 1 <= lands <= MOST_LANDS, 1 <= turn <= TURNS."""
        return self.table[lands - 1][turn - 1]


@lru_cache(maxsize=128)  # bounded: a long session must not grow it
def lands_outlook(hand: int, size: int, lands: int, on_the_play: bool) -> Lands:
    """The land table for ``hand`` lands in hand and ``lands`` of ``size`` library cards."""
    table = tuple(
        tuple(at_least(hand, size, lands, draws(t, on_the_play), k) for t in range(1, TURNS + 1))
        for k in range(1, MOST_LANDS + 1)
    )
    drops = tuple(land_drop(hand, size, lands, t, on_the_play) for t in range(1, TURNS + 1))
    return Lands(on_the_play, drops, table)


# --- casting ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cost:
    """A mana cost as the lands must pay it (see :func:`parse_cost`)."""

    text: str
    value: int  # mana value (CR 202.3: X is 0)
    options: tuple[Option, ...]  # the ways to pay it: a {2/W} pip is two generic or one W

    @property
    def colours(self) -> str:
        """Every colour (and C) some pip can be paid with, WUBRGC order."""
        mask = 0
        for _, pips in self.options:
            for pip in pips:
                mask |= pip
        return _letters(mask)


def _letters(mask: int) -> str:
    return "".join(c for c in MANA if mask & BIT[c])


def _mask(letters: str) -> int:
    mask = 0
    for c in letters:
        mask |= BIT.get(c, 0)
    return mask


@lru_cache(maxsize=256)  # bounded: a long session must not grow it
def parse_cost(text: str) -> Cost:
    """A mana cost (CR 107.4) as pips lands pay, one land a pip. The first half of a split
    card's cost (``{1}{R} // {1}{U}``: Fire) is the one counted.

    * ``{3}``: three generic pips, any land pays each (CR 107.4b); ``{X}`` counts 0 (202.3).
    * ``{W}`` … ``{G}``: a land producing that colour; ``{C}``: one producing colourless.
    * Hybrid ``{W/U}``: a land producing either (CR 107.4e).
    * Phyrexian ``{W/P}``: the colour or 2 life (CR 107.4f), so counted as generic: any land.
    * ``{2/W}``: two generic or one W (CR 107.4e); both ways are options, and the cost can be
      paid when either can.
    * Snow ``{S}`` as generic (which land is snow is not known here); half mana ``{HW}`` as a
      whole pip of its colour; any other symbol as one generic pip.

    >>> cost = parse_cost("{2}{W/U}{B/P}{R}")
    >>> cost.value, cost.options, cost.colours
    (5, ((3, (3, 8)),), 'WUR')
    >>> parse_cost("{2/W}{2/W}").options  # four generic, two generic + W, or W W
    ((4, ()), (2, (1,)), (0, (1, 1)))
    """
    half = text.split("//")[0]
    value = generic = 0
    coloured: list[int] = []
    either: list[tuple[int, int]] = []  # {n/W}: n generic or the colour
    for raw in _SYMBOL.findall(half):
        symbol = raw.upper()
        if symbol.isdigit():
            generic += int(symbol)
            value += int(symbol)
        elif symbol in ("X", "Y", "Z", "½"):
            continue
        elif "/" in symbol:
            parts = symbol.split("/")
            numbers = [int(p) for p in parts if p.isdigit()]
            mask = _mask("".join(p for p in parts if len(p) == 1))
            value += numbers[0] if numbers else 1
            if "P" in parts or not mask:
                generic += 1
            elif numbers:
                either.append((numbers[0], mask))
            else:
                coloured.append(mask)
        elif len(symbol) == 2 and symbol[0] == "H" and symbol[1] in MANA:
            coloured.append(BIT[symbol[1]])  # half mana, a whole pip here
        elif symbol in BIT:
            coloured.append(BIT[symbol])
            value += 1
        else:  # {S} and anything unknown
            generic += 1
            value += 1
    # Alike {n/W} pips differ only in how many are paid as generic: k of c alike pips is one
    # choice, not comb(c, k) (24 × {2/W}, a valid row of a hostile card file, made 2^24 ways).
    # Costs no card has (more than MAX_OPTIONS ways) pay their further kinds as generic.
    groups: dict[tuple[int, int], int] = {}
    for pip in either:
        groups[pip] = groups.get(pip, 0) + 1
    ways = 1
    choices: list[range] = []
    for count in groups.values():
        if ways * (count + 1) > MAX_OPTIONS:
            choices.append(range(count, count + 1))  # all paid as generic
            continue
        ways *= count + 1
        choices.append(range(count, -1, -1))  # all generic first
    options: list[Option] = []
    for generics in product(*choices):
        extra = sum(n * k for (n, _), k in zip(groups, generics, strict=True))
        masks = [mask for ((_, mask), count), k in zip(groups.items(), generics, strict=True) for _ in range(count - k)]
        option = (generic + extra, tuple(sorted(coloured + masks)))
        if option not in options:
            options.append(option)
    return Cost(text, value, tuple(options))


@lru_cache(maxsize=256)  # bounded: a long session must not grow it
def _constraints(pips: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Hall's condition for paying coloured ``pips`` with distinct lands, as ``(U, need)``:
    for every set of colours ``U``, the lands producing some colour of ``U`` must be at least
    the pips payable only within ``U``. A ``U`` whose need a smaller set already demands
    is left out (its lands include the smaller set's)."""
    union = 0
    for pip in pips:
        union |= pip
    needs: dict[int, int] = {}
    subset = union
    while subset:
        need = sum(1 for pip in pips if pip & ~subset == 0)
        if need:
            needs[subset] = need
        subset = (subset - 1) & union
    return tuple(
        (u, need)
        for u, need in sorted(needs.items())
        if not any(v != u and v & ~u == 0 and other >= need for v, other in needs.items())
    )


ALL = -1  # in cast_ways, the count of every land (a land of unknown colours too)


def _helps(mask: int, condition: int) -> bool:
    return condition == ALL or bool(mask & condition)


@lru_cache(maxsize=512)  # bounded: a long session must not grow it
def cast_ways(options: tuple[Option, ...], hand: Sources, library: Sources, others: int, drawn: int) -> tuple[int, int]:
    """Ways to draw ``drawn`` cards (of the library's lands by mana mask, plus ``others``
    non-lands) after which the lands in hand and drawn can pay the cost: (with enough lands
    for every pip, the coloured pips alone). Over ``comb(library size, drawn)``.

    A dynamic programme over the land groups: its state is, for each of Hall's conditions
    (:func:`_constraints`) and for the land count, how many lands count towards it so far,
    capped at what any option needs, so states stay few whatever the library."""
    conditions = sorted({u for _, pips in options for u, _ in _constraints(pips)})
    needs = {u: 0 for u in conditions}
    for _, pips in options:
        for u, need in _constraints(pips):
            needs[u] = max(needs[u], need)
    # What the state counts: lands helping each condition, then all lands (``ALL``).
    counted = [(u, needs[u]) for u in conditions] + [(ALL, max(generic + len(pips) for generic, pips in options))]
    held = [sum(n for mask, n in hand if _helps(mask, u)) for u, _ in counted]
    live = [index for index, (_, cap) in enumerate(counted) if held[index] < cap]  # the hand does not settle it
    caps = tuple(counted[index][1] for index in live)
    reach = {mask: tuple(_helps(mask, counted[index][0]) for index in live) for mask, _ in library}

    def add(state: tuple[int, ...], mask: int, n: int) -> tuple[int, ...]:
        """``n`` more lands of ``mask``: each count it helps goes up."""
        return tuple(min(cap, s + n) if hit else s for s, hit, cap in zip(state, reach[mask], caps, strict=True))

    states: dict[tuple[int, tuple[int, ...]], int] = {(0, tuple(held[index] for index in live)): 1}
    for mask, count in library:
        after: dict[tuple[int, tuple[int, ...]], int] = {}
        for (taken, state), ways in states.items():
            for k in range(min(count, drawn - taken) + 1):
                key = (taken + k, add(state, mask, k) if k else state)
                after[key] = after.get(key, 0) + ways * comb(count, k)
        states = after
    where = {counted[index][0]: position for position, index in enumerate(live)}  # a condition not here is met
    checks = [
        (
            [(where[u], need) for u, need in _constraints(pips) if u in where],
            (where[ALL], generic + len(pips)) if ALL in where else None,
        )
        for generic, pips in options
    ]
    full = coloured = 0
    for (taken, state), ways in states.items():
        rest = comb(others, drawn - taken)
        if not rest:
            continue
        paid = [all(state[i] >= need for i, need in hall) for hall, _ in checks]
        if any(paid):
            coloured += ways * rest
            if any(
                ok and (lands is None or state[lands[0]] >= lands[1])
                for ok, (_, lands) in zip(paid, checks, strict=True)
            ):
                full += ways * rest
    return full, coloured


@dataclass(frozen=True, slots=True)
class Chance:
    """One card on one side of the table, by the turn its mana value names."""

    lands: Fraction  # enough lands for its pips, whatever their colours
    mana: Fraction  # lands that can pay the cost, colours and all: castable on curve
    colours: Fraction  # the coloured pips alone can be paid (a distinct land each)
    by_colour: tuple[tuple[str, Fraction], ...]  # each colour some pip needs on its own: enough lands of it
    se: float | None = None  # the standard error of ``mana`` when it is simulated (None: exact)

    @property
    def constraint(self) -> str | None:
        """The colour that holds the card back: the one of ``by_colour`` least likely to be
        there, when the colours make the card less likely than the lands alone and that
        colour on its own is less likely than the lands. None otherwise (no colour holds it
        back, or only colours together do, as hybrid pips or two colours competing for the
        same dual lands can)."""
        if self.mana >= self.lands or not self.by_colour:
            return None
        letter, chance = min(self.by_colour, key=lambda pair: pair[1])
        return letter if chance < self.lands else None


@dataclass(frozen=True, slots=True)
class Casting:
    """A non-land card of the hand: the chance to cast it on curve, on the play and on the draw."""

    name: str
    cost: str
    turn: int  # its mana value, at least 1 (a card costing {0} is castable on turn 1)
    play: Chance
    draw: Chance


def cast_chances(cost: Cost, hand: Sources, library: Sources, others: int, on_the_play: bool) -> Chance:
    """The chance to cast a card of ``cost`` on curve: by turn ``v`` (its mana value, at
    least 1) the lands in hand and drawn include lands that can pay it, each land paying one
    pip with one mana of one of its colours (its mana mask; 0 for a land of unknown colours,
    which pays generic pips only). Paying is a bipartite matching of pips to lands, which
    exists iff Hall's condition holds (:func:`_constraints`); every land group is summed
    over exactly (:func:`cast_ways`). More lands than ``v`` by turn ``v`` are fine: the ones
    that pay are the ones played (each arrived in time, as for :func:`land_drop`)."""
    turn = max(1, cost.value)
    size = others + sum(n for _, n in library)
    drawn = min(draws(turn, on_the_play), size)
    total = comb(size, drawn)
    in_hand, in_library = sum(n for _, n in hand), sum(n for _, n in library)
    fewest = min(generic + len(pips) for generic, pips in cost.options)
    lands = at_least(in_hand, size, in_library, drawn, fewest)
    full, coloured = cast_ways(cost.options, hand, library, others, drawn)
    singles = []
    for letter in cost.colours:
        bit = BIT[letter]
        need = min(sum(1 for pip in pips if pip == bit) for _, pips in cost.options)
        if need:
            held = sum(n for mask, n in hand if mask & bit)
            there = sum(n for mask, n in library if mask & bit)
            singles.append((letter, at_least(held, size, there, drawn, need)))
    return Chance(lands, Fraction(full, total), Fraction(coloured, total), tuple(singles))


def _project(sources: Counter[int], onto: int) -> Sources:
    """Lands grouped by the part of their mana a cost can use (``onto``: the cost's colours)."""
    grouped: Counter[int] = Counter()
    for mask, n in sources.items():
        grouped[mask & onto] += n
    return tuple(sorted(grouped.items()))


# --- mulligan -----------------------------------------------------------------------------------


@lru_cache(maxsize=64)  # bounded: a long session must not grow it
def mulligan_from_here(
    deck: DeckCounts, rule: OddsRule | str, free: bool, keep_rule: KeepRule, taken: int, out: DeckCounts | None = None
) -> Outcome | None:
    """Taking a mulligan now, having taken ``taken`` already (the hand now is hand number
    ``taken`` of :func:`odds.attempts`, the free one counted as :mod:`.odds` counts it): the
    exact chance the process reaches a hand that meets ``keep_rule``, and the hand size it
    leaves, under ``rule`` (any of :data:`odds.ODDS_RULES`; ``london-mtgo`` gives the same
    figures as ``london`` without Serum Powder, see :mod:`.odds`). ``deck``: every card the
    mulligan can shuffle in (hand and library); ``out`` (set-aside and Serum Powder rules):
    the cards of ``deck`` out of the library then, hands set aside (this one included) or
    cards exiled. None when no mulligan is left (the next hand would have no cards)."""
    rule = as_rule(rule)
    if taken < 0:
        raise ValueError(f"a player cannot have taken {taken} mulligans")
    if taken + 1 >= len(list(attempts(rule, free))):
        return None
    return outcome(deck, rule, free, keep_rule, start=taken + 1, out=out)


def deck_counts(
    cards: Iterable[CardInfo], is_land: Callable[[CardInfo], bool], is_key: Callable[[CardInfo], bool]
) -> DeckCounts:
    """The kinds :mod:`.odds` counts: key lands, key non-lands, lands, non-lands, Serum Powders."""
    counts = [0, 0, 0, 0, 0]
    for info in cards:
        land = is_land(info)
        if not land and "owder" in info.name and normalise(info.name) == SERUM_POWDER:
            counts[4] += 1
        elif is_key(info):
            counts[0 if land else 1] += 1
        else:
            counts[2 if land else 3] += 1
    return DeckCounts(*counts)


# --- the whole outlook --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outlook:
    """Everything the outlook panel shows for one hand."""

    hand_size: int
    hand_lands: int
    library_size: int  # the cards that can be drawn (not those known to be at the bottom)
    library_lands: int
    first_draw_land: Fraction  # P(the next card drawn is a land)
    play: Lands
    draw: Lands
    casting: tuple[Casting, ...]  # the hand's non-land cards with a mana cost, in hand order
    skipped: tuple[str, ...]  # non-land cards with no row: unknown cards, or no mana cost (CR 202.1a)
    unknown_lands: int  # lands (hand and library) of unknown colours: they pay generic pips only
    mulligan: Outcome | None  # mulligan from here (None: no mulligan is left)
    spell_lands: int = 0  # of hand_lands and library_lands, the spell-lands (a land face: a land drop)
    unread: tuple[str, ...] = ()  # cards (hand, library, bottom) whose mana text the card data could not read


def _printed_land(info: CardInfo) -> bool:
    return info.is_land


def _no_key(info: CardInfo) -> bool:
    return False


@lru_cache(maxsize=512)  # bounded: a long session must not grow it
def _sources_mask(info: CardInfo) -> int:
    return _mask(info.mana_sources)


def spell_land(info: CardInfo) -> bool:
    """A modal double-faced card with a land face (CR 712.8a: a spell in the hand, a land when
    played as its land face): a land drop, for the land figures."""
    return info.layout == "modal_dfc" and info.land_on_back


def _finds(info: CardInfo) -> Finds | None:
    facts = info.mana
    return facts.finds if facts is not None and not facts.unread else None


def _found_mask(finds: Finds, library: Sequence[CardInfo], is_land: Callable[[CardInfo], bool]) -> int:
    """A fetch land as a source: the colours of every land of the library it could find."""
    mask = 0
    for info in library:
        if not info.is_land or not is_land(info) or (finds.basic and not info.is_basic_land):
            continue
        if finds.types and not set(finds.types) & set(info.subtypes):
            continue
        mask |= _sources_mask(info)
    return mask


def outlook(
    hand: Sequence[CardInfo],
    library: Sequence[CardInfo],
    *,
    bottom: Sequence[CardInfo] = (),
    aside: Sequence[CardInfo] = (),
    is_land: Callable[[CardInfo], bool] = _printed_land,
    is_key: Callable[[CardInfo], bool] = _no_key,
    keep_rule: KeepRule | None = None,
    rule: OddsRule | str = "london",
    free: bool = False,
    mulligans_taken: int = 0,
) -> Outlook:
    """The outlook for ``hand``, drawing from ``library`` (its order unknown to the player).

    ``bottom``: cards the player put on the bottom, so known not to come in the next turns
    (they return with a mulligan's shuffle); ``aside``: cards out of the library that a
    mulligan does not shuffle back, earlier hands set aside (``london-set-aside``) or cards
    Serum Powder exiled. ``is_land`` decides what is a land (the engine's
    ``PlayerState.is_land`` also counts names the player marked; default: the type line),
    ``is_key`` which cards are the keep rule's key cards (default: none). ``keep_rule``,
    ``rule``, ``free`` and ``mulligans_taken`` as for :func:`mulligan_from_here`; the keep
    rule defaults to :class:`odds.KeepRule`'s defaults.
    """

    def drops(info: CardInfo) -> bool:  # CR 305.2: a land drop (a spell-land's land face too)
        return is_land(info) or spell_land(info)

    hand_lands = [info for info in hand if drops(info)]
    library_lands = [info for info in library if drops(info)]
    size, in_library = len(library), len(library_lands)
    play = lands_outlook(len(hand_lands), size, in_library, True)
    draw = lands_outlook(len(hand_lands), size, in_library, False)

    # A fetch land is a source of every colour it could find in the library as it stands.
    fetched: dict[Finds, int] = {}

    def source(info: CardInfo) -> int:
        finds = _finds(info) if is_land(info) else None
        if finds is None:
            return _sources_mask(info)
        if finds not in fetched:
            fetched[finds] = _found_mask(finds, library, is_land)
        return fetched[finds]

    held: Counter[int] = Counter(source(info) for info in hand_lands)
    there: Counter[int] = Counter(source(info) for info in library_lands)
    others = size - in_library
    rows: list[Casting] = []
    skipped: list[str] = []
    for info in hand:
        if is_land(info):
            continue
        if not info.known or not info.mana_cost:
            skipped.append(info.name)
            continue
        cost = parse_cost(info.mana_cost)
        onto = _mask(cost.colours)
        own = held
        if spell_land(info):  # a spell-land cast as a spell is not also one of the lands that pay for it
            own = held.copy()
            own[source(info)] -= 1
        mine, theirs = _project(+own, onto), _project(there, onto)
        rows.append(
            Casting(
                info.name,
                cost.text.split("//")[0].strip(),
                max(1, cost.value),
                cast_chances(cost, mine, theirs, others, True),
                cast_chances(cost, mine, theirs, others, False),
            )
        )
    unknown = sum(1 for info in (*hand_lands, *library_lands)
                  if info.produces is None and not info.mana_sources and _finds(info) is None)  # fmt: skip
    unread = tuple(dict.fromkeys(i.name for i in (*hand, *library, *bottom) if i.mana is not None and i.mana.unread))

    rules = keep_rule or KeepRule()
    rule = as_rule(rule)
    walks = rule.set_aside or rule.powder
    deck = deck_counts((*hand, *library, *bottom, *(aside if walks else ())), is_land, is_key)
    out = None
    if rule.set_aside:
        out = deck_counts((*hand, *aside), is_land, is_key)
    elif walks and aside:
        out = deck_counts(aside, is_land, is_key)
    mulligan = mulligan_from_here(deck, rule, free, rules, mulligans_taken, out)
    return Outlook(
        hand_size=len(hand),
        hand_lands=len(hand_lands),
        library_size=size,
        library_lands=in_library,
        first_draw_land=Fraction(in_library, size) if size else Fraction(0),
        play=play,
        draw=draw,
        casting=tuple(rows),
        skipped=tuple(skipped),
        unknown_lands=unknown,
        mulligan=mulligan,
        spell_lands=sum(1 for info in (*hand_lands, *library_lands) if not is_land(info)),
        unread=unread,
    )
