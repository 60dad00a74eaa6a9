"""Keep rules with a minimum of spells (non-land cards): Frank Karsten's "keepable hand" (2-3
lands and at least 2 spells in the hand kept) comes out directly, at every size down to 1,
and matches his published figures and an independent calculation."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from opening_hand.trainer.odds import KARSTEN_KEEPABLE, DeckCounts, KeepRule, keepable, outcome, satisfies, simulate
from opening_hand.trainer.reading import _meets

KARSTEN = {
    ("london", 24, 60): (57.812, 90.489, 98.515, 99.768),
    ("london", 17, 60): (55.626, 83.684, 94.237, 97.964),
    ("vancouver", 24, 60): (57.812, 83.690, 93.383, 95.742),
}


@pytest.mark.parametrize(("rule", "lands", "size"), list(KARSTEN))
def test_karstens_keepable_hand_figures_at_every_size(rule: str, lands: int, size: int) -> None:
    deck = DeckCounts(0, 0, lands, size - lands)
    result = outcome(deck, rule, False, KARSTEN_KEEPABLE)
    figures = tuple(round(float(result.keepable_at_least(n)) * 100, 3) for n in (7, 6, 5, 4))
    assert figures == KARSTEN[(rule, lands, size)]
    # Below four cards no hand holds 2 lands and 2 spells: the figure stays the four-card one, down to 1.
    assert {result.keepable_at_least(n) for n in (4, 3, 2, 1)} == {result.keepable}


def by_hand(rule: str, lands: int, size: int) -> list[Fraction]:
    """P(a keepable hand of at least k cards), k = 7..4, written out here: a hand drawn (7 under
    London, k under Vancouver) is keepable at k cards when some k of them hold 2-3 lands and
    2+ spells; each attempt is independent, so P(at least k) = 1 - prod(1 - q_j), j = 7..k."""
    figures, missed = [], Fraction(1)
    for keep in (7, 6, 5, 4):
        drawn = 7 if rule == "london" else keep
        q = Fraction(0)
        for held in range(drawn + 1):
            chance = Fraction(comb(lands, held) * comb(size - lands, drawn - held), comb(size, drawn))
            if any(a <= held and 2 <= keep - a <= drawn - held for a in (2, 3)):
                q += chance
        missed *= 1 - q
        figures.append(1 - missed)
    return figures


@pytest.mark.parametrize(("rule", "lands", "size"), list(KARSTEN))
def test_the_figures_are_the_independent_calculation_exactly(rule: str, lands: int, size: int) -> None:
    result = outcome(DeckCounts(0, 0, lands, size - lands), rule, False, KARSTEN_KEEPABLE)
    assert [result.keepable_at_least(n) for n in (7, 6, 5, 4)] == by_hand(rule, lands, size)


def test_a_simulation_of_the_same_rule_agrees() -> None:
    deck = DeckCounts(0, 0, 17, 43)
    exact = outcome(deck, "london", False, KARSTEN_KEEPABLE)
    p, _, games, _ = simulate(deck, "london", False, KARSTEN_KEEPABLE, 40_000, random.Random(2))
    assert abs(p - float(exact.keepable)) < 4 * (float(exact.keepable) * (1 - float(exact.keepable)) / games) ** 0.5


def test_the_spells_minimum_in_each_reading_of_a_hand() -> None:
    rule = KeepRule(1, 5, floor=0, min_spells=3)
    assert keepable((0, 0, 4, 3), 7, rule) and not keepable((0, 0, 5, 2), 7, rule)
    assert keepable((0, 0, 5, 2), 6, KeepRule(1, 5, floor=0, min_spells=2))  # bottom a land
    assert satisfies((0, 0, 2, 3, 0), rule) and not satisfies((0, 0, 3, 2, 0), rule)
    assert satisfies((0, 0, 2, 2, 1), rule)  # Serum Powder is a spell
    assert _meets(lands=3, spells=4, keys=0, size=7, rule=rule) and not _meets(5, 2, 0, 7, rule)
    assert KARSTEN_KEEPABLE.describe() == "7 cards keep 2–3 lands; at least 2 spells; down to zero cards if need be"
