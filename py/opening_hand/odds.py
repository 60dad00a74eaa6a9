"""Exact mulligan odds for a deck, under each mulligan rule.

The deck is reduced to four kinds of card: key lands, key non-lands, other lands and
other non-lands (key cards are a group the player picks, e.g. their one-drops). A hand
drawn from it follows the multivariate hypergeometric distribution, so every figure here
is a finite sum, computed exactly with integers (:class:`fractions.Fraction`), not by
sampling.

The player's **keep rule**: keep a hand with ``min_lands``–``max_lands`` lands and at
least ``min_keys`` key cards; mulligan otherwise, but always keep a hand of ``floor``
cards or fewer. A mulligan process per rule:

* **London** (CR 103.4): draw seven every time, then bottom one card per mulligan. The
  bottom is chosen optimally for the keep rule: a hand is keepable when *some* choice of
  cards to keep satisfies it.
* **Vancouver** (2017 103.4) and **Paris** (2008 101.4): each mulligan draws one card
  fewer. (Vancouver's scry comes after keeping and does not change what is kept.)
* **Free first mulligan** (CR 103.4c; Vancouver 103.4c; 2008 101.4a): in multiplayer and
  Brawl games the first mulligan does not reduce the hand.

Each rule is computed on the play and on the draw, each with its own land range (many
players keep a one-lander more readily on the draw). A Monte-Carlo simulation of the same
process checks the exact figures (see the tests) and is there for rules too complex to
sum.

>>> deck = DeckCounts(key_lands=0, key_spells=0, lands=24, spells=36)
>>> float(round(lands_in_hand(deck)[3], 4))  # P(exactly 3 lands in 7 from 24 of 60)
0.3087
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

HAND = 7
RULES = ("london", "vancouver", "paris")
RULE_NAMES = {"london": "London", "vancouver": "Vancouver", "paris": "Paris"}


@dataclass(frozen=True, slots=True)
class DeckCounts:
    """How many cards of each kind the (main) deck holds."""

    key_lands: int
    key_spells: int
    lands: int  # lands that are not key cards
    spells: int  # non-lands that are not key cards

    @property
    def kinds(self) -> tuple[int, int, int, int]:
        return (self.key_lands, self.key_spells, self.lands, self.spells)

    @property
    def size(self) -> int:
        return sum(self.kinds)

    @property
    def all_lands(self) -> int:
        return self.key_lands + self.lands


@dataclass(frozen=True, slots=True)
class KeepRule:
    min_lands: int = 2
    max_lands: int = 5
    min_keys: int = 0
    floor: int = 5  # always keep a hand of this many cards or fewer


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where one mulligan rule ends: P(a keepable hand), E[final hand size], and the
    distribution of the final hand size (size -> probability)."""

    rule: str
    free: bool
    keepable: Fraction
    expected_size: Fraction
    sizes: dict[int, Fraction]


Composition = tuple[int, int, int, int]


def compositions(deck: DeckCounts, drawn: int) -> Iterator[tuple[Composition, Fraction]]:
    """Every possible hand of ``drawn`` cards, as counts per kind, with its probability."""
    a, b, c, d = deck.kinds
    total = comb(deck.size, drawn)
    if total == 0:
        return
    for i in range(min(a, drawn) + 1):
        for j in range(min(b, drawn - i) + 1):
            for k in range(min(c, drawn - i - j) + 1):
                rest = drawn - i - j - k
                if rest <= d:
                    ways = comb(a, i) * comb(b, j) * comb(c, k) * comb(d, rest)
                    yield (i, j, k, rest), Fraction(ways, total)


