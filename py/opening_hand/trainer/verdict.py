"""Keep or mulligan: the value of keeping this hand against the value of a mulligan, on the
one scale of :mod:`.goldfish`, and the verdict with its margin.

Keeping is worth the hand's value (with the best part kept when cards go to the bottom on
keeping, and under Vancouver the scry a smaller hand gets); a mulligan is worth what
:mod:`.mulligan_value` finds for the next hand, played out with the best later decisions.
The verdict is the larger, unless the two are within :data:`CLOSE` mana of each other or
within twice their combined standard error: then it is close, and the trainer says so
rather than guess.

>>> from opening_hand.cards import CardInfo
>>> from opening_hand.trainer.odds import LONDON
>>> mountain = CardInfo("Mountain", type_line="Basic Land — Mountain")
>>> bear = CardInfo("Bear", "{1}{R}", "Creature — Bear")
>>> table = Table.of([mountain] * 24 + [bear] * 36)
>>> m, b = table.kind_of(mountain), table.kind_of(bear)
>>> library = [m] * 21 + [b] * 32
>>> judge(table, (m, m, m, b, b, b, b), library, rule=LONDON, free=False, skips=True, taken=0, seed="1").verdict
'keep'
>>> judge(table, (b,) * 7, [m] * 24 + [b] * 29, rule=LONDON, free=False, skips=True, taken=0, seed="1").verdict
'mulligan'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from opening_hand.trainer.goldfish import TURNS, Draws, Estimate, Table, turns_needed
from opening_hand.trainer.mulligan_value import Ladder, LadderKey, best_part, kept_parts, ladder, scried
from opening_hand.trainer.odds import OddsRule

CLOSE = 0.1  # mana: values closer than this (or than twice their standard error) give no verdict
KEEP_SAMPLES = 800  # playouts of the hand on screen
MORE = 4  # ... times as many when the verdict is close only because of their standard error
PART_SAMPLES = 150  # playouts of each part of it that could be kept, when cards go to the bottom
PARTS = 5  # parts tried in full, of the best by a playout without draws


@dataclass(frozen=True, slots=True)
class Judgement:
    keep: Estimate  # keeping this hand (its best part, when cards go to the bottom)
    mulligan: Estimate | None  # a mulligan from here (None: none is left, or no figures yet)
    kept: tuple[int, ...]  # the part kept (kind indices)
    size_after: int | None  # the size a mulligan keeps (None: no mulligan is left)

    @property
    def difference(self) -> float | None:
        return None if self.mulligan is None else self.keep.mean - self.mulligan.mean

    @property
    def margin(self) -> float:
        """How far apart the two values must be for a verdict."""
        if self.mulligan is None:
            return CLOSE
        return max(CLOSE, self.noise)

    @property
    def noise(self) -> float:
        """Twice the two estimates' combined standard error: differences inside it are noise."""
        if self.mulligan is None:
            return 0.0
        return 2 * math.sqrt(self.keep.se**2 + self.mulligan.se**2)

    @property
    def lean(self) -> str | None:
        """The side the figures favour beyond their noise, even when too close for a verdict
        (inside :data:`CLOSE`): what a close line leans to; None when the noise decides."""
        difference = self.difference
        if difference is None or abs(difference) <= self.noise:
            return None
        return "keep" if difference > 0 else "mulligan"

    @property
    def verdict(self) -> str | None:
        """ "keep", "mulligan", or None (close, or no mulligan to compare with)."""
        difference = self.difference
        if difference is None or abs(difference) <= self.margin:
            return None
        return "keep" if difference > 0 else "mulligan"


