"""Exact mulligan odds, checked against independent arithmetic and against simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from math import comb, sqrt

import pytest

from opening_hand.trainer.odds import (
    POWDER_RULES,
    RULES,
    DeckCounts,
    KeepRule,
    Outcome,
    attempts,
    bottom_first,
    keepable,
    lands_in_hand,
    outcome,
    satisfies,
    simulate,
    table,
)

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


# ---------------------------------------------------------------- London as CR 103.5 reads vs. MTGO


def test_without_serum_powder_bottoming_first_or_on_keeping_gives_the_same_figures() -> None:
    """The seven cards are the same either way, and the player bottoms for the keep rule."""
    deck = DeckCounts(key_lands=2, key_spells=8, lands=20, spells=30)
    keep = KeepRule(2, 4, min_keys=1, floor=4)
    for free in (False, True):
        london = outcome(deck, "london", free, keep)
        # "london-mtgo" shares the sum of "london"; the Powder walks, with no Powder to use, are an
        # independent computation (state by state, a library at a time) that must land on the same fractions.
        for rule in ("london-mtgo", "london-powder", "london-mtgo-powder"):
            other = outcome(deck, rule, free, keep)
            assert (other.keepable, other.sizes) == (london.keepable, london.sizes), rule
    # ... and a Powder the player never uses is an ordinary non-land.
    with_powder = DeckCounts(2, 8, 20, 26, powders=4)
    assert outcome(with_powder, "london", False, keep).keepable == outcome(deck, "london", False, keep).keepable


def test_a_simulation_that_bottoms_first_then_decides_agrees_with_keeping_then_bottoming() -> None:
    deck = DeckCounts(key_lands=2, key_spells=8, lands=20, spells=30)
    keep = KeepRule(2, 4, min_keys=1, floor=4)
    exact = outcome(deck, "london-mtgo", False, keep)
    p, mean, games, _ = simulate(deck, "london", False, keep, 20_000, random.Random(11))  # CR 103.5 as written
    assert abs(p - float(exact.keepable)) < 4 * _sigma(exact, games)
    assert abs(mean - float(exact.expected_size)) < 4 * _size_sigma(exact, games)


def test_bottom_first_keeps_a_keepable_hand_or_else_one_serum_powder() -> None:
    rule = KeepRule(2, 4, min_keys=1)
    # Keepable: bottom two of (1 key land, 1 key spell, 4 lands, 0 spells, 1 Powder) keeping 2-4 lands and a key.
    below = bottom_first((1, 1, 4, 0, 1), 2, rule)
    assert sum(below) == 2 and satisfies(tuple(n - b for n, b in zip((1, 1, 4, 0, 1), below, strict=True)), rule)
    # Not keepable (one land): keep one of the two Powders, bottom the other, then the key spell, then the land.
    assert bottom_first((0, 1, 1, 3, 2), 1, rule) == (0, 0, 0, 0, 1)
    assert bottom_first((0, 1, 1, 3, 2), 3, rule) == (0, 1, 1, 0, 1)
    # Too many lands: the non-lands go to the bottom and the lands are exiled with the Powder.
    assert bottom_first((0, 0, 6, 0, 1), 1, KeepRule(2, 4)) == (0, 0, 1, 0, 0)
    assert bottom_first((0, 0, 5, 1, 1), 1, KeepRule(1, 3)) == (0, 0, 0, 1, 0)


@pytest.mark.parametrize("rule", [KeepRule(2, 4, min_keys=1), KeepRule(1, 5), KeepRule(3, 3, min_keys=2)])
def test_bottom_first_on_every_seven(rule: KeepRule) -> None:
    """Every seven over the five kinds, every number of cards to bottom: the bottom is part of
    the hand, a keepable hand stays keepable, and an unkeepable one keeps one Powder, no more if it can."""
    sevens = [h for h in product(range(8), repeat=5) if sum(h) == 7]
    for hand in sevens:
        for bottom in range(7):
            below = bottom_first(hand, bottom, rule)
            kept = tuple(n - b for n, b in zip(hand, below, strict=True))
            assert sum(below) == bottom and min(kept) >= 0 and min(below) >= 0, (hand, bottom)
            if keepable((hand[0], hand[1], hand[2], hand[3] + hand[4]), 7 - bottom, rule):
                assert satisfies(kept, rule), (hand, bottom)
            elif hand[4]:
                assert kept[4] == max(1, hand[4] - bottom), (hand, bottom)  # the others go under


# ---------------------------------------------------------------- Serum Powder and set-aside hands, by hand

# A 14-card deck: two lands, eleven spells, one Serum Powder. Keep a hand with both lands;
# always keep six cards. A Powder used on the first seven draws exactly the other seven.
TINY = DeckCounts(key_lands=0, key_spells=0, lands=2, spells=11, powders=1)
BOTH_LANDS = KeepRule(2, 5, 0, floor=6)
C = comb(14, 7)
BOTH = Fraction(comb(12, 5), C)  # both lands in seven
NONE_WITH_POWDER = Fraction(comb(11, 6), C)  # no land, the Powder and six spells
BAD_WITHOUT_POWDER = Fraction(comb(11, 7) + 2 * comb(11, 6), C)  # at most one land, no Powder


def test_serum_powder_mtgo_by_hand() -> None:
    """Seven: keep both lands; no land but the Powder: exile, the other seven hold both lands.
    Mulligan (no Powder): seven, keep six of them: again both lands, or no land and the Powder
    (exile the seven, draw the other seven, keep six with both lands). One land and the Powder:
    the other seven hold one land, and so does every later hand from them: a bad six."""
    first = BOTH + NONE_WITH_POWDER
    result = outcome(TINY, "london-mtgo-powder", False, BOTH_LANDS)
    assert result.keepable == first + BAD_WITHOUT_POWDER * (BOTH + NONE_WITH_POWDER)
    assert result.sizes == {7: first, 6: 1 - first}
    assert outcome(TINY, "london", False, BOTH_LANDS).keepable == BOTH + (1 - BOTH) * BOTH  # without Powder


def test_serum_powder_as_cr_103_5_reads_by_hand() -> None:
    """After the mulligan the player bottoms one card at once (CR 103.5) and holds six: with
    no land, a spell goes under and Powder exiles six; the new six come from the seven cards
    above the bottom card, which hold both lands: 5 times in 7 (C(5,4) / C(7,6))."""
    result = outcome(TINY, "london-powder", False, BOTH_LANDS)
    assert result.keepable == BOTH + NONE_WITH_POWDER + BAD_WITHOUT_POWDER * (BOTH + NONE_WITH_POWDER * Fraction(5, 7))
    assert result.sizes == {7: BOTH + NONE_WITH_POWDER, 6: 1 - BOTH - NONE_WITH_POWDER}


ONE_WITH_POWDER = Fraction(2 * comb(11, 5), C)  # one land, the Powder and five spells
DOWN_TO_FIVE = KeepRule(2, 5, 0, floor=5)


def test_serum_powder_mtgo_down_to_five_by_hand() -> None:
    """The same, one mulligan further: each round keeps both lands, or finds no land and the
    Powder (the other seven hold both lands); one land and the Powder leaves seven cards
    with one land for the rest of the game."""
    good = BOTH + NONE_WITH_POWDER
    result = outcome(TINY, "london-mtgo-powder", False, DOWN_TO_FIVE)
    assert result.keepable == good + BAD_WITHOUT_POWDER * (good + BAD_WITHOUT_POWDER * good)
    assert result.sizes == {7: good, 6: BAD_WITHOUT_POWDER * good, 5: 1 - good - BAD_WITHOUT_POWDER * good}


def test_serum_powder_cr_down_to_five_by_hand() -> None:
    """After the first mulligan (six cards, one went under at once):
    * no land and the Powder: a spell goes under, Powder exiles six, the new six come from the
      seven above it: both lands 5 times in 7; otherwise the next mulligan shuffles the eight
      cards left (both lands, six spells) and seven of them hold both lands 6 times in 8;
    * one land and the Powder: the land goes under (the hand is short of lands) and Powder
      exiles six spells; the six above hold one land, but the next mulligan's eight cards hold
      both lands again: 6 times in 8 (had a spell gone under, never);
    * at five cards, no land and the Powder: two spells under, five of the seven above hold
      both lands C(5,3) / C(7,5) = 10/21."""
    six = (
        BOTH + NONE_WITH_POWDER * (Fraction(5, 7) + Fraction(2, 7) * Fraction(3, 4)) + ONE_WITH_POWDER * Fraction(3, 4)
    )
    five = BOTH + NONE_WITH_POWDER * Fraction(10, 21)
    result = outcome(TINY, "london-powder", False, DOWN_TO_FIVE)
    assert result.keepable == BOTH + NONE_WITH_POWDER + BAD_WITHOUT_POWDER * (six + BAD_WITHOUT_POWDER * five)
    kept_six = BAD_WITHOUT_POWDER * (BOTH + NONE_WITH_POWDER * Fraction(5, 7))
    assert result.sizes == {7: BOTH + NONE_WITH_POWDER, 6: kept_six, 5: 1 - BOTH - NONE_WITH_POWDER - kept_six}


def test_set_aside_hands_by_hand() -> None:
    """14 cards, two lands: a rejected seven is set aside, so the next seven are the other
    seven. With the free mulligan the third hand finds the library empty: the fourteen cards
    are shuffled back and it is a fresh seven (keep six with both lands)."""
    deck = DeckCounts(0, 0, 2, 12)
    none, one = Fraction(comb(12, 7), C), Fraction(2 * comb(12, 6), C)
    counted = outcome(deck, "london-set-aside", False, BOTH_LANDS)
    assert counted.keepable == BOTH + none and counted.sizes == {7: BOTH, 6: 1 - BOTH}
    free = outcome(deck, "london-set-aside", True, BOTH_LANDS)
    assert free.keepable == BOTH + none + one * BOTH and free.sizes == {7: BOTH + none, 6: one}
    assert outcome(deck, "london", True, BOTH_LANDS).keepable == BOTH + (1 - BOTH) * BOTH + (1 - BOTH) ** 2 * BOTH


def test_an_eight_card_deck_shuffles_set_aside_cards_back_and_cannot_use_powder() -> None:
    """One card left after a seven: the set-aside hand goes back at once, and Powder could
    not draw a new seven, so both are the plain London mulligan."""
    keep = KeepRule(3, 5, 0, floor=5)  # three lands: the seven miss a spell, 5 times in 8; so do six of seven
    plain = outcome(DeckCounts(0, 0, 3, 5), "london", False, keep)
    assert plain.keepable == 1 - Fraction(3, 8) ** 3
    assert plain.sizes == {7: Fraction(5, 8), 6: Fraction(15, 64), 5: Fraction(9, 64)}
    for deck, rule in ((DeckCounts(0, 0, 3, 5), "london-set-aside"), (DeckCounts(0, 0, 3, 4, 1), "london-powder")):
        other = outcome(deck, rule, False, keep)
        assert (other.keepable, other.sizes) == (plain.keepable, plain.sizes), rule


# ---------------------------------------------------------------- the same processes, simulated

POWDER_DECK = DeckCounts(key_lands=0, key_spells=8, lands=22, spells=26, powders=4)
COMMANDER = DeckCounts(key_lands=0, key_spells=10, lands=37, spells=53)


@pytest.mark.parametrize(
    ("deck", "rule", "free", "keep"),
    [
        (POWDER_DECK, "london-powder", False, KeepRule(2, 4, min_keys=1, floor=4)),
        (POWDER_DECK, "london-mtgo-powder", False, KeepRule(2, 4, min_keys=1, floor=4)),
        (POWDER_DECK, "london-powder", True, KeepRule(3, 4, floor=5)),
        (COMMANDER, "london-set-aside", True, KeepRule(2, 5, min_keys=1, floor=5)),
    ],
)
def test_the_new_processes_simulated_agree_with_the_exact_figures(
    deck: DeckCounts, rule: str, free: bool, keep: KeepRule
) -> None:
    """20,000 seeded games of a physical library (a shuffled list, hands drawn from the top,
    bottom cards appended, exiled and set-aside cards removed). Tolerance: 4 standard errors
    of the exact figure (0.4-0.9 points here), which a correct model leaves about once in
    16,000 seeds per figure, while a wrong one is off by more: Serum Powder adds about 4
    to 5 points, set-aside hands 1.7. Finer differences (which card goes under, what the
    redraw can reach) are pinned by the by-hand tests above."""
    exact = outcome(deck, rule, free, keep)
    p, mean, games, hands = simulate(deck, rule, free, keep, 20_000, random.Random(5))
    assert games == 20_000 and hands > games
    assert abs(p - float(exact.keepable)) < 4 * _sigma(exact, games)
    assert abs(mean - float(exact.expected_size)) < 4 * _size_sigma(exact, games)


def test_serum_powder_and_set_aside_hands_help() -> None:
    keep = KeepRule(2, 4, min_keys=1, floor=4)
    plain = outcome(POWDER_DECK, "london", False, keep).keepable
    assert outcome(POWDER_DECK, "london-powder", False, keep).keepable > plain + Fraction(3, 100)
    assert outcome(POWDER_DECK, "london-mtgo-powder", False, keep).keepable > plain + Fraction(3, 100)
    aside = KeepRule(2, 5, min_keys=1, floor=5)
    assert (
        outcome(COMMANDER, "london-set-aside", True, aside).keepable
        > outcome(COMMANDER, "london", True, aside).keepable
    )


def test_the_table_shows_serum_powder_only_for_a_deck_that_holds_it() -> None:
    assert {rule for rule, _, _ in table(BURN, KeepRule(), KeepRule(1, 5))} == {r.key for r in RULES}
    assert {rule for rule, _, _ in table(DeckCounts(0, 0, 22, 34, 4), KeepRule(), KeepRule(1, 5))} == {
        *(r.key for r in RULES),
        *(r.key for r in POWDER_RULES),
    }
    with pytest.raises(ValueError, match="unknown mulligan rule 'london-powdered'"):
        outcome(BURN, "london-powdered", False, KeepRule())


def _sigma(exact: Outcome, games: int) -> float:
    p = float(exact.keepable)
    return sqrt(p * (1 - p) / games)


def _size_sigma(exact: Outcome, games: int) -> float:
    variance = sum(size * size * p for size, p in exact.sizes.items()) - exact.expected_size**2
    return sqrt(float(variance) / games)


def test_a_process_can_start_at_a_later_hand_but_not_past_the_last() -> None:
    """``start``: the hand the process begins with (the outlook's mulligan from here). Paris
    from the third hand (five cards): five, then four, the floor, kept whatever it is."""
    keep = KeepRule(2, 5, 0, 4)

    def p(drawn: int) -> Fraction:
        return sum(
            (Fraction(comb(24, n) * comb(36, drawn - n), comb(60, drawn)) for n in range(2, min(5, drawn) + 1)),
            Fraction(0),
        )

    result = outcome(BURN, "paris", False, keep, start=2)
    assert result.keepable == p(5) + (1 - p(5)) * p(4) and result.sizes == {5: p(5), 4: 1 - p(5)}
    hands = len(list(attempts("paris", False)))
    with pytest.raises(ValueError, match="no hand number"):
        outcome(BURN, "paris", False, keep, start=hands)
    with pytest.raises(ValueError, match="no hand number"):
        simulate(BURN, "paris", False, keep, 10, random.Random(1), start=hands)
    with pytest.raises(ValueError, match="not all in the deck"):
        outcome(BURN, "london-set-aside", False, keep, start=1, out=DeckCounts(0, 0, 25, 0))