def keepable(hand: Composition, keep: int, rule: KeepRule) -> bool:
    """Whether ``keep`` cards of ``hand`` can be kept (the rest bottomed) to satisfy ``rule``."""
    key_lands, key_spells, lands, spells = hand
    for kept_lands in range(rule.min_lands, min(rule.max_lands, key_lands + lands, keep) + 1):
        kept_spells = keep - kept_lands
        if kept_spells > key_spells + spells:
            continue
        if min(key_lands, kept_lands) + min(key_spells, kept_spells) >= rule.min_keys:
            return True
    return False


def lands_in_hand(deck: DeckCounts, drawn: int = HAND) -> list[Fraction]:
    """P(exactly n lands) for n = 0..drawn (hypergeometric)."""
    total = comb(deck.size, drawn)
    lands, others = deck.all_lands, deck.size - deck.all_lands
    return [Fraction(comb(lands, n) * comb(others, drawn - n), total) for n in range(drawn + 1)]


def attempts(rule: str, free: bool, hand: int = HAND) -> Iterator[tuple[int, int]]:
    """(cards drawn, cards kept) for each successive hand until the hand would be empty."""
    taken = 0
    while True:
        counted = max(0, taken - (1 if free else 0))
        keep = hand - counted
        if keep < 0:
            return
        yield (hand if rule == "london" else keep), keep
        taken += 1


def outcome(deck: DeckCounts, rule: str, free: bool, keep_rule: KeepRule) -> Outcome:
    """The exact result of mulliganing under ``rule`` until the keep rule is met."""

    @cache
    def p_keepable(drawn: int, keep: int) -> Fraction:
        return sum((p for hand, p in compositions(deck, drawn) if keepable(hand, keep, keep_rule)), Fraction(0))

    reach = Fraction(1)
    good = Fraction(0)
    sizes: dict[int, Fraction] = {}
    for drawn, keep in attempts(rule, free):
        p = p_keepable(drawn, keep) if drawn <= deck.size else Fraction(0)
        good += reach * p
        if keep <= keep_rule.floor or keep == 0:
            sizes[keep] = sizes.get(keep, Fraction(0)) + reach  # kept whatever it is
            reach = Fraction(0)
            break
        if p:
            sizes[keep] = sizes.get(keep, Fraction(0)) + reach * p
        reach *= 1 - p
    expected = sum((size * p for size, p in sizes.items()), Fraction(0))
    return Outcome(rule, free, good, expected, sizes)


def table(deck: DeckCounts, play: KeepRule, draw: KeepRule) -> dict[tuple[str, bool, str], Outcome]:
    """Every rule, with and without the free mulligan, on the play and on the draw."""
    results: dict[tuple[str, bool, str], Outcome] = {}
    for side, keep_rule in (("play", play), ("draw", draw)):
        for rule in RULES:
            for free in (False, True):
                results[(rule, free, side)] = outcome(deck, rule, free, keep_rule)
    return results


def simulate(
    deck: DeckCounts,
    rule: str,
    free: bool,
    keep_rule: KeepRule,
    games: int,
    rng: random.Random,
    progress: Callable[[int], bool] | None = None,
) -> tuple[float, float, int, int]:
    """Monte Carlo of the same process: (P keepable, mean final size, games played, hands drawn).

    ``progress(done)`` is called every 10,000 games; returning False stops early (cancel).
    """
    cards = [kind for kind, n in enumerate(deck.kinds) for _ in range(n)]
    size = len(cards)
    plan = list(attempts(rule, free))
    good = total_size = played = hands = 0
    sample = rng.sample
    population = range(size)
    for played in range(1, games + 1):
        for drawn, keep in plan:
            hands += 1
            counts = [0, 0, 0, 0]
            for index in sample(population, drawn) if drawn <= size else ():
                counts[cards[index]] += 1
            ok = drawn <= size and keepable((counts[0], counts[1], counts[2], counts[3]), keep, keep_rule)
            if ok or keep <= keep_rule.floor or keep == 0:
                good += ok
                total_size += keep
                break
        if progress is not None and played % 10_000 == 0 and not progress(played):
            break
    return good / played, total_size / played, played, hands
