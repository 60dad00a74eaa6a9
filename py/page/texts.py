"""Words and numbers as the page shows them. Pure Python (no DOM), so CPython tests it.

>>> percent(0.99996), percent(1), percent(0.00004), percent(0), percent(0.4567)
('> 99.9%', '100%', '< 0.1%', '0%', '45.7%')
>>> ordinal(1), ordinal(2), ordinal(11), ordinal(22)
('1st', '2nd', '11th', '22nd')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction


def whole_number(raw: str, signed: bool = False) -> int | None:
    """The whole number typed in a field, or None: ASCII digits only (``isdigit()`` would take
    "²" or "①", which ``int()`` refuses) and at most 18 of them (``int()`` refuses 4,300).

    >>> whole_number(" 12 "), whole_number("²"), whole_number("-3", signed=True), whole_number("9" * 5000)
    (12, None, -3, None)
    """
    text = raw.strip()
    digits = text[1:] if signed and text[:1] in "+-" and len(text) > 1 else text
    if not digits or len(digits) > 18 or not all("0" <= ch <= "9" for ch in digits):
        return None
    return int(text)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def percent(p: Fraction | float) -> str:
    """A chance to one decimal, never rounded up to a certainty or down to an impossibility:
    a value below 100 % that would show as 100.0% reads "> 99.9%"."""
    value = float(p) * 100
    if value >= 100:
        return "100%"
    if value <= 0:
        return "0%"
    if value >= 99.95:
        return "> 99.9%"
    if value < 0.05:
        return "< 0.1%"
    return f"{value:.1f}%"


def setup_summary(deck_name: str, format_name: str, players: int, rules: str, seed: int | None) -> str:
    """The one line a folded setup shows: "Boros Burn · Two-player constructed · London · seed 1234"."""
    parts = [deck_name or "Deck", format_name if players == 2 else f"{format_name}, {players} players", rules]
    if seed is not None:
        parts.append(f"seed {seed}")
    return " · ".join(parts)
