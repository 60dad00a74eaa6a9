"""The value of a hand: what it does in the first turns with the real deck, played out
against no opponent ("goldfishing"), on one scale, in mana, that counts every card.

**The measure.** A hand is played out to the end of turn N (:data:`TURNS`, 4; 5 in
Commander and Brawl, whose decks are slower), drawing from the library as it stands, on the
play or the draw as the table says (CR 103.8), and scored

    mana spent on spells + ½ a mana per spell cast + ½ per mana left unspent + the cards still held

* **Each turn** the player draws (CR 504.1; the starting player of a two-player game skips
  the first draw, 103.8a), plays a land (CR 305.2; below), casts the mana rocks, dorks and
  ramp spells first when they are worth it (below), then the spells that spend the most
  mana, colours and all: each mana of the turn pays one pip of one of its colours.
* **The mana of a turn** comes from the lands and the other permanents that can tap: a land
  that entered tapped this turn cannot, nor a creature that came this turn (CR 302.6); a
  rock that entered untapped can at once (Sol Ring, Mind Stone); a Signet's mana costs one of
  the others. The cards' mana is their facts (:mod:`opening_hand.cards.mana`, :mod:`.playkinds`): a card
  without facts makes one mana of its colours (Scryfall's ``produced_mana``) and enters
  untapped, as before they existed; a land of unknown colours pays generic mana only.
* **The land** played is the one that lets the most mana be spent this turn, then the one
  adding a colour the spells need, then one that enters tapped (it costs nothing now and is
  ready later), then the one making the most colours. A fetch land is played, sacrificed
  and finds the land of the library that does best by the same measure (the library
  shrinks: that card is not drawn later); a modal double-faced card is played as its land
  face when the hand holds no other land, and is otherwise a spell.
* **Mana first.** Before the other spells, on every turn but the last, the player casts the
  rocks, dorks and ramp spells the turn's mana pays, the most mana for next turn first,
  unless casting the others instead spends more now than those would add next turn.
* **A spell cast** counts half a mana beyond its mana value (:data:`CAST`): a card put to
  use is worth more than the mana it took (a body on the table, an effect), so two one-drops
  count for more than a two-drop.
* **Mana left unspent** counts half a mana (:data:`UNSPENT`): a flooded turn is not
  worthless (the mana casts instants, activates abilities, casts two spells a turn later)
  but is worth less than mana spent.
* **Cards still held** after the last turn count a share of what an average card of the
  deck spends (:data:`CARD_SHARE` × the deck's total mana value over its size): a quarter
  share for every card, a whole share more for a card of use next turn (a spell the mana in
  play casts, or a land the hand's spells still need). A mulligan's missing card shows here
  and in the spells cast.

Mana spent alone (the first idea for this trainer) ranks a four-land seven of cheap spells
below an average six, and a strong three-land seven of one- and two-drops barely above a
mulligan: it sees neither a card's use beyond its mana nor the mana a flooded hand still
has. The weights above were fitted so that the cases strong players agree on come out as
they say (a seven with 0, 1, 6 or 7 lands is a mulligan, 2–4 lands with ordinary cheap
spells a keep); ``scripts/bench/trainer_fit.py`` prints how well, and ``docs/trainer.md`` keeps the
figures. The close cases are the model's own view.

**Exact where cheap, simulated where not.** The draws are sampled (seeded Monte Carlo), so
every figure comes with its standard error (:class:`Estimate`); the policy's choices within
a turn are exact and memoised per deck (:class:`Table`), so a playout costs a few dozen
dictionary look-ups.

>>> from opening_hand.cards import CardInfo
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
from dataclasses import dataclass, field, replace
from itertools import product

from opening_hand.cards import CardInfo
from opening_hand.trainer.playkinds import (
    ALWAYS,
    BASICS,
    CONTROL,
    FEW,
    MANY,
    NEVER,
    REVEAL,
    Context,
    Kind,
    Search,
    resolve,
)

TURNS = 4  # turns played out by default
SLOW_TURNS = 5  # Commander and Brawl: slower decks, a longer horizon
UNSPENT = 0.65  # a mana left unspent, as a share of a mana spent on a spell
CAST = 0.3  # a spell cast, in mana, beyond its mana value ...
TEMPO = 0.45  # ... and up to this much more the earlier it comes: times the share of the turns still ahead
CARD_SHARE = 0.3  # a card still held, as a share of the mana an average card of the deck spends
HELD = 0.25  # ... for every card held; a card of use on the next turns counts 1 + HELD shares
MAX_TURNS = 8
_CACHE = 60_000  # memoised situations kept per deck (a long session must not grow without end)

Turn = tuple[tuple[int, ...], tuple[int, ...], int, int, int, tuple[int, ...], tuple[int, ...]]

__all__ = ["CARD_SHARE", "CAST", "HELD", "UNSPENT", "Context", "Draws", "Estimate", "Kind", "Table", "draws_for",
           "turns_needed", "value_of"]  # fmt: skip


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


@dataclass(frozen=True, slots=True)
class Draws:
    """One playout's draws: the library's top ``cards`` in order (a few more than the draw
    steps take when the deck has cards that search it: a search may take one of them), the
    whole library's kind counts when a search may need them (``library``: index is the kind),
    and ``luck``, a uniform number in [0, 1) that settles what is left to chance (which copy
    of a land a search takes: one of the top cards, or one further down)."""

    cards: tuple[int, ...]
    luck: float = 0.5
    library: tuple[int, ...] | None = None

    def __len__(self) -> int:
        return len(self.cards)


def pays(lands: Sequence[int], pips: Sequence[int], generic: int) -> bool:
    """Whether mana (each one of its colours) pays the coloured ``pips`` (each payable by a
    mana sharing a colour) and ``generic`` more: a matching of pips to distinct mana exists
    iff Hall's condition holds for every set of colours."""
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
    index (``kinds[i]``); a hand or a library is a sequence of those indices; the
    battlefield is the kinds of the lands and mana makers on it."""

    kinds: list[Kind] = field(default_factory=list)
    card_value: float = 0.0  # a card still held, in mana (CARD_SHARE of the deck's mana per card)
    context: Context = field(default_factory=Context)
    slack: int = 0  # cards drawn beyond the draw steps' (a search may take some): > 0 once a card searches
    _index: dict[Kind, int] = field(default_factory=dict)
    _of: dict[tuple[CardInfo, bool], int] = field(default_factory=dict)
    _casts: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    _turns: dict[tuple[tuple[int, ...], tuple[int, ...], bool, int], Turn] = field(default_factory=dict)
    _paid: dict[tuple[tuple[int, ...], int], tuple[int, ...] | None] = field(default_factory=dict)
    _held: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = field(default_factory=dict)
    _cards: set[int] = field(default_factory=set)  # the kinds of cards of the deck (not only as settled)
    _searchers: frozenset[int] = frozenset()
    _targets: tuple[int, ...] = ()  # the land kinds a search may find
    _findable: dict[Search, list[int]] = field(default_factory=dict)  # a search's targets among them
    _searching: list[bool] = field(default_factory=list)  # by kind: it searches, or its land face does
    _making: list[bool] = field(default_factory=list)  # by kind: a mana maker (Kind.producer)
    _settle: list[int] = field(default_factory=list)  # by kind: the kind it is once on the battlefield
    _land: list[bool] = field(default_factory=list)  # by kind: Kind.land
    _units: list[tuple[int, ...]] = field(default_factory=list)  # by kind: Kind.units
    _plain: list[bool] = field(default_factory=list)  # by kind: its mana is its units (no Signet, no Verge)

    @staticmethod
    def of(
        deck: Iterable[CardInfo],
        is_land: Callable[[CardInfo], bool] = lambda i: i.is_land,
        context: Context | None = None,
    ) -> Table:
        table = Table(context=context or Context())
        infos = list(deck)
        total = 0
        for info in infos:
            k = table.kind_of(info, is_land(info))
            total += table.kinds[k].value if not table.kinds[k].land else 0
        table.card_value = CARD_SHARE * total / len(infos) if infos else 0.0
        return table

    def kind_of(self, info: CardInfo, land: bool | None = None) -> int:
        """The index of ``info``'s kind (added if new)."""
        is_land = info.is_land if land is None else land
        found = self._of.get((info, is_land))
        if found is not None:
            return found
        kind, face = resolve(info, is_land, self.context)
        if face is not None:
            kind = replace(kind, face=self._add(face))
        index = self._of[(info, is_land)] = self._add(kind)
        return index

    def _add(self, kind: Kind, settled: bool = False) -> int:
        """The index of ``kind`` (added if new). ``settled``: a kind only as it is on the
        battlefield (:attr:`_settle`), never a card of the deck."""
        index = self._index.get(kind)
        if index is None:
            index = self._index[kind] = len(self.kinds)
            self.kinds.append(kind)
            self._searching.append(
                kind.search is not None or (kind.face >= 0 and self.kinds[kind.face].search is not None)
            )
            self._making.append(kind.producer)
            self._settle.append(index)
            self._land.append(kind.land)
            self._units.append(kind.units)
            self._plain.append(not kind.pay and not kind.also)
        if not settled and index not in self._cards:
            self._cards.add(index)
            if kind.search is not None:
                self._searchers = self._searchers | {index}
                self.slack = TURNS + 2
            if kind.land:
                self._targets = (*self._targets, index)
                self._findable.clear()
            # On the battlefield only its mana, land types and basic supertype matter: cards
            # alike there share one kind, so the playout's memo sees fewer battlefields.
            there = Kind(kind.land, kind.mask, units=kind.units, pay=kind.pay, also=kind.also,
                         also_types=kind.also_types, types=kind.types, basic=kind.basic)  # fmt: skip
            self._settle[index] = self._add(there, settled=True)
            self._turns.clear()  # a new kind may be a land a search finds
        return index

    def _wanted(self, k: int) -> int:
        """The land kinds kind ``k``'s search (or its land face's) may find, one bit a kind."""
        kind = self.kinds[k]
        search = kind.search if kind.search is not None or kind.face < 0 else self.kinds[kind.face].search
        if search is None:
            return 0
        targets = self._findable.get(search)
        if targets is None:
            targets = self._findable[search] = [t for t in self._targets if search.finds(self.kinds[t])]
        mask = 0
        for t in targets:
            mask |= 1 << t
        return mask

    def findable(self, search: Search) -> list[Kind]:
        """The land kinds of this deck a search may find."""
        return [self.kinds[t] for t in self._targets if search.finds(self.kinds[t])]

    def draws(self, library: Sequence[int], count: int, samples: int, rng: random.Random,
              known: Sequence[int] = ()) -> list[Draws]:  # fmt: skip
        """``samples`` orders of the top ``count`` cards of a library whose order is unknown
        (with room for what a search takes), the same for every hand compared (common random
        numbers). ``known``: cards known to be at the bottom (a search may still find them)."""
        counts = None
        if self._searchers:
            found = [0] * len(self.kinds)
            for k in (*library, *known):
                found[k] += 1
            counts = tuple(found)
        return draws_for(library, count + self.slack, samples, rng, counts)

    # ------------------------------------------------------------------- a turn's choices

    def cast(self, lands: tuple[int, ...], spells: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """(mana spent, the spells left) when the mana of ``lands`` (colour masks, sorted)
        casts the spells of ``spells`` (kind indices, sorted) that spend the most mana (of
        those, the most spells)."""
        key = (lands, spells)
        found = self._casts.get(key)
        if found is None:
            if len(self._casts) > _CACHE:
                self._casts.clear()
            # Only the spells this mana could cast matter, and of the mana only the colours they
            # ask for: many hands and turns share that core (a four-colour deck's most of all).
            kinds, budget = self.kinds, len(lands)
            castable = tuple(s for s in spells if kinds[s].options and kinds[s].value <= budget)
            asked = self._asked(castable)
            core = (tuple(sorted(unit & asked for unit in lands)), castable)
            inner = self._casts.get(core)
            if inner is None:
                inner = self._casts[core] = self._best_cast(core[0], castable)
            if len(castable) == len(spells):
                found = inner
            else:
                left = list(spells)
                for s in castable:
                    left.remove(s)
                found = (inner[0], tuple(sorted(left + list(inner[1]))))
            self._casts[key] = found
        return found

    def _asked(self, spells: tuple[int, ...]) -> int:
        """Every colour some pip of these spells can be paid with."""
        asked = 0
        for s in spells:
            for _, pips in self.kinds[s].options:
                for pip in pips:
                    asked |= pip
        return asked

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
                if pays(lands, pips, generic):
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

        everything = [s for s, n in items for _ in range(n)]
        if sum(kinds[s].value for s in everything) <= budget and payable(everything):
            best_total, best_pick = sum(kinds[s].value for s in everything), tuple(everything)  # all of them
        else:
            walk(0, [], 0)
        if not best_pick:
            return 0, spells
        left = list(spells)
        for s in best_pick:
            left.remove(s)
        return best_total, tuple(left)

    def pool(self, ready: Sequence[int], lands_there: Sequence[int]) -> list[int]:
        """The mana of a turn (one colour mask each): the permanents of ``ready`` that can tap,
        a Verge's second colour judged on the land kinds ``lands_there``; a Signet turns one
        of the others into its two (the one its own colours replace, else the fewest colours)."""
        kinds = self.kinds
        types = 0
        for k in lands_there:
            types |= kinds[k].types
        units: list[int] = []
        converters: list[Kind] = []
        for k in ready:
            kind = kinds[k]
            if kind.pay:
                converters.append(kind)
            elif kind.also and types & kind.also_types:
                units.extend(unit | kind.also for unit in kind.units)
            else:
                units.extend(kind.units)
        for kind in converters:
            units = _convert(units, kind)
        return units

    def _pay(self, pool: tuple[int, ...], k: int) -> tuple[int, ...] | None:
        """The mana left once ``pool`` pays kind ``k``'s cost (keeping the mana of the most
        colours), or None when it cannot."""
        key = (pool, k)
        if key in self._paid:
            return self._paid[key]
        left: tuple[int, ...] | None = None
        for generic, pips in self.kinds[k].options:
            if not pays(pool, pips, generic):
                continue
            rest = list(pool)
            for pip in sorted(pips, key=lambda p: sum(1 for u in rest if u & p)):
                candidates = [u for u in rest if u & pip]
                if not candidates:
                    break
                rest.remove(min(candidates, key=lambda u: (u.bit_count(), u)))
            else:
                if len(rest) >= generic:
                    rest.sort(key=lambda u: (u.bit_count(), u))
                    left = tuple(sorted(rest[generic:]))
                    break
        if len(self._paid) > _CACHE:
            self._paid.clear()
        self._paid[key] = left
        return left

    def _ready(self, k: int, field: Sequence[int], hand: Sequence[int]) -> bool:
        """Whether a land of kind ``k`` entering now is untapped: its condition judged on the
        battlefield before it (``field``) and the hand without it."""
        kind, kinds = self.kinds[k], self.kinds
        if kind.sick:
            return False
        code = kind.enters
        if code == NEVER:
            return True
        if code == ALWAYS:
            return False
        if code == CONTROL:
            return any(kinds[f].land and kinds[f].types & kind.cond for f in field)
        if code == REVEAL:
            return any(kinds[h].types & kind.cond for h in hand)
        lands = sum(1 for f in field if kinds[f].land)
        if code == FEW:
            return lands <= kind.cond
        if code == MANY:
            return lands >= kind.cond
        if code == BASICS:
            return sum(1 for f in field if kinds[f].land and kinds[f].basic) >= kind.cond
        return False

    def _found(self, search: Search, field: Sequence[int], hand: Sequence[int], avail: int,
               spells: tuple[int, ...]) -> list[tuple[int, bool]]:  # fmt: skip
        """What a search puts onto the battlefield: (kind, untapped now) for each land found,
        among the land kinds still in the library (``avail``, one bit a kind): the one adding
        the most colours the spells need that the battlefield lacks, then one untapped now,
        then the one of the most colours."""
        kinds = self.kinds
        targets = self._findable.get(search)
        if targets is None:
            targets = self._findable[search] = [t for t in self._targets if search.finds(kinds[t])]
        needed = self._needed(spells)
        have = 0
        for f in field:
            if kinds[f].land:
                have |= kinds[f].mask
        found: list[tuple[int, bool]] = []
        there = list(field)
        for _ in range(search.count):
            best: tuple[tuple[int, ...], int, bool] | None = None
            for target in targets:
                if not (avail >> target) & 1:
                    continue
                mask = kinds[target].mask
                ready = not search.tapped and self._ready(target, there, hand)
                if search.tapped and search.untap and sum(1 for f in there if kinds[f].land) + 1 >= search.untap:
                    ready = not kinds[target].sick
                score = ((mask & needed & ~have).bit_count(), int(ready), mask.bit_count(), -target)
                if best is None or score > best[0]:
                    best = (score, target, ready)
            if best is None:
                break
            found.append((best[1], best[2]))
            there.append(best[1])
            have |= kinds[best[1]].mask
        return found

    def _to_hand(self, search: Search, avail: int, spells: tuple[int, ...]) -> list[int]:
        """The lands a search puts into the hand (Cultivate's second): the ones of the most
        colours the spells need."""
        kinds = self.kinds
        needed = self._needed(spells)
        picks: list[int] = []
        for _ in range(search.hand):
            options = [t for t in self._targets if (avail >> t) & 1 and search.finds(kinds[t])]
            if not options:
                break
            best = max(options, key=lambda t: ((kinds[t].mask & needed).bit_count(), kinds[t].mask.bit_count(), -t))
            picks.append(best)
        return picks

    def _needed(self, spells: Iterable[int]) -> int:
        needed = 0
        for s in spells:
            for _, pips in self.kinds[s].options[:1]:
                for pip in pips:
                    needed |= pip
        return needed

    def _score(self, field: Sequence[int], entering: Sequence[tuple[int, bool]], spells: tuple[int, ...],
               spell_land: bool, needed: int = -1) -> tuple[int, ...]:  # fmt: skip
        """How good it is to have ``entering`` (kind, untapped now) join ``field`` this turn:
        the mana it lets the spells spend now, then a colour they need that the battlefield
        lacks, then entering tapped (it costs nothing now), then its colours."""
        kinds = self.kinds
        ready = [*field, *(k for k, up in entering if up)]
        lands_there = [f for f in field if kinds[f].land] + [k for k, _ in entering]
        mana = tuple(sorted(self.pool(ready, lands_there)))
        spent = self.cast(mana, spells)[0]
        have = 0
        for f in field:
            if kinds[f].land:
                have |= kinds[f].mask
        new = tapped = 0
        for k, up in entering:
            new |= kinds[k].mask
            tapped += not up
        if needed < 0:
            needed = self._needed(spells)
        return (spent, (new & needed & ~have).bit_count(), tapped, new.bit_count(), 0 if spell_land else 1)

    def _land_drop(self, hand: tuple[int, ...], field: tuple[int, ...], spells: tuple[int, ...], avail: int
                   ) -> tuple[int, list[tuple[int, bool]], list[int], list[int]]:  # fmt: skip
        """The land played (CR 305.2): (the card of the hand played, or -1 for none; what enters
        the battlefield, with whether it is untapped now; the kinds a search took from the
        library; the lands it put into the hand)."""
        kinds = self.kinds
        plays: list[tuple[int, int, bool]] = []  # (card in hand, the kind played, a spell-land's land face)
        previous = -1
        for k in hand:
            if k == previous:
                continue
            previous = k
            kind = kinds[k]
            if kind.land:
                plays.append((k, k, False))
                if kind.face >= 0:  # a modal double-faced land: either face
                    plays.append((k, kind.face, False))
        if not plays:
            plays = [(k, kinds[k].face, True) for k in sorted(set(hand)) if kinds[k].face >= 0]
            if not plays:
                return -1, [], [], []
        if len(plays) == 1 and kinds[plays[0][1]].search is None:  # one choice: nothing to weigh
            card, played, _ = plays[0]
            rest = list(hand)
            rest.remove(card)
            return card, [(played, self._ready(played, field, rest))], [], []
        needed = self._needed(spells)
        best: tuple[tuple[int, ...], int, list[tuple[int, bool]], list[int], list[int]] | None = None
        for card, played, spell_land in plays:
            rest = list(hand)
            rest.remove(card)
            kind = kinds[played]
            taken: list[int] = []
            to_hand: list[int] = []
            if kind.search is not None:
                entering = self._found(kind.search, field, rest, avail, spells)
                if entering:
                    taken = [k for k, _ in entering]
                    to_hand = self._to_hand(kind.search, avail, spells)
                    taken += to_hand
                else:  # nothing left to find: it stays, a land that makes no mana
                    entering = [(played, False)]
            else:
                entering = [(played, self._ready(played, field, rest))]
            score = (*self._score(field, entering, spells, spell_land, needed), -played)
            if best is None or score > best[0]:
                best = (score, card, entering, taken, to_hand)
        assert best is not None
        return best[1], best[2], best[3], best[4]

    def turn(self, hand: tuple[int, ...], field: tuple[int, ...], last: bool, avail: int) -> Turn:
        """One turn from its main phase: the land drop, the mana makers, the spells. ``hand``
        (sorted kinds, the turn's draw in it) and ``field`` (the battlefield's mana: sorted
        kinds, every one untapped); ``avail``: the land kinds still in the library, one bit a
        kind. Returns (hand, field, mana spent, mana left unspent, spells cast, the turn's mana
        before any was spent, the kinds a search took from the library)."""
        if last:  # the last turn differs only for a mana maker in hand (none is cast first then)
            making = self._making
            last = any(making[k] for k in hand)
        key = (hand, field, last, avail)
        found = self._turns.get(key)
        if found is None:
            if len(self._turns) > _CACHE:
                self._turns.clear()
            found = self._turns[key] = self._turn(hand, field, last, avail)
        return found

    def _turn(self, hand: tuple[int, ...], field: tuple[int, ...], last: bool, avail: int) -> Turn:
        land, making = self._land, self._making
        spells = tuple([k for k in hand if not land[k]])
        card, entering, taken, to_hand = self._land_drop(hand, field, spells, avail)
        rest = list(hand)
        if card >= 0:
            rest.remove(card)
            if not land[card]:  # a spell-land played as its land face
                spells = tuple([k for k in rest if not land[k]])
        there = [*field, *(k for k, _ in entering)]
        ready = [*field, *(k for k, up in entering if up)]
        plain, units = self._plain, self._units
        if all(plain[k] for k in ready):
            mana0 = tuple(sorted([unit for k in ready for unit in units[k]]))
        else:
            mana0 = tuple(sorted(self.pool(ready, [k for k in there if land[k]])))
        plain_spent, plain_left = self.cast(mana0, spells)
        if not last and any(making[s] for s in spells):
            first = self._mana_first(mana0, spells, there, rest, avail)
            if first.made:
                spent, left = self.cast(first.mana, first.left)
                if first.paid + spent + first.gain >= plain_spent:
                    return self._after(first, spent, left, rest, there, avail, taken, to_hand, mana0)
        if not any(making[s] for s in spells):  # nothing joins the battlefield but the land
            settle = self._settle
            field_after = [settle[k] for k in there if land[k] or units[k]]
            hand_after = [k for k in rest if land[k]]
            hand_after += plain_left
            hand_after += to_hand
            return (tuple(sorted(hand_after)), tuple(sorted(field_after)), plain_spent, len(mana0) - plain_spent,
                    len(spells) - len(plain_left), mana0, tuple(taken))  # fmt: skip
        return self._after(_Plan(mana0, spells), plain_spent, plain_left, rest, there, avail, taken, to_hand, mana0)

    def _after(self, plan: _Plan, spent: int, left: tuple[int, ...], rest: list[int], there: list[int], avail: int,
               taken: list[int], to_hand: list[int], mana0: tuple[int, ...]) -> Turn:  # fmt: skip
        """The turn's end once ``plan`` and the spells it left (``left`` of them uncast) are
        settled: the mana makers and searches cast among the other spells join the battlefield
        for the next turns."""
        kinds = self.kinds
        cast_now = list(plan.left)
        for s in left:
            cast_now.remove(s)
        joined, more_taken, more_hand = list(plan.joined), list(plan.taken), list(plan.to_hand)
        for s in cast_now:
            kind = kinds[s]
            if kind.units:
                joined.append(s)
            if kind.search is not None:
                lands = self._found(kind.search, [*there, *joined], [], avail, ())
                joined.extend(k for k, _ in lands)
                more_taken.extend(k for k, _ in lands)
                extra = self._to_hand(kind.search, avail, ())
                more_hand.extend(extra)
                more_taken.extend(extra)
        hand_after = [k for k in rest if kinds[k].land] + list(left) + to_hand + more_hand
        settle = self._settle
        field_after = [settle[k] for k in there if kinds[k].land or kinds[k].units] + [settle[k] for k in joined]
        return (tuple(sorted(hand_after)), tuple(sorted(field_after)), plan.paid + spent, len(plan.mana) - spent,
                plan.made + len(cast_now), mana0, tuple(taken + more_taken))  # fmt: skip

    def _mana_first(self, mana0: tuple[int, ...], spells: tuple[int, ...], there: list[int], rest: list[int],
                    avail: int) -> _Plan:  # fmt: skip
        """Cast the mana makers the turn's mana pays, the most mana for next turn first: a rock
        that enters untapped adds its mana at once (Sol Ring), a dork from the next turn
        (CR 302.6), a ramp spell puts its land onto the battlefield."""
        kinds = self.kinds
        plan = _Plan(mana0, spells)
        mana = list(mana0)
        left = list(spells)
        there = list(there)
        while True:
            best: tuple[tuple[int, ...], int, tuple[int, ...]] | None = None
            for s in sorted(set(left)):
                kind = kinds[s]
                if not self._making[s]:
                    continue
                gain = (len(kind.units) - kind.pay if kind.units else 0) + (kind.search.count if kind.search else 0)
                if gain <= 0:
                    continue
                paid = self._pay(tuple(sorted(mana)), s)
                if paid is None:
                    continue
                at_once = bool(kind.units) and not kind.sick and kind.enters == NEVER
                score = (gain, int(at_once), -kind.value, -s)
                if best is None or score > best[0]:
                    best = (score, s, paid)
            if best is None:
                break
            (gain, now, _, _), s, paid = best
            kind = kinds[s]
            left.remove(s)
            mana = list(paid)
            plan.paid += kind.value
            plan.made += 1
            plan.gain += gain
            if kind.units:
                plan.joined.append(s)
                there.append(s)
                if now:
                    mana = _convert(mana, kind) if kind.pay else [*mana, *kind.units]
            if kind.search is not None:
                for k, up in self._found(kind.search, there, rest, avail, tuple(left)):
                    plan.joined.append(k)
                    plan.taken.append(k)
                    there.append(k)
                    if up:
                        mana.extend(self.pool([k], [t for t in there if kinds[t].land]))
                extra = self._to_hand(kind.search, avail, tuple(left))
                plan.to_hand.extend(extra)
                plan.taken.extend(extra)
        plan.mana, plan.left = tuple(sorted(mana)), tuple(left)
        return plan

    # ------------------------------------------------------------------- a playout

    def play_out(self, hand: Sequence[int], draws: Draws | Sequence[int], *, skips: bool, turns: int) -> float:
        """The value of one playout: ``hand`` (kind indices) and ``draws``, the cards the
        draw steps bring in order (the first turn's skipped when ``skips``)."""
        spent, unspent, cast, held, _, tempo = self._play(hand, draws, skips, turns)
        return spent + UNSPENT * unspent + CAST * cast + TEMPO * tempo / turns + self.card_value * held

    def spent(
        self, hand: Sequence[int], draws: Draws | Sequence[int], *, skips: bool, turns: int
    ) -> tuple[int, int, int]:
        """(mana spent, mana left unspent, spells cast) over one playout."""
        spent, unspent, cast, _, _, _ = self._play(hand, draws, skips, turns)
        return spent, unspent, cast

    def mana_by_turn(self, hand: Sequence[int], draws: Draws | Sequence[int], *, skips: bool, turns: int
                     ) -> list[tuple[int, ...]]:  # fmt: skip
        """The mana each turn of one playout (colour masks), after the land drop, before any is spent."""
        return self._play(hand, draws, skips, turns)[4]

    def _play(self, hand: Sequence[int], draws: Draws | Sequence[int], skips: bool, turns: int
              ) -> tuple[int, int, int, float, list[tuple[int, ...]], int]:  # fmt: skip
        """(mana spent, mana unspent, spells cast, cards held, each turn's mana, spells cast
        times the turns still ahead when cast)."""
        kinds = self.kinds
        if isinstance(draws, Draws):
            cards, luck, library = draws.cards, draws.luck, draws.library
        else:
            cards, luck, library = tuple(draws), 0.5, None
        held_hand = tuple(sorted(hand))
        field_now: tuple[int, ...] = ()
        spent = unspent = cast = tempo = 0
        drawn = 0
        pools: list[tuple[int, ...]] = []
        searching, making, memo = self._searching, self._making, self._turns
        remaining: list[int] | None = None
        if self._searchers:
            remaining = list(library) if library is not None else [0] * len(kinds)
            if library is None:
                for k in cards:
                    remaining[k] += 1
            remaining.extend([0] * (len(kinds) - len(remaining)))
        for turn in range(1, turns + 1):
            if not (turn == 1 and skips) and drawn < len(cards):
                card = cards[drawn]
                drawn += 1
                held_hand = tuple(sorted((*held_hand, card)))
                if remaining is not None:
                    remaining[card] -= 1
            avail = 0
            if remaining is not None and any(searching[k] for k in held_hand):
                wanted = 0  # only the lands this hand's searches could find tell its turns apart
                for k in held_hand:
                    if searching[k]:
                        wanted |= self._wanted(k)
                for target in self._targets:
                    if (wanted >> target) & 1 and remaining[target] > 0:
                        avail |= 1 << target
            last = turn == turns and any(making[k] for k in held_hand)
            found = memo.get((held_hand, field_now, last, avail))  # most turns were seen before
            if found is None:
                found = self.turn(held_hand, field_now, last, avail)
            held_hand, field_now, s, u, c, pool, taken = found
            spent += s
            unspent += u
            cast += c
            tempo += c * (turns - turn + 1)
            pools.append(pool)
            if taken and remaining is not None:
                for k in taken:  # the library shrinks: that card is not drawn later
                    copies = remaining[k]
                    if copies <= 0:
                        continue
                    upcoming = [i for i in range(drawn, len(cards)) if cards[i] == k]
                    scaled = luck * copies
                    pick = int(scaled)
                    luck = scaled - pick
                    if pick < len(upcoming):  # that copy was one of the top cards
                        at = upcoming[pick]
                        cards = cards[:at] + cards[at + 1 :]
                    remaining[k] -= 1
        return spent, unspent, cast, self.held(held_hand, field_now), pools, tempo

    def held(self, hand: tuple[int, ...], field: tuple[int, ...]) -> float:
        """The cards held after the last turn, in shares of a card (:data:`HELD` each, one
        more for a card of use next turn: a spell the mana in play casts, a land still needed)."""
        key = (hand, field)
        found = self._held.get(key)
        if found is not None:
            return found
        if len(self._held) > _CACHE:
            self._held.clear()
        kinds = self.kinds
        there = len(self.pool(field, [f for f in field if kinds[f].land]))
        spells = [k for k in hand if not kinds[k].land]
        lands = len(hand) - len(spells)
        useful = sum(1 for s in spells if kinds[s].options and kinds[s].value <= there)
        top = max((kinds[s].value for s in spells if kinds[s].options), default=0)
        useful += min(lands, max(0, top - there))
        found = self._held[key] = useful + HELD * len(hand)
        return found


@dataclass(slots=True)
class _Plan:
    """A turn's casting so far: the mana left, the spells not cast, what was paid for mana
    makers and how many, what they add next turn, and what joined the battlefield, left the
    library or came to the hand."""

    mana: tuple[int, ...]
    left: tuple[int, ...]
    paid: int = 0
    made: int = 0
    gain: int = 0
    joined: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    to_hand: list[int] = field(default_factory=list)


def _convert(mana: list[int], kind: Kind) -> list[int]:
    """``kind.pay`` of the mana (the ones its own colours replace, else the fewest colours)
    made into the mana ``kind`` adds (a Signet's conversion); the mana as it was when there
    is not enough to pay."""
    if len(mana) < kind.pay:
        return mana
    made = 0
    for unit in kind.units:
        made |= unit
    ordered = sorted(mana, key=lambda unit: (unit & ~made != 0, unit.bit_count()))
    return ordered[kind.pay :] + list(kind.units)


def draws_for(library: Sequence[int], count: int, samples: int, rng: random.Random,
              counts: tuple[int, ...] | None = None) -> list[Draws]:  # fmt: skip
    """``samples`` orders of the top ``count`` cards of a library whose order is unknown:
    the same list is used for every hand compared (common random numbers)."""
    count = min(count, len(library))
    if counts is None:  # nothing searches the library: nothing is left to chance but the order
        return [Draws(tuple(rng.sample(library, count))) for _ in range(samples)]
    return [Draws(tuple(rng.sample(library, count)), rng.random(), counts) for _ in range(samples)]


def value_of(
    table: Table, hand: Sequence[int], draw_lists: Sequence[Draws | Sequence[int]], *, skips: bool, turns: int
) -> Estimate:
    """The hand's value over the given draws (one playout each)."""
    return Estimate.of([table.play_out(hand, draws, skips=skips, turns=turns) for draws in draw_lists])


def turns_needed(turns: int, skips: bool) -> int:
    """Cards drawn by the end of turn ``turns`` (CR 103.8a: none on a skipped first draw)."""
    return turns - 1 if skips else turns
