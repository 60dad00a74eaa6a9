"""What a mulligan is worth, played out with the best later decisions, and which cards a
hand should keep: the trainer's dynamic programme over hand sizes (:mod:`.goldfish` values
every hand).

A mulligan's value is the expected value of the next hand when every later decision is
made to maximise the same value: keep it or mulligan again, and which cards go to the
bottom. Under the table's rule (:class:`.odds.OddsRule`) the hands come as
:func:`.odds.attempts` lists them (London: seven drawn and some kept; Vancouver and Paris:
one fewer each time; a free first mulligan keeps the size), so from the last hand back:

    W[last] = E[ best kept part of hand(last) ]
    W[i]    = E[ max(best kept part of hand(i), W[i + 1]) ]

The expectation is over hands drawn from the whole deck (a mulligan shuffles every card
back, CR 103.5); each is a seeded sample (under Arena's best-of-one model, the candidate the
model keeps: :mod:`opening_hand.rules.arena`), so W comes with its standard error. Within a
hand, the choice (which cards to keep, keep or go on) is made on one set of sampled draws
and the value taken on another, so picking the best of noisy estimates does not inflate it.
Vancouver's scry (2017 103.4: below the starting size, look at the top card after keeping)
puts a card on the bottom when the playout's policy would rather not draw it.

These values depend only on the deck, the rule, the side of the table and the turns played
out (:class:`LadderKey`): the page computes them when idle, in slices
(:func:`ladder_steps`), and keeps them per deck.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from opening_hand.trainer.goldfish import Draws, Estimate, Table, turns_needed
from opening_hand.trainer.odds import OddsRule, attempts

HANDS = (240, 120, 60, 30)  # hands sampled for the next hand, the one after, the third, and every later one
DECIDE = 24  # playouts per candidate to choose what to keep (one set of draws)
VALUE = 24  # playouts to value the choice (another set)
CANDIDATES = 4  # kept parts of a hand tried in full, of the best by a quick playout without draws


@dataclass(frozen=True, slots=True)
class LadderKey:
    """What a mulligan's value depends on."""

    deck: tuple[int, ...]  # kind counts of the deck (index: Table.kinds)
    rule: OddsRule
    free: bool  # the table's first mulligan is free (CR 103.5c and the house rules)
    skips: bool  # the seat skips its first draw (on the play in a two-player game, CR 103.8a)
    turns: int
    hand_size: int = 7  # the starting hand size (CR 103.5, Vanguard 103.5a)


@dataclass(frozen=True, slots=True)
class Ladder:
    """The value of reaching each hand of the mulligan plan (``values[i]``: hand number ``i``
    of ``plan``), with the best decisions from there on."""

    key: LadderKey
    plan: tuple[tuple[int, int], ...]  # (cards drawn, cards kept) per hand number
    values: tuple[Estimate, ...]

    def after(self, taken: int) -> Estimate | None:
        """What taking a mulligan is worth for a player who has taken ``taken`` already
        (None: no mulligan is left, the next hand would be empty)."""
        index = taken + 1
        return self.values[index] if index < len(self.values) else None

    def size_after(self, taken: int) -> int | None:
        index = taken + 1
        return self.plan[index][1] if index < len(self.plan) else None


def kept_parts(table: Table, hand: Sequence[int], keep: int) -> list[tuple[int, ...]]:
    """Every distinct way to keep ``keep`` cards of ``hand`` (kind indices, sorted tuples)."""
    if keep >= len(hand):
        return [tuple(sorted(hand))]
    return sorted({tuple(sorted(part)) for part in combinations(hand, keep)})


def best_part(
    table: Table,
    hand: Sequence[int],
    keep: int,
    library: Sequence[int],
    *,
    skips: bool,
    turns: int,
    rng: random.Random,
    samples: int = DECIDE,
    candidates: int = CANDIDATES,
) -> tuple[tuple[int, ...], Estimate]:
    """The part of ``hand`` to keep (``keep`` cards) with the best value, and its estimate on
    the draws it was chosen with. The parts tried in full are the best ``candidates`` by a
    playout without draws (what the kept cards do on their own); all are compared on the
    same draws."""
    steps = _best_part_steps(table, hand, keep, library, skips, turns, rng, samples, candidates)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: tuple[tuple[int, ...], Estimate] = done.value
            return result


