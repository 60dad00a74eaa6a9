"""Casting on curve where the exact count of :mod:`.outlook` cannot follow the mana: lands that
enter tapped (always or on a condition), rocks and dorks, Signets, Verges, fetch lands that
find tapped lands, ramp spells. The hand is played out (:mod:`.goldfish`, the verdict's own
playout) over seeded draws, on the play and on the draw, and a card of mana value ``v``
counts as cast on curve in a playout when the mana of turn ``v`` (its lands and the
permanents that can tap then, before any is spent) pays its cost; the figure is a share of
:data:`SAMPLES` playouts, with its standard error.

The exact count stays where it is exact: decks whose lands all enter untapped and make one
mana of their colours (a shock land's life paid; a fetch land a source of every colour it
can find, when what it finds enters untapped), with no other mana makers.

>>> from opening_hand.cards import CardInfo
>>> from opening_hand.cards.mana import decode
>>> gate = CardInfo("Gate", type_line="Land — Gate", produces="R", mana=decode({"tapped": "1"}))
>>> bear = CardInfo("Bear", "{1}{R}", "Creature — Bear")
>>> table = Table.of([gate] * 20 + [bear] * 20)
>>> exact([table.kind_of(gate)], table), exact([table.kind_of(bear)], table)
(False, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from opening_hand.trainer.goldfish import MAX_TURNS, Table, pays, turns_needed
from opening_hand.trainer.outlook import BIT, Casting, Chance, parse_cost
from opening_hand.trainer.playkinds import NEVER, Kind

SAMPLES = 300  # playouts a side


def _simple(kind: Kind, table: Table) -> bool:
    """Whether the exact count can take this kind as it is."""
    if kind.face >= 0 and not _simple(table.kinds[kind.face], table):
        return False
    if not kind.land:
        return not kind.producer
    if kind.search is not None:
        search = kind.search
        if search.tapped or search.count != 1 or search.hand:
            return False
        return all(_simple(k, table) for k in table.findable(search) if k.search is None)
    return kind.enters == NEVER and not kind.sick and len(kind.units) == 1 and not kind.pay and not kind.also


def exact(kinds: Iterable[int], table: Table) -> bool:
    """Whether the exact count of :mod:`.outlook` holds for a deck of these kinds."""
    return all(_simple(table.kinds[k], table) for k in set(kinds))


def _chance(pools: Sequence[Sequence[int]], cost_text: str) -> Chance:
    cost = parse_cost(cost_text)
    n = len(pools)
    fewest = min(generic + len(pips) for generic, pips in cost.options)
    lands = mana = colours = 0
    needs = []
    for letter in cost.colours:
        bit = BIT[letter]
        need = min(sum(1 for pip in pips if pip == bit) for _, pips in cost.options)
        if need:
            needs.append((letter, bit, need))
    singles = [0] * len(needs)
    for pool in pools:
        lands += len(pool) >= fewest
        mana += any(pays(pool, pips, generic) for generic, pips in cost.options)
        colours += any(pays(pool, pips, 0) for _, pips in cost.options)
        for index, (_, bit, need) in enumerate(needs):
            singles[index] += sum(1 for unit in pool if unit & bit) >= need
    share = mana / n if n else 0.0
    se = math.sqrt(share * (1 - share) / n) if n else 0.0
    by_colour = tuple((letter, Fraction(singles[i], n)) for i, (letter, _, _) in enumerate(needs))
    return Chance(Fraction(lands, n), Fraction(mana, n), Fraction(colours, n), by_colour, se)


@lru_cache(maxsize=32)  # bounded: the hands of a few decks seen lately
def simulated(
    table: Table,
    hand: tuple[int, ...],
    library: tuple[int, ...],
    known: tuple[int, ...],
    rows: tuple[Casting, ...],
    seed: str,
) -> tuple[Casting, ...]:
    """The rows (the exact count's, for their names, costs and turns) with their chances
    simulated, on the play and on the draw; a row past :data:`goldfish.MAX_TURNS` keeps its
    exact figures."""
    wanted = [row.turn for row in rows if row.turn <= MAX_TURNS]
    if not wanted or not library:
        return rows
    top = max(wanted)
    sides: dict[bool, list[list[tuple[int, ...]]]] = {}
    for skips in (True, False):
        rng = random.Random(f"opening-hand/curve/{seed}/{skips}")
        draws = table.draws(library, turns_needed(top, skips), SAMPLES, rng, known)
        sides[skips] = [table.mana_by_turn(hand, d, skips=skips, turns=top) for d in draws]
    found: list[Casting] = []
    for row in rows:
        if row.turn > MAX_TURNS:
            found.append(row)
            continue
        play = _chance([pools[row.turn - 1] for pools in sides[True]], row.cost)
        draw = _chance([pools[row.turn - 1] for pools in sides[False]], row.cost)
        found.append(replace(row, play=play, draw=draw))
    return tuple(found)
