"""Exact mulligan odds for a deck, under each mulligan rule.

The deck is reduced to four kinds of card: key lands, key non-lands, other lands and
other non-lands (key cards are a group the player picks, e.g. their one-drops), plus
Serum Powder, a non-land of its own. A hand drawn from it follows the multivariate
hypergeometric distribution, so every figure here is a finite sum, computed exactly with
integers (:class:`fractions.Fraction`), not by sampling.

The player's **keep rule** (:class:`KeepRule`): keep a hand with ``min_lands``–``max_lands``
lands (another range for smaller hands, ``by_size``), at least ``min_keys`` key cards and at
least ``min_spells`` spells (non-land cards); mulligan otherwise, but always keep a hand of
``floor`` cards or fewer. A mulligan process per rule:

* **London** (CR 103.5): draw seven every time and put one card per mulligan on the
  bottom, chosen optimally for the keep rule: a hand is keepable when *some* choice of
  cards to keep satisfies it. As CR 103.5 reads ("draws a new hand ..., then puts ... on
  the bottom"), the bottom cards go before the player decides again (``"london"``); on
  MTGO and Arena they go only on keeping (``"london-mtgo"``). Without Serum Powder the two
  give the same figures: the player sees the same seven cards either way and can bottom
  for the keep rule first, so a hand is kept under one exactly when under the other.
* **Vancouver** (2017 103.4) and **Paris** (2008 101.4): each mulligan draws one card
  fewer. (Vancouver's scry comes after keeping and does not change what is kept.)
* **Free first mulligan** (CR 103.5c; Vancouver 103.4c; 2008 101.4a): in multiplayer and
  Brawl games the first mulligan does not reduce the hand.
* **London, hands set aside** (``"london-set-aside"``): the Commander rules committee's
  advice (the "Mulligan" article, Commander mulligan): "setting aside unwanted hands,
  rather than shuffling in each one, until after a hand is kept". Each rejected hand
  leaves the library until the player keeps, so the next seven are drawn without it;
  the bottom cards go on keeping. (Should fewer than seven cards remain, the set-aside
  cards are shuffled back first.) The committee also advises the free first mulligan
  even in two-player games; here ``free`` is a parameter as for every rule.
* **Arena best-of-one** (``"arena-bo1"`` and its variants): London with the bottom on
  keeping, every seven dealt by a public model of Arena's hand smoothing (:mod:`opening_hand.rules.arena`).
  Given its land count a smoothed hand is like any other with that count, so each hand's
  plain chance is scaled by the model's smoothed chance of its land count over the plain
  one, a small exact sum over the candidates' land counts (floating point: the model's
  weights are not rational).
* **London + Serum Powder** (``"london-powder"``, ``"london-mtgo-powder"``): "Any time
  you could mulligan and Serum Powder is in your hand, you may exile all the cards from
  your hand, then draw that many cards." It is no mulligan (CR 103.5b: the player then
  declares again) and the exiled cards leave the game, so later hands come from a
  smaller library. The player uses Powder whenever the hand is not keepable and holds
  one, the library holds enough cards to draw a full new hand, and a mulligan would be
  allowed (a hand above zero cards); otherwise as above. Under ``"london-mtgo-powder"``
  Powder exiles the whole seven and draws seven. Under ``"london-powder"`` (CR 103.5)
  the bottom comes first: see :func:`bottom_first` for which cards the player bottoms;
  Powder then exiles the smaller hand and draws that many from above the bottom cards,
  which rejoin the library at the next mulligan's shuffle. The other rules treat Serum
  Powder as an ordinary non-land.

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
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import islice
from math import comb, lcm
from operator import add, sub

from opening_hand.rules.arena import ARENA_2018, GAUSSIAN_2026, TIM_LEWIS_2024, Smoothing

HAND = 7


@dataclass(frozen=True, slots=True)
class OddsRule:
    """One mulligan procedure as the odds play it out, declared once. Each rules edition
    carries its own (``Edition.odds``; None where there are no figures: the original rule,
    Partial Paris, draw ten). How many first mulligans are free is the table's (CR 103.5c:
    multiplayer and Brawl; the Commander house rules), so it is a parameter of every
    computation, not part of the procedure.

    >>> ODDS_RULES["london"].with_powder().key, ODDS_RULES["vancouver"].with_powder().key
    ('london-powder', 'vancouver')
    """

    key: str
    name: str
    full_hands: bool = True  # London: every new hand is a full seven; else one card fewer per counted mulligan
    bottom_now: bool = True  # CR 103.5 as it reads: the bottom goes before deciding again; else on keeping (MTGO)
    scry: bool = False  # Vancouver: below the starting hand size, scry 1 after keeping
    set_aside: bool = False  # the Commander house rule: rejected hands wait outside the library
    powder: bool = False  # Serum Powder is played: it exiles the hand and draws as many
    powder_key: str = ""  # the same procedure with Serum Powder played, if the odds have it
    short: str = ""  # a short label for chart axes
    # Arena best-of-one: every seven dealt by this model (arena.py). Out of the repr, which seeds the
    # trainer's ladders (mulligan_value): the other rules keep the figures they had before.
    smoothing: Smoothing | None = field(default=None, repr=False)

    def with_powder(self) -> OddsRule:
        """The same procedure with Serum Powder played (only London's has figures)."""
        return ODDS_RULES[self.powder_key] if self.powder_key else self


LONDON = OddsRule("london", "London", powder_key="london-powder")
LONDON_MTGO = OddsRule("london-mtgo", "London (MTGO/Arena)", bottom_now=False, powder_key="london-mtgo-powder")
VANCOUVER = OddsRule("vancouver", "Vancouver", full_hands=False, scry=True)
PARIS = OddsRule("paris", "Paris", full_hands=False)
LONDON_SET_ASIDE = OddsRule("london-set-aside", "London, hands set aside", bottom_now=False, set_aside=True,
                            short="Set aside")  # fmt: skip
LONDON_POWDER = OddsRule("london-powder", "London + Serum Powder", powder=True, short="Powder")
LONDON_MTGO_POWDER = OddsRule("london-mtgo-powder", "London (MTGO/Arena) + Serum Powder", bottom_now=False,
                              powder=True, short="Powder MTGO")  # fmt: skip
ARENA = OddsRule("arena-bo1", "Arena best-of-one (3 candidates)", bottom_now=False, smoothing=TIM_LEWIS_2024,
                 short="Arena Bo1")  # fmt: skip
ARENA_2018_ODDS = OddsRule("arena-bo1-2018", "Arena best-of-one (2018: 2 candidates)", bottom_now=False,
                           smoothing=ARENA_2018, short="Arena 2018")  # fmt: skip
ARENA_GAUSSIAN = OddsRule("arena-bo1-gaussian", "Arena best-of-one (Gaussian)", bottom_now=False,
                          smoothing=GAUSSIAN_2026, short="Arena Gauss")  # fmt: skip
ODDS_RULES = {r.key: r for r in (LONDON, LONDON_MTGO, VANCOUVER, PARIS, LONDON_SET_ASIDE, LONDON_POWDER,
                                 LONDON_MTGO_POWDER, ARENA, ARENA_2018_ODDS, ARENA_GAUSSIAN)}  # fmt: skip
RULES = (LONDON, VANCOUVER, PARIS, LONDON_SET_ASIDE, ARENA)  # the odds table's rows
POWDER_RULES = (LONDON_POWDER, LONDON_MTGO_POWDER)  # the table shows them when the deck holds Serum Powder
RULE_NAMES = {rule.key: rule.name for rule in ODDS_RULES.values()}


def as_rule(rule: OddsRule | str) -> OddsRule:
    """The odds rule, or the one with this key; ValueError for a key no rule has."""
    if isinstance(rule, OddsRule):
        return rule
    try:
        return ODDS_RULES[rule]
    except KeyError:
        raise ValueError(f"unknown mulligan rule {rule!r}") from None


POWDER = 4  # the index of Serum Powder in a five-kind count


@dataclass(frozen=True, slots=True)
class DeckCounts:
    """How many cards of each kind the (main) deck holds (four counts, or five with Serum Powder)."""

    key_lands: int
    key_spells: int
    lands: int  # lands that are not key cards
    spells: int  # non-lands that are not key cards (nor Serum Powder)
    powders: int = 0  # Serum Powders

    @property
    def kinds(self) -> Composition:
        """The four kinds of the keep rule: a Serum Powder counts as an other non-land."""
        return (self.key_lands, self.key_spells, self.lands, self.spells + self.powders)

    @property
    def size(self) -> int:
        return sum(self.kinds)

    @property
    def all_lands(self) -> int:
        return self.key_lands + self.lands


# The baseline of Frank Karsten's land-count studies, by hand size: a seven keeps 2–5 lands
# (its own fields), a six 2–4, a five 1–4, and four cards or fewer are always kept.
BASELINE_SIZES = ((6, 2, 4), (5, 1, 4))


@dataclass(frozen=True, slots=True)
class KeepRule:
    """Keep a hand with ``min_lands``–``max_lands`` lands (the range of ``by_size`` for a
    hand of that size), at least ``min_keys`` key cards and at least ``min_spells`` spells
    (non-land cards); always keep ``floor`` cards or fewer. :data:`BASELINE` is the baseline
    of Karsten's studies, the trainer's default; :data:`KARSTEN_KEEPABLE` his "keepable hand"
    (2–3 lands and at least 2 spells, at every size).

    >>> BASELINE.lands_for(7), BASELINE.lands_for(6), BASELINE.lands_for(5), KeepRule().lands_for(6)
    ((2, 5), (2, 4), (1, 4), (2, 5))
    """

    min_lands: int = 2
    max_lands: int = 5
    min_keys: int = 0
    floor: int = 5  # always keep a hand of this many cards or fewer
    by_size: tuple[tuple[int, int, int], ...] = ()  # (size, fewest, most lands) for other hand sizes
    min_spells: int = 0  # at least this many non-land cards (spells) in the hand kept

    def describe(self) -> str:
        """The rule in words: "7 cards keep 2–5 lands, 6 keep 2–4, 5 keep 1–4; always keep 4 or fewer".

        >>> BASELINE.describe()
        '7 cards keep 2–5 lands, 6 keep 2–4, 5 keep 1–4; always keep 4 cards or fewer'
        """
        parts = [f"7 cards keep {self.min_lands}–{self.max_lands} lands"]
        parts += [f"{size} keep {low}–{high}" for size, low, high in self.by_size if size > self.floor]
        keys = f"; at least {self.min_keys} key cards" if self.min_keys else ""
        spells = f"; at least {self.min_spells} spells" if self.min_spells else ""
        floor = f"; always keep {self.floor} cards or fewer" if self.floor else "; down to zero cards if need be"
        return ", ".join(parts) + keys + spells + floor

    def lands_for(self, size: int) -> tuple[int, int]:
        """The range of lands kept in a hand of ``size`` cards."""
        for cards, low, high in self.by_size:
            if cards == size:
                return low, high
        return self.min_lands, self.max_lands


BASELINE = KeepRule(2, 5, 0, 4, BASELINE_SIZES)
KARSTEN_KEEPABLE = KeepRule(2, 3, floor=0, min_spells=2)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where one mulligan rule ends: P(a keepable hand), E[final hand size], the distribution
    of the final hand size (size -> probability), and of the size of a keepable hand kept
    (``kept``: size -> P(ending with a keepable hand of that size))."""

    rule: str
    free: bool
    keepable: Fraction
    expected_size: Fraction
    sizes: dict[int, Fraction]
    kept: dict[int, Fraction] = field(default_factory=dict)

    def keepable_at_least(self, size: int) -> Fraction:
        """P(ending with a keepable hand of ``size`` cards or more): with the floor at 0, Frank
        Karsten's "probability of a keepable hand of size ``size``" for each size.

        >>> deck = DeckCounts(0, 0, 24, 36)
        >>> result = outcome(deck, "london", False, KARSTEN_KEEPABLE)
        >>> [f"{float(result.keepable_at_least(n)):.3%}" for n in (7, 6, 5, 4)]
        ['57.812%', '90.489%', '98.515%', '99.768%']
        """
        return sum((p for kept, p in self.kept.items() if kept >= size), Fraction(0))


Composition = tuple[int, int, int, int]
Kinds = tuple[int, ...]  # five counts: key lands, key non-lands, lands, non-lands, Serum Powders
Mass = dict[int, int]  # an exact probability as an unreduced sum of fractions: denominator -> numerator


def compositions(
    deck: DeckCounts, drawn: int, smoothing: Smoothing | None = None
) -> Iterator[tuple[Composition, Fraction]]:
    """Every possible hand of ``drawn`` cards, as counts per kind, with its probability;
    under Arena's hand smoothing (``smoothing``), each scaled by the model's smoothed chance of
    its land count over the plain one (:meth:`.arena.Smoothing.reweighting`): given its land
    count, a smoothed hand is any hand with that many lands, all alike."""
    a, b, c, d = deck.kinds
    total = comb(deck.size, drawn)
    if total == 0:
        return
    if smoothing is not None:
        scale = [Fraction(r) for r in smoothing.reweighting(deck.all_lands, deck.size, drawn)]
        for hand, p in compositions(deck, drawn):
            if scale[hand[0] + hand[2]]:
                yield hand, p * scale[hand[0] + hand[2]]
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
    low, high = rule.lands_for(keep)
    for kept_lands in range(low, min(high, key_lands + lands, keep) + 1):
        kept_spells = keep - kept_lands
        if kept_spells > key_spells + spells or kept_spells < rule.min_spells:
            continue
        if min(key_lands, kept_lands) + min(key_spells, kept_spells) >= rule.min_keys:
            return True
    return False


def satisfies(hand: Kinds, rule: KeepRule) -> bool:
    """Whether a hand, as it is, meets the keep rule (lands in range, enough key cards and spells)."""
    lands = hand[0] + hand[2]
    low, high = rule.lands_for(sum(hand))
    return low <= lands <= high and hand[0] + hand[1] >= rule.min_keys and sum(hand) - lands >= rule.min_spells


def bottom_first(hand: Kinds, bottom: int, rule: KeepRule) -> Kinds:
    """Which ``bottom`` cards of ``hand`` go on the bottom (counts per kind, five kinds), as
    CR 103.5 has it right after a counted mulligan, before the player declares again (and,
    103.5b, may use Serum Powder on the cards left).

    If some choice leaves a hand that satisfies the keep rule, one such choice (keep key
    cards and ordinary cards before Serum Powder). Otherwise the player keeps one Serum
    Powder, if the hand has any, to use it next, and bottoms in this order: the other
    Powders (a bottom card returns to the library at the next mulligan's shuffle, an
    exiled one is gone), key lands and key non-lands (if the rule asks for key cards),
    then the kind the hand is short of, lands if it has fewer than ``min_lands`` and
    non-lands otherwise (key cards of a kind first), then the rest. The cards kept are the
    ones Powder exiles, so the deck keeps what the hand lacked.
    """
    kl, ks, lands, spells, powders = hand
    keep = sum(hand) - bottom
    low, high = rule.lands_for(keep)
    for kept_lands in range(low, min(high, kl + lands, keep) + 1):
        kept_spells = keep - kept_lands
        if kept_spells > ks + spells + powders:
            continue
        key_lands, key_spells = min(kl, kept_lands), min(ks, kept_spells)
        plain = min(spells, kept_spells - key_spells)
        kept = (key_lands, key_spells, kept_lands - key_lands, plain, kept_spells - key_spells - plain)
        if satisfies(kept, rule):
            return _minus(hand, kept)
    short = kl + lands < low
    if rule.min_keys:
        order = (POWDER, 0, 1, 2, 3) if short else (POWDER, 0, 1, 3, 2)
    else:  # key cards make no difference to the keep rule: lands are lands
        order = (POWDER, 0, 2, 1, 3) if short else (POWDER, 1, 3, 0, 2)
    spare = (*hand[:POWDER], max(0, powders - 1))
    chosen = [0] * 5
    for kind in order:
        chosen[kind] = min(spare[kind], bottom - sum(chosen))
    return tuple(chosen)


def lands_in_hand(deck: DeckCounts, drawn: int = HAND, smoothing: Smoothing | None = None) -> list[Fraction]:
    """P(exactly n lands) for n = 0..drawn (hypergeometric; under Arena's hand smoothing, the
    model's exact sum over the candidates' land counts)."""
    if smoothing is not None:
        return [Fraction(p) for p in smoothing.land_distribution(deck.all_lands, deck.size, drawn)]
    total = comb(deck.size, drawn)
    lands, others = deck.all_lands, deck.size - deck.all_lands
    return [Fraction(comb(lands, n) * comb(others, drawn - n), total) for n in range(drawn + 1)]


def attempts(rule: OddsRule | str, free: bool, hand: int = HAND) -> Iterator[tuple[int, int]]:
    """(cards drawn, cards kept) for each successive hand until the hand would be empty."""
    full = as_rule(rule).full_hands
    taken = 0
    while True:
        counted = max(0, taken - (1 if free else 0))
        keep = hand - counted
        if keep < 0:
            return
        yield (hand if full else keep), keep
        taken += 1


def rules_for(deck: DeckCounts) -> tuple[OddsRule, ...]:
    """The rules :func:`table` computes for ``deck``: Serum Powder's only if it holds some."""
    return RULES + (POWDER_RULES if deck.powders else ())


def outcome(
    deck: DeckCounts,
    rule: OddsRule | str,
    free: bool,
    keep_rule: KeepRule,
    *,
    start: int = 0,
    out: DeckCounts | None = None,
) -> Outcome:
    """The exact result of mulliganing under ``rule`` until the keep rule is met.

    ``start``: the process begins with hand number ``start`` of :func:`attempts` (0, the
    first seven; ``m + 1`` for a player who has taken ``m`` mulligans and takes one more).
    ``out`` (set-aside and Serum Powder rules only): cards of ``deck`` already out of the
    library at that point, hands set aside or cards Powder exiled (see :func:`_walk`); the
    other rules shuffle every card back, so for them the deck is all there is.
    """
    rule = as_rule(rule)
    if not 0 <= start < len(list(attempts(rule, free))):
        raise ValueError(f"no hand number {start} under {rule.key!r}: the hand would be empty")
    if rule.set_aside or rule.powder:
        return _walk(deck, rule, free, keep_rule, start, out)

    @cache
    def p_keepable(drawn: int, keep: int) -> Fraction:
        if rule.smoothing is None:
            return sum((p for hand, p in compositions(deck, drawn) if keepable(hand, keep, keep_rule)), Fraction(0))
        # Arena: the plain chance of a keepable hand with l lands, scaled for each l (see compositions).
        by_lands = [Fraction(0)] * (drawn + 1)
        for hand, p in compositions(deck, drawn):
            if keepable(hand, keep, keep_rule):
                by_lands[hand[0] + hand[2]] += p
        scale = rule.smoothing.reweighting(deck.all_lands, deck.size, drawn)
        return sum((Fraction(scale[n]) * p for n, p in enumerate(by_lands) if p), Fraction(0))

    reach = Fraction(1)
    good = Fraction(0)
    sizes: dict[int, Fraction] = {}
    kept: dict[int, Fraction] = {}
    for drawn, keep in islice(attempts(rule, free), start, None):
        p = p_keepable(drawn, keep) if drawn <= deck.size else Fraction(0)
        good += reach * p
        if p:
            kept[keep] = kept.get(keep, Fraction(0)) + reach * p
        if keep <= keep_rule.floor or keep == 0:
            sizes[keep] = sizes.get(keep, Fraction(0)) + reach  # kept whatever it is
            reach = Fraction(0)
            break
        if p:
            sizes[keep] = sizes.get(keep, Fraction(0)) + reach * p
        reach *= 1 - p
    expected = sum((size * p for size, p in sizes.items()), Fraction(0))
    return Outcome(rule.key, free, good, expected, sizes, kept)


def _plus(a: Kinds, b: Kinds) -> Kinds:
    return tuple(map(add, a, b))


def _minus(a: Kinds, b: Kinds) -> Kinds:
    return tuple(map(sub, a, b))


def _hands(full: Kinds, drawn: int) -> list[Kinds]:
    """Every hand of ``drawn`` cards that ``full`` (counts per kind) can hold, as counts per kind."""
    hands: list[Kinds] = [()]
    for index, n in enumerate(full):
        later = sum(full[index + 1 :])
        hands = [h + (i,) for h in hands for i in range(max(0, drawn - sum(h) - later), min(n, drawn - sum(h)) + 1)]
    return hands


def _add(mass: Mass, den: int, num: int) -> None:
    mass[den] = mass.get(den, 0) + num


def _sum(mass: Mass) -> tuple[int, int]:
    """(denominator, numerator) of the sum, over the least common multiple of its denominators."""
    den = lcm(*mass)
    return den, sum(num * (den // d) for d, num in mass.items())


def _value(mass: Mass) -> Fraction:
    den, num = _sum(mass) if mass else (1, 0)
    return Fraction(num, den)


def _walk(
    deck: DeckCounts,
    rule: OddsRule,
    free: bool,
    keep_rule: KeepRule,
    start: int = 0,
    removed: DeckCounts | None = None,
) -> Outcome:
    """Set-aside hands and Serum Powder, exactly. The library changes, so a state is the
    cards out of it: ``(out, under)``, ``out`` the cards exiled by Powder or set aside,
    ``under`` None at the start of a round, or (CR procedure) the cards put on the bottom
    before Powder was used, which the next hands cannot reach. Each round (one per hand
    size, as :func:`attempts` lists them) carries every state's probability forward to
    the next round's states; Powder only adds to ``out``, so a round takes its states in
    order of cards out. In the last round (the hand is kept whatever it is) the chance
    of a keepable hand depends on the library alone and is memoised on it (``settled``).

    Integers only, until the end: probabilities travel as unreduced sums (:data:`Mass`),
    and ``settled`` counts over a denominator the library's size decides (``scale``).

    ``start`` and ``removed``: the walk begins at that round (:func:`outcome`) with those
    cards of ``deck`` already out of the library (set aside, or exiled by Powder); should
    fewer than seven cards then remain, set-aside cards are shuffled back first.
    """
    powder, aside, cr = rule.powder, rule.set_aside, rule.powder and rule.bottom_now

    def five(counts: DeckCounts) -> Kinds:
        """The walk's five kinds (key cards merged when the keep rule asks for none)."""
        kl, ks, lands, spells, powders = (
            (*counts.kinds[:3], counts.spells, counts.powders) if powder else (*counts.kinds, 0)
        )
        if keep_rule.min_keys == 0:  # key cards make no difference: two kinds fewer, far fewer states
            kl, ks, lands, spells = 0, 0, kl + lands, ks + spells
        return (kl, ks, lands, spells, powders)

    full, zero = five(deck), (0, 0, 0, 0, 0)
    first = five(removed) if removed is not None else zero
    if any(n < 0 for n in _minus(full, first)):
        raise ValueError("the cards out of the library are not all in the deck")
    if aside and sum(full) - sum(first) < HAND:  # the set-aside cards are shuffled back first
        first = zero
    plan = [keep for _, keep in attempts(rule, free)]
    last = next(t for t in range(start, len(plan)) if plan[t] <= keep_rule.floor or t + 1 == len(plan))
    rows = [[comb(n, i) for i in range(HAND + 1)] for n in range(sum(full) + 1)]

    @cache
    def keepers(drawn: int, keep: int) -> list[Kinds]:
        """Every keepable hand, over the four kinds of the keep rule (Serum Powder a non-land)."""
        return [
            h
            for h in _hands((*full[:3], full[3] + full[4]), drawn)
            if keepable((h[0], h[1], h[2], h[3]), keep, keep_rule)
        ]

    @cache
    def movers(drawn: int, keep: int) -> list[Kinds]:
        """Every unkeepable hand that does not go back into the library: with Serum Powder, or any set aside."""
        return [
            h
            for h in _hands(full, drawn)
            if (aside or h[POWDER]) and not keepable((h[0], h[1], h[2], h[3] + h[4]), keep, keep_rule)
        ]

    @cache
    def keepable_ways(library: Kinds, drawn: int, keep: int) -> int:  # four kinds
        a, b, c, d = (rows[n] for n in library)
        return sum(a[h[0]] * b[h[1]] * c[h[2]] * d[h[3]] for h in keepers(drawn, keep))

    @cache
    def sort(library: Kinds, drawn: int, keep: int) -> tuple[int, int, list[tuple[Kinds, int]], int]:
        """(ways to draw, ways to draw a keepable hand, each unkeepable hand that moves on with its
        ways, and their sum)."""
        ok = keepable_ways((*library[:3], library[3] + library[4]), drawn, keep)
        moving: list[tuple[Kinds, int]] = []
        if library[POWDER] or aside:
            a, b, c, d, e = (rows[n] for n in library)
            moving = [(h, w) for h in movers(drawn, keep) if (w := a[h[0]] * b[h[1]] * c[h[2]] * d[h[3]] * e[h[4]])]
        return comb(sum(library), drawn), ok, moving, sum(w for _, w in moving)

    def held(keep: int) -> int:  # cards in hand when the player decides
        return keep if cr else HAND

    keep_last = plan[last]
    powder_last = powder and last + 1 < len(plan)  # Powder needs a mulligan to be allowed: not at zero cards

    @cache
    def scale(size: int, drawn: int) -> int:
        """The denominator of ``settled`` for a library of ``size`` cards: sizes alone decide it."""
        if powder_last and size - drawn >= held(keep_last):
            return comb(size, drawn) * scale(size - drawn, held(keep_last))
        return comb(size, drawn) or 1

    @cache
    def settled(library: Kinds, drawn: int) -> int:
        """P(a keepable hand in the last round, drawing ``drawn`` from ``library``), times
        ``scale``. The next hand after Powder comes from above any bottom cards."""
        _, ok, moving, _ = sort(library, drawn, keep_last)
        if not (powder_last and sum(library) - drawn >= held(keep_last)):
            return ok
        value = ok * scale(sum(library) - drawn, held(keep_last))
        for hand, ways in moving:
            value += ways * settled(_minus(library, hand), held(keep_last))
        return value

    bottoms = cache(bottom_first)
    wins: dict[int, Mass] = {}  # a keepable hand kept, by its size
    reached: Mass = {}  # the last round reached
    starts: dict[Kinds, Mass] = {first: {1: 1}}
    for keep in plan[start:last]:
        buckets: list[dict[tuple[Kinds, Kinds | None], Mass]] = [{} for _ in range(sum(full) + 1)]
        for out, mass in starts.items():
            buckets[sum(out)][(out, None)] = mass
        starts = {}
        for gone, bucket in enumerate(buckets):
            for (out, under), mass in bucket.items():
                library = _minus(_minus(full, out), under or zero)
                drawn = HAND if under is None else keep
                total, ok, moving, moved = sort(library, drawn, keep)
                den, num = _sum(mass)
                if not total:  # fewer cards than a hand: as if unkeepable
                    _add(starts.setdefault(out, {}), den, num)
                    continue
                den *= total
                _add(wins.setdefault(keep, {}), den, num * ok)
                if not (aside or sum(library) - drawn >= held(keep)):  # too few cards left for Powder
                    moving, moved = [], 0
                for hand, ways in moving:
                    if aside:
                        after = _plus(out, hand)
                        after = after if sum(full) - gone - HAND >= HAND else zero  # shuffled back
                        _add(starts.setdefault(after, {}), den, num * ways)
                        continue
                    target = (_plus(out, hand), under)  # Powder exiles the cards held: buckets[gone + held]
                    if under is None and held(keep) < HAND:  # CR 103.5: the bottom first, then Powder
                        below = bottoms(hand, HAND - keep, keep_rule)
                        target = (_minus(target[0], below), below)
                    _add(buckets[gone + held(keep)].setdefault(target, {}), den, num * ways)
                if total - ok - moved:  # a mulligan: the hand goes back (the bottom cards with it)
                    _add(starts.setdefault(out, {}), den, num * (total - ok - moved))
    for out, mass in starts.items():
        den, num = _sum(mass)
        library = _minus(full, out)
        _add(reached, den, num)
        _add(wins.setdefault(keep_last, {}), den * scale(sum(library), HAND), num * settled(library, HAND))
    won = {size: _value(mass) for size, mass in wins.items()}
    sizes = {size: p for size, p in (won | {keep_last: _value(reached)}).items() if p}
    expected = sum((size * p for size, p in sizes.items()), Fraction(0))
    kept = {size: p for size, p in won.items() if p}
    return Outcome(rule.key, free, sum(won.values(), Fraction(0)), expected, sizes, kept)


def table(deck: DeckCounts, play: KeepRule, draw: KeepRule) -> dict[tuple[str, bool, str], Outcome]:
    """Every rule of :func:`rules_for`, with and without the free mulligan, on the play and on the draw."""
    results: dict[tuple[str, bool, str], Outcome] = {}
    for side, keep_rule in (("play", play), ("draw", draw)):
        for rule in rules_for(deck):
            for free in (False, True):
                results[(rule.key, free, side)] = outcome(deck, rule, free, keep_rule)
    return results


def simulate(
    deck: DeckCounts,
    rule: OddsRule | str,
    free: bool,
    keep_rule: KeepRule,
    games: int,
    rng: random.Random,
    progress: Callable[[int], bool] | None = None,
    *,
    start: int = 0,
    out: DeckCounts | None = None,
) -> tuple[float, float, int, int]:
    """Monte Carlo of the same process: (P keepable, mean final size, games played, hands drawn).

    Hands drawn counts Serum Powder's new hands too. ``progress(done)`` is called every
    10,000 games; returning False stops early (cancel). ``start`` and ``out`` as for
    :func:`outcome`: each game begins with that hand, those cards out of the library.
    """
    rule = as_rule(rule)
    plan = list(attempts(rule, free))[start:] if start >= 0 else []
    if not plan:
        raise ValueError(f"no hand number {start} under {rule.key!r}: the hand would be empty")
    if rule.set_aside or rule.powder:
        play = _shuffled(deck, rule, plan, keep_rule, rng, out)
    else:
        play = _sampled(deck, rule, plan, keep_rule, rng)
    good = total_size = played = hands = 0
    for played in range(1, games + 1):
        ok, size, drawn = play()
        good += ok
        total_size += size
        hands += drawn
        if progress is not None and played % 10_000 == 0 and not progress(played):
            break
    return good / played, total_size / played, played, hands


Game = Callable[[], tuple[bool, int, int]]  # one game: (kept a keepable hand, final size, hands drawn)


def _sampled(
    deck: DeckCounts, rule: OddsRule, plan: list[tuple[int, int]], keep_rule: KeepRule, rng: random.Random
) -> Game:
    """Every hand a fresh sample of the whole deck (a shuffled library). London as CR 103.5
    reads (``bottom_now``) bottoms first (:func:`bottom_first`), then decides on the cards
    left; otherwise :func:`keepable` is asked of the cards drawn (memoised per hand)."""
    cards = [kind for kind, n in enumerate(deck.kinds) for _ in range(n)]
    size, sample, population = len(cards), rng.sample, range(len(cards))
    model = rule.smoothing
    target = model.target(deck.all_lands, size) if model is not None else 0.0

    def dealt(drawn: int) -> list[int]:
        """The indexes of a hand's cards: a sample, or under Arena's smoothing the candidate kept."""
        if model is None:
            return sample(population, drawn)
        candidates = [sample(population, drawn) for _ in range(model.candidates)]
        lands = [sum(1 for i in hand if cards[i] in (0, 2)) for hand in candidates]
        return candidates[model.pick(lands, target, rng)[0]]

    @cache
    def kept(hand: Composition, drawn: int, keep: int) -> bool:
        if rule.full_hands and rule.bottom_now:
            return satisfies(_minus((*hand, 0), bottom_first((*hand, 0), drawn - keep, keep_rule)), keep_rule)
        return keepable(hand, keep, keep_rule)

    def game() -> tuple[bool, int, int]:
        for hands, (drawn, keep) in enumerate(plan, 1):
            counts = [0, 0, 0, 0]
            for index in dealt(drawn) if drawn <= size else ():
                counts[cards[index]] += 1
            ok = drawn <= size and kept((counts[0], counts[1], counts[2], counts[3]), drawn, keep)
            if ok or keep <= keep_rule.floor or keep == 0:
                return ok, keep, hands
        raise AssertionError("the last hand is always kept")

    return game


def _shuffled(
    deck: DeckCounts,
    rule: OddsRule,
    plan: list[tuple[int, int]],
    keep_rule: KeepRule,
    rng: random.Random,
    out: DeckCounts | None = None,
) -> Game:
    """A physical library, a list shuffled and drawn from the top: Serum Powder and
    set-aside hands as the module docstring defines them, independently of :func:`_walk`.
    ``out``: cards already set aside (they start the pile) or exiled (gone)."""
    powder, cr, aside = rule.powder, rule.powder and rule.bottom_now, rule.set_aside

    def five(counts: DeckCounts) -> Kinds:
        return (*counts.kinds[:3], counts.spells, counts.powders) if powder else (*counts.kinds, 0)

    gone = five(out) if out is not None else (0, 0, 0, 0, 0)
    cards = [kind for kind, n in enumerate(_minus(five(deck), gone)) for _ in range(n)]
    pile_at_start = [kind for kind, n in enumerate(gone) for _ in range(n)] if aside else []
    if aside and len(cards) < HAND:  # the set-aside cards are shuffled back first
        cards, pile_at_start = cards + pile_at_start, []
    if len(cards) < HAND:  # never a full hand: every one is unkeepable, down to the floor
        last = next(t for t, (_, keep) in enumerate(plan) if keep <= keep_rule.floor or t + 1 == len(plan))
        return lambda: (False, plan[last][1], last + 1)

    def count(hand: list[int]) -> Kinds:
        return tuple(hand.count(kind) for kind in range(5))

    def game() -> tuple[bool, int, int]:
        library = cards[:]
        rng.shuffle(library)
        pile: list[int] = pile_at_start[:]  # hands set aside
        hands = 0
        for t, (_, keep) in enumerate(plan):
            can_mulligan = t + 1 < len(plan)
            hand, library, hands, under = library[:HAND], library[HAND:], hands + 1, 0
            if cr and keep < HAND:  # CR 103.5: the bottom goes at once
                below = [
                    kind for kind, n in enumerate(bottom_first(count(hand), HAND - keep, keep_rule)) for _ in range(n)
                ]
                for card in below:
                    hand.remove(card)
                library, under = library + below, len(below)
            while True:
                held = count(hand)
                kept = _minus(held, bottom_first(held, len(hand) - keep, keep_rule))
                if satisfies(kept, keep_rule):
                    return True, keep, hands
                if not (powder and can_mulligan and held[POWDER] and len(library) - under >= len(hand)):
                    break
                hand, library, hands = library[: len(hand)], library[len(hand) :], hands + 1  # the hand is exiled
            if keep <= keep_rule.floor or not can_mulligan:
                return False, keep, hands
            if aside:
                pile += hand
                if len(library) < HAND:
                    library, pile = library + pile, []
                    rng.shuffle(library)
            else:
                library += hand
                rng.shuffle(library)
        raise AssertionError("the last hand is always kept")

    return game
