"""The value of a hand: what it does in the first turns with the real deck, played out
against no opponent ("goldfishing"), on one scale, in mana, that counts every card.

**The measure.** A hand is played out to the end of turn N (:data:`TURNS`, 4; 5 in
Commander and Brawl, whose decks are slower), drawing from the library as it stands, on the
play or the draw as the table says (CR 103.8), and scored

    mana spent on spells + ½ a mana per spell cast + ½ per mana left unspent + the cards still held

* **Each turn** the player draws (CR 504.1; the starting player of a two-player game skips
  the first draw, 103.8a), plays a land (CR 305.2: the one that lets the most mana be spent
  now, then the one that adds a colour the hand's spells need), then casts the spells that
  spend the most mana, colours and all: each land pays one mana of one of its colours
  (Scryfall's ``produced_mana``; a land of unknown colours pays generic mana only).
* **A spell cast** counts half a mana beyond its mana value (:data:`CAST`): a card put to
  use is worth more than the mana it took (a body on the table, an effect), so two one-drops
  count for more than a two-drop.
* **Mana left unspent** counts half a mana (:data:`UNSPENT`): a flooded turn is not
  worthless (the mana casts instants, activates abilities, casts two spells a turn later)
  but is worth less than mana spent.
* **Cards still held** after the last turn count a share of what an average card of the
  deck spends (:data:`CARD_SHARE` × the deck's total mana value over its size): a quarter
  share for every card, a whole share more for a card of use next turn (a spell the lands in
  play cast, or a land the hand's spells still need). A mulligan's missing card shows here
  and in the spells cast.

Mana spent alone (the first idea for this trainer) ranks a four-land seven of cheap spells
below an average six, and a strong three-land seven of one- and two-drops barely above a
mulligan: it sees neither a card's use beyond its mana nor the mana a flooded hand still
has. The weights above were fitted so that the cases strong players agree on come out as
they say (a seven with 0, 1, 6 or 7 lands is a mulligan, 2–4 lands with ordinary cheap
spells a keep); ``scripts/trainer_fit.py`` prints how well, and ``docs/trainer.md`` keeps the
figures. The close cases are the model's own view.

**Exact where cheap, simulated where not.** The draws are sampled (seeded Monte Carlo), so
every figure comes with its standard error (:class:`Estimate`); the policy's choices within
a turn are exact and memoised per deck (:class:`Table`), so a playout costs a few dozen
dictionary look-ups.

>>> from .cards import CardInfo
>>> mountain = CardInfo("Mountain", type_line="Basic Land — Mountain")
>>> bolt = CardInfo("Lightning Bolt", "{R}", "Instant")
>>> table = Table.of([mountain] * 20 + [bolt] * 40)
>>> m, b = table.kind_of(mountain), table.kind_of(bolt)
>>> table.spent((m, m, b, b, b, b, b), (), skips=True, turns=2)  # T1 a Bolt, T2 two: 3 mana spent, 3 spells cast
(3, 0, 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import product

from .cards import CAST_FOR, CardInfo, normalise
from .outlook import BIT, Option, parse_cost

TURNS = 4  # turns played out by default
SLOW_TURNS = 5  # Commander and Brawl: slower decks, a longer horizon
UNSPENT = 0.5  # a mana left unspent, as a share of a mana spent on a spell
CAST = 0.5  # a spell cast, in mana, beyond its mana value
CARD_SHARE = 0.3  # a card still held, as a share of the mana an average card of the deck spends
HELD = 0.25  # ... for every card held; a card of use on the next turns counts 1 + HELD shares
MAX_TURNS = 8
_CACHE = 20_000  # memoised situations kept per deck (a long session must not grow without end)


@dataclass(frozen=True, slots=True)
class Kind:
    """What the playout needs to know of a card: a land and the colours it makes, or a
    spell and the ways lands pay it; ``unknown`` for a card the data does not know."""

    land: bool
    mask: int = 0  # a land's colours (outlook.BIT); 0: unknown colours, generic mana only
    value: int = 0  # a spell's mana value (CR 202.3)
    options: tuple[Option, ...] = ()  # the ways to pay it (outlook.parse_cost); (): never cast
    unknown: bool = False


def kind(info: CardInfo, is_land: bool) -> Kind:
    """The kind of a card: ``is_land`` as the player's land marks say (a marked card of
    unknown colours makes generic mana); a card not known and not a land is ``unknown``."""
    if is_land:
        mask = 0
        for letter in info.mana_sources:
            mask |= BIT.get(letter, 0)
        return Kind(True, mask)
    if not info.known:
        return Kind(False, unknown=True)
    usual = CAST_FOR.get(normalise(info.name))  # suspend, spectacle: the cost it is usually cast for
    if not info.mana_cost and usual is None:  # CR 202.1a: no mana cost, not cast for mana
        return Kind(False)
    cost = parse_cost(usual or info.mana_cost)
    return Kind(False, value=cost.value, options=cost.options)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its standard error, from ``samples`` playouts (or hands)."""

    mean: float
    se: float
    samples: int

    @staticmethod
    def of(values: Sequence[float]) -> Estimate:
        n = len(values)
        if n == 0:
            return Estimate(0.0, 0.0, 0)
        # math.fsum: correctly rounded, so the same figure in every Python (the builtin sum
        # compensates its rounding since 3.12: CPython 3.11 and Pyodide's 3.14 would differ).
        mean = math.fsum(values) / n
        var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        return Estimate(mean, math.sqrt(var / n), n)


