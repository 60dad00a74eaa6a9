"""The trainer's reading of a hand and its feedback, checked against independent
arithmetic and seeded Monte Carlo."""

from __future__ import annotations

from dataclasses import replace

import pytest

from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.actions import Mulligan, PutOnBottom
from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.game import apply
from opening_hand.rules.policy import autoplay, choose_bottom
from opening_hand.share.share_link import Setup
from opening_hand.trainer.odds import KeepRule
from opening_hand.trainer.quiz import Quiz, QuizHand, deciding, make_quiz
from opening_hand.trainer.reading import feedback, odds_rule, read_hand, unreliable, verdict
from tests.engine.helpers import started

SETUP = Setup(deck=SAMPLES["constructed"], format="constructed", players=2, edition="london", seed=1)


def test_reading_follows_play_or_draw_and_the_rule_for_that_side() -> None:
    play, draw = KeepRule(3, 4, 0, 5), KeepRule(1, 5, 0, 5)
    quiz = make_quiz(SETUP, 8, seed=9)
    for index, hand in enumerate(quiz.hands):
        reading = read_hand(deciding(quiz, index), 1, play, draw)
        assert reading.on_play == hand.on_play and reading.skips_draw == hand.on_play  # two players: 103.8a
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
        ("london-mtgo", "london-mtgo"),  # the same figures as London without Serum Powder (opening_hand.trainer.odds)
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


def test_feedback_says_what_the_model_and_the_keep_rule_say() -> None:
    quiz = make_quiz(SETUP, 10, seed=3)
    seen = {"close": 0, "verdict": 0}
    for index in range(10):
        reading = read_hand(deciding(quiz, index), 1)
        says_keep = reading.meets_rule
        line = feedback(reading, keep=True)
        assert line.startswith(f"Kept 7 cards, {reading.lands} land")
        assert ("says keep: you followed it" in line) == says_keep
        assert ("says mulligan: you went against it" in line) == (not says_keep)
        judged = reading.judgement
        assert judged is not None and judged.mulligan is not None
        favoured = verdict(reading)
        difference = judged.keep.mean - judged.mulligan.mean
        if abs(difference) <= judged.margin:
            assert favoured is None and "Close, no verdict" in line
            assert (f"leaning {judged.lean}:" in line) == (judged.lean is not None)
            assert f"a difference of {abs(difference):.2f}, inside the margin of {judged.margin:.1f}" in line
            seen["close"] += 1
        else:
            assert favoured == ("keep" if difference > 0 else "mulligan")
            assert ("You chose as the model does." in line) == (favoured == "keep")
            shown = float(f"{judged.keep.mean:.1f}") - float(f"{judged.mulligan.mean:.1f}")
            assert f"{abs(shown):.1f} for" in line  # the difference of the figures shown, in mana
            seen["verdict"] += 1
        assert feedback(reading, keep=False).startswith("Mulligan from 7 cards")
    assert seen["verdict"]


def test_no_mulligan_figures_for_rules_without_them() -> None:
    state = deciding(Quiz(replace(SETUP, edition="draw-ten"), (QuizHand(3, True),)), 0)  # no quiz: no decision
    reading = read_hand(state, 1)
    assert reading.mulligan_rule is None and reading.judgement is None and verdict(reading) is None
    assert "no mulligan figures for these rules" in feedback(reading, keep=True)


def test_a_hand_with_cards_the_data_does_not_know_gets_no_verdict_and_says_why() -> None:
    deck = "24 Mountain\n30 Lightning Bolt\n6 Homebrew Wonder"
    setup = replace(SETUP, deck=deck, unchecked=True)
    quiz = make_quiz(setup, 20, seed=11)
    found = 0
    for index in range(20):
        reading = read_hand(deciding(quiz, index), 1)
        holds = any(c.name == "Homebrew Wonder" for c in deciding(quiz, index).player(1).hand)
        assert bool(reading.unknown) == holds
        if holds:
            found += 1
            assert verdict(reading) is None
            in_hand = sum(1 for c in deciding(quiz, index).player(1).hand if c.name == "Homebrew Wonder")
            line = f"No verdict — unreliable: 6 unknown cards, {in_hand} in this hand (Homebrew Wonder)."
            assert line in feedback(reading, keep=True)
        else:
            assert reading.unknown_in_deck == 6  # the verdict stands, flagged unreliable on the page
        assert unreliable(reading) == "unreliable: 6 unknown cards"
    marked = read_hand(deciding(make_quiz(replace(setup, lands=("homebrew wonder",)), 1, seed=11), 0), 1)
    assert marked.unknown_in_deck == 0 and unreliable(marked) == "", "marked as lands: solved"
    assert found


def test_a_deck_of_a_thousand_long_names_is_normalised_once_not_on_every_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 34: each reading normalised every name of the deck several times (7,000 calls a
    click for 1,000 distinct 150-character names). Names of card length are remembered."""
    import random
    import string

    from opening_hand import cards

    rng = random.Random(1)
    deck = "\n".join("1 " + "".join(rng.choice(string.ascii_letters) for _ in range(150)) for _ in range(1000))
    quiz = make_quiz(replace(SETUP, deck=deck, unchecked=True), 1, seed=3)
    state = deciding(quiz, 0)
    read_hand(state, 1)
    calls: list[str] = []
    plain = cards._normalise
    monkeypatch.setattr(cards, "_normalise", lambda name: calls.append(name) or plain(name))
    after = apply(state, Mulligan(1))
    reading = read_hand(after, 1)
    assert reading.size == 6 and calls == []
    assert cards.normalise("x" * 300) == "x" * 300 and calls == ["x" * 300]  # longer text is not kept