def _best_part_steps(
    table: Table,
    hand: Sequence[int],
    keep: int,
    library: Sequence[int],
    skips: bool,
    turns: int,
    rng: random.Random,
    samples: int = DECIDE,
    candidates: int = CANDIDATES,
) -> Generator[None, None, tuple[tuple[int, ...], Estimate]]:
    """:func:`best_part` a part at a time (yields None after each part's playouts), so that the
    page's slices stay short however slow a deck's playouts are."""
    parts = kept_parts(table, hand, keep)
    if len(parts) > candidates:
        parts.sort(key=lambda part: -table.play_out(part, (), skips=skips, turns=turns))
        parts = parts[:candidates]
    draws = table.draws(library, turns_needed(turns, skips), samples, rng)
    if len(parts) == 1:
        return parts[0], _estimate(table, parts[0], draws, skips, turns)
    scored: list[tuple[Estimate, tuple[int, ...]]] = []
    for part in parts:
        scored.append((_estimate(table, part, draws, skips, turns), part))
        yield None
    value, part = max(scored, key=lambda pair: pair[0].mean)
    return part, value


def _estimate(table: Table, hand: Sequence[int], draws: Sequence[Draws], skips: bool, turns: int) -> Estimate:
    return Estimate.of([table.play_out(hand, d, skips=skips, turns=turns) for d in draws])


def scried(table: Table, hand: Sequence[int], draws: Draws) -> Draws:
    """Vancouver's scry 1 after keeping (2017 103.4): the top card goes to the bottom when it
    is a land and the hand holds three or more, or a spell and the hand holds fewer than two
    (the computer policy's rule); the draws then come from the cards after it (``draws``
    holds one card more than the draw steps take). A card sent to the bottom is still in the
    library: a search may find it."""
    kinds = table.kinds
    lands = sum(1 for k in hand if kinds[k].land)
    top = draws.cards[0] if draws.cards else None
    if top is not None and ((kinds[top].land and lands >= 3) or (not kinds[top].land and lands < 2)):
        return Draws(draws.cards[1:], draws.luck, draws.library)
    return draws


def ladder_steps(table: Table, key: LadderKey, seed: str = "") -> Iterator[Ladder | None]:
    """Compute the ladder in small steps (one hand each): yields None while working, then the
    :class:`Ladder`. Seeded by the key itself (or ``seed``): the same deck, rule and side give
    the same figures, in CPython and in Pyodide."""
    rng = random.Random(f"opening-hand/ladder/{seed or repr(key)}")
    deck = [k for k, n in enumerate(key.deck) for _ in range(n)]
    plan = tuple(attempts(key.rule, key.free, key.hand_size))
    values: list[Estimate] = [Estimate(0.0, 0.0, 0)] * len(plan)  # values[0] stays unset: see the loop
    following: Estimate | None = None
    need = turns_needed(key.turns, key.skips)
    for index in range(len(plan) - 1, 0, -1):  # hand 0, the first seven, is no mulligan's
        drawn, keep = plan[index]
        hands = HANDS[min(index - 1, len(HANDS) - 1)]
        found: list[float] = []
        for _ in range(hands):
            if drawn > len(deck):
                found.append(following.mean if following is not None else 0.0)
                continue
            picked = _dealt(table, deck, drawn, key.rule, rng)
            chosen = set(picked)
            hand = [deck[i] for i in picked]
            library = [deck[i] for i in range(len(deck)) if i not in chosen]
            part, decided = yield from _best_part_steps(table, hand, keep, library, key.skips, key.turns, rng)
            if following is not None and following.mean >= decided.mean:
                found.append(following.mean)  # mulligan again
            elif key.rule.scry and keep < key.hand_size:
                draws = table.draws(library, need + 1, VALUE, rng)
                found.append(_estimate(table, part, [scried(table, part, d) for d in draws], key.skips, key.turns).mean)
            else:
                draws = table.draws(library, need, VALUE, rng)
                found.append(_estimate(table, part, draws, key.skips, key.turns).mean)
            yield None
        values[index] = Estimate.of(found)
        following = values[index]
    yield Ladder(key, plan, tuple(values))


def _dealt(table: Table, deck: Sequence[int], drawn: int, rule: OddsRule, rng: random.Random) -> list[int]:
    """The positions in ``deck`` of a new hand's cards: a sample, or under Arena's best-of-one
    model (``rule.smoothing``) the candidate sample it keeps (:mod:`opening_hand.rules.arena`)."""
    model = rule.smoothing
    if model is None:
        return rng.sample(range(len(deck)), drawn)
    candidates = [rng.sample(range(len(deck)), drawn) for _ in range(model.candidates)]
    lands = [sum(1 for i in hand if table.kinds[deck[i]].land) for hand in candidates]
    target = model.target(sum(1 for k in deck if table.kinds[k].land), len(deck), drawn)
    return candidates[model.pick(lands, target, rng)[0]]


@lru_cache(maxsize=16)  # bounded: one per deck, rule, side and horizon seen lately
def ladder(table: Table, key: LadderKey, seed: str = "") -> Ladder:
    """The whole ladder at once (CPython, tests; the page steps :func:`ladder_steps` when idle)."""
    *_, result = ladder_steps(table, key, seed)
    assert result is not None
    return result