def _payable(lands: tuple[int, ...], pips: Sequence[int], generic: int) -> bool:
    """Whether lands (each one mana of one of its colours) pay the coloured ``pips`` (each
    payable by a land sharing a colour) and ``generic`` more: a matching of pips to distinct
    lands exists iff Hall's condition holds for every set of colours."""
    if len(pips) + generic > len(lands):
        return False
    union = 0
    for pip in pips:
        union |= pip
    subset = union
    while subset:
        need = sum(1 for pip in pips if pip & ~subset == 0)
        if need and need > sum(1 for mask in lands if mask & subset):
            return False
        subset = (subset - 1) & union
    return True


@dataclass(eq=False)
class Table:
    """A deck's kinds of card and the playout's memoised choices. Cards are kinds by
    index (``kinds[i]``); a hand or a library is a sequence of those indices."""

    kinds: list[Kind] = field(default_factory=list)
    card_value: float = 0.0  # a card still held, in mana (CARD_SHARE of the deck's mana per card)
    _index: dict[Kind, int] = field(default_factory=dict)
    _casts: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    _lands: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = field(default_factory=dict)

    @staticmethod
    def of(deck: Iterable[CardInfo], is_land: Callable[[CardInfo], bool] = lambda i: i.is_land) -> Table:
        table = Table()
        infos = list(deck)
        total = 0
        for info in infos:
            k = table.kind_of(info, is_land(info))
            total += table.kinds[k].value if not table.kinds[k].land else 0
        table.card_value = CARD_SHARE * total / len(infos) if infos else 0.0
        return table

    def kind_of(self, info: CardInfo, land: bool | None = None) -> int:
        """The index of ``info``'s kind (added if new)."""
        found = kind(info, info.is_land if land is None else land)
        index = self._index.get(found)
        if index is None:
            index = self._index[found] = len(self.kinds)
            self.kinds.append(found)
        return index

    # ------------------------------------------------------------------- a turn's choices

    def cast(self, lands: tuple[int, ...], spells: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """(mana spent, the spells left) when ``lands`` (colour masks, sorted) cast the
        spells of ``spells`` (kind indices, sorted) that spend the most mana (of those, the
        most spells)."""
        key = (lands, spells)
        found = self._casts.get(key)
        if found is None:
            if len(self._casts) > _CACHE:
                self._casts.clear()
            found = self._casts[key] = self._best_cast(lands, spells)
        return found

    def _best_cast(self, lands: tuple[int, ...], spells: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        kinds = self.kinds
        castable = [s for s in spells if kinds[s].options and kinds[s].value <= len(lands)]
        groups: dict[int, int] = {}
        for s in castable:
            groups[s] = groups.get(s, 0) + 1
        items = sorted(groups.items(), key=lambda item: (-kinds[item[0]].value, item[0]))
        best_total, best_pick = 0, tuple[int, ...]()
        budget = len(lands)

        def payable(pick: Sequence[int]) -> bool:
            choices = [kinds[s].options for s in pick]
            combos = product(*choices) if math.prod(len(c) for c in choices) <= 64 else [tuple(c[0] for c in choices)]
            for combo in combos:
                generic = sum(g for g, _ in combo)
                pips = [pip for _, pipset in combo for pip in pipset]
                if _payable(lands, pips, generic):
                    return True
            return False

        def walk(index: int, chosen: list[int], total: int) -> None:
            nonlocal best_total, best_pick
            if index == len(items):
                better = total > best_total or (total == best_total and len(chosen) > len(best_pick))
                if better and payable(chosen):
                    best_total, best_pick = total, tuple(chosen)
                return
            rest = sum(kinds[s].value * n for s, n in items[index:])
            if total + rest < best_total:
                return  # nothing down this branch spends as much
            s, n = items[index]
            value = kinds[s].value
            for take in range(min(n, (budget - total) // value if value else n), -1, -1):
                walk(index + 1, chosen + [s] * take, total + value * take)

        walk(0, [], 0)
        if not best_pick:
            return 0, spells
        left = list(spells)
        for s in best_pick:
            left.remove(s)
        return best_total, tuple(left)

    def land_to_play(self, inplay: tuple[int, ...], lands: tuple[int, ...], spells: tuple[int, ...]) -> int:
        """The index in ``lands`` (colour masks in hand, sorted) of the land to play: the one
        that lets the most mana be spent this turn, then the one adding a colour the spells
        need and the lands in play lack, then the one making the most colours."""
        key = (inplay, lands, spells)
        found = self._lands.get(key)
        if found is None:
            if len(self._lands) > _CACHE:
                self._lands.clear()
            kinds = self.kinds
            needed = 0
            for s in spells:
                for _, pips in kinds[s].options[:1]:
                    for pip in pips:
                        needed |= pip
            have = 0
            for mask in inplay:
                have |= mask
            best_key: tuple[int, int, int] | None = None
            found = 0
            for index, mask in enumerate(lands):
                if index and mask == lands[index - 1]:
                    continue
                spent = self.cast(tuple(sorted(inplay + (mask,))), spells)[0]
                score = (spent, (mask & needed & ~have).bit_count(), mask.bit_count())
                if best_key is None or score > best_key:
                    best_key, found = score, index
            self._lands[key] = found
        return found

    # ------------------------------------------------------------------- a playout

    def play_out(self, hand: Sequence[int], draws: Sequence[int], *, skips: bool, turns: int) -> float:
        """The value of one playout: ``hand`` (kind indices) and ``draws``, the cards the
        draw steps bring in order (the first turn's skipped when ``skips``)."""
        spent, unspent, cast, held = self._play(hand, draws, skips, turns)
        return spent + UNSPENT * unspent + CAST * cast + self.card_value * held

    def spent(self, hand: Sequence[int], draws: Sequence[int], *, skips: bool, turns: int) -> tuple[int, int, int]:
        """(mana spent, mana left unspent, spells cast) over one playout."""
        spent, unspent, cast, _ = self._play(hand, draws, skips, turns)
        return spent, unspent, cast

    def _play(self, hand: Sequence[int], draws: Sequence[int], skips: bool, turns: int) -> tuple[int, int, int, float]:
        kinds = self.kinds
        lands = tuple(sorted(kinds[k].mask for k in hand if kinds[k].land))
        spells = tuple(sorted(k for k in hand if not kinds[k].land))
        inplay: tuple[int, ...] = ()
        spent = unspent = cast = 0
        drawn = 0
        for turn in range(1, turns + 1):
            if not (turn == 1 and skips) and drawn < len(draws):
                card = draws[drawn]
                drawn += 1
                if kinds[card].land:
                    lands = tuple(sorted(lands + (kinds[card].mask,)))
                else:
                    spells = tuple(sorted(spells + (card,)))
            if lands:
                index = self.land_to_play(inplay, lands, spells)
                inplay = tuple(sorted(inplay + (lands[index],)))
                lands = lands[:index] + lands[index + 1 :]
            held = len(spells)
            mana, spells = self.cast(inplay, spells)
            spent += mana
            unspent += len(inplay) - mana
            cast += held - len(spells)
        return spent, unspent, cast, self.held(inplay, lands, spells)

    def held(self, inplay: tuple[int, ...], lands: tuple[int, ...], spells: tuple[int, ...]) -> float:
        """The cards held after the last turn, in shares of a card (:data:`HELD` each, one
        more for a card of use next turn: a spell the lands in play cast, a land still needed)."""
        kinds = self.kinds
        there = len(inplay)
        useful = sum(1 for s in spells if kinds[s].options and kinds[s].value <= there)
        top = max((kinds[s].value for s in spells if kinds[s].options), default=0)
        useful += min(len(lands), max(0, top - there))
        return useful + HELD * (len(lands) + len(spells))


def draws_for(library: Sequence[int], count: int, samples: int, rng: random.Random) -> list[list[int]]:
    """``samples`` orders of the top ``count`` cards of a library whose order is unknown:
    the same list is used for every hand compared (common random numbers)."""
    count = min(count, len(library))
    return [rng.sample(library, count) for _ in range(samples)]


def value_of(
    table: Table, hand: Sequence[int], draw_lists: Sequence[Sequence[int]], *, skips: bool, turns: int
) -> Estimate:
    """The hand's value over the given draws (one playout each)."""
    return Estimate.of([table.play_out(hand, draws, skips=skips, turns=turns) for draws in draw_lists])


def turns_needed(turns: int, skips: bool) -> int:
    """Cards drawn by the end of turn ``turns`` (CR 103.8a: none on a skipped first draw)."""
    return turns - 1 if skips else turns
