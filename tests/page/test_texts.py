"""The page's words and numbers (py/page/texts.py, pure Python), and the deal's advice for a bad list."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from opening_hand.errors import RulesError
from opening_hand.share.share_link import Setup, game_from_setup
from page import texts


def test_docstring_examples() -> None:
    result = doctest.testmod(texts)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(9999, 10000), "> 99.9%"),  # 99.99 %: "100.0%" would read as a certainty
        (0.9995, "> 99.9%"),
        (0.99949, "99.9%"),
        (1, "100%"),
        (Fraction(1, 100000), "< 0.1%"),
        (0, "0%"),
        (0.5, "50.0%"),
    ],
)
def test_a_chance_below_certainty_never_reads_as_100_percent(value: float, shown: str) -> None:
    assert texts.percent(value) == shown


def test_the_folded_setup_summary() -> None:
    assert texts.setup_summary("Boros Burn", "Two-player constructed", 2, "London", 1234) == (
        "Boros Burn · Two-player constructed · London · seed 1234"
    )
    assert "4 players" in texts.setup_summary("Deck", "Commander", 4, "London", None)


def test_an_empty_deck_is_not_told_to_skip_unreadable_lines() -> None:
    with pytest.raises(RulesError) as empty:
        game_from_setup(Setup(deck="", format="constructed", players=2, edition="london", seed=1))
    assert "Skip lines" not in str(empty.value)
    with pytest.raises(RulesError) as bad:
        game_from_setup(
            Setup(deck="60 Mountain\n0 Island\n", format="constructed", players=2, edition="london", seed=1)
        )
    assert "Line 2" in str(bad.value) and "Skip lines that cannot be read" in str(bad.value)
