"""Exact mulligan odds, checked against independent arithmetic and against simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, sqrt

import pytest

from opening_hand.odds import DeckCounts, KeepRule, keepable, lands_in_hand, outcome, simulate, table

BURN = DeckCounts(key_lands=0, key_spells=0, lands=24, spells=36)


def test_three_lands_in_seven_from_twenty_four_of_sixty() -> None:
    expected = Fraction(comb(24, 3) * comb(36, 4), comb(60, 7))
    assert lands_in_hand(BURN)[3] == expected
    assert float(expected) == pytest.approx(0.30870, abs=1e-5)
    assert sum(lands_in_hand(BURN)) == 1


def test_paris_keeps_seven_then_six_then_five_by_hand_arithmetic() -> None:
    """Keep 2-5 lands, always keep five: P = p7 + (1-p7) p6 + (1-p7)(1-p6) * [p5 counted, 5 kept anyway]."""

    def p(drawn: int) -> Fraction:
        total = comb(60, drawn)
        return sum((Fraction(comb(24, n) * comb(36, drawn - n), total) for n in range(2, 6)), Fraction(0))

    p7, p6, p5 = p(7), p(6), p(5)
    result = outcome(BURN, "paris", False, KeepRule(2, 5, 0, 5))
    assert result.keepable == p7 + (1 - p7) * p6 + (1 - p7) * (1 - p6) * p5
    assert result.sizes == {7: p7, 6: (1 - p7) * p6, 5: (1 - p7) * (1 - p6)}
    assert result.expected_size == 7 * p7 + 6 * (1 - p7) * p6 + 5 * (1 - p7) * (1 - p6)


def test_london_bottoms_optimally() -> None:
    """Keeping six of seven, a hand with 2-6 lands can keep 2-5 (bottom a land if it has six)."""
    sevens = lands_in_hand(BURN)
    p7 = sum(sevens[2:6], Fraction(0))
    p6 = sum(sevens[2:7], Fraction(0))
    p5 = sum(sevens[2:8], Fraction(0))  # keeping five of seven: any hand with 2+ lands (bottom extra lands)
    result = outcome(BURN, "london", False, KeepRule(2, 5, 0, 5))
    assert result.keepable == p7 + (1 - p7) * p6 + (1 - p7) * (1 - p6) * p5
    assert keepable((0, 0, 7, 0), 5, KeepRule(2, 5)) is True  # five lands kept, two bottomed
    assert keepable((0, 0, 1, 6), 6, KeepRule(2, 5)) is False


def test_key_cards_must_be_kept() -> None:
    rule = KeepRule(1, 6, min_keys=1, floor=0)
    assert keepable((0, 1, 3, 3), 6, rule) and not keepable((0, 0, 3, 4), 6, rule)
    assert keepable((1, 0, 0, 6), 6, rule)  # a key land counts as both
    none = outcome(DeckCounts(0, 0, 24, 36), "london", False, rule)
    assert none.keepable == 0 and none.sizes == {0: 1}


def test_the_free_mulligan_helps_and_vancouver_keeps_like_paris() -> None:
    results = table(BURN, KeepRule(2, 5), KeepRule(1, 5))
    for rule in ("london", "vancouver", "paris"):
        for side in ("play", "draw"):
            assert results[(rule, True, side)].keepable >= results[(rule, False, side)].keepable
            assert sum(results[(rule, False, side)].sizes.values()) == 1
    assert results[("vancouver", False, "play")].keepable == results[("paris", False, "play")].keepable
    assert results[("london", False, "play")].keepable > results[("paris", False, "play")].keepable
    assert results[("london", False, "draw")].keepable > results[("london", False, "play")].keepable  # 1-5 lands


@pytest.mark.parametrize(("rule", "free"), [("london", False), ("paris", True)])
def test_simulation_agrees_with_the_exact_figures(rule: str, free: bool) -> None:
    deck = DeckCounts(key_lands=2, key_spells=8, lands=22, spells=28)
    keep = KeepRule(2, 4, min_keys=1, floor=4)
    exact = outcome(deck, rule, free, keep)
    p, mean, games, hands = simulate(deck, rule, free, keep, 20_000, random.Random(7))
    assert games == 20_000 and hands >= games
    sigma = sqrt(float(exact.keepable) * (1 - float(exact.keepable)) / games)
    assert abs(p - float(exact.keepable)) < 4 * sigma
    assert abs(mean - float(exact.expected_size)) < 0.03


def test_simulation_can_be_cancelled() -> None:
    seen: list[int] = []

    def progress(done: int) -> bool:
        seen.append(done)
        return done < 20_000

    _, _, games, _ = simulate(BURN, "london", False, KeepRule(), 100_000, random.Random(1), progress)
    assert games == 20_000 and seen == [10_000, 20_000]
