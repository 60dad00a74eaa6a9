"""The trainer's reading of a hand and its feedback, checked against independent
arithmetic and seeded Monte Carlo."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from math import sqrt

import pytest

from opening_hand import EDITIONS, Mulligan, PutOnBottom, apply
from opening_hand.odds import KeepRule
from opening_hand.policy import autoplay, choose_bottom
from opening_hand.quiz import deciding, make_quiz
from opening_hand.samples import SAMPLES
from opening_hand.share import Setup
from opening_hand.trainer import CLOSE, feedback, next_hand_on_track, odds_rule, read_hand, verdict
from tests.engine.helpers import started

SETUP = Setup(deck=SAMPLES["constructed"], format="constructed", players=2, edition="london", seed=1)


def within(exact: Fraction, hits: int, trials: int) -> bool:
    p = float(exact)
    return abs(hits / trials - p) <= 4 * sqrt(max(p * (1 - p), 1e-9) / trials) + 1e-9


def on_track_by_hand(held: int, size: int, there: int, need: int, skips: bool, most: int) -> Fraction:
    """Independent arithmetic: every ordered sequence of the draws up to turn 3, each
    land or not, weighted by how many ordered draws give it."""
    drawn_by = {t: (t - 1 if skips else t) for t in (1, 2, 3)}
    three = drawn_by[3]
    good = 0
    for pattern in range(2**three):
        lands = [bool(pattern >> i & 1) for i in range(three)]
        ways, left_lands, left_other = 1, there, size - there
        for is_land in lands:
            ways *= left_lands if is_land else left_other
            left_lands, left_other = (left_lands - 1, left_other) if is_land else (left_lands, left_other - 1)
        if ways and held + sum(lands[: drawn_by[need]]) >= need and held + sum(lands) < max(most + 2, 3):
            good += ways
    ordered = 1
    for i in range(three):
        ordered *= size - i
    return Fraction(good, ordered)


@pytest.mark.parametrize("index", range(6))
def test_on_track_matches_independent_arithmetic(index: int) -> None:
    state = deciding(make_quiz(SETUP, 6, seed=4), index)
    reading = read_hand(state, 1)
    seen = reading.outlook
    expected = on_track_by_hand(
        seen.hand_lands, seen.library_size, seen.library_lands, reading.need, reading.skips_draw, reading.rule.max_lands
    )
    assert reading.on_track == expected


def test_the_next_hand_on_track_matches_a_simulation_of_draw_seven_bottom_one() -> None:
    size, lands, need, most = 60, 20, 3, 5
    exact = next_hand_on_track(size, lands, 7, 6, need, False, most)
    rng, trials, hits = random.Random(5), 20_000, 0
    deck = [True] * lands + [False] * (size - lands)
    for _ in range(trials):
        rng.shuffle(deck)
        hand, rest = deck[:7], deck[7:]
        held = sum(hand)
        best = False
        for kept in range(max(0, 6 - (7 - held)), min(held, 6) + 1):
            by_need = kept + sum(rest[:need])
            by_three = kept + sum(rest[:3])
            best = best or (by_need >= need and by_three < most + 2)
        hits += best
    assert within(exact, hits, trials)


def test_reading_follows_play_or_draw_and_the_rule_for_that_side() -> None:
    play, draw = KeepRule(3, 4, 0, 5), KeepRule(1, 5, 0, 5)
    quiz = make_quiz(SETUP, 8, seed=9)
    for index, hand in enumerate(quiz.hands):
        reading = read_hand(deciding(quiz, index), 1, play, draw)
        assert reading.on_play == hand.on_play and reading.skips_draw == hand.on_play  # two players: 103.7a
        assert reading.rule == (play if hand.on_play else draw)
        assert reading.meets_rule == (reading.rule.min_lands <= reading.lands <= reading.rule.max_lands)


def test_cards_marked_for_the_bottom_leave_the_hand_and_the_draws() -> None:
    state = apply(started(seed=3, starting_player=1), Mulligan(1))
    state = autoplay(state, {2})  # seat 2 declares; the mulligan is taken and seat 1 owes its bottom card
    p = state.player(1)
    assert p.to_bottom == 1
    if p.to_bottom:
        marked = [c.id for c in choose_bottom(p.hand, p.to_bottom, p.is_land)]
        before = read_hand(state, 1, bottom=marked)
        assert before.outlook.hand_size == len(p.hand) - len(marked)
        assert before.outlook.library_size == len(p.library)
        after = apply(state, PutOnBottom(1, tuple(marked)))
        assert after.player(1).bottomed == len(marked)
        reading = read_hand(after, 1)
        assert reading.outlook.hand_size == before.outlook.hand_size
        assert reading.outlook.library_size == len(after.player(1).library) - len(marked)  # the bottom is known


@pytest.mark.parametrize(
    ("edition", "rule"),
    [
        ("london", "london"),
        ("london-mtgo", "london-mtgo"),  # the same figures as London without Serum Powder (opening_hand.odds)
        ("commander-free", "london"),
        ("commander-free-mtgo", "london-mtgo"),
        ("commander-set-aside", "london-set-aside"),
        ("vancouver", "vancouver"),
        ("paris-2008", "paris"),
        ("paris-2001", "paris"),
        ("original", None),
        ("partial-paris", None),
        ("draw-ten", None),
    ],
)
def test_each_edition_maps_to_its_mulligan_process(edition: str, rule: str | None) -> None:
    assert edition in EDITIONS
    state = started(seed=2, edition=edition)
    found = odds_rule(state, powder=False)
    assert (found.key if found is not None else None) == rule
    assert found is EDITIONS[edition].odds


def test_feedback_says_what_the_rule_and_the_numbers_say() -> None:
    quiz = make_quiz(SETUP, 10, seed=3)
    seen = {"followed": 0, "against": 0, "close": 0, "favour": 0}
    for index in range(10):
        reading = read_hand(deciding(quiz, index), 1)
        says_keep = reading.meets_rule
        line = feedback(reading, keep=True)
        assert line.startswith(f"Kept 7 cards, {reading.lands} land")
        assert ("says keep: you followed it" in line) == says_keep
        assert ("says mulligan: you went against it" in line) == (not says_keep)
        favoured = verdict(reading)
        following = reading.next_on_track
        assert following is not None
        if abs(reading.on_track - following) < CLOSE:
            assert favoured is None and "the numbers are close: no verdict" in line
            seen["close"] += 1
        else:
            assert favoured == ("keep" if reading.on_track > following else "mulligan")
            assert ("favour keeping, as you chose" in line) == (favoured == "keep")
            seen["favour"] += 1
        seen["followed" if says_keep else "against"] += 1
        mulligan_line = feedback(reading, keep=False)
        assert mulligan_line.startswith("Mulligan from 7 cards")
    assert seen["close"] and seen["favour"]  # this quiz shows both kinds of line


def test_no_mulligan_figures_for_rules_without_them() -> None:
    state = deciding(make_quiz(replace(SETUP, edition="draw-ten"), 1, seed=3), 0)
    reading = read_hand(state, 1)
    assert reading.mulligan_rule is None and reading.next_on_track is None and verdict(reading) is None
    assert "no mulligan figures for these rules" in feedback(reading, keep=True)