def deck_counts(table: Table, cards: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * len(table.kinds)
    for k in cards:
        counts[k] += 1
    return tuple(counts)


def judge(
    table: Table,
    hand: Sequence[int],
    library: Sequence[int],
    *,
    rule: OddsRule,
    free: bool,
    skips: bool,
    taken: int,
    seed: str,
    turns: int = TURNS,
    hand_size: int = 7,
    bottom: int = 0,
    known: Sequence[int] = (),
    ladder_for: Ladder | None = None,
    wait: bool = True,
) -> Judgement:
    """The judgement of a hand: ``hand`` (kind indices) with ``bottom`` cards still to go to
    the bottom when it is kept, drawing from ``library`` (the cards whose order is unknown;
    ``known``: cards known to be at the bottom, which come back with a mulligan). ``taken``
    mulligans were taken. ``ladder_for``: the deck's ladder, if computed already; else it is
    computed now (``wait``) or the mulligan is left unknown."""
    args = (table, tuple(hand), tuple(library), bottom, skips, turns, seed, rule.scry, hand_size, tuple(known))
    part, value = _kept(*args)
    key = LadderKey(deck_counts(table, [*hand, *library, *known]), rule, free, skips, turns, hand_size)
    found = ladder_for if ladder_for is not None and ladder_for.key == key else None
    if found is None and wait:
        found = ladder(table, key)
    mulligan = found.after(taken) if found is not None else None
    size_after = found.size_after(taken) if found is not None else None
    judgement = Judgement(value, mulligan, part, size_after)
    if judgement.verdict is None and judgement.difference is not None and judgement.margin > CLOSE:
        # Close only because keeping's estimate is rough (a one-lander's playouts vary a lot):
        # more playouts of the same hand (the first ones among them), before saying "close".
        part, value = _kept(*args, samples=KEEP_SAMPLES * MORE)
        judgement = Judgement(value, mulligan, part, size_after)
    return judgement


@lru_cache(maxsize=16)
def _kept(
    table: Table,
    hand: tuple[int, ...],
    library: tuple[int, ...],
    bottom: int,
    skips: bool,
    turns: int,
    seed: str,
    scry: bool,
    hand_size: int,
    known: tuple[int, ...] = (),
    samples: int = KEEP_SAMPLES,
) -> tuple[tuple[int, ...], Estimate]:
    """The part of ``hand`` kept and what keeping it is worth: the costly half of a judgement
    (hundreds of playouts), kept for the same hand so that the judgement asked again when the
    mulligan's value comes in (the page's idle computation) only adds that value. Seeded by
    ``seed``, so a cached answer is the one a new computation would give."""
    rng = random.Random(f"opening-hand/judge/{seed}")
    keep = len(hand) - bottom
    if bottom:
        part, _ = best_part(table, hand, keep, library, skips=skips, turns=turns, rng=rng, samples=PART_SAMPLES,
                            candidates=PARTS)  # fmt: skip
    else:
        part = tuple(sorted(hand))
    need = turns_needed(turns, skips)
    draws: Sequence[Draws]
    if scry and len(part) < hand_size:  # Vancouver: below the starting size, a scry after keeping
        draws = [scried(table, part, d) for d in table.draws(library, need + 1, samples, rng, known)]
    else:
        draws = table.draws(library, need, samples, rng, known)
    return part, Estimate.of([table.play_out(part, d, skips=skips, turns=turns) for d in draws])


@dataclass(frozen=True, slots=True)
class BottomAdvice:
    """The best cards to put on the bottom, and what another choice costs."""

    best: tuple[int, ...]  # the part to keep (kind indices)
    values: dict[tuple[int, ...], Estimate]  # every part tried, on the same draws
    value_of: Callable[[tuple[int, ...]], Estimate]  # a part not tried yet, on the same draws

    def cost(self, kept: Sequence[int]) -> float:
        """What keeping ``kept`` instead of the best costs, in mana (never below 0: a part
        found better later does not change the advice given)."""
        part = tuple(sorted(kept))
        if part not in self.values:
            self.values[part] = self.value_of(part)
        return max(0.0, self.values[self.best].mean - self.values[part].mean)


def advise_bottom(
    table: Table,
    hand: Sequence[int],
    bottom: int,
    library: Sequence[int],
    *,
    skips: bool,
    seed: str,
    turns: int = TURNS,
) -> BottomAdvice:
    """The parts of ``hand`` that keep all but ``bottom`` cards (the :data:`PARTS` best by a
    playout without draws), valued on the same draws (common random numbers, so their
    differences are sharp), and the best."""
    rng = random.Random(f"opening-hand/bottom/{seed}")
    draws = table.draws(library, turns_needed(turns, skips), PART_SAMPLES, rng)
    parts = kept_parts(table, hand, len(hand) - bottom)
    if len(parts) > PARTS:  # the others: what they do on their own is far behind
        parts.sort(key=lambda part: -table.play_out(part, (), skips=skips, turns=turns))
        parts = parts[:PARTS]

    def value_of(part: tuple[int, ...]) -> Estimate:
        return Estimate.of([table.play_out(part, d, skips=skips, turns=turns) for d in draws])

    values = {part: value_of(part) for part in parts}
    best = max(values, key=lambda part: values[part].mean)
    return BottomAdvice(best, values, value_of)
